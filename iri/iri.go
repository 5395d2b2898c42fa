// Package iri maps Internationalized Resource Identifiers to URIs and URIs to IRIs, as RFC
// 3987 defines it: ToURI is the mapping of section 3.1, ToIRI the conversion of section 3.2.
// Both work on whole IRI and URI references and on components alike, as the RFC says; they
// map characters and do not check syntax (check the result with a grammar).
package iri

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// Options configure ToURI.
type Options struct {
	// EncodeASCII percent-encodes the printable US-ASCII characters that URIs do not allow
	// (space, '<', '>', '"', '{', '}', '|', '\', '^', '`'), which section 3.1 says systems
	// accepting IRIs MAY do. Without it they are an error, as the section says the conversion
	// then SHOULD fail. '#', '%', '[' and ']' are never encoded (the section: MUST NOT).
	EncodeASCII bool
	// IDNA replaces a non-ASCII host of the authority by its ASCII form (IDNA ToASCII, by
	// golang.org/x/net/idna) instead of percent-encoding it: "http://résumé.example.org"
	// becomes "http://xn--rsum-bpad.example.org", not "http://r%C3%A9sum%C3%A9.example.org".
	//
	// It is off by default because section 3.1 makes it a MAY, for "schemes known to use
	// domain names" whose definition does not allow percent-encoding there; it changes the
	// identifier (the two forms are different URIs, equal only to a resolver that knows
	// DNS); and x/net/idna implements IDNA2008 (UTS #46 processing), where the RFC cites
	// IDNA2003 (RFC 3490), so labels such as "ß" map differently from older resolvers.
	IDNA bool
}

// An Error says why a string cannot be mapped or converted, and where.
type Error struct {
	Offset int    // byte offset in the input
	Msg    string // what is wrong there
}

func (e *Error) Error() string { return fmt.Sprintf("offset %d: %s", e.Offset, e.Msg) }

// ToURI maps an IRI to a URI (RFC 3987 section 3.1). The input is taken as a sequence of
// Unicode characters already (variant c of step 1: it is not normalized to NFC; invalid UTF-8
// is an error). Every character in ucschar or iprivate is replaced by the percent-encoding of
// its UTF-8 octets, in upper case (step 2); everything a URI allows, percent-encodings
// included, is kept as it is, so the mapping is the identity on URIs and idempotent. Any
// other character is an error: a control character, a noncharacter, a character the IRI
// syntax does not have, and (see Options.EncodeASCII) the printable US-ASCII characters URIs
// do not allow.
func ToURI(s string, opts Options) (string, error) {
	u, err := mapChars(s, opts)
	if err != nil || !opts.IDNA {
		return u, err
	}
	// The host in ASCII (errors are at the host's offset in s, which is where it was), then
	// the rest as above; the input is known to map, and ToASCII writes only ASCII letters,
	// digits, '-' and '.'.
	if s, err = hostToASCII(s); err != nil {
		return "", err
	}
	return mapChars(s, opts)
}

// mapChars is step 2 of section 3.1.
func mapChars(s string, opts Options) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case uriChar(c):
				b.WriteByte(c)
			case c == ' ' || strings.IndexByte(`<>"{}|\^`+"`", c) >= 0:
				if !opts.EncodeASCII {
					return "", &Error{i, fmt.Sprintf("%q is not allowed in a URI (percent-encoding it is an option: Options.EncodeASCII, --encode-ascii)", c)}
				}
				writePercent(&b, c)
			default:
				return "", &Error{i, fmt.Sprintf("control character %#02x is not allowed in an IRI", c)}
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			return "", &Error{i, fmt.Sprintf("invalid UTF-8 (byte %#02x)", c)}
		}
		if !UCSChar(r) && !IPrivate(r) {
			return "", &Error{i, fmt.Sprintf("%U is not a character of IRIs (neither ucschar nor iprivate)", r)}
		}
		for k := 0; k < n; k++ {
			writePercent(&b, s[i+k])
		}
		i += n
	}
	return b.String(), nil
}

// ToIRI converts a URI to an IRI (RFC 3987 section 3.2): it decodes every percent-encoding
// (step 2) except those of '%', of the reserved characters and of the US-ASCII characters
// URIs do not allow; then percent-encodes again (in upper case) the decoded octets that are
// not part of strictly legal UTF-8 (step 3) and those of characters not appropriate in an
// IRI (step 4): characters that are neither ucschar nor iprivate, iprivate outside the
// query (the only component that allows it), and the bidirectional formatting characters
// that section 4.1 forbids (U+200E, U+200F, U+202A to U+202E). ToURI(ToIRI(u)) is u but for
// the case of percent-encodings and decoded unreserved characters, as the section says.
// The input must be a URI as far as characters go: ASCII, with every "%" starting a
// percent-encoding; otherwise it is an *Error.
//
// Section 6.1(b)'s characters that a reader cannot see are kept encoded: spaces and line
// separators other than U+0020 and characters that show nothing (see invisible), for
// example %E2%80%A8 (U+2028), %E2%80%8B (U+200B) and %EF%BB%BF (U+FEFF). Its visually
// confusable characters are decoded: telling them apart needs more than a syntax (see
// urlgrammar's warnings). Punycode labels are kept as they are. A URI is
// ASCII: a byte over 0x7F is an error.
func ToIRI(uri string) (string, error) {
	for i := 0; i < len(uri); i++ {
		if uri[i] >= utf8.RuneSelf {
			return "", &Error{i, fmt.Sprintf("byte %#02x: a URI is ASCII", uri[i])}
		}
		// A "%" that starts no percent-encoding is no URI; decoding a hex digit after it
		// would make one.
		if uri[i] == '%' && (i+2 >= len(uri) || !isHex(uri[i+1]) || !isHex(uri[i+2])) {
			return "", &Error{i, `"%" not followed by two hexadecimal digits: not a URI`}
		}
	}
	// Steps 1 and 2: the octets, with the decodable percent-encodings decoded. decoded[k]
	// marks the octets that came from a percent-encoding.
	oct := make([]byte, 0, len(uri))
	var decoded []bool
	query := make([]bool, 0, len(uri)) // the octet is in the query
	inQuery, inFragment := false, false
	for i := 0; i < len(uri); i++ {
		c := uri[i]
		switch {
		case c == '#' && !inFragment:
			inFragment, inQuery = true, false
		case c == '?' && !inQuery && !inFragment:
			inQuery = true
		}
		if c == '%' { // two hexadecimal digits follow, checked above
			v := unhex(uri[i+1])<<4 | unhex(uri[i+2])
			if decodable(v) {
				oct = append(oct, v)
				decoded = markAt(decoded, len(oct)-1)
				query = append(query, inQuery)
				i += 2
				continue
			}
		}
		oct = append(oct, c)
		query = append(query, inQuery)
	}
	// Steps 3 to 5.
	var b strings.Builder
	for k := 0; k < len(oct); {
		if !isDecoded(decoded, k) || oct[k] < utf8.RuneSelf {
			b.WriteByte(oct[k])
			k++
			continue
		}
		r, n := utf8.DecodeRune(oct[k:])
		whole := n > 1 && r != utf8.RuneError
		for j := k + 1; whole && j < k+n; j++ {
			whole = isDecoded(decoded, j) // a character only from decoded octets
		}
		if !whole || !appropriate(r, query[k]) {
			writePercent(&b, oct[k])
			k++
			continue
		}
		b.Write(oct[k : k+n])
		k += n
	}
	return b.String(), nil
}

// UCSChar reports whether r is in RFC 3987's ucschar.
func UCSChar(r rune) bool {
	switch {
	case r >= 0xA0 && r <= 0xD7FF, r >= 0xF900 && r <= 0xFDCF, r >= 0xFDF0 && r <= 0xFFEF:
		return true
	case r >= 0x10000 && r <= 0xEFFFD:
		// %x10000-1FFFD / ... / %xD0000-DFFFD / %xE1000-EFFFD: every plane but its last
		// two code points, and not U+E0000-E0FFF.
		if r&0xFFFF >= 0xFFFE {
			return false
		}
		return r < 0xE0000 || r >= 0xE1000
	}
	return false
}

// IPrivate reports whether r is in RFC 3987's iprivate (allowed only in the query).
func IPrivate(r rune) bool {
	return r >= 0xE000 && r <= 0xF8FF || r >= 0xF0000 && r <= 0xFFFFD || r >= 0x100000 && r <= 0x10FFFD
}

// bidiFormatting reports whether r is one of the bidirectional formatting characters that
// section 4.1 of RFC 3987 forbids in IRIs.
func bidiFormatting(r rune) bool {
	return r == 0x200E || r == 0x200F || r >= 0x202A && r <= 0x202E
}

// invisible reports whether r is a character that section 6.1(b) says to avoid, for which
// ToIRI therefore keeps the percent-encoding: a space or line separator other than U+0020
// ("look-alikes of space", Unicode's White_Space: U+00A0, U+2000-U+200A, U+2028, U+2029,
// U+3000 and the others) and a character that shows nothing (Unicode's format characters,
// Cf, and Default_Ignorable_Code_Point: U+200B, U+FEFF, U+034F, U+115F, the variation
// selectors and the others). A reader cannot tell an IRI holding one from an IRI without it.
func invisible(r rune) bool {
	return unicode.In(r, unicode.White_Space, unicode.Cf, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector)
}

func appropriate(r rune, inQuery bool) bool {
	if bidiFormatting(r) || invisible(r) {
		return false
	}
	return UCSChar(r) || inQuery && IPrivate(r)
}

// uriChar reports whether a URI allows c as it is: unreserved, reserved, and '%'.
func uriChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		strings.IndexByte("-._~:/?#[]@!$&'()*+,;=%", c) >= 0
}

// decodable reports whether step 2 of section 3.2 decodes the percent-encoding of v: not
// '%', not a reserved character, not a US-ASCII character URIs do not allow.
func decodable(v byte) bool {
	if v >= utf8.RuneSelf {
		return true
	}
	return 'a' <= v && v <= 'z' || 'A' <= v && v <= 'Z' || '0' <= v && v <= '9' || strings.IndexByte("-._~", v) >= 0
}

func markAt(m []bool, k int) []bool {
	for len(m) <= k {
		m = append(m, false)
	}
	m[k] = true
	return m
}

func isDecoded(m []bool, k int) bool { return k < len(m) && m[k] }

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

func writePercent(b *strings.Builder, c byte) {
	const hex = "0123456789ABCDEF"
	b.WriteByte('%')
	b.WriteByte(hex[c>>4])
	b.WriteByte(hex[c&15])
}

// hostToASCII replaces a non-ASCII reg-name host of the authority of s ("scheme://" or "//"
// followed by [userinfo "@"] host [":" port]) by its IDNA ToASCII form. An IP literal, an
// ASCII host and an input without an authority are left as they are.
func hostToASCII(s string) (string, error) {
	start := strings.Index(s, "//")
	if start < 0 {
		return s, nil
	}
	// "//" must begin the reference or follow the scheme's ":".
	if start > 0 && (s[start-1] != ':' || strings.ContainsAny(s[:start-1], "/?#")) {
		return s, nil
	}
	start += 2
	end := len(s)
	if i := strings.IndexAny(s[start:], "/?#"); i >= 0 {
		end = start + i
	}
	host := start
	if i := strings.LastIndexByte(s[start:end], '@'); i >= 0 {
		host = start + i + 1
	}
	hostEnd := end
	if i := strings.LastIndexByte(s[host:end], ':'); i >= 0 && !strings.HasPrefix(s[host:end], "[") {
		hostEnd = host + i
	}
	name := s[host:hostEnd]
	ascii := true
	for i := 0; i < len(name); i++ {
		ascii = ascii && name[i] < utf8.RuneSelf
	}
	if ascii || strings.HasPrefix(name, "[") {
		return s, nil
	}
	out, err := idnaProfile.ToASCII(name)
	if err != nil {
		return "", &Error{host, fmt.Sprintf("host %q: IDNA ToASCII: %v", name, err)}
	}
	return s[:host] + out + s[hostEnd:], nil
}

// idnaProfile is IDNA ToASCII for lookup with the STD3 ASCII rules, as section 3.1 asks
// (UseSTD3ASCIIRules set).
var idnaProfile = idna.New(idna.MapForLookup(), idna.StrictDomainName(true), idna.Transitional(false))
