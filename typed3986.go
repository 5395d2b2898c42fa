package urlgrammar

import (
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/build"
)

// The typed trees of rfc3986 and rfc3987 built from their generic trees: the generic tree is
// built by the PEG compiled to Go (grammars/ID/builder.go), and its nodes are given to the
// constructors the PEG's actions call (internal/build/rfc3986.go), in the order the actions
// would, so the typed tree is pigeon's, node for node, by construction (TestTypedFromTree and
// FuzzTypedFromTree check it field for field). rfc3987's nodes are named as RFC 3987 names
// its rules (iauthority, ipath-abempty, ...); its typed nodes are rfc3986's.

// typedFromTree3986 builds the typed tree of the generic tree t of rfc3986 or rfc3987.
func typedFromTree3986(t ast.Tree) ast.Root {
	var scheme, authority, query, fragment any // nil when absent, as pigeon passes them
	var path *ast.Path
	for c := t.FirstChild(0); c >= 0; c = t.NextSibling(c) {
		switch name := t.RuleName(c); uriName(name) {
		case "scheme":
			scheme = build.Scheme(atNode(t, c))
		case "authority":
			authority = authority3986(t, c)
		case "query":
			query = build.Query(atNode(t, c))
		case "fragment":
			fragment = build.Fragment(atNode(t, c))
		default: // one of the paths of section 3.3, named by its rule
			path = build.Path3986(atNode(t, c), name)
		}
	}
	return build.Reference3986(atNode(t, 0), t.RuleName(0), scheme, build.HierPart(authority, path), query, fragment)
}

// atNode is the span of node i, as the actions see theirs.
func atNode(t ast.Tree, i int) build.At {
	n := t.Node(i)
	return build.At{Src: t.Src(), Start: int(n.Start()), Stop: int(n.End())}
}

// uriName returns the RFC 3986 name of an RFC 3987 rule ("iauthority" -> "authority"), or
// name itself.
func uriName(name string) string {
	if len(name) > 1 && name[0] == 'i' && name[1] >= 'a' && name[1] <= 'z' {
		return name[1:]
	}
	return name
}

// authority3986 builds authority = [ userinfo "@" ] host [ ":" port ].
func authority3986(t ast.Tree, a int) *ast.Authority {
	var userinfo, host, port any
	for c := t.FirstChild(a); c >= 0; c = t.NextSibling(c) {
		switch uriName(t.RuleName(c)) {
		case "userinfo":
			userinfo = build.Userinfo(atNode(t, c))
		case "host":
			host = host3986(t, c)
		case "port":
			port = build.Port(atNode(t, c))
		}
	}
	return build.Authority3986(atNode(t, a), userinfo, host, port)
}

// host3986 builds host = IP-literal / IPv4address / reg-name from the alternative that
// matched.
func host3986(t ast.Tree, h int) *ast.Host {
	var v any
	for c := t.FirstChild(h); c >= 0; c = t.NextSibling(c) {
		switch uriName(t.RuleName(c)) {
		case "IP-literal":
			var addr any
			for a := t.FirstChild(c); a >= 0; a = t.NextSibling(a) {
				switch t.RuleName(a) {
				case "IPv6address":
					addr = build.IPv6Address(atNode(t, a))
				case "IPvFuture":
					addr = build.IPvFuture(atNode(t, a))
				}
			}
			v = build.IPLiteral(atNode(t, c), addr)
		case "IPv4address":
			var octets [4]any
			k := 0
			for o := t.FirstChild(c); o >= 0; o = t.NextSibling(o) {
				if k < len(octets) {
					octets[k] = build.DecOctet(atNode(t, o))
					k++
				}
			}
			v = build.IPv4Address(atNode(t, c), octets[0], octets[1], octets[2], octets[3])
		case "reg-name":
			v = build.RegName(atNode(t, c))
		}
	}
	return build.Host3986(atNode(t, h), v)
}
