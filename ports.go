package urlgrammar

// DefaultPort returns the default port of a scheme: RFC 1738 section 3's (ftp 21, http 80,
// gopher 70, nntp 119, telnet 23, wais 210, prospero 1525), and those the RFCs of later
// schemes give (https 443, RFC 9110 section 4.2.2; ws 80 and wss 443, RFC 6455 section 3).
// The scheme is compared case-insensitively. It reports false for other schemes. Scheme-based
// normalization (package resolve, RFC 3986 6.2.3 and RFC 9110 4.2.3) and the port warning
// (package warn) use it.
func DefaultPort(scheme string) (int, bool) {
	var lower [len("prospero")]byte
	if len(scheme) > len(lower) {
		return 0, false
	}
	for i := range len(scheme) {
		lower[i] = scheme[i] | 0x20 // only A-Z and a-z become a-z, so only a scheme of letters can match below
	}
	switch string(lower[:len(scheme)]) {
	case "ftp":
		return 21, true
	case "http", "ws":
		return 80, true
	case "https", "wss":
		return 443, true
	case "gopher":
		return 70, true
	case "nntp":
		return 119, true
	case "telnet":
		return 23, true
	case "wais":
		return 210, true
	case "prospero":
		return 1525, true
	}
	return 0, false
}
