package urlgrammar

import "github.com/urlgrammar/urlgrammar/ast"

// DefaultPort returns the default port of a scheme as RFC 1738 section 3 gives it (ftp 21,
// http 80, gopher 70, nntp 119, telnet 23, wais 210, prospero 1525); the scheme is compared
// case-insensitively. It reports false for other schemes. It is ast.DefaultPort, which the
// RFC 1738 trees' Port methods use.
func DefaultPort(scheme string) (int, bool) { return ast.DefaultPort(scheme) }
