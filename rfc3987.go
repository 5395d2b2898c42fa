package urlgrammar

import "github.com/urlgrammar/urlgrammar/generated/rfc3987"

// Grammar rfc3987: RFC 3987, "Internationalized Resource Identifiers (IRIs)", January 2005,
// section 2.2. Files: grammar/rfc3987.abnf and .peg. Start rule IRI-reference; IRI,
// absolute-IRI and irelative-ref are its other start rules (Match). Input is read as UTF-8:
// ucschar and iprivate are code points, invalid UTF-8 and surrogates are errors at their byte
// offset. Its trees are those of rfc3986 (*ast.URIReference with rule "IRI-reference", paths
// named ipath-abempty ...), so package resolve works on them with RFC 3986's algorithm.
func init() {
	g := newGrammar(rfc3987.Generated)
	g.typedFromTree = typedFromTree3986
	mustRegister(g)
}
