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
		tree := parse97(t, u)
		assert.NotNil(t, tree.Components().Scheme, "%s: absolute", u)
		assert.Nil(t, ruleTexts(tree, "opaque-URL"), "%s: parsed as a generic-URL (section 4.4)", u)
		assert.NoError(t, g97.Match("generic-URL", u))
		assert.NoError(t, g97.Match("opaque-URL", u), "every URL is an opaque-URL too")
	}
}

// TestURLSyntax05Trees: the site, segments with params, the edge cases of the issue.
func TestURLSyntax05Trees(t *testing.T) {
	c := parse97(t, "ftp://u;x:p%40w@1.2.3.4:21/a;x;/b?c?d#f").Components()
	assert.Equal(t, "u;x:p%40w", *c.Userinfo)
	assert.Equal(t, "hostnumber", *c.HostKind)
	assert.Equal(t, map[string]any{"scheme": "ftp", "site": "u;x:p%40w@1.2.3.4:21", "user": "u;x",
		"password": "p%40w", "host": "1.2.3.4", "hostnumber": "1.2.3.4", "port": "21",
		"segment": []string{"a;x;", "b"}, "param": []string{"x", ""}, "query": "c?d", "fragment": "f"}, c.Parts,
		"a query may hold \"?\"")

	r := parse97(t, "ftp://@h/")
	assert.Equal(t, strs(""), ruleTexts(r, "user"), "an empty user")
	assert.Nil(t, ruleTexts(r, "password"))

	assert.Equal(t, "3com", *parse97(t, "3com:x").Components().Scheme, "a scheme may start with a digit")
	assert.Equal(t, "", *parse97(t, "http://h:/").Components().Port, "port = *digit")

	// No site covers "h:80x": the "//" starts an abs-path.
	c = parse97(t, "foo://h:80x/").Components()
	assert.Nil(t, c.Authority)
	assert.Equal(t, "//h:80x/", *c.Path)
	// A site takes no query without an abs-path: "//a" is a rel-path.
	c = parse97(t, "http://a?q").Components()
	assert.Nil(t, c.Authority)
	assert.Equal(t, "//a", *c.Path)
	assert.Equal(t, "q", *c.Query)

	// The empty reference, "/" and "?" paths: path-segments matches one empty segment in an
	// empty path, which the segments of the parts leave out (the header's segment*/path).
	assert.Equal(t, strs(""), ruleTexts(parse97(t, ""), "segment"))
	assert.NotContains(t, parse97(t, "").Components().Parts, "segment")
	assert.Equal(t, []string{""}, parse97(t, "/").Components().Parts["segment"])
	assert.NotContains(t, parse97(t, "?q").Components().Parts, "segment")

	// [ and ] are unwise.
	assert.False(t, g97.Valid("foo:[x]"))
	assert.False(t, g97.Valid("http://[::1]/"))

	// net_path and net-path name the same rule.
	assert.NoError(t, g97.Match("net_path", "//h"))
	assert.NoError(t, g97.Match("net-path", "//h"))
	assert.NoError(t, g97.Match("NET_PATH", "//h"))
}

func parse97(t *testing.T, s string) ast.Tree {
	t.Helper()
	r, err := g97.Parse(s)
	require.NoError(t, err, "input %q", s)
	return r
}
