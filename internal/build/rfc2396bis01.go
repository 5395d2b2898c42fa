package build

import "github.com/urlgrammar/urlgrammar/ast"

// Constructors for the generic syntax of grammar rfc2396bis-01 (grammars/rfc2396bis-01/rfc2396bis-01.peg).
// Each is named after the production whose action calls it. Values arrive from pigeon labels
// as any; an absent optional expression arrives as nil.

// hier is the value of hier-part, relative-URI, net-path, abs-path and rel-path: the part of a
// reference between the scheme and the fragment.
type hier struct {
	authority *ast.Authority
	path      *ast.Path
	query     *ast.Query
}

func Scheme(a At) *ast.Scheme         { return &ast.Scheme{Span: a.Span(), Text: a.Text()} }
func Userinfo(a At) *ast.Userinfo     { return &ast.Userinfo{Span: a.Span(), Text: a.Text()} }
func Port(a At) *ast.Port             { return &ast.Port{Span: a.Span(), Text: a.Text()} }
func RegName(a At) *ast.RegName       { return &ast.RegName{Span: a.Span(), Text: a.Text()} }
func Segment(a At) *ast.Segment       { return &ast.Segment{Span: a.Span(), Text: a.Text()} }
func OpaquePart(a At) *ast.OpaquePart { return &ast.OpaquePart{Span: a.Span(), Text: a.Text()} }
func Query(a At) *ast.Query           { return &ast.Query{Span: a.Span(), Text: a.Text()} }
func Fragment(a At) *ast.Fragment     { return &ast.Fragment{Span: a.Span(), Text: a.Text()} }
func IPv6Address(a At) *ast.IPv6Address {
	return &ast.IPv6Address{Span: a.Span(), Text: a.Text()}
}

// Label builds a domainlabel, or a toplabel when top is set.
func Label(a At, top bool) *ast.Label {
	return &ast.Label{Span: a.Span(), Text: a.Text(), Top: top}
}

// Qualified is the value of qualified: its labels and whether it ends in "." toplabel ".".
type Qualified struct {
	Labels []*ast.Label
	Dot    bool
}

// LastLabel is the optional last part of qualified: a toplabel followed by "." (Dot set),
// or a domainlabel.
type LastLabel struct {
	Label *ast.Label
	Dot   bool
}

// Last builds the last part of qualified.
func Last(label any, dot bool) LastLabel { return LastLabel{label.(*ast.Label), dot} }

// QualifiedLabels builds qualified from its repeated "." domainlabel and its optional last
// part (nil when absent).
func QualifiedLabels(rest []any, last any) Qualified {
	q := Qualified{Labels: make([]*ast.Label, 0, len(rest)+1)}
	for _, l := range rest {
		q.Labels = append(q.Labels, l.(*ast.Label))
	}
	if last != nil {
		ll := last.(LastLabel)
		q.Labels = append(q.Labels, ll.Label)
		q.Dot = ll.Dot
	}
	return q
}

// Hostname builds hostname = domainlabel qualified.
func Hostname(a At, first, qualified any) *ast.Hostname {
	q := qualified.(Qualified)
	labels := append([]*ast.Label{first.(*ast.Label)}, q.Labels...)
	return &ast.Hostname{Span: a.Span(), Text: a.Text(), Labels: labels, TrailingDot: q.Dot}
}

// DecOctet builds a dec-octet; the grammar guarantees 0-255 without leading zeros.
func DecOctet(a At) *ast.DecOctet {
	v := 0
	for _, d := range a.Text() {
		v = v*10 + int(d-'0')
	}
	return &ast.DecOctet{Span: a.Span(), Text: a.Text(), Value: uint8(v)}
}

// IPv4Address builds IPv4address from its four dec-octets.
func IPv4Address(a At, o1, o2, o3, o4 any) *ast.IPv4Address {
	return &ast.IPv4Address{Span: a.Span(), Text: a.Text(), Octets: [4]*ast.DecOctet{
		o1.(*ast.DecOctet), o2.(*ast.DecOctet), o3.(*ast.DecOctet), o4.(*ast.DecOctet)}}
}

// IPv6Reference builds "[" IPv6address "]".
func IPv6Reference(a At, addr any) *ast.IPv6Reference {
	return &ast.IPv6Reference{Span: a.Span(), Text: a.Text(), Address: addr.(*ast.IPv6Address)}
}

// Host builds host from whichever alternative matched.
func Host(a At, v any) *ast.Host {
	h := &ast.Host{Span: a.Span(), Text: a.Text()}
	switch v := v.(type) {
	case *ast.IPv6Reference:
		h.Kind, h.IPv6 = ast.HostKindIPv6, v
	case *ast.IPv4Address:
		h.Kind, h.IPv4 = ast.HostKindIPv4, v
	case *ast.Hostname:
		h.Kind, h.Hostname = ast.HostKindHostname, v
	}
	return h
}

// Server builds server = [ [ userinfo "@" ] hostport ]; hostport is nil for the empty server.
func Server(a At, userinfo, hostport any) *ast.Server {
	s := &ast.Server{Span: a.Span(), Text: a.Text()}
	if userinfo != nil {
		s.Userinfo = userinfo.(*ast.Userinfo)
	}
	if hostport != nil {
		hp := hostport.(*ast.Server)
		s.Host, s.Port = hp.Host, hp.Port
	}
	return s
}

// HostPort builds hostport = host [ ":" port ], carried in a Server node.
func HostPort(a At, host, port any) *ast.Server {
	s := &ast.Server{Span: a.Span(), Text: a.Text(), Host: host.(*ast.Host)}
	if port != nil {
		s.Port = port.(*ast.Port)
	}
	return s
}

// Authority builds authority = server / reg-name.
func Authority(a At, v any) *ast.Authority {
	au := &ast.Authority{Span: a.Span(), Text: a.Text()}
	switch v := v.(type) {
	case *ast.Server:
		au.Server = v
	case *ast.RegName:
		au.RegName = v
	}
	return au
}

// PathSegments builds path-segments = segment *( "/" segment ).
func PathSegments(first any, rest []any) []*ast.Segment {
	segs := make([]*ast.Segment, 0, 1+len(rest))
	segs = append(segs, first.(*ast.Segment))
	for _, s := range rest {
		segs = append(segs, s.(*ast.Segment))
	}
	return segs
}

// AbsPath builds abs-path = "/" path-segments.
func AbsPath(a At, segments any) hier {
	return hier{path: &ast.Path{Span: a.Span(), Text: a.Text(), Absolute: true,
		Segments: segments.([]*ast.Segment)}}
}

// RelPath builds rel-path = rel-segment [ abs-path ].
func RelPath(a At, first, abs any) hier {
	segs := []*ast.Segment{first.(*ast.Segment)}
	if abs != nil {
		segs = append(segs, abs.(hier).path.Segments...)
	}
	return hier{path: &ast.Path{Span: a.Span(), Text: a.Text(), Segments: segs}}
}

// NetPath builds net-path = "//" authority [ abs-path ].
func NetPath(a At, authority, abs any) hier {
	h := hier{authority: authority.(*ast.Authority)}
	if abs != nil {
		h.path = abs.(hier).path
	}
	return h
}

// Hier builds hier-part = [ net-path / abs-path ] [ "?" query ], and relative-URI =
// [ net-path / abs-path / rel-path ] [ "?" query ]. An absent path is the empty path at the
// place it would start.
func Hier(a At, path, query any) hier {
	var h hier
	if path != nil {
		h = path.(hier)
	}
	if h.path == nil {
		at := a
		at.Stop = at.Start
		if h.authority != nil {
			at.Start, at.Stop = h.authority.Stop, h.authority.Stop
		}
		h.path = &ast.Path{Span: at.Span(), Segments: []*ast.Segment{}}
	}
	if query != nil {
		h.query = query.(*ast.Query)
	}
	return h
}

// Reference builds the root of a start rule (URI-reference, absolute-URI-reference,
// absolute-URI, relative-URI) from its optional scheme, its hier (a hier or an opaque-part)
// and its optional fragment.
func Reference(a At, rule string, scheme, body, fragment any) *ast.URIReference {
	r := &ast.URIReference{Span: a.Span(), Rule: rule, Text: a.Text()}
	if scheme != nil {
		r.Scheme = scheme.(*ast.Scheme)
	}
	switch b := body.(type) {
	case hier:
		r.Authority, r.Path, r.Query = b.authority, b.path, b.query
	case *ast.OpaquePart:
		r.Opaque = b
	case *ast.URIReference: // an absolute-URI or relative-URI inside a URI-reference
		r.Scheme, r.Authority, r.Path, r.Opaque, r.Query = b.Scheme, b.Authority, b.Path, b.Opaque, b.Query
	}
	if fragment != nil {
		r.Fragment = fragment.(*ast.Fragment)
	}
	return r
}
