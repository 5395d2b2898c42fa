package dfa_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar/internal/dfa"
)

// MatchSettled decides every input its base accepts as Valid does, for automata within
// their base made as the grammar uri's is (a dispatch on prefixes, intersected with the
// base), and Settled finds states to stop in (else the test would hold of a MatchSettled
// that never stops early).
func TestSettledAgainstEnumeration(t *testing.T) {
	for _, tc := range []struct {
		base  string
		cases []dfa.Case
	}{
		{"any", []dfa.Case{{Prefix: "ab:", D: small(t, "colon")}, {Prefix: "a:", D: small(t, "xs")}, {Prefix: "b", D: small(t, "bs")}}},
		{"lower", []dfa.Case{{Prefix: "a", D: small(t, "as")}}},
		{"nocolon", []dfa.Case{{Prefix: "x", D: small(t, "xs")}, {Prefix: "ba", D: small(t, "any")}}},
		{"any", nil},
	} {
		base := small(t, tc.base)
		schemes, err := dfa.Dispatch(tc.cases, dfa.All())
		require.NoError(t, err)
		d, err := dfa.Intersect(base, schemes)
		require.NoError(t, err)
		rows := dfa.NewSettledRows(d, base)
		assert.True(t, slices.Contains(dfa.Settled(d, base), true), "base %s: no settled state", tc.base)
		assert.False(t, dfa.Settled(d, base)[0], "the dead state is never settled")
		for _, s := range allStrings("abAB:x", 7) {
			if base.Valid(s) {
				require.Equal(t, d.Valid(s), d.MatchSettled(s, rows), "base %s: %q", tc.base, s)
			}
		}
	}
}
