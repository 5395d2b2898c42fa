package urlgrammar

import "github.com/urlgrammar/urlgrammar/generated/rfc1738"

// Grammar rfc1738: RFC 1738, "Uniform Resource Locators (URL)", December 1994, section 5.
// Files: grammar/rfc1738.abnf and .peg. Start rule url, whose trees are the scheme nodes of
// ast/rfc1738.go (*ast.HTTPURL, *ast.FTPURL, ...); Match accepts each scheme production too.
//
// The start rule has the dispatch of DESIGN.md, which the ABNF does not: a URL whose scheme
// (compared case-insensitively) is one of the ten named schemes must match that scheme's
// production, and otherurl covers the other schemes only. So "ftp://h/f;type=x" is invalid
// (a bad typecode), though the ABNF's otherurl, which matches every scheme, would take it.
func init() {
	register(&Grammar{
		id:        "rfc1738",
		title:     "RFC 1738, Uniform Resource Locators (URL), section 5 (December 1994)",
		start:     "url",
		rules:     rfc1738.Rules(),
		run:       rfc1738.Run,
		recognize: rfc1738.Recognize,
		exprCost:  400,
		dfas:      rfc1738.DFAs(),
		dispatch:  dispatch1738,
	})
}

// schemes1738 are the ten named schemes of RFC 1738 section 5 and their productions.
var schemes1738 = [...]struct{ scheme, rule string }{
	{"http", "httpurl"}, {"ftp", "ftpurl"}, {"news", "newsurl"}, {"nntp", "nntpurl"},
	{"telnet", "telneturl"}, {"gopher", "gopherurl"}, {"wais", "waisurl"},
	{"mailto", "mailtourl"}, {"file", "fileurl"}, {"prospero", "prosperourl"},
}

// dispatch1738 returns the production a URL must match: the production of its scheme when
// the scheme is one of the ten named ones (compared case-insensitively, ASCII only),
// otherwise otherurl. It allocates nothing.
func dispatch1738(s string) string {
	colon := -1
	for i := 0; i < len(s) && i <= len("prospero"); i++ {
		if s[i] == ':' {
			colon = i
			break
		}
	}
	for _, n := range schemes1738 {
		if len(n.scheme) == colon && asciiEqualFold(s[:colon], n.scheme) {
			return n.rule
		}
	}
	return "otherurl"
}

// asciiEqualFold reports whether s equals the lower-case ASCII word lower, ignoring the case
// of ASCII letters only (strings.EqualFold would also fold U+212A and U+017F).
func asciiEqualFold(s, lower string) bool {
	if len(s) != len(lower) {
		return false
	}
	for i := range len(s) {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}
