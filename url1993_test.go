package urlgrammar_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
)

var g93 = urlgrammar.MustLookup("url-1993")

func valid93Inputs(t testing.TB) []productionInput {
	return readProductions(t, "grammars/url-1993/testdata/valid.txt")
}

func invalid93Inputs(t testing.TB) []invalidInput {
	return readInvalid(t, "grammars/url-1993/testdata/invalid.txt")
}

func parse93(t *testing.T, s string) *ast.FragmentAddress {
	t.Helper()
	tree, err := g93.ParseTyped(s)
	require.NoError(t, err, "input %q", s)
	return tree.(*ast.FragmentAddress)
}

// TestURL1993Trees: the traps and the BNF's edge cases.
func TestURL1993Trees(t *testing.T) {
	// "+" separates search keywords.
	h := parse93(t, "http://info.cern.ch:8001/a/b?x+y%20z#frag").URL.(*ast.HTTPAddress)
	assert.Equal(t, "info.cern.ch", h.HostPort.Host.Text)
	assert.Equal(t, "8001", h.HostPort.Port.Text)
	assert.Equal(t, []string{"x", "y z"}, h.Search.Words())
	assert.Equal(t, []string{"a", "b"}, segTexts(h.Path))

	// A space is an extra character; so is the double quote.
	h = parse93(t, `http://h/a b"c`).URL.(*ast.HTTPAddress)
	assert.Equal(t, `a b"c`, h.Path.Text)
	// No "=" in any class.
	assert.False(t, g93.Valid("http://h/?q=1"))

	// A hostname may hold ":": the port is the last ":" digits before the end of the hostport.
	h = parse93(t, "http://h:a/").URL.(*ast.HTTPAddress)
	assert.Equal(t, "h:a", h.HostPort.Host.Text)
	assert.Nil(t, h.HostPort.Port)
	h = parse93(t, "http://h:1:2/").URL.(*ast.HTTPAddress)
	assert.Equal(t, "h:1", h.HostPort.Host.Text)
	assert.Equal(t, "2", h.HostPort.Port.Text)

	// The specific production wins over generic.
	assert.Equal(t, "newsaddress", parse93(t, "news:comp.x").Production)
	assert.NoError(t, g93.Match("generic", "news:comp.x"), "it is a generic address too")

	n := parse93(t, "news:*@h").URL.(*ast.NewsAddress)
	assert.False(t, n.All, `"*@h" is an article`)
	require.NotNil(t, n.Article)
	n = parse93(t, "news:a@b@c").URL.(*ast.NewsAddress)
	assert.Equal(t, "b@c", n.Article.Host.Text, "the local part ends at the first \"@\" before a host")

	w := parse93(t, "wais://h/db/TEXT/1234/x/y").URL.(*ast.WAISAddress)
	assert.Equal(t, "waisdoc", w.Form)
	assert.Equal(t, []string{"db", "TEXT", "1234", "x/y"}, []string{w.Database.Text, w.Type.Text, w.Length.Text, w.Path.Text})
	w = parse93(t, "wais://h/db?a+b").URL.(*ast.WAISAddress)
	assert.Equal(t, "waisindex", w.Form)
	assert.Equal(t, []string{"a", "b"}, w.Search.Words())

	p := parse93(t, "prospero://h/a%0012abc9").URL.(*ast.ProsperoAddress)
	assert.Equal(t, "a", p.Name.Text, `the hsoname ends at "%00" version`)
	assert.Equal(t, "12", p.Version.Text)
	assert.Equal(t, "abc9", p.Attributes.Text)
	p = parse93(t, "prospero://h/a%00b%001").URL.(*ast.ProsperoAddress)
	assert.Equal(t, "a%00b", p.Name.Text, `a "%00" not followed by a version to the end is in the name`)
	assert.Equal(t, "1", p.Version.Text)
	assert.Nil(t, p.Attributes)

	tn := parse93(t, "telnet://a@b@c").URL.(*ast.TelnetAddress)
	assert.Equal(t, "a", tn.User.Text)
	assert.Equal(t, "b@c", tn.HostPort.Host.Text)

	g := parse93(t, "gopher://h/11/x").URL.(*ast.GopherAddress)
	assert.Equal(t, "1", g.ItemType())
	assert.Equal(t, "1/x", g.Selector.Text, "the selector may start with a copy of the type")
	assert.Equal(t, "1", parse93(t, "gopher://h").URL.(*ast.GopherAddress).ItemType(), "the default type")

	ge := parse93(t, "urn:a:b").URL.(*ast.GenericAddress)
	assert.Equal(t, "urn", ge.Scheme.Text, "the scheme ends at the first \":\"")
	assert.Equal(t, "a:b", ge.Path.Text)
	assert.NoError(t, g93.Match("scheme", "urn:a"), "a scheme (an ialpha) may hold \":\"")

	// A path may end with "/" (an empty last segment) but has no other empty segment.
	assert.Equal(t, []string{"a", ""}, segTexts(parse93(t, "http://h/a/").URL.(*ast.HTTPAddress).Path))
	assert.Empty(t, parse93(t, "http://h/").URL.(*ast.HTTPAddress).Path.Segments)
	assert.False(t, g93.Valid("http://h//"))

	c := typedComponents(parse93(t, "telnet://user@h:23#x"))
	assert.Equal(t, "telnetaddress", c.Rule)
	assert.Equal(t, "user@h:23", *c.Authority)
	assert.Equal(t, "user", *c.Userinfo)
	assert.Equal(t, "23", *c.Port)
	assert.Equal(t, "x", *c.Fragment)
	assert.Nil(t, c.Path)
}
