package urlgrammar_test

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/internal/dfa/dfabuild"
	"github.com/urlgrammar/urlgrammar/internal/difftest"
)

// members returns n members of g's start rule generated from go-abnf's reading of its ABNF
// (difftest.Member, seeded: the same every run), for the tests that need valid inputs of
// every grammar: the corpus has few or none of a scheme grammar's (data:, ws:).
func members(t testing.TB, g *urlgrammar.Grammar, n int, seed int64) []string {
	t.Helper()
	ref, err := dfabuild.Read(g.ABNF()) // read once a process, shared with the other tests
	require.NoError(t, err, g.ID())
	rng := rand.New(rand.NewSource(seed))
	out := make([]string, 0, n)
	for range n {
		s, err := difftest.Member(rng, ref, g.Start(), 4)
		require.NoError(t, err, g.ID())
		if g.Valid(s) { // rfc1738's dispatch is narrower than its ABNF
			out = append(out, s)
		}
	}
	return out
}
