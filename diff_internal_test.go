package urlgrammar

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/internal/spectest"
)

// The automaton of rfc1738's dispatch (what diff compares) decides every input as Valid
// does: the table lines, the corpus, their upper-case-scheme and mutated forms.
func TestDispatchDFAAgreesWithValid(t *testing.T) {
	g := MustLookup("rfc1738")
	d, err := Language{Grammar: g}.dfa()
	require.NoError(t, err)
	var inputs []string
	for _, f := range []string{"grammars/rfc1738/testdata/valid.txt", "grammars/rfc1738/testdata/invalid.txt"} {
		lines, err := spectest.Lines(f)
		require.NoError(t, err)
		for _, l := range lines {
			inputs = append(inputs, spectest.Unempty(l))
		}
	}
	inputs = append(inputs, corpus.Lines(3000, 5)...)
	rng := rand.New(rand.NewSource(1))
	const alphabet = "aAhHtTpPfF:/@?;=#%0-+. ~[]"
	var more []string
	for _, s := range inputs {
		b := []byte(s)
		for i := 0; i < len(b) && i < 9; i++ {
			if rng.Intn(3) == 0 && 'a' <= b[i] && b[i] <= 'z' {
				b[i] -= 'a' - 'A' // upper-case scheme letters: the dispatch ignores case
			}
		}
		more = append(more, string(b))
		if len(s) > 0 {
			b = []byte(s)
			b[rng.Intn(len(b))] = alphabet[rng.Intn(len(alphabet))]
			more = append(more, string(b))
		}
	}
	inputs = append(inputs, more...)
	inputs = append(inputs, "", ":", "http:", "HTTP:", "http", "ftp:/", "Mailto:a@b", "prospero:", "prosperox:a", "afs:/a")
	valid := 0
	for _, s := range inputs {
		want := g.Valid(s)
		if !assert.Equal(t, want, d.Valid(s), "%q", s) {
			return
		}
		if want {
			valid++
		}
	}
	assert.Greater(t, valid, len(inputs)/10, "the inputs reach the valid side too")
}

// FuzzSchemeLanguages: a language restricted to a scheme (Language.Scheme, what diff --scheme
// and the proofs of the scheme grammars compare) decides every input as its Match does, for
// each scheme grammar's rule and for RFC 3986's absolute-URI restricted alike; and the grammar
// uri's one automaton decides as its Parse does.
func FuzzSchemeLanguages(f *testing.F) {
	for _, s := range []string{"http://a/b", "HTTP:x", "mailto:a@b?c=d", "urn:ab:c#d", "tel:+1;ext=2", "ws://a/#f",
		"data:,x", "geo:1,2", "file:///x", "https:", "", "a:b"} {
		f.Add(s)
	}
	entries, err := SchemeGrammars()
	if err != nil {
		f.Fatal(err)
	}
	r3986, u := MustLookup(RFC3986), MustLookup(URI)
	type lang struct {
		l Language
		d interface{ Valid(string) bool }
	}
	var langs []lang
	for _, e := range entries {
		for _, l := range []Language{{Grammar: e.Grammar, Rule: e.Rule, Scheme: e.Scheme}, {Grammar: r3986, Rule: "absolute-URI", Scheme: e.Scheme}} {
			d, err := l.dfa()
			if err != nil {
				f.Fatal(err)
			}
			langs = append(langs, lang{l, d})
		}
	}
	ud, err := u.checkedDFA()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 2048 {
			return
		}
		for _, x := range langs {
			if got, want := x.d.Valid(s), x.l.Match(s) == nil; got != want {
				t.Fatalf("%s on %q: automaton %v, Match %v", x.l.Name(), s, got, want)
			}
		}
		_, err := u.Parse(s)
		if got := ud.Valid(s); got != (err == nil) {
			t.Fatalf("uri on %q: automaton %v, Parse %v", s, got, err)
		}
	})
}
