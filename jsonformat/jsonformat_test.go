package jsonformat_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/jsonformat"
)

// The JSON-Schema-Test-Suite's optional format tests of uri, uri-reference, iri and
// iri-reference (draft 2020-12, copied into testdata with their license): every case.
func TestJSONSchemaTestSuite(t *testing.T) {
	n := 0
	for _, name := range jsonformat.Names() {
		src, err := os.ReadFile(filepath.Join("testdata", "JSON-Schema-Test-Suite", name+".json"))
		require.NoError(t, err)
		var groups []struct {
			Description string
			Schema      struct{ Format string }
			Tests       []struct {
				Description string
				Data        any
				Valid       bool
			}
		}
		require.NoError(t, json.Unmarshal(src, &groups))
		for _, g := range groups {
			require.Equal(t, name, g.Schema.Format)
			v := jsonformat.Validator(g.Schema.Format)
			for _, c := range g.Tests {
				n++
				err := v(c.Data)
				assert.Equal(t, c.Valid, err == nil, "%s: %s: %#v: %v", name, c.Description, c.Data, err)
			}
		}
	}
	t.Logf("%d cases", n)
	assert.Greater(t, n, 60)
}

// An invalid string's error says where and why.
func TestCheckExplains(t *testing.T) {
	err := jsonformat.Check("uri", "/relative")
	var se *urlgrammar.SyntaxError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, 0, se.Offset)
	assert.Equal(t, "rfc3986:1:1: unexpected '/' in scheme, expected A-Z or a-z", err.Error())
	assert.NoError(t, jsonformat.Check("iri", "http://résumé.example.org/"))
	assert.Error(t, jsonformat.Check("uri", "http://résumé.example.org/"), "a URI is ASCII")
	var ue *jsonformat.UnknownFormatError
	assert.True(t, errors.As(jsonformat.Check("uri-template", "x"), &ue))
	assert.Panics(t, func() { jsonformat.Validator("email") })
	assert.Equal(t, []string{"iri", "iri-reference", "uri", "uri-reference"}, jsonformat.Names())
}

func BenchmarkCheckURIReference(b *testing.B) {
	b.ReportAllocs()
	for range b.N {
		if jsonformat.Check("uri-reference", "http://user@example.com:8080/a/b?q=1#f") != nil {
			b.Fatal("invalid")
		}
	}
}
