package urlgrammar

import (
	"strings"

	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/build"
)

// The typed trees of url-syntax-05 built from its generic trees, as typed3986.go does for
// rfc3986: the nodes of the compiled PEG's tree are given to the constructors the PEG's
// actions call (grammars/url-syntax-05/url-syntax-05.peg), in the actions' order. The spans the actions see
// that are not nodes of the generic tree are made from the nodes around them: a site's
// userinfo runs from its user to its password (or the user's end), a hostnumber's digits lie
// between its dots. (generic-URL's, net-path's and hostport's own spans are not kept by
// their constructors.) TestTypedFromTree holds the result to pigeon's, field for field.

// typedFromTree97 builds the typed tree of the generic tree t of url-syntax-05.
func typedFromTree97(t ast.Tree) ast.Root {
	var scheme, fragment, body any
	var rel *int // the first node of the relativeURL: site, abs-path or rel-path
	for c := t.FirstChild(0); c >= 0; c = t.NextSibling(c) {
		switch t.RuleName(c) {
		case "scheme":
			scheme = build.Scheme(atNode(t, c))
		case "fragment":
			fragment = build.Fragment(atNode(t, c))
		case "site", "abs-path", "rel-path":
			if rel == nil {
				c := c
				rel = &c
			}
		}
	}
	if rel != nil {
		body = relativeURL97(t, *rel)
	}
	if scheme != nil {
		// generic-URL = scheme ":" relativeURL, inside URL-reference (its own span is not
		// kept).
		body = build.Reference(atNode(t, 0), "generic-URL", scheme, body, nil)
	}
	return build.Reference(atNode(t, 0), t.RuleName(0), nil, body, fragment)
}

// relativeURL97 builds net-path, abs-path or rel-path from its first node (a site, an
// abs-path or a rel-path): the value relativeURL passes on.
func relativeURL97(t ast.Tree, first int) any {
	switch t.RuleName(first) {
	case "site":
		var abs any
		if next := t.Next(first); next < t.Len() && t.RuleName(next) == "abs-path" &&
			t.Node(next).Start() == t.Node(first).End() {
			abs = absPath97(t, next)
		}
		return build.NetPath97(atNode(t, first), site97(t, first), abs)
	case "abs-path":
		return absPath97(t, first)
	}
	return relPath97(t, first)
}

// absPath97 builds abs-path = "/" rel-path.
func absPath97(t ast.Tree, a int) any {
	for c := t.FirstChild(a); c >= 0; c = t.NextSibling(c) {
		if t.RuleName(c) == "rel-path" {
			return build.AbsPath97(atNode(t, a), relPath97(t, c))
		}
	}
	return build.AbsPath97(atNode(t, a), nil)
}

// relPath97 builds rel-path = [ path-segments ] [ "?" query ].
func relPath97(t ast.Tree, r int) any {
	var segments, query any
	for c := t.FirstChild(r); c >= 0; c = t.NextSibling(c) {
		switch t.RuleName(c) {
		case "path-segments":
			var first any
			var rest []any
			for sg := t.FirstChild(c); sg >= 0; sg = t.NextSibling(sg) {
				var params []any
				for p := t.FirstChild(sg); p >= 0; p = t.NextSibling(p) {
					params = append(params, build.Part(atNode(t, p), "param"))
				}
				seg := build.Segment97(atNode(t, sg), params)
				if first == nil {
					first = seg
				} else {
					rest = append(rest, seg)
				}
			}
			segments = build.PathSegments(first, rest)
		case "query":
			query = build.Query(atNode(t, c))
		}
	}
	return build.RelPath97(atNode(t, r), segments, query)
}

// site97 builds site = [ [ user [ ":" password ] "@" ] hostport ].
func site97(t ast.Tree, s int) *ast.Server {
	var user, password, host, port any
	userAt := atNode(t, s)
	for c := t.FirstChild(s); c >= 0; c = t.NextSibling(c) {
		switch t.RuleName(c) {
		case "user":
			user, userAt = build.Part(atNode(t, c), "user"), atNode(t, c)
		case "password":
			password = build.Part(atNode(t, c), "password")
			userAt.Stop = int(t.Node(c).End()) // user ":" password
		case "host":
			host = host97(t, c)
		case "port":
			port = build.Port(atNode(t, c))
		}
	}
	if host == nil {
		return build.Server(atNode(t, s), nil, nil)
	}
	var userinfo any
	if user != nil {
		userinfo = build.Userinfo97(userAt, user, password)
	}
	return build.Server(atNode(t, s), userinfo, build.HostPort(atNode(t, s), host, port))
}

// host97 builds host = hostname / hostnumber.
func host97(t ast.Tree, h int) *ast.Host {
	var v any
	for c := t.FirstChild(h); c >= 0; c = t.NextSibling(c) {
		at := atNode(t, c)
		switch t.RuleName(c) {
		case "hostname":
			var domain []any
			var top any
			for l := t.FirstChild(c); l >= 0; l = t.NextSibling(l) {
				if t.RuleName(l) == "toplabel" {
					top = build.Label(atNode(t, l), true)
				} else {
					domain = append(domain, build.Label(atNode(t, l), false))
				}
			}
			if domain == nil {
				domain = []any{}
			}
			v = build.Hostname1738(at, domain, top)
		case "hostnumber":
			// hostnumber = digits "." digits "." digits "." digits
			var groups [4]any
			start := at.Start
			for k := range groups {
				end := at.Stop
				if k < 3 {
					end = start + strings.IndexByte(at.Src[start:at.Stop], '.')
				}
				groups[k] = build.Part(build.At{Src: at.Src, Start: start, Stop: end}, "digits")
				start = end + 1
			}
			v = build.HostNumber(at, groups[0], groups[1], groups[2], groups[3])
		}
	}
	return build.Host1738(atNode(t, h), v)
}
