package urlgrammar_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/internal/spectest"
)

// networkURI reads Haskell network-uri's test suite (testdata/network-uri).
func networkURI(t *testing.T) *spectest.NetworkURI {
	t.Helper()
	s, err := spectest.NetworkURITests("testdata/network-uri/uri001.hs")
	require.NoError(t, err)
	return s
}

// Every URI reference of network-uri's suite gets its class from rfc3986: InvRf is no
// URI-reference, RelRf a relative-ref, AbsId an absolute-URI, AbsRf a URI that is not one.
// The three cases the suite defines but does not run are held too, each by its own
// grammar: a zone ID in an IPv6 literal (RFC 6874, which network-uri accepts and RFC 3986
// does not) and two IRIs (RFC 3987; network-uri keeps them "for possible future reference").
func TestNetworkURIClasses(t *testing.T) {
	g := urlgrammar.MustLookup("rfc3986")
	byGrammar := map[string]string{ // the inactive cases, and the grammar that holds each
		"testURIRef030": "rfc6874",
		"testURIRef123": "rfc3987",
		"testURIRef124": "rfc3987",
	}
	refs := networkURI(t).Refs
	require.Len(t, refs, 114, "uri001.hs defines 114 testURIRef cases")
	counts := map[string]int{}
	for _, c := range refs {
		counts[c.Class]++
		id, ok := byGrammar[c.Name]
		if !c.Active {
			require.True(t, ok, "%s (%q) is not run by the suite: say which grammar holds it", c.Name, c.Input)
			assert.False(t, g.Valid(c.Input), "%s: %q is no RFC 3986 URI-reference", c.Name, c.Input)
			gi := urlgrammar.MustLookup(id)
			start := map[string]string{"rfc6874": "URI", "rfc3987": "absolute-IRI"}[id]
			assert.NoError(t, gi.Match(start, c.Input), "%s: %q is an %s of %s", c.Name, c.Input, start, id)
			continue
		}
		require.False(t, ok, "%s is run by the suite now", c.Name)
		valid := c.Class != "InvRf"
		assert.Equal(t, valid, g.Valid(c.Input), "%s: %q is %s", c.Name, c.Input, c.Class)
		if !valid {
			continue
		}
		assert.Equal(t, c.Class == "RelRf", g.Match("relative-ref", c.Input) == nil, "%s: %q relative-ref", c.Name, c.Input)
		assert.Equal(t, c.Class == "AbsId", g.Match("absolute-URI", c.Input) == nil, "%s: %q absolute-URI", c.Name, c.Input)
		assert.Equal(t, c.Class != "RelRf", g.Match("URI", c.Input) == nil, "%s: %q URI", c.Name, c.Input)
	}
	t.Logf("network-uri: %d references (%v)", len(refs), counts)
}

// network-uri's split of its component cases is the tree's: each part as network-uri keeps
// it, with its delimiter, is the component's text with the same delimiter, and an input
// network-uri refuses is refused.
func TestNetworkURIComponents(t *testing.T) {
	g := urlgrammar.MustLookup("rfc3986")
	cases := networkURI(t).Components
	require.Len(t, cases, 9)
	delimited := func(p *string, before, after string) string {
		if p == nil {
			return ""
		}
		return before + *p + after
	}
	for _, c := range cases {
		require.True(t, c.Active, c.Name)
		tree, err := g.Parse(c.Input)
		if !c.Valid {
			assert.Error(t, err, "%s: %q", c.Name, c.Input)
			continue
		}
		require.NoError(t, err, "%s: %q", c.Name, c.Input)
		got := tree.Components()
		assert.Equal(t, c.Scheme, delimited(got.Scheme, "", ":"), "%s scheme", c.Name)
		assert.Equal(t, c.HasAuthority, got.Authority != nil, "%s authority", c.Name)
		assert.Equal(t, c.UserInfo, delimited(got.Userinfo, "", "@"), "%s userinfo", c.Name)
		assert.Equal(t, c.Host, delimited(got.Host, "", ""), "%s host", c.Name)
		assert.Equal(t, c.Port, delimited(got.Port, ":", ""), "%s port", c.Name)
		assert.Equal(t, c.Path, delimited(got.Path, "", ""), "%s path", c.Name)
		assert.Equal(t, c.Query, delimited(got.Query, "?", ""), "%s query", c.Name)
		assert.Equal(t, c.Fragment, delimited(got.Fragment, "#", ""), "%s fragment", c.Name)
	}
}
