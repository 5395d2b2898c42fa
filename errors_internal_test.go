package urlgrammar

import (
	"math/rand"
	"testing"
	"unsafe"
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

// printableASCII, which reads eight bytes at a time, is the length of the prefix of bytes
// from ' ' to '~', as counted byte by byte: on every byte value at every place of a word, and
// on random strings of bytes near the limits.
func TestPrintableASCII(t *testing.T) {
	naive := func(s string) int {
		i := 0
		for i < len(s) && s[i] >= ' ' && s[i] < 0x7f {
			i++
		}
		return i
	}
	var cases []string
	for c := range 256 {
		for at := range 20 {
			b := []byte("abcdefghijklmnopqrstuvwxyz"[:20])
			b[at] = byte(c)
			cases = append(cases, string(b), string(b[:at+1]))
		}
	}
	rng := rand.New(rand.NewSource(1))
	limits := []byte{0, 0x1f, ' ', '!', '~', 0x7f, 0x80, 0x9f, 0xa0, 0xdf, 0xe0, 0xfe, 0xff, 'a'}
	for range 2000 {
		b := make([]byte, rng.Intn(40))
		for i := range b {
			b[i] = limits[rng.Intn(len(limits))]
			if rng.Intn(2) == 0 {
				b[i] = 'a' // long printable runs, so that whole words are read
			}
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		if got, want := printableASCII(s), naive(s); got != want {
			t.Fatalf("printableASCII(%q) = %d, want %d", s, got, want)
		}
	}
}

// An error's block (the error and its explanation, what a Matcher makes 63 of at a time and
// every kept error costs) fits the allocator's 256-byte size class: a field that makes it
// larger costs every error 32 bytes more (the next class is 288).
func TestErrorBlockSize(t *testing.T) {
	if n := unsafe.Sizeof(syntaxErrorBlock{}); n > 256 {
		t.Errorf("an error block is %d bytes, over 256", n)
	}
	// A Matcher's blocks, with the 8-byte header of a large allocation with pointers, fill
	// the 16 KiB size class.
	if n := MatcherBlock*unsafe.Sizeof(syntaxErrorBlock{}) + 8; n > 16<<10 {
		t.Errorf("a Matcher's %d blocks are %d bytes with the header, over 16 KiB", MatcherBlock, n)
	}
}
