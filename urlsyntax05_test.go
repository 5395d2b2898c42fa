package urlgrammar_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/spectest"
)

var g97 = urlgrammar.MustLookup("url-syntax-05")

// valid97Inputs returns every input the tests know to be a URL-reference of url-syntax-05:
// valid.txt, the section 1.3 examples, and the base, references and results of Appendix C.
func valid97Inputs(t testing.TB) []string {
	var in []string
	for _, l := range readTable(t, "grammars/url-syntax-05/testdata/valid.txt") {
		in = append(in, unempty(l))
	}
	for _, l := range readTable(t, "grammars/url-syntax-05/testdata/examples.txt") {
		u, _, _ := strings.Cut(l, " -- ")
		in = append(in, u)
	}
	ex, err := spectest.AppendixC("grammars/url-syntax-05/testdata/appendix-c.txt")
	require.NoError(t, err)
	for _, c := range ex {
		in = append(in, c.Base, unempty(c.Ref))
		for _, r := range c.Results {
			if !strings.HasPrefix(r, spectest.SameDocument) {
				in = append(in, r)
			}
		}
	}
	return in
}

func invalid97Inputs(t testing.TB) []invalidInput {
	return readInvalid(t, "grammars/url-syntax-05/testdata/invalid.txt")
}

// TestURLSyntax05Examples: the section 1.3 examples are absolute generic-URLs.
func TestURLSyntax05Examples(t *testing.T) {
	lines := readTable(t, "grammars/url-syntax-05/testdata/examples.txt")
	require.Len(t, lines, 6)
	for _, l := range lines {
		u, _, _ := strings.Cut(l, " -- ")
		r, err := g97.ParseReference(u)
		require.NoError(t, err, u)
		assert.True(t, r.IsAbsolute(), u)
		assert.False(t, r.IsOpaque(), "%s: parsed as a generic-URL (section 4.4)", u)
		assert.NoError(t, g97.Match("generic-URL", u))
		assert.NoError(t, g97.Match("opaque-URL", u), "every URL is an opaque-URL too")
	}
}

// TestURLSyntax05Trees: the site, segments with params, the edge cases of the issue.
func TestURLSyntax05Trees(t *testing.T) {
	r := parse97(t, "ftp://u;x:p%40w@1.2.3.4:21/a;x;/b?c?d#f")
	s := r.Authority.Server
	require.NotNil(t, s.Userinfo.User)
	assert.Equal(t, "u;x", s.Userinfo.User.Text)
	assert.Equal(t, "p%40w", s.Userinfo.Password.Text)
	assert.Equal(t, "p@w", s.Userinfo.Password.Decoded())
	assert.Equal(t, ast.HostKindHostnumber, s.Host.Kind)
	assert.Equal(t, "21", s.Port.Text)
	require.Len(t, r.Path.Segments, 2)
	seg := r.Path.Segments[0]
	assert.Equal(t, "a;x;", seg.Text)
	require.Len(t, seg.Params, 2)
	assert.Equal(t, []string{"x", ""}, []string{seg.Params[0].Text, seg.Params[1].Text})
	assert.Nil(t, r.Path.Segments[1].Params)
	assert.Equal(t, "c?d", r.Query.Text, "a query may hold \"?\"")
	assert.Equal(t, "f", r.Fragment.Text)

	c := componentsOf(t, urlgrammar.MustLookup("url-syntax-05"), r.String())
	assert.Equal(t, "u;x:p%40w", *c.Userinfo)
	assert.Equal(t, map[string]any{"scheme": "ftp", "site": "u;x:p%40w@1.2.3.4:21", "user": "u;x",
		"password": "p%40w", "host": "1.2.3.4", "hostnumber": "1.2.3.4", "port": "21",
		"segment": []string{"a;x;", "b"}, "param": []string{"x", ""}, "query": "c?d", "fragment": "f"}, c.Parts)

	r = parse97(t, "ftp://@h/")
	assert.Equal(t, "", r.Authority.Server.Userinfo.User.Text, "an empty user")
	assert.Nil(t, r.Authority.Server.Userinfo.Password)

	assert.Equal(t, "3com", parse97(t, "3com:x").Scheme.Text, "a scheme may start with a digit")
	assert.Equal(t, "", parse97(t, "http://h:/").Authority.Server.Port.Text, "port = *digit")

	// No site covers "h:80x": the "//" starts an abs-path.
	r = parse97(t, "foo://h:80x/")
	assert.Nil(t, r.Authority)
	assert.True(t, r.Path.Absolute)
	assert.Equal(t, "//h:80x/", r.Path.Text)
	// A site takes no query without an abs-path: "//a" is a rel-path.
	r = parse97(t, "http://a?q")
	assert.Nil(t, r.Authority)
	assert.Equal(t, "//a", r.Path.Text)
	assert.Equal(t, "q", r.Query.Text)

	// The empty reference, "/" and "?" paths.
	assert.Empty(t, parse97(t, "").Path.Segments)
	assert.Len(t, parse97(t, "/").Path.Segments, 1)
	assert.Empty(t, parse97(t, "?q").Path.Segments)

	// [ and ] are unwise.
	assert.False(t, g97.Valid("foo:[x]"))
	assert.False(t, g97.Valid("http://[::1]/"))

	// net_path and net-path name the same rule.
	assert.NoError(t, g97.Match("net_path", "//h"))
	assert.NoError(t, g97.Match("net-path", "//h"))
	assert.NoError(t, g97.Match("NET_PATH", "//h"))
}

func parse97(t *testing.T, s string) *ast.URIReference {
	t.Helper()
	r, err := g97.ParseReference(s)
	require.NoError(t, err, "input %q", s)
	return r
}
