package urlgrammar

import (
	"strings"

	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/dfa"
)

// fast2396 builds the typed tree of a string the URI-reference DFA has accepted, without the
// PEG parser: the components come from the split of Appendix B (section 4.3: the authority
// wins), the authority is a server when the server DFA accepts it (otherwise a reg-name), and
// the host kind comes from the IPv6reference and IPv4address DFAs, in DESIGN.md's order of
// preference. The tree is the one the pigeon parser builds, node for node;
// TestFastPathMatchesPEG checks that on the test tables, the benchmark corpus and generated
// members of the grammar.
type fast2396 struct {
	server, ipv4, query *dfa.DFA
}

func newFast2396(dfas map[string]*dfa.DFA) *fast2396 {
	return &fast2396{server: dfas["server"], ipv4: dfas["IPv4address"], query: dfas["query"]}
}

// nodes holds the nodes of a tree that occur at most once in common references, and room
// for a few segments and labels, so that a typical tree costs one allocation; the rare
// nodes (opaque-part, reg-name, IPv6 and IPv4 hosts), the occasional ones (userinfo, port
// and fragment: extras) and long paths and hostnames are allocated apart, so that a typical
// tree does not pay for them. The block is 880 bytes, in the allocator's 896-byte size
// class; with the extras inline it was 920, in the 1,024-byte class. The parser's trees are
// equal to the PEG parser's, node for node.
type nodes struct {
	ref       ast.URIReference
	scheme    ast.Scheme
	query     ast.Query
	auth      ast.Authority
	server    ast.Server
	host      ast.Host
	hostname  ast.Hostname
	path      ast.Path
	segs      [inlineSegments]ast.Segment
	segPtrs   [inlineSegments]*ast.Segment
	labels    [inlineLabels]ast.Label
	labelPtrs [inlineLabels]*ast.Label
	x         *extras // or nil, until a tree needs one
}

// extras are the nodes that about one reference in four of the benchmark corpus has.
type extras struct {
	userinfo ast.Userinfo
	port     ast.Port
	fragment ast.Fragment
}

// extra returns the extras of the tree being built in n: u's, or a new block.
func (n *nodes) extra(u *reuse) *extras {
	if n.x == nil {
		n.x = spare(u, func(u *reuse) *extras { return &u.x })
	}
	return n.x
}

// inlineSegments and inlineLabels are the numbers of segments and of labels a tree holds
// without an allocation of its own.
const (
	inlineSegments = 4
	inlineLabels   = 3
)

type ipv6Nodes struct {
	ref  ast.IPv6Reference
	addr ast.IPv6Address
}

type ipv4Nodes struct {
	ip     ast.IPv4Address
	octets [4]ast.DecOctet
}

// reuse is the memory a Parser keeps between trees: a nodes block, and room for the parts
// that do not fit in it. Every node of a tree is written whole before it is linked, so a
// block needs no clearing between trees.
type reuse struct {
	n         nodes
	x         extras
	segs      []ast.Segment
	segPtrs   []*ast.Segment
	labels    []ast.Label
	labelPtrs []*ast.Label
	ipv6      ipv6Nodes
	ipv4      ipv4Nodes
	opaque    ast.OpaquePart
	regName   ast.RegName
}

// parse builds a new tree of s, which must be a URI-reference.
func (f *fast2396) parse(s string) *ast.URIReference {
	return f.build(new(nodes), nil, s)
}

// parseReusing builds the tree of s, which must be a URI-reference, in u's memory,
// overwriting the tree it built last.
func (f *fast2396) parseReusing(u *reuse, s string) *ast.URIReference {
	return f.build(&u.n, u, s)
}

// build builds the tree of s in n; the nodes that do not fit in n come from u, or are
// allocated when u is nil.
func (f *fast2396) build(n *nodes, u *reuse, s string) *ast.URIReference {
	r := &n.ref
	*r = ast.URIReference{Span: ast.Span{Start: 0, Stop: len(s)}, Rule: "URI-reference", Text: s}
	end := len(s) // end of the part before the fragment
	if i := strings.IndexByte(s, '#'); i >= 0 {
		end = i
		x := n.extra(u)
		x.fragment = ast.Fragment{Span: ast.Span{Start: i + 1, Stop: len(s)}, Text: s[i+1:]}
		r.Fragment = &x.fragment
	}
	pos := 0
	if i := schemeEnd(s[:end]); i > 0 {
		n.scheme = ast.Scheme{Span: ast.Span{Start: 0, Stop: i}, Text: s[:i]}
		r.Scheme = &n.scheme
		pos = i + 1
		// absolute-URI: a hier-part when it covers the rest (it is empty, or starts with "/",
		// or is "?" query), otherwise the opaque-part.
		rest := s[pos:end]
		hier := rest == "" || rest[0] == '/' || (rest[0] == '?' && f.query.Valid(rest[1:]))
		if !hier {
			o := spare(u, func(u *reuse) *ast.OpaquePart { return &u.opaque })
			*o = ast.OpaquePart{Span: ast.Span{Start: pos, Stop: end}, Text: rest}
			r.Opaque = o
			return r
		}
	}
	// hier-part or relative-URI: [ net-path / abs-path / rel-path ] [ "?" query ]
	pathEnd := end
	if i := strings.IndexByte(s[pos:end], '?'); i >= 0 {
		pathEnd = pos + i
		n.query = ast.Query{Span: ast.Span{Start: pathEnd + 1, Stop: end}, Text: s[pathEnd+1 : end]}
		r.Query = &n.query
	}
	if strings.HasPrefix(s[pos:pathEnd], "//") {
		aStart := pos + 2
		aEnd := pathEnd
		if i := strings.IndexByte(s[aStart:pathEnd], '/'); i >= 0 {
			aEnd = aStart + i
		}
		r.Authority = f.authority(n, u, s, aStart, aEnd)
		pos = aEnd
	}
	r.Path = path(n, u, s, pos, pathEnd)
	return r
}

// schemeEnd returns the index of the ":" that ends the scheme of s (the first of ":", "/"
// and "?", as in Appendix B), or -1 when s has no scheme. It is strings.IndexAny without
// the cost of building a byte set on every call.
func schemeEnd(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ':':
			return i
		case '/', '?':
			return -1
		}
	}
	return -1
}

// path builds the path between start and stop into n.path: an abs-path, a rel-path or the
// empty path.
func path(n *nodes, u *reuse, s string, start, stop int) *ast.Path {
	p := &n.path
	*p = ast.Path{Span: ast.Span{Start: start, Stop: stop}, Text: s[start:stop], Segments: n.segPtrs[:0:0]}
	if start == stop {
		return p
	}
	segStart := start
	if s[start] == '/' {
		p.Absolute = true
		segStart++
	}
	count := strings.Count(s[segStart:stop], "/") + 1
	var segs []ast.Segment
	switch {
	case count <= inlineSegments:
		segs, p.Segments = n.segs[:count:count], n.segPtrs[:count:count]
	case u != nil:
		u.segs, u.segPtrs = grow(u.segs, count), grow(u.segPtrs, count)
		segs, p.Segments = u.segs[:count:count], u.segPtrs[:count:count]
	default:
		segs, p.Segments = make([]ast.Segment, count), make([]*ast.Segment, count)
	}
	for k := range segs {
		segEnd := stop
		if i := strings.IndexByte(s[segStart:stop], '/'); i >= 0 {
			segEnd = segStart + i
		}
		segs[k] = ast.Segment{Span: ast.Span{Start: segStart, Stop: segEnd}, Text: s[segStart:segEnd]}
		p.Segments[k] = &segs[k]
		segStart = segEnd + 1
	}
	return p
}

// spare returns the memory of a node apart from the nodes block: the field of u that field
// selects, or a new one when the tree is not built in a Parser's memory (u is nil).
func spare[T any](u *reuse, field func(*reuse) *T) *T {
	if u == nil {
		return new(T)
	}
	return field(u)
}

// grow returns xs with room for n elements, reallocated when it has less.
func grow[T any](xs []T, n int) []T {
	if cap(xs) < n {
		return make([]T, n)
	}
	return xs
}

// authority builds the authority between start and stop.
func (f *fast2396) authority(n *nodes, u *reuse, s string, start, stop int) *ast.Authority {
	text := s[start:stop]
	a := &n.auth
	*a = ast.Authority{Span: ast.Span{Start: start, Stop: stop}, Text: text}
	if !f.server.Valid(text) {
		rn := spare(u, func(u *reuse) *ast.RegName { return &u.regName })
		*rn = ast.RegName{Span: a.Span, Text: text}
		a.RegName = rn
		return a
	}
	sv := &n.server
	*sv = ast.Server{Span: a.Span, Text: text}
	a.Server = sv
	if text == "" {
		return a // the empty server
	}
	hStart := start
	if i := strings.IndexByte(text, '@'); i >= 0 {
		x := n.extra(u)
		x.userinfo = ast.Userinfo{Span: ast.Span{Start: start, Stop: start + i}, Text: text[:i]}
		sv.Userinfo = &x.userinfo
		hStart = start + i + 1
	}
	hEnd := hostEnd(s, hStart, stop)
	if hEnd < stop { // ":" port
		x := n.extra(u)
		x.port = ast.Port{Span: ast.Span{Start: hEnd + 1, Stop: stop}, Text: s[hEnd+1 : stop]}
		sv.Port = &x.port
	}
	sv.Host = f.host(n, u, s, hStart, hEnd)
	return a
}

// hostEnd returns the end of the host of a server's hostport that starts at start and ends
// at stop: after the "]" of an IPv6reference, otherwise at the ":" of the port, if any.
func hostEnd(s string, start, stop int) int {
	if s[start] == '[' {
		return start + strings.IndexByte(s[start:stop], ']') + 1
	}
	if i := strings.IndexByte(s[start:stop], ':'); i >= 0 {
		return start + i
	}
	return stop
}

// host builds a host: IPv6reference, IPv4address or hostname, in that order of preference.
func (f *fast2396) host(n *nodes, u *reuse, s string, start, stop int) *ast.Host {
	text := s[start:stop]
	h := &n.host
	*h = ast.Host{Span: ast.Span{Start: start, Stop: stop}, Text: text}
	switch {
	case text[0] == '[':
		h.Kind = ast.HostKindIPv6
		v6 := spare(u, func(u *reuse) *ipv6Nodes { return &u.ipv6 })
		v6.addr = ast.IPv6Address{Span: ast.Span{Start: start + 1, Stop: stop - 1}, Text: text[1 : len(text)-1]}
		v6.ref = ast.IPv6Reference{Span: h.Span, Text: text, Address: &v6.addr}
		h.IPv6 = &v6.ref
	case f.ipv4.Valid(text):
		h.Kind = ast.HostKindIPv4
		v4 := spare(u, func(u *reuse) *ipv4Nodes { return &u.ipv4 })
		ip := &v4.ip
		*ip = ast.IPv4Address{Span: h.Span, Text: text}
		o := start
		for k := 0; k < 4; k++ {
			e := stop
			if i := strings.IndexByte(s[o:stop], '.'); i >= 0 {
				e = o + i
			}
			v := 0
			for _, d := range []byte(s[o:e]) {
				v = v*10 + int(d-'0')
			}
			v4.octets[k] = ast.DecOctet{Span: ast.Span{Start: o, Stop: e}, Text: s[o:e], Value: uint8(v)}
			ip.Octets[k] = &v4.octets[k]
			o = e + 1
		}
		h.IPv4 = ip
	default:
		h.Kind = ast.HostKindHostname
		hn := &n.hostname
		*hn = ast.Hostname{Span: h.Span, Text: text, TrailingDot: strings.HasSuffix(text, ".")}
		labelsEnd := stop
		if hn.TrailingDot {
			labelsEnd--
		}
		count := strings.Count(s[start:labelsEnd], ".") + 1
		var labels []ast.Label
		switch {
		case count <= inlineLabels:
			labels, hn.Labels = n.labels[:count:count], n.labelPtrs[:count:count]
		case u != nil:
			u.labels, u.labelPtrs = grow(u.labels, count), grow(u.labelPtrs, count)
			labels, hn.Labels = u.labels[:count:count], u.labelPtrs[:count:count]
		default:
			labels, hn.Labels = make([]ast.Label, count), make([]*ast.Label, count)
		}
		o := start
		for k := range labels {
			e := labelsEnd
			if i := strings.IndexByte(s[o:labelsEnd], '.'); i >= 0 {
				e = o + i
			}
			labels[k] = ast.Label{Span: ast.Span{Start: o, Stop: e}, Text: s[o:e], Top: hn.TrailingDot && k == count-1}
			hn.Labels[k] = &labels[k]
			o = e + 1
		}
		h.Hostname = hn
	}
	return h
}
