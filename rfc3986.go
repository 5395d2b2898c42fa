package urlgrammar

import "github.com/urlgrammar/urlgrammar/generated/rfc3986"

// Grammar rfc3986: RFC 3986, "Uniform Resource Identifier (URI): Generic Syntax", January 2005
// (STD 66), Appendix A. Files: grammar/rfc3986.abnf and .peg. Start rule URI-reference; URI,
// absolute-URI and relative-ref are its other start rules (Match). Its trees are generic
// references (*ast.URIReference with rule "URI-reference"): every authority is a server
// (userinfo, host, port), a host is an IP-literal, an IPv4address or a reg-name, and each
// path names its production (path-abempty, ...). Package resolve resolves them with the RFC's
// own algorithm (section 5.2).
func init() {
	g := newGrammar(rfc3986.Generated)
	g.typedFromTree = typedFromTree3986
	mustRegister(g)
}
