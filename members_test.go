package urlgrammar_test

import (
	"math/rand"
	"testing"

	goabnf "github.com/pandatix/go-abnf"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/internal/dfa/dfabuild"
)

// members returns n members of g's start rule generated from its ABNF by go-abnf (seeded:
// the same every run), for the tests that need valid inputs of every grammar: the corpus has
// few or none of a scheme grammar's (data:, ws:).
func members(t testing.TB, g *urlgrammar.Grammar, n int, seed int64) []string {
	t.Helper()
	ref, err := dfabuild.Read(g.ABNF()) // read once a process, shared with the other tests
	require.NoError(t, err, g.ID())
	rng := rand.New(rand.NewSource(seed))
	out := make([]string, 0, n)
	for range n {
		m, err := ref.Generate(rng.Int63(), g.Start(), goabnf.WithRepMax(4))
		require.NoError(t, err, g.ID())
		if s := string(m); g.Valid(s) { // rfc1738's dispatch is narrower than its ABNF
			out = append(out, s)
		}
	}
	return out
}
