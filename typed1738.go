package urlgrammar

import (
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/build"
)

// The typed trees of rfc1738 built from its generic trees, as typed3986.go does for rfc3986:
// the nodes of the compiled PEG's tree go to the constructors the PEG's actions call
// (grammars/rfc1738/rfc1738.peg), in the actions' order. What the actions see that is no node is
// read around the nodes: ftpurl's ";type=" as written (between the fpath and the ftptype),
// and whether gopherurl and telneturl end with a "/" (text after the hostport or login).
// TestTypedFromTree holds the result to pigeon's, field for field.

// typedFromTree1738 builds the typed tree of the generic tree t of rfc1738, whose root is
// url, the dispatch to one scheme's production.
func typedFromTree1738(t ast.Tree) ast.Root {
	for u := t.FirstChild(0); u >= 0; u = t.NextSibling(u) {
		if r, ok := url1738(t, u).(ast.Root); ok {
			return r
		}
	}
	return nil
}

// url1738 builds the URL of node u, a child of url.
func url1738(t ast.Tree, u int) any {
	at := atNode(t, u)
	part := func(rule string) func(int) *ast.Part {
		return func(i int) *ast.Part { return build.Part(atNode(t, i), rule) }
	}
	scheme := func(i int) *ast.Scheme { return build.Scheme(atNode(t, i)) }
	hostport := func(i int) *ast.HostPort { return hostport1738(t, i) }
	segPath := func(rule, seg string) func(int) *ast.SegmentPath {
		return func(i int) *ast.SegmentPath { return segmentPath1738(t, i, rule, seg) }
	}
	switch t.RuleName(u) {
	case "httpurl":
		k := kids(t, u, "scheme", "hostport", "hpath", "search")
		var rest any
		if k[2] >= 0 {
			rest = build.HTTPPath(segPath("hpath", "hsegment")(k[2]), orNil(k[3], part("search")))
		}
		return build.HTTPURL(at, scheme(k[0]), hostport(k[1]), rest)
	case "ftpurl":
		k := kids(t, u, "scheme", "login", "fpath", "ftptype")
		var rest any
		if k[2] >= 0 {
			var typ any
			if k[3] >= 0 {
				sep := t.Src()[t.Node(k[2]).End():t.Node(k[3]).Start()] // ";type=" as written
				typ = build.FTPTypeOf(sep, part("ftptype")(k[3]))
			}
			rest = build.FTPRestOf(segPath("fpath", "fsegment")(k[2]), typ)
		}
		return build.FTPURL(at, scheme(k[0]), login1738(t, k[1]), rest)
	case "fileurl":
		k := kids(t, u, "scheme", "host", "fpath")
		return build.FileURL(at, scheme(k[0]), orNil(k[1], func(i int) *ast.Host { return host1738(t, i) }), segPath("fpath", "fsegment")(k[2]))
	case "gopherurl":
		k := kids(t, u, "scheme", "hostport", "gtype", "selector", "search", "gopher-plus-string")
		var rest any
		if t.Node(k[1]).End() < t.Node(u).End() { // a "/" follows the hostport
			var item any
			if k[2] >= 0 {
				var search any
				if k[4] >= 0 {
					search = build.GopherSearchOf(part("search")(k[4]), orNil(k[5], part("gopher+_string")))
				}
				item = build.GopherItemOf(part("gtype")(k[2]), part("selector")(k[3]), search)
			}
			rest = build.GopherRest{Item: item}
		}
		return build.GopherURL(at, scheme(k[0]), hostport(k[1]), rest)
	case "mailtourl":
		k := kids(t, u, "scheme", "encoded822addr")
		return build.MailtoURL(at, scheme(k[0]), part("encoded822addr")(k[1]))
	case "newsurl":
		k := kids(t, u, "scheme", "grouppart")
		return build.NewsURL(at, scheme(k[0]), groupPart(t, k[1], host1738))
	case "nntpurl":
		k := kids(t, u, "scheme", "hostport", "group", "digits")
		return build.NNTPURL(at, scheme(k[0]), hostport(k[1]), part("group")(k[2]), orNil(k[3], part("digits")))
	case "telneturl":
		k := kids(t, u, "scheme", "login")
		slash := t.Node(k[1]).End() < t.Node(u).End()
		return build.TelnetURL(at, scheme(k[0]), login1738(t, k[1]), slash)
	case "waisurl":
		for w := t.FirstChild(u); w >= 0; w = t.NextSibling(w) {
			return url1738(t, w) // waisdatabase, waisindex or waisdoc
		}
	case "waisdatabase", "waisindex", "waisdoc":
		k := kids(t, u, "scheme", "hostport", "database", "search", "wtype", "wpath")
		return build.WAISURL(at, t.RuleName(u), scheme(k[0]), hostport(k[1]), part("database")(k[2]),
			orNil(k[3], part("search")), orNil(k[4], part("wtype")), orNil(k[5], part("wpath")))
	case "prosperourl":
		k := kids(t, u, "scheme", "hostport", "ppath")
		var fields []any
		for c := t.FirstChild(u); c >= 0; c = t.NextSibling(c) {
			if t.RuleName(c) == "fieldspec" {
				f := kids(t, c, "fieldname", "fieldvalue")
				fields = append(fields, build.FieldSpec(atNode(t, c), part("fieldname")(f[0]), part("fieldvalue")(f[1])))
			}
		}
		return build.ProsperoURL(at, scheme(k[0]), hostport(k[1]), segPath("ppath", "psegment")(k[2]), fields)
	case "otherurl":
		g := kids(t, u, "genericurl")[0]
		k := kids(t, g, "scheme", "schemepart")
		var ip any
		if i := kids(t, k[1], "ip-schemepart")[0]; i >= 0 {
			l := kids(t, i, "login", "urlpath")
			ip = build.IPSchemePart(atNode(t, i), login1738(t, l[0]), orNil(l[1], part("urlpath")))
		}
		return build.OtherURL(atNode(t, g), scheme(k[0]), build.SchemePartOf(atNode(t, k[1]), ip))
	}
	return nil
}

// segmentPath1738 builds fpath, hpath or ppath from its segments (seg nodes).
func segmentPath1738(t ast.Tree, p int, rule, seg string) *ast.SegmentPath {
	var first any
	var rest []any
	for c := t.FirstChild(p); c >= 0; c = t.NextSibling(c) {
		s := build.Part(atNode(t, c), seg)
		if first == nil {
			first = s
		} else {
			rest = append(rest, s)
		}
	}
	return build.SegmentPath(atNode(t, p), rule, first, rest)
}

// login1738 builds login = [ user [ ":" password ] "@" ] hostport.
func login1738(t ast.Tree, l int) *ast.Login {
	k := kids(t, l, "user", "password", "hostport")
	var up any
	if k[0] >= 0 {
		up = build.UserPass(build.Part(atNode(t, k[0]), "user"), orNil(k[1], func(i int) *ast.Part { return build.Part(atNode(t, i), "password") }))
	}
	return build.Login(atNode(t, l), up, hostport1738(t, k[2]))
}

// hostport1738 builds hostport = host [ ":" port ].
func hostport1738(t ast.Tree, i int) *ast.HostPort {
	k := kids(t, i, "host", "port")
	return build.HostPort1738(atNode(t, i), host1738(t, k[0]), orNil(k[1], func(p int) *ast.Port { return build.Port(atNode(t, p)) }))
}

// host1738 builds host = hostnumber / hostname.
func host1738(t ast.Tree, i int) *ast.Host {
	k := kids(t, i, "hostnumber", "hostname")
	var v any
	if k[0] >= 0 {
		v = hostNumber(t, k[0])
	} else {
		domain := []any{}
		var top any
		for l := t.FirstChild(k[1]); l >= 0; l = t.NextSibling(l) {
			if t.RuleName(l) == "toplabel" {
				top = build.Label(atNode(t, l), true)
			} else {
				domain = append(domain, build.Label(atNode(t, l), false))
			}
		}
		v = build.Hostname1738(atNode(t, k[1]), domain, top)
	}
	return build.Host1738(atNode(t, i), v)
}

// hostNumber builds hostnumber = digits "." digits "." digits "." digits (rfc1738's and
// url-1993's).
func hostNumber(t ast.Tree, i int) *ast.HostNumber {
	var d [4]any
	n := 0
	for c := t.FirstChild(i); c >= 0; c = t.NextSibling(c) {
		if n < len(d) {
			d[n] = build.Part(atNode(t, c), "digits")
			n++
		}
	}
	return build.HostNumber(atNode(t, i), d[0], d[1], d[2], d[3])
}

// groupPart builds the value of news's grouppart (rfc1738) or groupart (url-1993) at node g:
// an article (its host built by host), a group, or all groups ("*", no node of its own).
func groupPart(t ast.Tree, g int, host func(ast.Tree, int) *ast.Host) any {
	k := kids(t, g, "article", "group")
	switch {
	case k[0] >= 0:
		return build.Article(atNode(t, k[0]), host(t, kids(t, k[0], "host")[0]))
	case k[1] >= 0:
		return build.Part(atNode(t, k[1]), "group")
	}
	return build.AllGroups{}
}
