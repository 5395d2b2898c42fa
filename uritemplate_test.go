package urlgrammar_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
)

// The grammar rfc6570 against uritemplate-test (grammars/rfc6570/testdata/uritemplate-test,
// with its source and license), an independent suite of URI Template processors: its
// templates with expansions are URI-Templates, its failures are not, except where the
// suite's verdict is not one of syntax.
func TestURITemplateSuite(t *testing.T) {
	g := urlgrammar.MustLookup("rfc6570")
	// notSyntax are the suite's cases whose verdict the syntax does not give, and why.
	notSyntax := map[string]string{
		// negative-tests.json.
		"{!hello}":  "op-reserve: the syntax allows it; section 2.2 reserves it for future extensions and an expansion does not know it",
		"{=path}":   "op-reserve, as {!hello}",
		"{|var*}":   "op-reserve, as {!hello}",
		"{keys:1}":  "the prefix modifier of a variable whose value is composite: an error of expansion (section 2.4.1), not of syntax",
		"{+keys:1}": "as {keys:1}",
	}
	seen := map[string]bool{}
	for file, want := range map[string]bool{"spec-examples.json": true, "extended-tests.json": true, "negative-tests.json": false} {
		b, err := os.ReadFile("grammars/rfc6570/testdata/uritemplate-test/" + file)
		require.NoError(t, err)
		var groups map[string]struct {
			Testcases [][]json.RawMessage `json:"testcases"`
		}
		require.NoError(t, json.Unmarshal(b, &groups), file)
		n := 0
		for name, group := range groups {
			for _, c := range group.Testcases {
				var template string
				require.NoError(t, json.Unmarshal(c[0], &template), "%s, %s", file, name)
				n++
				_, err := g.Parse(template)
				if why, ok := notSyntax[template]; ok {
					seen[template] = true
					assert.Equal(t, !want, err == nil, "%s, %s: %q is named as not the suite's verdict (%s)", file, name, template, why)
					continue
				}
				assert.Equal(t, want, err == nil, "%s, %s: %q (%v)", file, name, template, err)
			}
		}
		require.Greater(t, n, 30, file)
	}
	for template := range notSyntax {
		assert.True(t, seen[template], "%q is not in the suite", template)
	}
}
