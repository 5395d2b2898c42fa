package warn

import (
	"testing"
	"unicode"

	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc3987"
	gencorpus "github.com/urlgrammar/urlgrammar/internal/corpus"
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
