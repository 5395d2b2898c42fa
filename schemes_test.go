package urlgrammar_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/internal/spectest"
)

// Every scheme grammar is proven inside RFC 3986: its rule for a scheme is compared exactly
// (Compare, on the minimal DFAs) with RFC 3986's absolute-URI (URI for a rule that takes the
// fragment) restricted to that scheme. Each string it accepts that RFC 3986 rejects is a
// known difference, written down with its reason in grammars/ID/testdata/rfc3986-differences.txt
// (WITNESS<TAB>REASON, a witness that holds a tab or a line break as a Go string literal); a
// new witness fails the test, and so does a line that is no longer
// a witness. A grammar with no such file must be contained.
func TestSchemeGrammarsInsideRFC3986(t *testing.T) {
	entries, err := urlgrammar.SchemeGrammars()
	require.NoError(t, err)
	require.NotEmpty(t, entries)
	r3986 := urlgrammar.MustLookup(urlgrammar.RFC3986)
	known := map[string]map[string]string{} // grammar id -> witness -> reason
	for _, e := range entries {
		id := e.Grammar.ID()
		if _, read := known[id]; read {
			continue
		}
		known[id] = map[string]string{}
		path := filepath.Join("grammars", id, "testdata", "rfc3986-differences.txt")
		if _, err := os.Stat(path); err != nil {
			continue
		}
		m, err := spectest.Differences(path)
		require.NoError(t, err)
		known[id] = m
	}
	for _, e := range entries {
		id := e.Grammar.ID()
		t.Run(e.Scheme, func(t *testing.T) {
			other := "absolute-URI"
			if e.Fragment {
				other = "URI"
			}
			a := urlgrammar.Language{Grammar: e.Grammar, Rule: e.Rule, Scheme: e.Scheme}
			b := urlgrammar.Language{Grammar: r3986, Rule: other, Scheme: e.Scheme}
			c, err := urlgrammar.Compare(a, b, 100)
			require.NoError(t, err)
			seen := map[string]bool{}
			for _, w := range c.OnlyA {
				seen[w.Input] = true
				assert.Contains(t, known[id], w.Input, "%s accepts %q, which %s rejects (%s): a difference not written down in grammars/%s/testdata/rfc3986-differences.txt",
					a.Name(), w.Input, b.Name(), w.Err.Msg(), id)
			}
			for w := range known[id] {
				if !strings.HasPrefix(strings.ToLower(w), e.Scheme+":") {
					continue // another scheme of the grammar
				}
				assert.True(t, a.Match(w) == nil && b.Match(w) != nil, "%s: %q is written down as a difference and is none", a.Name(), w)
			}
			t.Logf("%s in %s: %s; %d witnesses outside", a.Name(), b.Name(), c.Relation(), len(c.OnlyA))
		})
	}
}

// HasSchemes says whether Schemes has any, for every grammar: a scheme grammar, and no other.
func TestHasSchemes(t *testing.T) {
	n := 0
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		assert.Equal(t, len(g.Schemes()) > 0, g.HasSchemes(), id)
		if g.HasSchemes() {
			n++
		}
	}
	assert.False(t, urlgrammar.MustLookup(urlgrammar.RFC3986).HasSchemes())
	assert.True(t, urlgrammar.MustLookup("rfc6068").HasSchemes())
	assert.Greater(t, n, 5, "the scheme grammars")
}

// The grammar uri checks a URI against its scheme's grammar, and only a URI: a relative
// reference and an unknown scheme are RFC 3986's alone; the error of a scheme's grammar is
// that grammar's, placed in the whole input.
func TestURIChecksSchemes(t *testing.T) {
	u := urlgrammar.MustLookup(urlgrammar.URI)
	assert.True(t, u.ChecksSchemes())
	assert.False(t, urlgrammar.MustLookup(urlgrammar.RFC3986).ChecksSchemes())
	for s, want := range map[string]bool{
		"http://a/b": true, "http:/a": false, "HTTP:/a": false, "Http://a": true, "x-http:/a": true,
		"http:/a#b": false, "http://a#b c": false, "/http:/a": true, "a/http:/a": true, "./http:/a": true,
		"https:": false, "https://a#%zz": false, "https://a#?/": true,
	} {
		assert.Equal(t, want, u.Valid(s), "Valid(%q)", s)
		_, err := u.Parse(s)
		assert.Equal(t, want, err == nil, "Parse(%q): %v", s, err)
	}
	_, err := u.Parse("http:/a#frag")
	var se *urlgrammar.SyntaxError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, "rfc9110", se.Grammar)
	assert.Equal(t, "http", se.Scheme())
	assert.Equal(t, "http:/a#frag", se.Input)
	assert.Equal(t, 6, se.Offset)
	assert.Equal(t, "http-URI", se.Rule())
	assert.Equal(t, "rfc9110/http-URI: unexpected letter", se.Cause())
	assert.Equal(t, `rfc9110:1:7: the http scheme (rfc9110): unexpected 'a' in http-URI, expected "/"`, se.Error())
	assert.Equal(t, 0, int(testing.AllocsPerRun(100, func() { u.Valid("https://example.com/a?b#c") })), "Valid allocates")

	// Valid runs one automaton made from RFC 3986's and every scheme rule's; Parse builds
	// RFC 3986's tree, then asks the same automaton, and gives the scheme grammar's error:
	// they agree on every input the tests know (TestCheckedAutomatonIsSchemeValid holds the
	// automaton to each scheme's own DFA).
	n := 0
	for _, s := range append(allTableInputs(t), corpus.Lines(5000, 9)...) {
		_, err := u.Parse(s)
		require.Equal(t, err == nil, u.Valid(s), "%q: %v", s, err)
		if err != nil && urlgrammar.MustLookup(urlgrammar.RFC3986).Valid(s) {
			n++ // rejected by a scheme's grammar
		}
	}
	assert.Greater(t, n, 50, "inputs RFC 3986 accepts and a scheme grammar rejects")

	g, ok := urlgrammar.SchemeGrammarOf("HTTPS")
	require.True(t, ok)
	assert.Equal(t, "rfc9110", g.Grammar.ID())
	assert.Equal(t, "https-URI", g.Rule)
	_, ok = urlgrammar.SchemeGrammarOf("gopher")
	assert.False(t, ok)
}

// Long inputs of the shapes that make a scheme grammar's PEG look ahead (a tel URI's
// isdn-subaddress that may hold the pars after it, contexts that are also parameters,
// mailto's "?" that may begin hfields or be a domain's): Parse accepts exactly what Valid
// accepts, within the parsers' budgets, which a quadratic look-ahead would exceed.
func TestLongSchemeInputs(t *testing.T) {
	for _, c := range []struct{ id, s string }{
		{"rfc3966", "tel:+1;isub=x" + strings.Repeat(";a=1", 200000)},
		{"rfc3966", "tel:+1;isub=x" + strings.Repeat(";a=1", 200000) + ";,"},
		{"rfc3966", "tel:1" + strings.Repeat(";isub=x", 100000) + ";phone-context=a"},
		{"rfc3966", "tel:1" + strings.Repeat(";isub=x;a;,", 50000) + ";phone-context=a"},
		{"rfc3966", "tel:1" + strings.Repeat(";phone-context=a;isub=", 30000) + ";,"},
		{"rfc3966", "tel:1;isub=x" + strings.Repeat(";phone-context=a", 50000) + ";,"},
		{"rfc6068", "mailto:a@b" + strings.Repeat("?c", 300000) + "?d=e"},
		{"rfc6068", "mailto:a@b" + strings.Repeat("?c", 300000)},
		{"rfc8141", "urn:ab:c?+" + strings.Repeat("d?=", 200000) + "e"},
	} {
		g := urlgrammar.MustLookup(c.id)
		_, err := g.Parse(c.s)
		assert.Equal(t, g.Valid(c.s), err == nil, "%s: %d bytes: %v", c.id, len(c.s), err)
	}
}
