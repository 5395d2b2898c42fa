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
