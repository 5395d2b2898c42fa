package urlgrammar

import (
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/build"
)

// The typed trees of url-1993 built from its generic trees, as typed3986.go does for rfc3986:
// the nodes of the compiled PEG's tree go to the constructors the PEG's actions call
// (grammars/url-1993/url-1993.peg), in the actions' order. TestTypedFromTree holds the result to
// pigeon's, field for field.

// typedFromTree93 builds the typed tree of the generic tree t of url-1993 (the root is a
// fragmentaddress).
func typedFromTree93(t ast.Tree) ast.Root {
	var url, fragment any
	for c := t.FirstChild(0); c >= 0; c = t.NextSibling(c) {
		switch t.RuleName(c) {
		case "url":
			for a := t.FirstChild(c); a >= 0; a = t.NextSibling(a) {
				url = address93(t, a)
			}
		case "fragmentid":
			fragment = build.Part(atNode(t, c), "fragmentid")
		}
	}
	return build.FragmentAddress(atNode(t, 0), url, fragment)
}

// maxKids is the most rules kids looks for at once.
const maxKids = 8

// kids returns the first child of node i of each rule (-1 where there is none), in an array
// (no allocation) of which the first len(rules) are set.
func kids(t ast.Tree, i int, rules ...string) [maxKids]int {
	var out [maxKids]int
	for k := range out {
		out[k] = -1
	}
	for c := t.FirstChild(i); c >= 0; c = t.NextSibling(c) {
		for k, r := range rules {
			if out[k] < 0 && t.RuleName(c) == r {
				out[k] = c
			}
		}
	}
	return out
}

// orNil returns f(i), or nil when i is -1 (an optional part the input does not have).
func orNil[T any](i int, f func(int) T) any {
	if i < 0 {
		return nil
	}
	return f(i)
}

// address93 builds the address of node a, a child of url.
func address93(t ast.Tree, a int) any {
	at := atNode(t, a)
	scheme := func(i int) *ast.Scheme { return build.Scheme(atNode(t, i)) }
	path := func(rule string) func(int) *ast.SegmentPath {
		return func(i int) *ast.SegmentPath { return build.Path93(atNode(t, i), rule) }
	}
	search := func(i int) *ast.Search { return build.Search93(atNode(t, i)) }
	part := func(rule string) func(int) *ast.Part {
		return func(i int) *ast.Part { return build.Part(atNode(t, i), rule) }
	}
	hostport := func(i int) *ast.HostPort { return hostport93(t, i) }
	switch t.RuleName(a) {
	case "httpaddress":
		k := kids(t, a, "scheme", "hostport", "path", "search")
		return build.HTTPAddress(at, scheme(k[0]), hostport(k[1]), orNil(k[2], path("path")), orNil(k[3], search))
	case "fileaddress":
		k := kids(t, a, "scheme", "host", "path")
		return build.FileAddress(at, scheme(k[0]), host93(t, k[1]), path("path")(k[2]))
	case "afsaddress":
		k := kids(t, a, "scheme", "cellname", "path")
		hn := kids(t, k[1], "hostname")[0]
		return build.AFSAddress(at, scheme(k[0]), build.Host1738(atNode(t, k[1]), build.Hostname93(atNode(t, hn))), path("path")(k[2]))
	case "newsaddress":
		k := kids(t, a, "scheme", "groupart")
		return build.NewsAddress(at, scheme(k[0]), groupPart(t, k[1], host93))
	case "waisaddress":
		for w := t.FirstChild(a); w >= 0; w = t.NextSibling(w) {
			return address93(t, w) // a waisdoc or a waisindex
		}
	case "waisindex":
		k := kids(t, a, "scheme", "hostport", "database", "search")
		return build.WAISIndex(at, scheme(k[0]), hostport(k[1]), part("database")(k[2]), orNil(k[3], search))
	case "waisdoc":
		k := kids(t, a, "scheme", "hostport", "database", "wtype", "digits", "path")
		return build.WAISDoc(at, scheme(k[0]), hostport(k[1]), part("database")(k[2]), part("wtype")(k[3]),
			part("digits")(k[4]), path("path")(k[5]))
	case "prosperoaddress":
		l := kids(t, a, "prosperolink")[0]
		k := kids(t, l, "scheme", "hostport", "hsoname", "version", "attributes")
		var version any
		if k[3] >= 0 {
			version = build.ProsperoVersionOf(part("version")(k[3]), orNil(k[4], part("attributes")))
		}
		return build.ProsperoAddress(atNode(t, l), scheme(k[0]), hostport(k[1]), path("hsoname")(k[2]), version)
	case "telnetaddress":
		k := kids(t, a, "scheme", "user", "hostport")
		return build.TelnetAddress(at, scheme(k[0]), orNil(k[1], part("user")), hostport(k[2]))
	case "gopheraddress":
		k := kids(t, a, "scheme", "hostport", "gtype", "selector", "search")
		var item any
		if k[2] >= 0 {
			item = build.GopherItem93Of(part("gtype")(k[2]), orNil(k[3], path("selector")))
		}
		return build.GopherAddress(at, scheme(k[0]), hostport(k[1]), item, orNil(k[4], search))
	case "generic":
		k := kids(t, a, "scheme", "path", "search")
		return build.GenericAddress(at, scheme(k[0]), path("path")(k[1]), orNil(k[2], search))
	}
	return nil
}

// hostport93 builds hostport = host [ ":" port ].
func hostport93(t ast.Tree, i int) *ast.HostPort {
	k := kids(t, i, "host", "port")
	return build.HostPort1738(atNode(t, i), host93(t, k[0]), orNil(k[1], func(p int) *ast.Port { return build.Port(atNode(t, p)) }))
}

// host93 builds host = hostnumber / hostname.
func host93(t ast.Tree, i int) *ast.Host {
	k := kids(t, i, "hostnumber", "hostname")
	var v any
	if k[0] >= 0 {
		v = hostNumber(t, k[0])
	} else {
		v = build.Hostname93(atNode(t, k[1]))
	}
	return build.Host1738(atNode(t, i), v)
}
