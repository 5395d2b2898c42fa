package urlgrammar

import (
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
)

// Parse and Valid of the grammar uri ask the automaton made from RFC 3986's and every scheme
// rule's (checkedDFA) whether a reference RFC 3986 accepts matches its scheme's grammar; the
// check by hand, the scheme's own DFA on the part of the reference that is the scheme's
// (schemeValid), must say the same on every input RFC 3986 accepts.
func TestCheckedAutomatonIsSchemeValid(t *testing.T) {
	u := MustLookup(URI)
	d, err := u.checkedDFA()
	require.NoError(t, err)
	checked, rejected := 0, 0
	for _, s := range append(recognizeInputs(t, 2000), corpus.Lines(5000, 9)...) {
		if !u.startDFA.Valid(s) {
			continue
		}
		checked++
		want := schemeValid(s)
		if !want {
			rejected++
		}
		require.Equal(t, want, d.Valid(s), "%q", s)
		require.Equal(t, want, u.schemesHold(s), "%q", s)
	}
	require.Greater(t, rejected, 50, "inputs RFC 3986 accepts and a scheme grammar rejects (of %d)", checked)
}
