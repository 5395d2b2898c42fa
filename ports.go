package urlgrammar

import "strings"

// defaultPorts are the default ports of RFC 1738 section 3.
var defaultPorts = map[string]int{
	"ftp": 21, "http": 80, "gopher": 70, "nntp": 119, "telnet": 23, "wais": 210, "prospero": 1525,
}

// DefaultPort returns the default port of a scheme as RFC 1738 section 3 gives it (ftp 21,
// http 80, gopher 70, nntp 119, telnet 23, wais 210, prospero 1525); the scheme is compared
// case-insensitively. It reports false for other schemes.
func DefaultPort(scheme string) (int, bool) {
	p, ok := defaultPorts[strings.ToLower(scheme)]
	return p, ok
}
