package warn

import (
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc3987"
	gencorpus "github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/internal/whatwg"
)

// checkIRI gives no warning for an IRI in ASCII without looking: no ASCII character is a
// bidirectional formatting character or a right-to-left one, and the ASCII letters are
// Latin, so the checks it skips (checkIRIText) find nothing there. Both are held here: the
// premise on every ASCII character, the conclusion on the corpus's ASCII lines.
func TestASCIIHasNoIRIWarning(t *testing.T) {
	for c := rune(0); c < 0x80; c++ {
		require.False(t, bidiFormatting(c), "%q", c)
		require.NotEqual(t, rtl, direction(c), "%q", c)
		if unicode.IsLetter(c) {
			require.Equal(t, "Latin", scriptOf(c), "%q", c)
		}
	}
	g := urlgrammar.MustLookup("rfc3987")
	n := 0
	for _, s := range gencorpus.Lines(10000, 1) {
		tree, err := g.Parse(s)
		if err != nil || !isASCII(s) {
			continue
		}
		h := newHostParts(tree, sections3987)
		checkIRIText(&h, func(k Kind, _ string, at int, format string, _ ...any) {
			t.Errorf("%q: %s at %d (%s)", s, k, at, format)
		})
		n++
	}
	require.Greater(t, n, 5000, "the corpus's ASCII IRIs")
}

// FuzzIRIWarnings: for any input rfc3987 accepts, checkIRI gives what checkIRIText gives
// (its shortcut for ASCII loses no warning), each at an offset in the input: at a
// formatting character (4.1), at a non-empty component (4.2), at a host label (8).
func FuzzIRIWarnings(f *testing.F) {
	for _, s := range []string{"http://a/\u200eb", "http://a/?\u202eq#\u202a", "http://a/\u05d0b", "http://\u05d0\u05d1example.com",
		"http://p\u0430ypal.com/", "http://a/?\u05d0=b&c=\u05d1", "http://u\u05d0@a/", "http://r\u00e9sum\u00e9.example.org/", "http://a/b"} {
		f.Add(s)
	}
	g := urlgrammar.MustLookup("rfc3987")
	type found struct {
		kind Kind
		at   int
	}
	collect := func(into *[]found) func(Kind, string, int, string, ...any) {
		return func(k Kind, _ string, at int, _ string, _ ...any) { *into = append(*into, found{k, at}) }
	}
	f.Fuzz(func(t *testing.T, s string) {
		tree, err := g.Parse(s)
		if err != nil {
			return
		}
		h := newHostParts(tree, sections3987)
		var short, full []found
		checkIRI(&h, collect(&short))
		checkIRIText(&h, collect(&full))
		require.Equal(t, full, short, "%q", s)
		for _, w := range full {
			require.True(t, w.at >= 0 && w.at < len(s), "%q: %s at %d", s, w.kind, w.at)
			if w.kind == BidiFormatting {
				c, _ := utf8.DecodeRuneInString(s[w.at:])
				require.True(t, bidiFormatting(c), "%q: %s at %d", s, w.kind, w.at)
			}
		}
	})
}

// WHATWGHost's shortcut for lower-case names gives what the standard's steps give
// (whatwgHostParsed): on every string of up to five characters over "a", "x", "0", "9", "."
// and "-" (numbers, hex numbers, empty labels, trailing dots), and on the corpus's hosts.
func TestWHATWGHostShortcut(t *testing.T) {
	const alphabet = "ax09.-"
	hosts := []string{""}
	for n, prev := 0, []string{""}; n < 5; n++ {
		var next []string
		for _, p := range prev {
			for _, c := range alphabet {
				next = append(next, p+string(c))
			}
		}
		hosts, prev = append(hosts, next...), next
	}
	g := urlgrammar.MustLookup("rfc3986")
	for _, s := range gencorpus.Lines(10000, 1) {
		if tree, err := g.Parse(s); err == nil {
			if sp := tree.Spans(); sp.Host.Defined {
				hosts = append(hosts, sp.Host.In(s))
			}
		}
	}
	shortcuts := 0
	for _, h := range hosts {
		got, gotIPv4, gotErr := WHATWGHost(h)
		want, wantIPv4, wantErr := whatwgHostParsed(h)
		require.Equal(t, want, got, "%q", h)
		require.Equal(t, wantIPv4, gotIPv4, "%q", h)
		require.Equal(t, wantErr == nil, gotErr == nil, "%q: %v, %v", h, gotErr, wantErr)
		if lowerLDH(h) && !whatwg.EndsInANumber(h) {
			shortcuts++
		}
	}
	require.Greater(t, shortcuts, 5000)
}
