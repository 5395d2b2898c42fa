package urlgrammar

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar/grammars/rfc3986"
)

// Each grammar's semantics is its header's (the four generic grammars follow their own
// specification; rfc1738 and url-1993, which declare none, the 2003 draft's), and a
// registration that names an unknown one is refused.
func TestSemantics(t *testing.T) {
	want := map[string]string{
		"rfc1738": Semantics2003, "url-1993": Semantics2003, "url-syntax-05": Semantics1997,
		"rfc2396bis-01": Semantics2003, "rfc3986": Semantics3986, "rfc3987": Semantics3987,
	}
	for _, id := range IDs() {
		if w, ok := want[id]; ok {
			assert.Equal(t, w, MustLookup(id).Semantics(), id)
		}
	}
	gen := rfc3986.Generated
	gen.Info.ID, gen.Info.Semantics = "rfc3986-variant", "rfc9999"
	_, err := buildGrammar(gen)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `unknown semantics "rfc9999"`)
	gen.Info.Semantics = Semantics3986
	g, err := buildGrammar(gen)
	require.NoError(t, err)
	assert.Equal(t, Semantics3986, g.Semantics())
	assert.True(t, g.Generic(), "a grammar that declares its semantics is generic")

	// The semantics need the components of section 5.2: a header without one is refused.
	gen.Info.Decls = nil
	for _, d := range rfc3986.Generated.Info.Decls {
		if d.Key != "component query" {
			gen.Info.Decls = append(gen.Info.Decls, d)
		}
	}
	_, err = buildGrammar(gen)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "declares the semantics rfc3986 but not the component query")
	gen.Info.Semantics = ""
	g, err = buildGrammar(gen)
	require.NoError(t, err)
	assert.False(t, g.Generic(), "no semantics declared: not generic")
	for id, generic := range map[string]bool{"rfc1738": false, "url-1993": false, "rfc2396bis-01": true,
		"url-syntax-05": true, "rfc3986": true, "rfc3987": true} {
		assert.Equal(t, generic, MustLookup(id).Generic(), id)
	}
}
