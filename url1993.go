package urlgrammar

import "github.com/urlgrammar/urlgrammar/generated/url1993"

// Grammar url-1993: T. Berners-Lee, "Uniform Resource Locators", Internet Draft, 1993,
// section "BNF syntax". Files: grammar/url-1993.abnf and .peg. Start rule fragmentaddress,
// whose trees are *ast.FragmentAddress: the address (one type per production of url) and
// its fragmentid.
func init() {
	g := newGrammar(url1993.Generated)
	g.typedFromTree = typedFromTree93
	mustRegister(g)
}
