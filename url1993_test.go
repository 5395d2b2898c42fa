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

func parse93(t *testing.T, s string) ast.Tree {
	t.Helper()
	tree, err := g93.Parse(s)
	require.NoError(t, err, "input %q", s)
	return tree
}

// TestURL1993Trees: the traps and the BNF's edge cases.
func TestURL1993Trees(t *testing.T) {
	// "+" separates search keywords.
	h := parse93(t, "http://info.cern.ch:8001/a/b?x+y%20z#frag")
	assert.Equal(t, strs("info.cern.ch"), ruleTexts(h, "host"))
	assert.Equal(t, strs("8001"), ruleTexts(h, "port"))
	assert.Equal(t, strs("x", "y%20z", "frag"), ruleTexts(h, "xalphas"), "the search's words, then the fragment")
	assert.Equal(t, strs("a", "b"), ruleTexts(h, "xpalphas"))

	// A space is an extra character; so is the double quote.
	assert.Equal(t, strs(`a b"c`), ruleTexts(parse93(t, `http://h/a b"c`), "path"))
	// No "=" in any class.
	assert.False(t, g93.Valid("http://h/?q=1"))

	// A hostname may hold ":": the port is the last ":" digits before the end of the hostport.
	h = parse93(t, "http://h:a/")
	assert.Equal(t, strs("h:a"), ruleTexts(h, "host"))
	assert.Nil(t, ruleTexts(h, "port"))
	h = parse93(t, "http://h:1:2/")
	assert.Equal(t, strs("h:1"), ruleTexts(h, "host"))
	assert.Equal(t, strs("2"), ruleTexts(h, "port"))

	// The specific production wins over generic.
	assert.Equal(t, "newsaddress", parse93(t, "news:comp.x").Components().Rule)
	assert.NoError(t, g93.Match("generic", "news:comp.x"), "it is a generic address too")

	assert.Equal(t, strs("*@h"), ruleTexts(parse93(t, "news:*@h"), "article"), `"*@h" is an article`)
	assert.Equal(t, strs("b@c"), ruleTexts(parse93(t, "news:a@b@c"), "host"), "the local part ends at the first \"@\" before a host")

	w := parse93(t, "wais://h/db/TEXT/1234/x/y")
	assert.NotNil(t, ruleTexts(w, "waisdoc"))
	assert.Equal(t, [][]string{{"db"}, {"TEXT"}, {"1234"}, {"x/y"}},
		[][]string{ruleTexts(w, "database"), ruleTexts(w, "wtype"), ruleTexts(w, "digits"), ruleTexts(w, "path")})
	w = parse93(t, "wais://h/db?a+b")
	assert.NotNil(t, ruleTexts(w, "waisindex"))
	assert.Equal(t, strs("a+b"), ruleTexts(w, "search"))

	p := parse93(t, "prospero://h/a%0012abc9")
	assert.Equal(t, strs("a"), ruleTexts(p, "hsoname"), `the hsoname ends at "%00" version`)
	assert.Equal(t, strs("12"), ruleTexts(p, "version"))
	assert.Equal(t, strs("abc9"), ruleTexts(p, "attributes"))
	p = parse93(t, "prospero://h/a%00b%001")
	assert.Equal(t, strs("a%00b"), ruleTexts(p, "hsoname"), `a "%00" not followed by a version to the end is in the name`)
	assert.Equal(t, strs("1"), ruleTexts(p, "version"))
	assert.Nil(t, ruleTexts(p, "attributes"))

	tn := parse93(t, "telnet://a@b@c")
	assert.Equal(t, strs("a"), ruleTexts(tn, "user"))
	assert.Equal(t, strs("b@c"), ruleTexts(tn, "host"))

	g := parse93(t, "gopher://h/11/x")
	assert.Equal(t, strs("1"), ruleTexts(g, "gtype"))
	assert.Equal(t, strs("1/x"), ruleTexts(g, "selector"), "the selector may start with a copy of the type")
	assert.Nil(t, ruleTexts(parse93(t, "gopher://h"), "gtype"), "the type is optional")

	ge := parse93(t, "urn:a:b")
	assert.Equal(t, strs("urn"), ruleTexts(ge, "scheme"), "the scheme ends at the first \":\"")
	assert.Equal(t, strs("a:b"), ruleTexts(ge, "path"))
	assert.NoError(t, g93.Match("scheme", "urn:a"), "a scheme (an ialpha) may hold \":\"")

	// A path may end with "/" (an empty last segment, no node) but has no other empty segment.
	assert.Equal(t, strs("a"), ruleTexts(parse93(t, "http://h/a/"), "xpalphas"))
	assert.Equal(t, "", *parse93(t, "http://h/").Components().Path)
	assert.False(t, g93.Valid("http://h//"))

	c := parse93(t, "telnet://user@h:23#x").Components()
	assert.Equal(t, "telnetaddress", c.Rule)
	assert.Equal(t, "user@h:23", *c.Authority)
	assert.Equal(t, "user", *c.Userinfo)
	assert.Equal(t, "23", *c.Port)
	assert.Equal(t, "x", *c.Fragment)
	assert.Nil(t, c.Path)
}
