package urlgrammar

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

// displayRune is Display rune by rune, the way it is defined: the tests' reference for its
// fast path over printable ASCII.
func displayRune(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == ' ' || (r > ' ' && r != 0x7f && (r < 0x80 || unicode.IsGraphic(r))):
			b.WriteRune(r)
		default:
			q := fmt.Sprintf("%+q", string(r))
			b.WriteString(q[1 : len(q)-1])
		}
		i += n
	}
	return b.String()
}

func TestDisplay(t *testing.T) {
	for in, want := range map[string]string{
		"":                     "",
		"http://a.com/p?q#f":   "http://a.com/p?q#f",
		"a b\tc\n":             `a b\tc\n`,
		"x\x00\x7f\xff":        `x\x00\x7f\xff`,
		"caf\u00e9 \u200e":     "caf\u00e9 \\u200e",
		"\xc3":                 `\xc3`,
		"http://\u0430.com/\\": "http://\u0430.com/\\",
	} {
		assert.Equal(t, want, Display(in), "%q", in)
	}
	rng := rand.New(rand.NewSource(5))
	const bytes = "a/:% \t\n\x00\x7f\x80\xc3\xa9\xe2\x80\x8e\xff~"
	for range 20000 {
		b := make([]byte, rng.Intn(12))
		for i := range b {
			b[i] = bytes[rng.Intn(len(bytes))]
		}
		assert.Equal(t, displayRune(string(b)), Display(string(b)), "%q", b)
	}
}

// Found's class of an ASCII character is fmt's %q of it.
func TestQuotedASCII(t *testing.T) {
	for c := 0; c < 0x80; c++ {
		assert.Equal(t, fmt.Sprintf("%q", rune(c)), quotedASCII[c])
	}
}
