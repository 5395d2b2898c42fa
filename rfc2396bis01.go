package urlgrammar

import (
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/generated/rfc2396bis01"
)

// Grammar rfc2396bis-01: draft-fielding-uri-rfc2396bis-01, "Uniform Resource Identifier
// (URI): Generic Syntax", March 2003. Files: grammar/rfc2396bis-01.abnf and .peg. Start rule
// URI-reference; absolute-URI-reference, absolute-URI and relative-URI give trees too.
func init() {
	dfas := rfc2396bis01.DFAs()
	fast := newFast2396(dfas)
	register(&Grammar{
		id:        "rfc2396bis-01",
		title:     "draft-fielding-uri-rfc2396bis-01, Uniform Resource Identifier (URI): Generic Syntax (March 2003)",
		start:     "URI-reference",
		rules:     rfc2396bis01.Rules(),
		run:       rfc2396bis01.Run,
		recognize: rfc2396bis01.Recognize,
		exprCost:  400,
		dfas:      dfas,
		fast:      func(s string) ast.Root { return fast.parse(s) },
		fastReusing: func() func(string) ast.Root {
			u := new(reuse)
			return func(s string) ast.Root { return fast.parseReusing(u, s) }
		},
		generic: true,
	})
}
