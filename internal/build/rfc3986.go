package build

import (
	"strings"

	"github.com/urlgrammar/urlgrammar/ast"
)

// Constructors for grammar rfc3986 (grammars/rfc3986/rfc3986.peg), whose trees are the generic
// references of package ast: every authority is a server (userinfo, host, port), a host is an
// IP-literal, an IPv4address or a reg-name, and a path names its own production. Scheme,
// Userinfo, Port, RegName, IPv4Address, DecOctet, IPv6Address, Query and Fragment are the
// generic constructors (the same rules).

// Reference3986 builds the root of a start rule (URI-reference, URI, absolute-URI,
// relative-ref) from its optional scheme, its hier (hier-part or relative-part), optional
// query and optional fragment. For URI-reference, body is the tree of URI or relative-ref.
func Reference3986(a At, rule string, scheme, body, query, fragment any) *ast.URIReference {
	r := &ast.URIReference{Span: a.Span(), Rule: rule, Text: a.Text()}
	if inner, ok := body.(*ast.URIReference); ok {
		r.Scheme, r.Authority, r.Path, r.Query, r.Fragment = inner.Scheme, inner.Authority, inner.Path, inner.Query, inner.Fragment
		return r
	}
	if scheme != nil {
		r.Scheme = scheme.(*ast.Scheme)
	}
	h := body.(hier)
	r.Authority, r.Path = h.authority, h.path
	if query != nil {
		r.Query = query.(*ast.Query)
	}
	if fragment != nil {
		r.Fragment = fragment.(*ast.Fragment)
	}
	return r
}

// HierPart builds hier-part and relative-part: "//" authority path-abempty (authority set),
// or one of the other paths alone (authority nil).
func HierPart(authority, path any) hier {
	h := hier{path: path.(*ast.Path)}
	if authority != nil {
		h.authority = authority.(*ast.Authority)
	}
	return h
}

// Path3986 builds a path of one of the productions of section 3.3 (rule) from its text: the
// segments are what lies between the "/"s (pchar has no "/"), so "/a/b" has "a" and "b", "/"
// one empty segment, "a/b" "a" and "b", and the empty path none.
func Path3986(a At, rule string) *ast.Path {
	text := a.Text()
	p := &ast.Path{Span: a.Span(), Rule: rule, Text: text, Absolute: strings.HasPrefix(text, "/")}
	start := a.Start
	if p.Absolute {
		start++
	} else if text == "" {
		p.Segments = []*ast.Segment{}
		return p
	}
	n := strings.Count(a.Src[start:a.Stop], "/") + 1
	p.Segments = make([]*ast.Segment, n)
	block := make([]ast.Segment, n) // the segments in one allocation
	for k, i := 0, start; k < n; k++ {
		end := a.Stop
		if j := strings.IndexByte(a.Src[i:a.Stop], '/'); j >= 0 {
			end = i + j
		}
		block[k] = ast.Segment{Span: ast.Span{Start: i, Stop: end}, Text: a.Src[i:end]}
		p.Segments[k] = &block[k]
		i = end + 1
	}
	return p
}

// Authority3986 builds authority = [ userinfo "@" ] host [ ":" port ], whose parts are kept
// in a server node spanning the whole authority.
func Authority3986(a At, userinfo, host, port any) *ast.Authority {
	s := &ast.Server{Span: a.Span(), Text: a.Text(), Host: host.(*ast.Host)}
	if userinfo != nil {
		s.Userinfo = userinfo.(*ast.Userinfo)
	}
	if port != nil {
		s.Port = port.(*ast.Port)
	}
	return &ast.Authority{Span: a.Span(), Text: a.Text(), Server: s}
}

// Host3986 builds host = IP-literal / IPv4address / reg-name from whichever alternative
// matched.
func Host3986(a At, v any) *ast.Host {
	h := &ast.Host{Span: a.Span(), Text: a.Text()}
	switch v := v.(type) {
	case *ast.IPLiteral:
		h.IPLiteral, h.Kind = v, ast.HostKindIPv6
		if v.IPvFuture != nil {
			h.Kind = ast.HostKindIPvFuture
		}
	case *ast.IPv4Address:
		h.Kind, h.IPv4 = ast.HostKindIPv4, v
	case *ast.RegName:
		h.Kind, h.RegName = ast.HostKindRegName, v
	}
	return h
}

// IPLiteral builds IP-literal = "[" ( IPv6address / IPvFuture ) "]".
func IPLiteral(a At, v any) *ast.IPLiteral {
	l := &ast.IPLiteral{Span: a.Span(), Text: a.Text()}
	switch v := v.(type) {
	case *ast.IPv6Address:
		l.IPv6 = v
	case *ast.IPvFuture:
		l.IPvFuture = v
	}
	return l
}

// IPvFuture builds IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
func IPvFuture(a At) *ast.IPvFuture { return &ast.IPvFuture{Span: a.Span(), Text: a.Text()} }
