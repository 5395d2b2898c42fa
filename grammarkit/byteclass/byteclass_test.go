package byteclass

import (
	"strings"
	"testing"
)

// runEnd is RunEnd one byte at a time, as the builders looped before.
func runEnd(c *Class, s string, p int) int {
	for p < len(s) && c[s[p]] != 0 {
		p++
	}
	return p
}

func letters() *Class {
	var in [256]bool
	for b := 'a'; b <= 'z'; b++ {
		in[b] = true
	}
	in[0xff] = true // a byte whose bit pattern is all ones
	return Of(&in)
}

// Every start in strings of every length up to 40 (the eight-byte blocks, the window over
// the last bytes, the short strings), with the first byte outside the class at every place.
func TestRunEndIsTheLoop(t *testing.T) {
	c := letters()
	for n := 0; n <= 40; n++ {
		for stop := 0; stop <= n; stop++ {
			b := []byte(strings.Repeat("a", n))
			if stop < n {
				b[stop] = '/'
			}
			if n > 3 {
				b[n/3] = 0xff
			}
			s := string(b)
			for p := 0; p <= n; p++ {
				if got, want := c.RunEnd(s, p), runEnd(c, s, p); got != want {
					t.Fatalf("RunEnd(%q, %d) = %d, want %d", s, p, got, want)
				}
			}
		}
	}
}

func FuzzRunEnd(f *testing.F) {
	f.Add("www.example.com/a", 4, uint8(0))
	f.Add("a", 0, uint8(1))
	f.Add("abcdefghijklmnopq%", 3, uint8(2))
	f.Fuzz(func(t *testing.T, s string, p int, which uint8) {
		if p < 0 || p > len(s) {
			return
		}
		var in [256]bool
		for i := range in {
			in[i] = (i*7+int(which))%5 != 0 || (i >= 'a' && i <= 'z')
		}
		c := Of(&in)
		if got, want := c.RunEnd(s, p), runEnd(c, s, p); got != want {
			t.Fatalf("RunEnd(%q, %d) = %d, want %d", s, p, got, want)
		}
	})
}

func BenchmarkRunEnd(b *testing.B) {
	c := letters()
	s := "http://www.example.com/abc/defghijk/lm?query#frag"
	b.Run("RunEnd", func(b *testing.B) {
		for b.Loop() {
			for p := 0; p < len(s); p++ {
				_ = c.RunEnd(s, p)
			}
		}
	})
	b.Run("loop", func(b *testing.B) {
		for b.Loop() {
			for p := 0; p < len(s); p++ {
				_ = runEnd(c, s, p)
			}
		}
	})
}
