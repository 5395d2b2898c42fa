package urlgrammar_test

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/spectest"
	"github.com/urlgrammar/urlgrammar/iri"
)

// Tests of grammar rfc3987 from the text of RFC 3987 (testdata/spec/rfc3987.txt).

var g3987 = urlgrammar.MustLookup("rfc3987")

// Every IRI of examples.txt is in the RFC's text (in its XML notation; the RFC breaks lines
// inside some, and writes the final ";" of a few as "&#xE9";") and parses.
func TestRFC3987Examples(t *testing.T) {
	src, err := os.ReadFile("testdata/spec/rfc3987.txt")
	require.NoError(t, err)
	text := regexp.MustCompile(`\s+`).ReplaceAllString(string(src), "")
	examples := readTable(t, "grammars/rfc3987/testdata/examples.txt")
	require.Len(t, examples, 11)
	for _, l := range examples {
		s, _, ok := strings.Cut(l, " -- ")
		require.True(t, ok, l)
		assert.Contains(t, text, strings.TrimSuffix(spectest.XMLNotation(s), ";"), "%q is in RFC 3987's text", s)
		r, err := g3987.Parse(s)
		if assert.NoError(t, err, s) {
			assert.Equal(t, s, r.String())
		}
		// An IRI maps to a URI (section 3.1) that RFC 3986 accepts.
		u, err := iri.ToURI(s, iri.Options{})
		require.NoError(t, err, s)
		assert.True(t, g3986.Valid(u), "the URI %q of %q", u, s)
	}
}

// The tree of every valid input is an IRI's (its root is IRI-reference), and the grammar has
// the rules of section 2.2 and 3 core rules (TestTables runs the tables themselves).
func TestRFC3987Tables(t *testing.T) {
	for _, l := range readTable(t, "grammars/rfc3987/testdata/valid.txt") {
		r, err := g3987.Parse(unempty(l))
		if assert.NoError(t, err, "%q", l) {
			assert.Equal(t, "IRI-reference", r.RuleName(0), "%q", l)
		}
	}
	assert.Len(t, g3987.Rules(), 39+3) // each with a case in rules.txt: TestTables
}

// On ASCII input RFC 3987 is RFC 3986: the same verdict, the same components, the same
// error offset, for every table input of rfc3986 (an IRI that is ASCII is a URI).
func TestRFC3987IsRFC3986OnASCII(t *testing.T) {
	inputs := rfc3986Valid(t)
	for _, c := range readInvalid(t, "grammars/rfc3986/testdata/invalid.txt") {
		inputs = append(inputs, c.input)
	}
	for _, s := range inputs {
		r6, err6 := g3986.Parse(s)
		r7, err7 := g3987.Parse(s)
		require.Equal(t, err6 == nil, err7 == nil, "%q: %v / %v", s, err6, err7)
		if err6 != nil {
			assert.Equal(t, err6.(*urlgrammar.SyntaxError).Offset, err7.(*urlgrammar.SyntaxError).Offset, s)
			continue
		}
		c6, c7 := componentsOf(t, g3986, s), componentsOf(t, g3987, s)
		assert.Equal(t, [7]*string{c6.Scheme, c6.Authority, c6.Userinfo, c6.Host, c6.HostKind, c6.Port, c6.Path},
			[7]*string{c7.Scheme, c7.Authority, c7.Userinfo, c7.Host, c7.HostKind, c7.Port, c7.Path}, s)
		assert.Equal(t, pathRule(r6), strings.TrimPrefix(pathRule(r7), "i"), s)
	}
	// The language of IRI-reference restricted to ASCII is URI-reference's.
	cmp, err := urlgrammar.Compare(urlgrammar.Language{Grammar: g3986}, urlgrammar.Language{Grammar: g3987}, 1)
	require.NoError(t, err)
	assert.True(t, cmp.AInB(), "every URI-reference is an IRI-reference")
	require.False(t, cmp.BInA())
	w := cmp.OnlyB[0].Input
	assert.False(t, isASCII(w), "what only RFC 3987 accepts is not ASCII: %q", w)
}

// pathRule is the name of the tree's path node (path-abempty, ipath-rootless, ...).
func pathRule(tree ast.Tree) string {
	for i := range tree.Len() {
		if r := strings.TrimPrefix(tree.RuleName(i), "i"); strings.HasPrefix(r, "path-") {
			return tree.RuleName(i)
		}
	}
	return ""
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// An IRI tree names its nodes and parts as RFC 3987 names the rules.
func TestRFC3987Names(t *testing.T) {
	r, err := g3987.Parse("http://ü@résumé.example.org:80/ü/x?q=€#f")
	require.NoError(t, err)
	c := componentsOf(t, g3987, r.String())
	for _, k := range []string{"iauthority", "iuserinfo", "ihost", "ireg-name", "isegment", "iquery", "ifragment", "port", "scheme"} {
		assert.Contains(t, c.Parts, k)
	}
	for _, k := range []string{"authority", "userinfo", "host", "reg-name", "segment", "query", "fragment"} {
		assert.NotContains(t, c.Parts, k)
	}
	assert.Equal(t, "ipath-abempty", pathRule(r))
	var b strings.Builder
	require.NoError(t, r.Fprint(&b))
	assert.Contains(t, b.String(), "\n  iauthority [7,33)")
	assert.Contains(t, b.String(), "ireg-name [10,30)")
	// An error names the grammar's rule.
	_, err = g3987.Parse("http://résumé.example.org/a b")
	var se *urlgrammar.SyntaxError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, "isegment", se.Rule())
}

// An error inside a valid character is a non-ASCII character in check's summaries, and
// invalid UTF-8 is invalid UTF-8.
func TestRFC3987ErrorClasses(t *testing.T) {
	for in, want := range map[string]string{
		"http://a/\ufffd":       "isegment: unexpected non-ASCII character",
		"http://a/\U0001fffe":   "isegment: unexpected non-ASCII character",
		"http://a/\ue000":       "isegment: unexpected non-ASCII character",
		"http://a/\xed\xa0\x80": "isegment: unexpected invalid UTF-8",
		"http://a/\xff":         "isegment: unexpected invalid UTF-8",
		"http://a/\xc3\xa9\x80": "isegment: unexpected invalid UTF-8",
	} {
		_, err := g3987.Parse(in)
		var se *urlgrammar.SyntaxError
		require.ErrorAs(t, err, &se, "%q", in)
		assert.Equal(t, want, se.Cause(), "%q", in)
	}
}
