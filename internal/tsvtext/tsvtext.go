// Package tsvtext writes the fields of check's tsv format: a field never holds a tab, a
// line break or a byte that is not printable UTF-8. "\\" is a backslash, "\t", "\n" and
// "\r" the control characters, and "\xHH" any other control byte or byte of invalid UTF-8
// (check.UnescapeTSV reverses it). Package check writes its records' fields with it, and
// package urlgrammar an error's message (SyntaxError.AppendMsgTSV).
package tsvtext

import (
	"math/bits"
	"unicode/utf8"
)

// Append appends s to b escaped as a TSV field.
func Append(b []byte, s string) []byte { return appendTSV(b, s) }

// AppendBytes is Append of the bytes of s.
func AppendBytes(b []byte, s []byte) []byte { return appendTSV(b, s) }

func appendTSV[T string | []byte](b []byte, s T) []byte {
	const hex = "0123456789abcdef"
	for i := 0; i < len(s); {
		j := i + Plain(s[i:]) // a run of bytes written as they are
		b = append(b, s[i:j]...)
		if i = j; i == len(s) {
			break
		}
		c := s[i]
		switch c {
		case '\\':
			b = append(b, `\\`...)
		case '\t':
			b = append(b, `\t`...)
		case '\n':
			b = append(b, `\n`...)
		case '\r':
			b = append(b, `\r`...)
		default:
			if c >= 0x80 {
				// At most four bytes: the conversion of a []byte is on the stack.
				if r, n := utf8.DecodeRuneInString(string(s[i:min(i+utf8.UTFMax, len(s))])); r != utf8.RuneError || n > 1 {
					b = append(b, s[i:i+n]...)
					i += n
					continue
				}
			}
			b = append(b, '\\', 'x', hex[c>>4], hex[c&15])
		}
		i++
	}
	return b
}

// Plain returns the length of the prefix of s that Append writes as it is: printable
// ASCII but a backslash. Eight bytes at a time, as urlgrammar's Display reads them: a byte below
// ' ' borrows when ' ' is taken from it, 0x7f carries into the high bit when 1 is added, a
// byte from 0x80 has it, and a backslash is a zero byte of the word xor eight of them, which
// borrows when 1 is taken from it and had no high bit (x-1 &^ x); with no such byte no borrow
// or carry crosses bytes, so a high bit set means one of them is there. A borrow or carry
// only reaches the bytes above the one it comes from: the lowest high bit set is that of the
// first such byte. The last bytes, fewer than eight, are read in the eight that end s.
func Plain[T string | []byte](s T) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for i := 0; len(s) >= 8 && i < len(s); i += 8 {
		j := min(i, len(s)-8) // the last word ends s: its bytes before i are plain
		b := s[j : j+8]       // one bounds check, and the eight loads are one
		w := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		x := w ^ '\\'*ones
		if m := ((w - ' '*ones) | (w + ones) | w | (x-ones)&^x) & highs; m != 0 {
			return j + bits.TrailingZeros64(m)>>3
		}
	}
	if len(s) >= 8 {
		return len(s)
	}
	i := 0
	for i < len(s) && PlainByte(s[i]) {
		i++
	}
	return i
}

// PlainByte reports whether Append writes the byte c as it is: printable ASCII but a
// backslash.
func PlainByte(c byte) bool { return c >= 0x20 && c < 0x7f && c != '\\' }
