package uri

import (
	"fmt"
	"strings"
)

// A Part is a component, or part of one, that Escape writes raw text into.
type Part int

// The parts, with what RFC 3986 section 3 allows in each unescaped (unreserved characters
// everywhere: ALPHA, DIGIT, "-", ".", "_", "~").
const (
	Userinfo   Part = iota // sub-delims and ":" (3.2.1)
	Host                   // a reg-name: sub-delims (3.2.2)
	Path                   // a path: pchar (sub-delims, ":", "@") and "/" (3.3)
	Segment                // one path segment: pchar; "/" is escaped (3.3)
	Query                  // a query: pchar, "/" and "?" (3.4)
	QueryValue             // a key or value of a query: as Query, but "&", "=", "+" and ";" escaped
	Fragment               // a fragment: pchar, "/" and "?" (3.5)
)

const subDelims = "!$&'()*+,;="

// allowed reports whether Escape keeps c as it is in the part.
func allowed(c byte, p Part) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '-', c == '.', c == '_', c == '~':
		return true
	case c >= 0x80 || c == '%':
		return false
	}
	sub := strings.IndexByte(subDelims, c) >= 0
	switch p {
	case Userinfo:
		return sub || c == ':'
	case Host:
		return sub
	case Segment:
		return sub || c == ':' || c == '@'
	case Path:
		return sub || c == ':' || c == '@' || c == '/'
	case Query, Fragment:
		return sub || c == ':' || c == '@' || c == '/' || c == '?'
	case QueryValue:
		return (sub || c == ':' || c == '@' || c == '/' || c == '?') && strings.IndexByte("&=+;", c) < 0
	}
	return false
}

// Escape returns s percent-encoded for the part: every byte the part does not allow as it is
// written as "%" and two upper-case hexadecimal digits (UTF-8 bytes, "%" itself, and the
// delimiters of the part). The result is valid in that component of an RFC 3986 reference,
// and decodes (with Unescape) to s.
func Escape(s string, p Part) string {
	n := 0
	for i := 0; i < len(s); i++ {
		if !allowed(s[i], p) {
			n++
		}
	}
	if n == 0 {
		return s
	}
	const hex = "0123456789ABCDEF"
	b := make([]byte, 0, len(s)+2*n)
	for i := 0; i < len(s); i++ {
		if c := s[i]; allowed(c, p) {
			b = append(b, c)
		} else {
			b = append(b, '%', hex[c>>4], hex[c&15])
		}
	}
	return string(b)
}

// EscapeError is a "%" that starts no percent-encoding, at a byte offset.
type EscapeError struct {
	Offset int
	Text   string
}

func (e *EscapeError) Error() string {
	return fmt.Sprintf("uri: offset %d: %q is not a percent-encoding (%% and two hexadecimal digits)", e.Offset, e.Text)
}

// Unescape decodes the percent-encodings of s; a "%" not followed by two hexadecimal digits
// is an *EscapeError at its offset.
func Unescape(s string) (string, error) { return unescape(s, false, 0) }

// unescape decodes s, "+" as a space when plus is set; offsets in errors start at base.
func unescape(s string, plus bool, base int) (string, error) {
	if !strings.ContainsAny(s, "%+") || !plus && !strings.Contains(s, "%") {
		return s, nil
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '%':
			if i+2 >= len(s) || unhex(s[i+1]) < 0 || unhex(s[i+2]) < 0 {
				return "", &EscapeError{Offset: base + i, Text: s[i:min(i+3, len(s))]}
			}
			b = append(b, byte(unhex(s[i+1])<<4|unhex(s[i+2])))
			i += 2
		case c == '+' && plus:
			b = append(b, ' ')
		default:
			b = append(b, c)
		}
	}
	return string(b), nil
}

func unhex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c|0x20 && c|0x20 <= 'f':
		return int(c|0x20-'a') + 10
	}
	return -1
}

// A Pair is one key and value of a query, decoded. A key without "=" has Value "" and
// HasValue false.
type Pair struct {
	Key, Value string
	HasValue   bool
}

// DecodeQuery splits a query (without its "?") at "&" into key/value pairs at their first
// "=", in order, and decodes their percent-encodings; form decodes "+" as a space too, as
// HTML forms (application/x-www-form-urlencoded) write it, which RFC 3986 does not. Empty
// pieces ("a=1&&b=2") are skipped. A bad percent-encoding is an *EscapeError at its offset in
// the query.
func DecodeQuery(q string, form bool) ([]Pair, error) {
	var pairs []Pair
	for start := 0; start <= len(q); {
		end := strings.IndexByte(q[start:], '&')
		if end < 0 {
			end = len(q)
		} else {
			end += start
		}
		piece := q[start:end]
		if piece != "" {
			k, v, has := strings.Cut(piece, "=")
			key, err := unescape(k, form, start)
			if err != nil {
				return nil, err
			}
			val, err := unescape(v, form, start+len(k)+1)
			if err != nil {
				return nil, err
			}
			pairs = append(pairs, Pair{key, val, has})
		}
		start = end + 1
	}
	return pairs, nil
}
