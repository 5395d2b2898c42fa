package dfabuild

import (
	"fmt"
	"testing"
	"unicode/utf8"

	"github.com/urlgrammar/urlgrammar/internal/dfa"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func build(t *testing.T, abnf, rule string) *dfa.DFA {
	t.Helper()
	g, err := Read([]byte(abnf))
	require.NoError(t, err)
	d, err := Build(g, rule)
	require.NoError(t, err)
	return d
}

func TestCountedRepetitionIsExact(t *testing.T) {
	d := build(t, "r = 2*3\"a\" 0*2\"b\"\n", "r")
	for s, want := range map[string]bool{"aa": true, "aaa": true, "aab": true, "aaabb": true,
		"a": false, "aaaa": false, "aabbb": false, "": false, "b": false} {
		assert.Equal(t, want, d.Valid(s), "%q", s)
	}
	// A label: alphanum [ 0*61( alphanum / "-" ) alphanum ], 1 to 63 characters.
	d = build(t, "l = a [ 0*61( a / \"-\" ) a ]\na = %x61-7A / %x30-39\n", "l")
	long := make([]byte, 63)
	for i := range long {
		long[i] = 'x'
	}
	assert.True(t, d.Valid(string(long)))
	assert.False(t, d.Valid(string(long)+"x"))
	assert.False(t, d.Valid("x-"))
	assert.True(t, d.Valid("x-y"))
}

func TestQuotedStringsAreCaseInsensitive(t *testing.T) {
	d := build(t, "r = \"ab\" %x63\n", "r")
	assert.True(t, d.Valid("abc"))
	assert.True(t, d.Valid("ABc"))
	assert.False(t, d.Valid("abC"), "%x63 is only c")
	assert.False(t, d.Valid("\u212a"), "no Unicode case folding")
}

func TestErrorOffsetAndExpected(t *testing.T) {
	d := build(t, "r = \"x\" 1*DIGIT [ \";\" ]\nDIGIT = %x30-39\n", "r")
	ok, off := d.Match("x12a")
	assert.False(t, ok)
	assert.Equal(t, 3, off, "the first byte after the longest viable prefix")
	set, eof := d.Expected("x12a", off)
	assert.True(t, eof, "x12 is a member")
	for b := 0; b < 256; b++ {
		assert.Equal(t, b >= '0' && b <= '9' || b == ';', set[b], "byte %q", b)
	}
	ok, off = d.Match("x")
	assert.False(t, ok)
	assert.Equal(t, 1, off, "a proper prefix fails at its end")
	_, eof = d.Expected("x", 1)
	assert.False(t, eof)
}

func TestRecursionIsAnError(t *testing.T) {
	g, err := Read([]byte("r = \"(\" [ r ] \")\"\n"))
	require.NoError(t, err)
	_, err = Build(g, "r")
	assert.ErrorContains(t, err, "recursive")
	_, err = Build(g, "nope")
	assert.ErrorContains(t, err, "not defined")
}

func TestMinimal(t *testing.T) {
	// Two spellings of the same language give the same minimal automaton.
	a := build(t, "r = \"a\" \"b\" / \"a\" \"c\"\n", "r")
	b := build(t, "r = \"a\" ( \"b\" / \"c\" )\n", "r")
	assert.Equal(t, a.NumStates(), b.NumStates())
	assert.Equal(t, 4, a.NumStates(), "dead, start, after a, accept")
	assert.Equal(t, a.Trans, b.Trans)
}

func TestDifference(t *testing.T) {
	const abnf = "all = *( %x61 / %x62 )\nas = *%x61\nab = %x61 %x62\nbs = 1*%x62\n"
	all, as, ab, bs := build(t, abnf, "all"), build(t, abnf, "as"), build(t, abnf, "ab"), build(t, abnf, "bs")
	_, found := dfa.Difference(as, all)
	assert.False(t, found, "a* is a subset of (a|b)*")
	w, found := dfa.Difference(all, as)
	assert.True(t, found)
	assert.Equal(t, "b", w, "the shortest witness")
	w, found = dfa.Difference(as, bs)
	assert.True(t, found)
	assert.Equal(t, "", w, "the empty string is in a* and not in b+")
	w, found = dfa.Difference(ab, as)
	assert.Equal(t, "ab", w)
	assert.True(t, found)
	_, found = dfa.Difference(ab, ab)
	assert.False(t, found)
}

// Code points above %x7F are read as UTF-8: a range accepts exactly the encodings of its code
// points, every one, and nothing else: no surrogate, no overlong or truncated sequence, no
// other byte.
func TestCodePointRangesAreUTF8(t *testing.T) {
	ranges := [][2]rune{{0xA0, 0xD7FF}, {0xF900, 0xFDCF}, {0xFDF0, 0xFFEF}, {0x10000, 0x1FFFD}, {0xE1000, 0xEFFFD},
		{0xE000, 0xF8FF}, {0x100000, 0x10FFFD}, {0x80, 0x10FFFF}, {0x41, 0x41}, {0x7F, 0x80}, {0xD7FF, 0xE000}}
	for _, rg := range ranges {
		d := build(t, fmt.Sprintf("r = %%x%X-%X\n", rg[0], rg[1]), "r")
		for r := rune(0); r <= utf8.MaxRune; r++ {
			want := r >= rg[0] && r <= rg[1] && utf8.ValidRune(r)
			if got := d.Valid(string(r)); got != want && utf8.ValidRune(r) {
				t.Fatalf("range %X-%X: Valid(U+%04X) = %v", rg[0], rg[1], r, got)
			}
		}
		// Surrogates encoded as if they were code points (CESU/WTF-8), overlong forms,
		// truncated sequences and stray bytes are never accepted.
		for _, bad := range []string{"\xed\xa0\x80", "\xed\xbf\xbf", "\xc0\x80", "\xe0\x80\x80", "\xf0\x80\x80\x80",
			"\xf4\x90\x80\x80", "\xc2", "\xe1\x80", "\xf1\x80\x80", "\x80", "\xff", "\xc2\xa0\x80"} {
			assert.False(t, d.Valid(bad), "range %X-%X: %q", rg[0], rg[1], bad)
		}
	}
	d := build(t, "r = %xE9 %x1F600\n", "r") // values: their encodings in sequence
	assert.True(t, d.Valid("é😀"))
	assert.False(t, d.Valid("\xe9\x00"))
	g, err := Read([]byte("r = %xD800\n"))
	require.NoError(t, err)
	_, err = Build(g, "r")
	assert.ErrorContains(t, err, "surrogate")
}
