package tsvtext

import (
	"strings"
	"testing"
)

// Plain, eight bytes at a time, finds the first byte Append escapes wherever it is:
// every byte value at every place of strings of up to 20 printable bytes, as a string and as
// a []byte.
func TestTSVPlain(t *testing.T) {
	plain := func(s string) int {
		i := 0
		for i < len(s) && s[i] >= 0x20 && s[i] < 0x7f && s[i] != '\\' {
			i++
		}
		return i
	}
	for n := 0; n <= 20; n++ {
		for at := 0; at < max(n, 1); at++ {
			for c := 0; c < 256; c++ {
				b := []byte(strings.Repeat("a~ [", 5)[:n])
				if n > 0 {
					b[at] = byte(c)
				}
				s := string(b)
				if got, want := Plain(s), plain(s); got != want {
					t.Fatalf("Plain(%q) = %d, want %d", s, got, want)
				}
				if got, want := Plain(b), plain(s); got != want {
					t.Fatalf("Plain([]byte(%q)) = %d, want %d", s, got, want)
				}
			}
		}
	}
	// Two bytes that are not plain, or are next to the limits (a borrow or carry from the
	// first must not hide it, or make a plain byte before it look otherwise), at every pair
	// of places of lines up to 26 bytes (the last word overlaps the one before it).
	edge := []byte{0, 0x1f, 0x20, 0x21, '\\', '[', ']', 0x7e, 0x7f, 0x80, 0xff, 'a'}
	for n := 1; n <= 26; n++ {
		for at := 0; at < n; at++ {
			for at2 := at; at2 < n; at2++ {
				for _, c := range edge {
					for _, c2 := range edge {
						b := []byte(strings.Repeat("a~ [0", 6)[:n])
						b[at], b[at2] = c, c2
						if got, want := Plain(string(b)), plain(string(b)); got != want {
							t.Fatalf("Plain(%q) = %d, want %d", b, got, want)
						}
					}
				}
			}
		}
	}
}
