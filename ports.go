package urlgrammar

import "github.com/urlgrammar/urlgrammar/ast"

// DefaultPort returns the default port of a scheme: RFC 1738 section 3's (ftp 21, http 80,
// gopher 70, nntp 119, telnet 23, wais 210, prospero 1525), and those the RFCs of later
// schemes give (https 443, RFC 9110 section 4.2.2; ws 80 and wss 443, RFC 6455 section 3).
// The scheme is compared case-insensitively. It reports false for other schemes. Scheme-based
// normalization (package resolve, RFC 3986 6.2.3 and RFC 9110 4.2.3) and the port warning
// (package warn) use it; the RFC 1738 trees' Port methods use RFC 1738's alone
// (ast.DefaultPort).
func DefaultPort(scheme string) (int, bool) {
	if p, ok := ast.DefaultPort(scheme); ok {
		return p, true
	}
	switch len(scheme) {
	case 5:
		if equalFold(scheme, "https") {
			return 443, true
		}
	case 2:
		if equalFold(scheme, "ws") {
			return 80, true
		}
	case 3:
		if equalFold(scheme, "wss") {
			return 443, true
		}
	}
	return 0, false
}

// equalFold reports whether s is lower, ASCII letters compared without case.
func equalFold(s, lower string) bool {
	for i := 0; i < len(s); i++ {
		if s[i]|0x20 != lower[i] {
			return false
		}
	}
	return true
}
