package warn

import (
	"fmt"
	"net/netip"
	"strings"

	"golang.org/x/net/idna"

	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/whatwg"
)

// The WHATWG URL Standard's parser (browsers, Node, most HTTP clients) reads some references
// that a URI grammar accepts with another host: the parser-confusion behind SSRF and open
// redirects when an allowlist checks one reading and a client fetches the other. For a
// special scheme (ftp, http, https, ws, wss) it takes the authority after any number of
// slashes, "http:evil.com" and "http:///evil.com" included, where RFC 3986 reads a path or
// an empty authority; and it reads the host through its host parser: percent-decoded, mapped
// by UTS 46 (lower case), and as an IPv4 address when it ends in a number, "0x7f.1" being
// 127.0.0.1. checkConfusion compares the two readings of the host: where each finds it, and
// whether it is an IPv4 address or a name (a host that only the spelling of its name sets
// apart, "%65vil.com" or "ÉVIL.com", is the same host to both once normalized); and, the host
// the same, whether the parser takes the port (not one over 65535).

// whatwgLenient is the standard's "domain to ASCII" with beStrict false (UTS 46 ToASCII,
// nontransitional, CheckBidi and CheckJoiners, no STD3 rules, hyphen or length checks).
var whatwgLenient = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.Transitional(false), idna.StrictDomainName(false),
	idna.CheckHyphens(false), idna.VerifyDNSLength(false))

// specialSchemes are the standard's special schemes but file, whose host the file states
// read as RFC 3986 does.
var specialSchemes = map[string]bool{"ftp": true, "http": true, "https": true, "ws": true, "wss": true}

// whatwgAuthority returns the authority the WHATWG parser reads in src, a reference whose
// scheme ends at schemeEnd (the offset of its ":"): after every "/" that follows, up to the
// first "/", "?" or "#" (a reference valid under a URI grammar has no "\"), and its offset.
func whatwgAuthority(src string, schemeEnd int) (string, int) {
	i := schemeEnd + 1
	for i < len(src) && src[i] == '/' {
		i++
	}
	j := i
	for j < len(src) && src[j] != '/' && src[j] != '?' && src[j] != '#' {
		j++
	}
	return src[i:j], i
}

// whatwgHostOf returns the host of an authority as the WHATWG parser reads it (the text
// after the last "@", before a port), and its offset in the authority.
func whatwgHostOf(authority string) (string, int) {
	start := strings.LastIndexByte(authority, '@') + 1
	host := authority[start:]
	if strings.HasPrefix(host, "[") {
		if end := strings.IndexByte(host, ']'); end >= 0 {
			return host[:end+1], start
		}
		return host, start
	}
	if k := strings.LastIndexByte(host, ':'); k >= 0 {
		host = host[:k]
	}
	return host, start
}

// WHATWGHost returns the host the WHATWG URL Standard's host parser makes of the host text
// of a URL of a special scheme: percent-decoded, mapped to ASCII (UTS 46, lower case) and,
// when it ends in a number, read as an IPv4 address (dotted decimal; ipv4 is then set); an
// IPv6 literal that its IPv6 parser takes is kept as it is. An error is the parser's failure.
func WHATWGHost(host string) (h string, ipv4 bool, err error) {
	if lowerLDH(host) && !whatwg.EndsInANumber(host) {
		// A lower-case name of letters, digits, "-" and ".", as most hosts are: what the
		// parser makes of it is itself (nothing to decode, to map or to refuse).
		return host, false, nil
	}
	return whatwgHostParsed(host)
}

// lowerLDH reports whether host is not empty and holds only a-z, 0-9, "-" and ".".
func lowerLDH(host string) bool {
	for i := 0; i < len(host); i++ {
		if c := host[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '.') {
			return false
		}
	}
	return host != ""
}

// whatwgHostParsed is WHATWGHost without its shortcut for lower-case names: the standard's
// steps, one by one (TestWHATWGHostShortcut holds the shortcut to it).
func whatwgHostParsed(host string) (h string, ipv4 bool, err error) {
	if inner, ok := strings.CutPrefix(host, "["); ok {
		inner = strings.TrimSuffix(inner, "]")
		if a, err := netip.ParseAddr(inner); err != nil || !a.Is6() || strings.ContainsAny(inner, "%vV") {
			return "", false, fmt.Errorf("its IPv6 parser rejects %q (an IPvFuture or a zone identifier)", host)
		}
		return host, false, nil
	}
	// The standard's "UTF-8 decode without BOM" of the percent-decoded host: an octet that is
	// no UTF-8 ("%80") is U+FFFD, which UTS 46 disallows (x/net/idna passes it through).
	decoded := strings.ToValidUTF8(ast.Unescape(host), "\uFFFD")
	var ascii string
	if isASCII(decoded) {
		ascii = strings.ToLower(decoded)
	} else {
		a, err := whatwgLenient.ToASCII(decoded)
		if err != nil {
			return "", false, fmt.Errorf("its domain to ASCII fails (%v)", err)
		}
		ascii = a
	}
	if ascii == "" {
		return "", false, fmt.Errorf("its host is empty")
	}
	if strings.ContainsAny(ascii, "\x00\t\n\r #/:<>?@[\\]^|%\x7f") || strings.ContainsFunc(ascii, func(r rune) bool { return r < 0x20 }) {
		return "", false, fmt.Errorf("its host %q holds a forbidden domain code point", ascii)
	}
	if whatwg.EndsInANumber(ascii) {
		ip, ok := whatwg.IPv4(ascii)
		if !ok {
			return "", false, fmt.Errorf("its host %q ends in a number but is no IPv4 address", ascii)
		}
		return ip, true, nil
	}
	return ascii, false, nil
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// checkConfusion warns of a reference of a special scheme whose host the WHATWG parser
// reads otherwise than the grammar: another host, a host where the grammar reads none, or a
// failure of that parser.
func checkConfusion(h *hostParts, add func(Kind, string, int, string, ...any)) {
	if !h.Scheme.Defined || !specialSchemes[strings.ToLower(h.Scheme.In(h.src))] {
		return
	}
	authority, at := whatwgAuthority(h.src, h.Scheme.End)
	host, hostAt := whatwgHostOf(authority)
	theirs, ipv4, err := WHATWGHost(host)
	switch {
	case err != nil:
		add(Confusion, "WHATWG URL", at+hostAt, "the WHATWG URL parser (browsers, most HTTP clients) rejects this URL, where the grammar reads %s: %v", ourHost(h), err)
	case !h.Host.Defined || !h.Authority.Defined || h.Authority.Start != at:
		add(Confusion, "WHATWG URL", at+hostAt, "the WHATWG URL parser (browsers, most HTTP clients) reads the host %q, where the grammar reads %s (it takes the authority after any number of slashes)", theirs, ourHost(h))
	case ipv4 && h.HostKind != "ipv4":
		add(Confusion, "WHATWG URL", h.Host.Start, "the WHATWG URL parser (browsers, most HTTP clients) reads the IPv4 address %s, where the grammar reads %s, a name", theirs, ourHost(h))
	default:
		// The same host: the port is then the grammar's too, digits of any number (RFC
		// 3986's *DIGIT), where the parser fails on one over 65535 ("port out of range").
		if port, ok := strings.CutPrefix(authority[hostAt+len(host):], ":"); ok && portOutOfRange(port) {
			add(Confusion, "WHATWG URL", at+hostAt+len(host)+1, "the WHATWG URL parser (browsers, most HTTP clients) rejects this URL, where the grammar reads the port %q: a port is at most 65535", port)
		}
	}
}

// portOutOfRange reports whether port, digits, is a number over 65535.
func portOutOfRange(port string) bool {
	port = strings.TrimLeft(port, "0")
	return len(port) > 5 || len(port) == 5 && port > "65535"
}

// ourHost says what the grammar reads as the host, for a confusion warning: made only for
// a warning (most lines have none).
func ourHost(h *hostParts) string {
	if h.Host.Defined {
		return fmt.Sprintf("the host %q", h.Host.In(h.src))
	}
	return "no host"
}
