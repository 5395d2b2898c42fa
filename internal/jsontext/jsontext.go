// Package jsontext writes JSON strings byte for byte as encoding/json does (HTML escaping
// off), for the encoders that write JSON without reflection: check's records and ast.Tree's
// JSON form. One character is written otherwise, so that the bytes are the same with every
// Go: U+FFFD, the replacement character, is always escaped as \ufffd (EscapeReplacement
// makes encoding/json's output so).
package jsontext

import (
	"bytes"
	"unicode/utf8"
)

// AppendString appends s as a JSON string as encoding/json writes it with HTML escaping off:
// '"' and '\\' escaped, control characters as \n, \r, \t, \b, \f or \u00XX, and U+2028 and
// U+2029 escaped; and U+FFFD as \ufffd, both a byte of invalid UTF-8 and a U+FFFD of the text
// (encoding/json writes the first as \ufffd before Go 1.27 and as U+FFFD itself since, and the
// second as itself: the JSON string means U+FFFD either way).
func AppendString(b []byte, s string) []byte {
	if len(s) >= 8 && Plain(s) { // most are: read a word at a time, and copied at once
		return AppendPlain(b, s)
	}
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if plainJSON[c] {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError { // a byte of invalid UTF-8 (size 1), or U+FFFD itself
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// replacement is U+FFFD in UTF-8.
const replacement = "\uFFFD"

// EscapeReplacement returns the JSON text that encoding/json wrote in b (b itself when it
// holds no U+FFFD) with each U+FFFD written \ufffd, as AppendString writes it: the bytes
// of encoding/json's output are then the same with every Go (its writing of invalid UTF-8
// changed in Go 1.27). A U+FFFD in JSON text encoding/json wrote is in a string, where its
// escape means the same.
func EscapeReplacement(b []byte) []byte {
	if !bytes.Contains(b, []byte(replacement)) {
		return b
	}
	return bytes.ReplaceAll(b, []byte(replacement), []byte(`\ufffd`))
}

// AppendStrings appends ss as a JSON array of strings, each as AppendString writes it
// ("[]" for none: a nil slice too).
func AppendStrings(b []byte, ss []string) []byte {
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = AppendString(b, s)
	}
	return append(b, ']')
}

// plainJSON marks the bytes a JSON string holds as they are: printable ASCII but '"' and '\\'.
var plainJSON = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// Plain reports whether AppendString writes s as itself between quotes, and every substring
// of s likewise: every byte is ASCII from 0x20 to 0x7f and none is '"' or '\\'. A writer
// that writes many substrings of one input (check's records: the components and parts of a
// URL) asks once of the input and then appends each with AppendPlain, without reading its
// bytes again.
func Plain(s string) bool {
	if len(s) < 8 {
		for i := 0; i < len(s); i++ {
			if !plainJSON[s[i]] {
				return false
			}
		}
		return true
	}
	// Eight bytes at once: a byte under 0x20, one of 0x80 or over, '"' or '\\' sets the high
	// bit of some byte of bad (the has-less and has-zero tests of a word). The last bytes are
	// read in the eight that end s.
	var bad uint64
	for i := 0; i < len(s); i += 8 {
		w := s[min(i, len(s)-8):]
		w = w[:8]
		x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
		quote, backslash := x^(ones*'"'), x^(ones*'\\')
		bad |= (x-ones*0x20)&^x | x | (quote-ones)&^quote | (backslash-ones)&^backslash
	}
	return bad&(ones*0x80) == 0
}

// ones has a 1 in each byte of a word.
const ones = 0x0101010101010101

// AppendPlain appends s, which must be Plain, as a JSON string: s between quotes.
func AppendPlain(b []byte, s string) []byte {
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// AppendStringOf appends s as AppendString does, as AppendPlain when plain is set: plain
// says that s is Plain (a substring of a Plain string).
func AppendStringOf(b []byte, s string, plain bool) []byte {
	if plain {
		return AppendPlain(b, s)
	}
	return AppendString(b, s)
}
