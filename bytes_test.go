package urlgrammar

import (
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar/internal/corpus"
)

// AcceptedBytes is sound: every byte of every input a grammar accepts, of its tables and of
// the corpus, is one it reports.
func TestAcceptedBytesHoldEveryValidInput(t *testing.T) {
	lines := corpus.Lines(3000, 5)
	for _, id := range ownIDs() {
		g := MustLookup(id)
		in := g.AcceptedBytes()
		valid := 0
		for _, s := range append(tableInputs(t, id), lines...) {
			if !g.Valid(s) {
				continue
			}
			valid++
			for i := 0; i < len(s); i++ {
				if !in[s[i]] {
					t.Fatalf("%s accepts %q, whose byte %d (%#x) AcceptedBytes leaves out", id, s, i, s[i])
				}
			}
		}
		if valid == 0 {
			t.Errorf("%s: no valid input to check", id)
		}
	}
}

// RFC 3986's are exactly the characters of its section 2: unreserved, reserved and "%".
func TestAcceptedBytesOfRFC3986(t *testing.T) {
	const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~" + // unreserved
		":/?#[]@" + "!$&'()*+,;=" + "%" // gen-delims, sub-delims, pct-encoded
	in := MustLookup("rfc3986").AcceptedBytes()
	for b := range 256 {
		if want := strings.IndexByte(chars, byte(b)) >= 0; in[b] != want {
			t.Errorf("byte %q: AcceptedBytes says %v", byte(b), in[b])
		}
	}
}
