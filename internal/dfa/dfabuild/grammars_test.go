package dfabuild

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	goabnf "github.com/pandatix/go-abnf"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every grammar file reads as ABNF and every rule has a finite automaton, so the generator
// can build tables for it. Reading the 22 files with go-abnf takes about five seconds and
// building every rule five more, and both are done already where they are needed: the
// generator builds every rule into each grammar's dfa.go, TestDFATablesMatchABNF (root
// package) holds those tables to the ABNF file as it is, and the root package's differential
// tests read every file with go-abnf. So this runs with URLGRAMMAR_CONFORMANCE set (make
// conformance), and CI's make check-generated builds every rule again.
func TestEveryGrammarBuilds(t *testing.T) {
	if os.Getenv("URLGRAMMAR_CONFORMANCE") == "" {
		t.Skip("every rule of every grammar is built by make generate and checked by TestDFATablesMatchABNF; set URLGRAMMAR_CONFORMANCE to build them here")
	}
	files, err := filepath.Glob("../../../grammars/*/*.abnf")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		g, err := Read(src)
		require.NoError(t, err, f)
		for _, r := range g.Rulemap {
			d, err := Build(g, r.Name)
			if assert.NoError(t, err, "%s: rule %s", f, r.Name) {
				assert.Greater(t, d.NumStates(), 1, "%s: rule %s accepts something", f, r.Name)
			}
		}
	}
}

// rfc1738's ABNF, read literally: the seed's own examples and traps.
func TestRFC1738ABNF(t *testing.T) {
	src, err := os.ReadFile("../../../grammars/rfc1738/rfc1738.abnf")
	require.NoError(t, err)
	g, err := Read(src)
	require.NoError(t, err)
	valid := func(rule, s string) bool {
		d, err := Build(g, rule)
		require.NoError(t, err)
		return d.Valid(s)
	}
	assert.True(t, valid("ftpurl", "ftp://ftp.is.co.za/rfc/rfc1808.txt;type=a"))
	assert.False(t, valid("ftpurl", "ftp://h/f;type=x"), "a bad typecode")
	assert.True(t, valid("otherurl", "ftp://h/f;type=x"), "otherurl as written covers ftp too (the dispatch is the implementation's)")
	assert.True(t, valid("httpurl", "HTTP://host/"), "quoted literals are case-insensitive")
	assert.False(t, valid("httpurl", "http://host:/"), "port = digits, one or more")
	assert.False(t, valid("httpurl", "http://user@host/"), "httpurl has no login")
	assert.False(t, valid("httpurl", "http://h/~u"), "~ is national (unsafe)")
	assert.False(t, valid("httpurl", "http://h/#f"), "no fragments")
	assert.True(t, valid("gopherurl", "gopher://h/7sel%09search"))
	assert.True(t, valid("newsurl", "news:foo@bar.com"))
	assert.False(t, valid("newsurl", "news:1comp"))
	assert.False(t, valid("nntpurl", "nntp://h/"), "nntp needs a group")
	assert.False(t, valid("telneturl", "telnet://h/x"), "telnet has no path")
	assert.True(t, valid("waisurl", "wais://h/db?x"))
	assert.True(t, valid("mailtourl", "mailto:John.Doe@example.com"))
	assert.True(t, valid("punctuation", `"`), `<"> is the double quote`)
	assert.True(t, valid("reserved", "&"), `"&amp;" decoded`)
	assert.False(t, valid("reserved", "&amp;"))
}

// withoutComments removes a comment from its ";" to the end of its line, and nothing else: a
// ";" in a quoted string or a prose value is no comment, and line ends stay.
func TestWithoutComments(t *testing.T) {
	for in, want := range map[string]string{
		"a = b ; c\r\n":                                       "a = b \r\n",
		"; only a comment\r\n":                                "\r\n",
		"   ; indented\r\n":                                   "   \r\n",
		"a = \";\" / %x3B ; the semicolon\n":                  "a = \";\" / %x3B \n",
		"p = <a; b> \"x\" ; \"q;\"\r\n":                       "p = <a; b> \"x\" \r\n",
		"a = \"<\" b ; <c\r\n c = d\r\n":                      "a = \"<\" b \r\n c = d\r\n",
		"no = comment":                                        "no = comment",
		"a = b\r\n\r\n; end":                                  "a = b\r\n\r\n",
		"a = \"x\" ;\" a quote in a comment\r\nb = \"y\"\r\n": "a = \"x\" \r\nb = \"y\"\r\n",
	} {
		assert.Equal(t, want, withoutComments(in), "%q", in)
	}
}

// Read, which gives go-abnf the file without its comments, reads the rules go-abnf reads in
// the file as it is: rfc1738's here (its comments hold quotes and semicolons), every bundled
// grammar's with URLGRAMMAR_CONFORMANCE set (make conformance: about ten seconds more).
func TestReadIsTheFile(t *testing.T) {
	files := []string{"../../../grammars/rfc1738/rfc1738.abnf"}
	if os.Getenv("URLGRAMMAR_CONFORMANCE") != "" {
		var err error
		files, err = filepath.Glob("../../../grammars/*/*.abnf")
		require.NoError(t, err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		crlf := strings.ReplaceAll(strings.ReplaceAll(string(src), "\r\n", "\n"), "\n", "\r\n")
		whole, err := goabnf.ParseABNF([]byte(crlf), goabnf.WithRedefineCoreRules(true))
		require.NoError(t, err, f)
		read, err := Read(src)
		require.NoError(t, err, f)
		require.Len(t, read.Rulemap, len(whole.Rulemap), f)
		for name, r := range whole.Rulemap {
			require.Contains(t, read.Rulemap, name, f)
			require.Equal(t, r.String(), read.Rulemap[name].String(), "%s: rule %s", f, name)
		}
	}
}
