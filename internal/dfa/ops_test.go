package dfa_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar/internal/dfa"
	"github.com/urlgrammar/urlgrammar/internal/dfa/dfabuild"
)

// The small languages the tests compare, over the bytes a, b, A, ':' and x.
const smallABNF = `
any     = *( %x61 / %x62 / %x41 / %x3A / %x78 )
as      = *%x61
ab      = %x61 %x62
bs      = 1*%x62
lower   = *( %x61 / %x62 / %x3A / %x78 )
colon   = *( %x61 / %x62 ) %x3A *%x78
nocolon = *( %x61 / %x62 / %x41 / %x78 )
xs      = *%x78
`

func small(t *testing.T, rule string) *dfa.DFA {
	t.Helper()
	g, err := dfabuild.Read([]byte(smallABNF))
	require.NoError(t, err)
	d, err := dfabuild.Build(g, rule)
	require.NoError(t, err)
	return d
}

// strings returns every string over alphabet of length at most n, shortest first.
func allStrings(alphabet string, n int) []string {
	out := []string{""}
	level := []string{""}
	for range n {
		var next []string
		for _, s := range level {
			for i := 0; i < len(alphabet); i++ {
				next = append(next, s+alphabet[i:i+1])
			}
		}
		out = append(out, next...)
		level = next
	}
	return out
}

// Differences against brute force: every witness is in L(a) \ L(b), the first is as short as
// the shortest member the enumeration finds, the witnesses are distinct and in order, and
// there are none exactly when the enumeration finds no member (for languages whose
// difference, when not empty, has a short member).
func TestDifferencesAgainstEnumeration(t *testing.T) {
	rules := []string{"any", "as", "ab", "bs", "lower", "colon", "nocolon", "xs"}
	words := allStrings("abA:x", 6)
	for _, ra := range rules {
		for _, rb := range rules {
			a, b := small(t, ra), small(t, rb)
			p := dfa.Differences(a, b, 50)
			shortest := -1
			for _, w := range words {
				if a.Valid(w) && !b.Valid(w) {
					shortest = len(w)
					break
				}
			}
			if shortest < 0 {
				assert.Empty(t, p.Witnesses, "%s \\ %s", ra, rb)
				assert.Zero(t, p.Places, "%s \\ %s", ra, rb)
				continue
			}
			require.NotEmpty(t, p.Witnesses, "%s \\ %s", ra, rb)
			assert.Len(t, p.Witnesses[0], shortest, "%s \\ %s: %q is not a shortest witness", ra, rb, p.Witnesses[0])
			for i, w := range p.Witnesses {
				assert.True(t, a.Valid(w) && !b.Valid(w), "%s \\ %s: %q", ra, rb, w)
				if i > 0 {
					assert.LessOrEqual(t, len(p.Witnesses[i-1]), len(w), "%s \\ %s: shortest first", ra, rb)
				}
			}
			assert.Equal(t, len(p.Witnesses), len(slices.Compact(slices.Clone(p.Witnesses))), "%s \\ %s: distinct", ra, rb)
			assert.LessOrEqual(t, len(p.Witnesses), p.Kinds)
			assert.LessOrEqual(t, p.Kinds, p.Places)
			w, ok := dfa.Difference(a, b)
			assert.True(t, ok)
			assert.Equal(t, p.Witnesses[0], w)
		}
	}
}

// Each place gives a witness that parts there: "aA", "bA" and "abA" part from lower at
// different states or bytes, and the upper-case byte is the one that kills lower.
func TestDifferencesOnePerPlace(t *testing.T) {
	p := dfa.Differences(small(t, "any"), small(t, "lower"), 10)
	assert.Equal(t, []string{"A"}, p.Witnesses, "lower's automaton has one state: one place")
	assert.Equal(t, 1, p.Places)
	p = dfa.Differences(small(t, "colon"), small(t, "as"), 10)
	// colon \ as: b kills as; ':' kills as (from the start and after a) — the witnesses
	// are readable, and the limit holds.
	assert.Equal(t, ":", p.Witnesses[0])
	for _, w := range p.Witnesses {
		assert.NotContains(t, w, "A")
	}
	assert.Len(t, dfa.Differences(small(t, "any"), small(t, "xs"), 1).Witnesses, 1)
}

// Witnesses prefer readable bytes: a lower-case letter over a control byte.
func TestDifferencesReadable(t *testing.T) {
	g, err := dfabuild.Read([]byte("all = *%x00-FF\nnone = %x01\n"))
	require.NoError(t, err)
	all, err := dfabuild.Build(g, "all")
	require.NoError(t, err)
	one, err := dfabuild.Build(g, "none")
	require.NoError(t, err)
	p := dfa.Differences(all, one, 3)
	assert.Equal(t, []string{"", "a"}, p.Witnesses[:2])
}

// dispatchOracle is the dispatch of Dispatch, written plainly.
func dispatchOracle(s string, cases []dfa.Case, otherwise *dfa.DFA) bool {
	for _, c := range cases {
		if len(s) >= len(c.Prefix) && strings.EqualFold(s[:len(c.Prefix)], c.Prefix) {
			return c.D.Valid(s)
		}
	}
	return otherwise.Valid(s)
}

// Dispatch decides every string as the dispatch does: by the first prefix it begins with
// (ASCII letters without case), else by otherwise; and it is minimal (equal languages, equal
// tables).
func TestDispatchAgainstEnumeration(t *testing.T) {
	cases := []dfa.Case{{Prefix: "ab:", D: small(t, "colon")}, {Prefix: "a:", D: small(t, "xs")}, {Prefix: "b", D: small(t, "bs")}}
	for _, otherwise := range []string{"any", "nocolon", "as"} {
		o := small(t, otherwise)
		d, err := dfa.Dispatch(cases, o)
		require.NoError(t, err)
		for _, s := range allStrings("abAB:x", 6) {
			if !assert.Equal(t, dispatchOracle(s, cases, o), d.Valid(s), "otherwise %s: %q", otherwise, s) {
				return
			}
		}
	}
	// A dispatch whose cases all say what otherwise says is otherwise itself: the same
	// language, and as many states (minimal).
	o := small(t, "any")
	d, err := dfa.Dispatch([]dfa.Case{{Prefix: "a", D: o}, {Prefix: "x:", D: o}}, o)
	require.NoError(t, err)
	_, differ := dfa.Difference(o, d)
	assert.False(t, differ)
	_, differ = dfa.Difference(d, o)
	assert.False(t, differ)
	assert.Equal(t, o.NumStates(), d.NumStates())

	_, err = dfa.Dispatch([]dfa.Case{{Prefix: "A:", D: o}}, o)
	assert.Error(t, err, "an upper-case prefix is refused")
}

// Prefixed keeps exactly the members that begin with the prefix, without case; Empty
// accepts nothing.
func TestPrefixed(t *testing.T) {
	any := small(t, "any")
	d, err := dfa.Prefixed("ab:", any)
	require.NoError(t, err)
	n := 0
	for _, s := range allStrings("abAB:x", 6) {
		want := any.Valid(s) && len(s) >= 3 && strings.EqualFold(s[:3], "ab:")
		if want {
			n++
		}
		require.Equal(t, want, d.Valid(s), "%q", s)
		require.False(t, dfa.Empty().Valid(s), "%q", s)
	}
	assert.Greater(t, n, 100)
}

// All, BeforeHash and Intersect against their definitions, on every short string.
func TestIntersectBeforeHash(t *testing.T) {
	colon, lower := small(t, "colon"), small(t, "lower")
	both, err := dfa.Intersect(colon, lower)
	require.NoError(t, err)
	for _, s := range allStrings("abAx:", 6) {
		require.Equal(t, colon.Valid(s) && lower.Valid(s), both.Valid(s), "Intersect %q", s)
		require.True(t, dfa.All().Valid(s), "All %q", s)
	}
	g, err := dfabuild.Read([]byte("ab = *( %x61 / %x62 )\nhashy = %x61 %x23 %x62\n"))
	require.NoError(t, err)
	for _, rule := range []string{"ab", "hashy"} {
		d, err := dfabuild.Build(g, rule)
		require.NoError(t, err)
		bh, err := dfa.BeforeHash(d)
		require.NoError(t, err)
		for _, s := range allStrings("ab#x", 6) {
			before, _, _ := strings.Cut(s, "#")
			require.Equal(t, d.Valid(before), bh.Valid(s), "BeforeHash(%s) %q", rule, s)
		}
	}
}
