package urlgrammar

import (
	"github.com/urlgrammar/urlgrammar/generated/rfc2396bis01"
)

// Grammar rfc2396bis-01: draft-fielding-uri-rfc2396bis-01, "Uniform Resource Identifier
// (URI): Generic Syntax", March 2003. Files: grammar/rfc2396bis-01.abnf and .peg. Start rule
// URI-reference; absolute-URI-reference, absolute-URI and relative-URI give trees too.
func init() {
	g := newGrammar(rfc2396bis01.Generated)
	g.typedFromTree = typedFromTree2396
	mustRegister(g)
}
