package urlgrammar

import "github.com/urlgrammar/urlgrammar/generated/urlsyntax05"

// Grammar url-syntax-05: draft-fielding-url-syntax-05, "Uniform Resource Locators (URL):
// Generic Syntax and Semantics", May 1997, Appendix A. Files: grammar/url-syntax-05.abnf and
// .peg. Start rule URL-reference. Its trees are generic references (*ast.URIReference with
// rule "URL-reference"), so package resolve works on them; the CLI resolves with the draft's
// own algorithm (section 5.2) unless told otherwise.
func init() {
	g := newGrammar(urlsyntax05.Generated)
	g.typedFromTree = typedFromTree97
	mustRegister(g)
}
