package urlgrammar

import "github.com/urlgrammar/urlgrammar/generated/urlsyntax05"

// Grammar url-syntax-05: draft-fielding-url-syntax-05, "Uniform Resource Locators (URL):
// Generic Syntax and Semantics", May 1997, Appendix A. Files: grammar/url-syntax-05.abnf and
// .peg. Start rule URL-reference. Its trees are generic references (*ast.URIReference with
// rule "URL-reference"), so package resolve works on them; the CLI resolves with the draft's
// own algorithm (section 5.2) unless told otherwise.
func init() {
	register(&Grammar{
		id:        "url-syntax-05",
		title:     "draft-fielding-url-syntax-05, Uniform Resource Locators (URL): Generic Syntax and Semantics (May 1997)",
		start:     "URL-reference",
		rules:     urlsyntax05.Rules(),
		run:       urlsyntax05.Run,
		recognize: urlsyntax05.Recognize,
		exprCost:  400,
		dfas:      urlsyntax05.DFAs(),
		generic:   true,
	})
}
