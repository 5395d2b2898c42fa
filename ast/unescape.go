package ast

// Unescape replaces every escape "%" hex hex of s by the octet it encodes; a "%" that does
// not start an escape is kept as it is.
func Unescape(s string) string {
	return UnescapeIf(s, func(byte) bool { return true })
}

// UnescapeIf replaces the escapes "%" hex hex of s whose octet decode accepts by that octet,
// and keeps every other byte as it is (the normalizer decodes only the escapes of
// unreserved characters this way).
func UnescapeIf(s string, decode func(byte) bool) string {
	i := 0
	for i < len(s) && s[i] != '%' {
		i++
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, 0, len(s))
	b = append(b, s[:i]...)
	for ; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			if c := unhex(s[i+1])<<4 | unhex(s[i+2]); decode(c) {
				b = append(b, c)
				i += 2
				continue
			}
		}
		b = append(b, s[i])
	}
	return string(b)
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}
