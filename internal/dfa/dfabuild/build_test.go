package dfabuild

import (
	"github.com/urlgrammar/urlgrammar/internal/dfa"
	"testing"

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
