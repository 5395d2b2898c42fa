package urlgrammar

import "github.com/urlgrammar/urlgrammar/generated/rfc1738"

// Grammar rfc1738: RFC 1738, "Uniform Resource Locators (URL)", December 1994, section 5.
// Files: grammar/rfc1738.abnf and .peg. Start rule url, whose trees are the scheme nodes of
// ast/rfc1738.go (*ast.HTTPURL, *ast.FTPURL, ...); Match accepts each scheme production too.
//
// The start rule has the dispatch of docs/design.md, which the ABNF does not, declared in the
// header (; urlgrammar dispatch:): a URL whose scheme (compared case-insensitively) is one of
// the ten named schemes must match that scheme's production, and otherurl covers the other
// schemes only. So "ftp://h/f;type=x" is invalid (a bad typecode), though the ABNF's
// otherurl, which matches every scheme, would take it.
func init() {
	g := newGrammar(rfc1738.Generated)
	g.typedFromTree = typedFromTree1738
	mustRegister(g)
}
