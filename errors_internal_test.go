package urlgrammar

import (
	"math/rand"
	"testing"
)

// lineColumn is the line and column of the byte at an offset, both from 1, as counted byte
// by byte; an offset past the end is the end.
func TestLineColumn(t *testing.T) {
	naive := func(s string, offset int) (int, int) {
		line, col := 1, 1
		for i := 0; i < offset && i < len(s); i++ {
			if s[i] == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
		return line, col
	}
	rng := rand.New(rand.NewSource(1))
	cases := []string{"", "a", "\n", "a\n", "\na", "ab\ncd\n\nef", "http://a b/"}
	for range 500 {
		b := make([]byte, rng.Intn(40))
		for i := range b {
			b[i] = "ab\n"[rng.Intn(3)]
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		for off := 0; off <= len(s)+1; off++ {
			line, col := lineColumn(s, off)
			if wl, wc := naive(s, off); line != wl || col != wc {
				t.Fatalf("lineColumn(%q, %d) = %d, %d; want %d, %d", s, off, line, col, wl, wc)
			}
		}
	}
}
