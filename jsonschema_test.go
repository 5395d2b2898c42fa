package urlgrammar_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
)

// The grammars against the JSON Schema Test Suite's tests of the formats uri, uri-reference,
// iri, iri-reference, uri-template and ipv6 (testdata/json-schema-test-suite, with its
// source and license): an independent reading of the same RFCs, by the implementers of
// validators. Every string the suite marks valid matches the format's rule, and no other.
func TestJSONSchemaFormats(t *testing.T) {
	for format, rule := range map[string]struct{ grammar, rule string }{
		"uri":           {"rfc3986", "URI"},
		"uri-reference": {"rfc3986", "URI-reference"},
		"ipv6":          {"rfc3986", "IPv6address"},
		"iri":           {"rfc3987", "IRI"},
		"iri-reference": {"rfc3987", "IRI-reference"},
		"uri-template":  {"rfc6570", "URI-Template"},
	} {
		b, err := os.ReadFile("testdata/json-schema-test-suite/" + format + ".json")
		require.NoError(t, err)
		var groups []struct {
			Tests []struct {
				Description string          `json:"description"`
				Data        json.RawMessage `json:"data"`
				Valid       bool            `json:"valid"`
			} `json:"tests"`
		}
		require.NoError(t, json.Unmarshal(b, &groups), format)
		g := urlgrammar.MustLookup(rule.grammar)
		n := 0
		for _, group := range groups {
			for _, c := range group.Tests {
				var s string
				if c.Data[0] != '"' {
					continue // a number, an object, null: "all string formats ignore" them
				}
				require.NoError(t, json.Unmarshal(c.Data, &s))
				n++
				err := g.Match(rule.rule, s)
				assert.Equal(t, c.Valid, err == nil, "format %s, %q (%s): %s of %s says %v", format, s, c.Description, rule.rule, rule.grammar, err)
			}
		}
		require.Greater(t, n, 5, format)
	}
}
