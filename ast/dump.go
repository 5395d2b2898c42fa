package ast

import (
	"fmt"
	"io"
	"strings"
)

// Fprint writes the tree rooted at node to w, one node a line, indented by depth: the
// production name, the byte span and the text. Absent components are not printed. A Tree
// prints as Tree.Fprint does.
//
//	URI-reference [0,12) "http://a/b?q"
//	  scheme [0,4) "http"
//	  authority [7,8) "a"
//	  ...
func Fprint(w io.Writer, node Node) error {
	if t, ok := node.(Tree); ok {
		return t.Fprint(w)
	}
	var err error
	depth := 0
	iri := IsIRI(node)
	Inspect(node, func(n Node) bool {
		if n == nil {
			depth--
			return false
		}
		if err == nil {
			name, text := describe(n)
			if iri {
				name = IRIName(name)
			}
			_, err = fmt.Fprintf(w, "%s%s [%d,%d) %q\n", strings.Repeat("  ", depth), name, n.Pos(), n.End(), text)
		}
		depth++
		return true
	})
	return err
}

// describe returns the production name and text of a node.
func describe(n Node) (string, string) {
	switch n := n.(type) {
	case *URIReference:
		if n.Rule != "" {
			return n.Rule, n.Text
		}
		return "URI-reference", n.Text
	case *Scheme:
		return "scheme", n.Text
	case *Authority:
		if n.Rule != "" {
			return "authority (" + n.Rule + ")", n.Text
		}
		return "authority", n.Text
	case *Server:
		return "server", n.Text
	case *Userinfo:
		return "userinfo", n.Text
	case *Host:
		return "host (" + string(n.Kind) + ")", n.Text
	case *IPv6Reference:
		return "IPv6reference", n.Text
	case *IPv6Address:
		return "IPv6address", n.Text
	case *IPLiteral:
		return "IP-literal", n.Text
	case *IPvFuture:
		return "IPvFuture", n.Text
	case *IPv4Address:
		return "IPv4address", n.Text
	case *DecOctet:
		return "dec-octet", n.Text
	case *Hostname:
		return "hostname", n.Text
	case *Label:
		if n.Top {
			return "toplabel", n.Text
		}
		return "domainlabel", n.Text
	case *Port:
		return "port", n.Text
	case *RegName:
		return "reg-name", n.Text
	case *Path:
		switch {
		case n.Rule != "":
			return "path (" + n.Rule + ")", n.Text
		case n.Absolute:
			return "path (abs-path)", n.Text
		case len(n.Segments) > 0:
			return "path (rel-path)", n.Text
		}
		return "path (empty)", n.Text
	case *Segment:
		return "segment", n.Text
	case *OpaquePart:
		return "opaque-part", n.Text
	case *Query:
		return "query", n.Text
	case *Fragment:
		return "fragment", n.Text
	case *Part:
		return n.Rule, n.Text
	case *HostNumber:
		return "hostnumber", n.Text
	case *HostPort:
		return "hostport", n.Text
	case *Login:
		return "login", n.Text
	case *SegmentPath:
		return n.Rule, n.Text
	case *HTTPURL:
		return "httpurl", n.Text
	case *FTPURL:
		return "ftpurl", n.Text
	case *GopherURL:
		return "gopherurl", n.Text
	case *MailtoURL:
		return "mailtourl", n.Text
	case *NewsURL:
		if n.All {
			return "newsurl (*)", n.Text
		}
		return "newsurl", n.Text
	case *Article:
		return "article", n.Text
	case *NNTPURL:
		return "nntpurl", n.Text
	case *TelnetURL:
		return "telneturl", n.Text
	case *WAISURL:
		return "waisurl (" + n.Form + ")", n.Text
	case *FileURL:
		return "fileurl", n.Text
	case *ProsperoURL:
		return "prosperourl", n.Text
	case *FragmentAddress:
		return "fragmentaddress", n.Text
	case *Search:
		return "search", n.Text
	case Address:
		if w, ok := n.(*WAISAddress); ok {
			return "waisaddress (" + w.Form + ")", w.Text
		}
		return n.Production(), n.String()
	case *IPSchemePart:
		return "ip-schemepart", n.Text
	case *FieldSpec:
		return "fieldspec", n.Text
	case *OtherURL:
		return "otherurl", n.Text
	}
	return fmt.Sprintf("%T", n), ""
}

// RuleName returns the name of the grammar production a node stands for ("segment",
// "hostname", "ftpurl", ...), without the detail Fprint adds in parentheses; a path is
// "abs-path", "rel-path" or "path" (empty), or in grammar rfc3986 its own rule
// ("path-abempty", ...).
func RuleName(n Node) string {
	if p, ok := n.(*Path); ok {
		switch {
		case p.Rule != "":
			return p.Rule
		case p.Absolute:
			return "abs-path"
		case len(p.Segments) > 0:
			return "rel-path"
		}
		return "path"
	}
	name, _ := describe(n)
	if i := strings.Index(name, " ("); i >= 0 {
		name = name[:i]
	}
	return name
}

// IsIRI reports whether node is the root of a tree of grammar rfc3987 (its rule is
// IRI-reference, IRI, absolute-IRI or irelative-ref), whose nodes are those of rfc3986 but
// whose rules RFC 3987 names with an "i" in front (see IRIName).
func IsIRI(node Node) bool {
	r, ok := node.(*URIReference)
	if !ok {
		return false
	}
	switch r.Rule {
	case "IRI-reference", "IRI", "absolute-IRI", "irelative-ref":
		return true
	}
	return false
}

// iriNames are the rules RFC 3987 section 2.2 renames: "If the non-terminal contains 'URI',
// this has been changed to 'IRI'. Otherwise, an 'i' has been prefixed."
var iriNames = map[string]string{
	"authority": "iauthority", "userinfo": "iuserinfo", "host": "ihost", "reg-name": "ireg-name",
	"path": "ipath", "segment": "isegment", "query": "iquery", "fragment": "ifragment",
}

// IRIName returns the RFC 3987 name of a node of an IRI tree named name as RuleName and
// Fprint name the nodes of the URI grammars: "reg-name" is "ireg-name", "path (path-empty)"
// stays, a name RFC 3987 does not change ("scheme", "port", "IPv6address") is returned as it
// is.
func IRIName(name string) string {
	base, detail, _ := strings.Cut(name, " (")
	if n, ok := iriNames[base]; ok {
		if detail != "" {
			return n + " (" + detail
		}
		return n
	}
	return name
}
