package urlgrammar

import (
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/build"
)

// The typed trees of rfc2396bis-01 built from its generic trees, as typed3986.go does for
// rfc3986: the nodes of the compiled PEG's tree are given to the constructors the PEG's
// actions call (grammars/rfc2396bis-01/rfc2396bis-01.peg, internal/build/rfc2396bis01.go). The spans the
// actions see that are not nodes of the generic tree are made from the nodes around them:
// the absolute-URI or relative-URI runs from the start to the "#" of the fragment (or the
// end), the hier-part from after the scheme's ":", the hostport from the host to the end of
// the port. (net-path's own span is not kept by its constructor.) TestTypedFromTree and
// FuzzTypedFromTree hold the result to pigeon's, field for field.

// typedFromTree2396 builds the typed tree of the generic tree t of rfc2396bis-01.
func typedFromTree2396(t ast.Tree) ast.Root {
	src := t.Src()
	var scheme, fragment, query, opaque, path any // nil when absent, as pigeon passes them
	var authority *ast.Authority
	schemeEnd, refEnd := -1, len(src) // refEnd: the end of the absolute-URI or relative-URI
	for c := t.FirstChild(0); c >= 0; c = t.NextSibling(c) {
		switch t.RuleName(c) {
		case "scheme":
			scheme, schemeEnd = build.Scheme(atNode(t, c)), int(t.Node(c).End())
		case "authority":
			authority = authority2396(t, c)
		case "abs-path":
			abs := absPath2396(t, c)
			if authority != nil {
				// net-path = "//" authority [ abs-path ]: an abs-path after the authority is
				// the net-path's.
				path = build.NetPath(build.At{Src: src, Start: authority.Start - 2, Stop: int(t.Node(c).End())}, authority, abs)
			} else {
				path = abs
			}
		case "rel-path":
			path = relPath2396(t, c)
		case "opaque-part":
			opaque = build.OpaquePart(atNode(t, c))
		case "query":
			query = build.Query(atNode(t, c))
		case "fragment":
			fragment, refEnd = build.Fragment(atNode(t, c)), int(t.Node(c).Start())-1
		}
	}
	if authority != nil && path == nil {
		path = build.NetPath(build.At{Src: src, Start: authority.Start - 2, Stop: authority.Stop}, authority, nil)
	}
	var ref any
	if scheme != nil {
		// absolute-URI = scheme ":" ( hier-part / opaque-part )
		body := opaque
		if body == nil {
			body = build.Hier(build.At{Src: src, Start: schemeEnd + 1, Stop: refEnd}, path, query)
		}
		ref = build.Reference(build.At{Src: src, Stop: refEnd}, "absolute-URI", scheme, body, nil)
	} else {
		// relative-URI = [ net-path / abs-path / rel-path ] [ "?" query ], which matches the
		// empty string too: every URI-reference has one or the other.
		at := build.At{Src: src, Stop: refEnd}
		ref = build.Reference(at, "relative-URI", nil, build.Hier(at, path, query), nil)
	}
	return build.Reference(atNode(t, 0), t.RuleName(0), nil, ref, fragment)
}

// authority2396 builds authority = server / reg-name.
func authority2396(t ast.Tree, a int) *ast.Authority {
	var v any
	for c := t.FirstChild(a); c >= 0; c = t.NextSibling(c) {
		switch t.RuleName(c) {
		case "server":
			v = server2396(t, c)
		case "reg-name":
			v = build.RegName(atNode(t, c))
		}
	}
	return build.Authority(atNode(t, a), v)
}

// server2396 builds server = [ [ userinfo "@" ] hostport ], hostport = host [ ":" port ].
func server2396(t ast.Tree, s int) *ast.Server {
	var userinfo, host, port any
	hostport := atNode(t, s)
	for c := t.FirstChild(s); c >= 0; c = t.NextSibling(c) {
		switch t.RuleName(c) {
		case "userinfo":
			userinfo = build.Userinfo(atNode(t, c))
		case "host":
			host = host2396(t, c)
			hostport.Start = int(t.Node(c).Start())
		case "port":
			port = build.Port(atNode(t, c))
		}
	}
	if host == nil {
		return build.Server(atNode(t, s), nil, nil) // the empty server
	}
	return build.Server(atNode(t, s), userinfo, build.HostPort(hostport, host, port))
}

// host2396 builds host = IPv6reference / IPv4address / hostname.
func host2396(t ast.Tree, h int) *ast.Host {
	var v any
	for c := t.FirstChild(h); c >= 0; c = t.NextSibling(c) {
		at := atNode(t, c)
		switch t.RuleName(c) {
		case "IPv6reference":
			if a := t.FirstChild(c); a >= 0 {
				v = build.IPv6Reference(at, build.IPv6Address(atNode(t, a)))
			}
		case "IPv4address":
			var o [4]any
			k := 0
			for d := t.FirstChild(c); d >= 0 && k < 4; d = t.NextSibling(d) {
				o[k] = build.DecOctet(atNode(t, d))
				k++
			}
			v = build.IPv4Address(at, o[0], o[1], o[2], o[3])
		case "hostname":
			v = hostname2396(t, c)
		}
	}
	return build.Host(atNode(t, h), v)
}

// hostname2396 builds hostname = domainlabel qualified, where qualified is the labels in
// between ("." domainlabel, each followed by "." and an alphanum) and the last part: "."
// toplabel "." (a trailing dot) or "." domainlabel.
func hostname2396(t ast.Tree, h int) *ast.Hostname {
	var labels []int
	for c := t.FirstChild(h); c >= 0; c = t.NextSibling(c) {
		labels = append(labels, c)
	}
	label := func(l int) any { return build.Label(atNode(t, l), t.RuleName(l) == "toplabel") }
	var rest []any
	var last any
	if len(labels) > 1 {
		for _, l := range labels[1 : len(labels)-1] {
			rest = append(rest, label(l))
		}
		l := labels[len(labels)-1]
		last = build.Last(label(l), t.RuleName(l) == "toplabel")
	}
	if rest == nil {
		rest = []any{} // a repetition that matched nothing is an empty list to pigeon
	}
	return build.Hostname(atNode(t, h), label(labels[0]), build.QualifiedLabels(rest, last))
}

// absPath2396 builds abs-path = "/" path-segments, path-segments = segment *( "/" segment ).
func absPath2396(t ast.Tree, a int) any {
	var first any
	var rest []any
	for c := t.FirstChild(a); c >= 0; c = t.NextSibling(c) {
		if seg := build.Segment(atNode(t, c)); first == nil {
			first = seg
		} else {
			rest = append(rest, seg)
		}
	}
	return build.AbsPath(atNode(t, a), build.PathSegments(first, rest))
}

// relPath2396 builds rel-path = rel-segment [ abs-path ].
func relPath2396(t ast.Tree, r int) any {
	var first, abs any
	for c := t.FirstChild(r); c >= 0; c = t.NextSibling(c) {
		switch t.RuleName(c) {
		case "rel-segment":
			first = build.Segment(atNode(t, c))
		case "abs-path":
			abs = absPath2396(t, c)
		}
	}
	return build.RelPath(atNode(t, r), first, abs)
}
