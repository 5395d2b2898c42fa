// Package byteclass finds where a run of bytes of one class ends: the innermost loop of the
// tree builders that urlgrammar's generator writes (grammars/ID/builder.go), where a URL's
// components are runs of the bytes a rule allows (a host's name, a path's segment).
//
// A loop that tests one byte at a time ends with a branch the processor cannot predict, as
// a run's length differs from one URL to the next; on real input that misprediction costs
// more than the bytes. RunEnd tests eight bytes at once, with no branch between them, and
// finds the first byte outside the class by counting bits.
package byteclass

import "math/bits"

// Class is a set of bytes: 1 for a byte of the class, 0 for any other.
type Class [256]uint8

// Of returns the class of the bytes whose entries of in are true.
func Of(in *[256]bool) *Class {
	var c Class
	for i, b := range in {
		if b {
			c[i] = 1
		}
	}
	return &c
}

// RunEnd returns the end of the run of bytes of c that starts at p in s: the offset of the
// first byte from p on that is not in c, or len(s). p must be in [0, len(s)].
func (c *Class) RunEnd(s string, p int) int {
	for p+8 <= len(s) {
		if m := c.members8(s, p); m != 0xff {
			return p + bits.TrailingZeros8(^m)
		}
		p += 8
	}
	if len(s) >= 8 {
		// The last bytes, fewer than eight, in the eight that end s: bit i of m is the byte
		// at p+i, and the bits shifted in from above, past the end of s, are not members.
		w := len(s) - 8
		m := c.members8(s, w) >> (p - w)
		return p + bits.TrailingZeros8(^m)
	}
	for p < len(s) && c[s[p]] != 0 {
		p++
	}
	return p
}

// members8 returns the bits of the eight bytes from p that are in c, the byte at p in the
// lowest bit.
func (c *Class) members8(s string, p int) uint8 {
	s = s[p : p+8]
	return c[s[0]] | c[s[1]]<<1 | c[s[2]]<<2 | c[s[3]]<<3 | c[s[4]]<<4 | c[s[5]]<<5 | c[s[6]]<<6 | c[s[7]]<<7
}
