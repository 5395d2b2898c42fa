package ast

import "strings"

// Root is the root node of a tree produced by a grammar's Parse or ParseTyped: it prints back
// to its input. The components every grammar reports (the JSON contract of the CLI) are the
// generic tree's (Tree.Components, as the grammar's header declares them); the typed trees of
// the URI grammars also have their own (URIReference.Components, which resolve uses).
type Root interface {
	Node
	String() string
}

// Components is the grammar-independent split of a parsed input. Each string is the
// component exactly as written, without its delimiters (scheme without ":", authority without
// "//", userinfo without "@", port without ":", query without "?", fragment without "#"; an
// IPv6 host keeps its brackets), and nil when the component is undefined.
type Components struct {
	Rule      string  // the production that matched, e.g. "URI-reference"
	Scheme    *string // or nil
	Authority *string // or nil
	Userinfo  *string // or nil
	Host      *string // or nil
	HostKind  *string // "ipv6", "ipv4", "hostname", "reg-name" (rfc1738: "hostnumber"; rfc3986: "ipvfuture"), or nil
	Port      *string // or nil
	Path      *string // never nil for a generic reference; nil for an RFC 1738 URL without url-path
	Query     *string // or nil
	Fragment  *string // or nil
	// Parts maps the named components inside the matched production, keyed by their rule
	// names in the grammar, to their text ([]string when the component repeats).
	Parts map[string]any
}

func str(s string) *string { return &s }

// Components splits the reference as the regular expression of Appendix B does (section 4.3
// calls it the test oracle): an opaque-part is split at its first "?" into path and query. The
// rule is the start rule the tree was parsed with ("URI-reference" unless set otherwise).
//
// Parts holds scheme, authority, userinfo, host, port, reg-name, IPv6address, IPv4address,
// hostname, segment (an array), opaque-part, query and fragment, when defined. The keys
// follow the nodes, which carry their grammar's names: an Authority whose Rule is set is
// keyed by it (url-syntax-05's site), a Userinfo split into User and Password gives user and
// password instead of userinfo, a HostNumber hostnumber, and segments with Params give param
// (an array of the params of all segments, in order). A tree of grammar rfc3986 adds IP-literal
// and IPvFuture, and its reg-name is the host's (every RFC 3986 authority is userinfo, host
// and port; the empty host is the empty reg-name). A tree of grammar rfc3987 has the keys
// of rfc3986 renamed as RFC 3987 renames the rules: iauthority, iuserinfo, ihost, ireg-name,
// isegment, iquery, ifragment.
func (r *URIReference) Components() Components {
	// The component strings live in one array: one allocation instead of one per component.
	vals := new([10]string) // at most 9: scheme, authority, userinfo, host, hostKind, port, path, query, fragment
	n := 0
	str := func(s string) *string {
		vals[n] = s
		n++
		return &vals[n-1]
	}
	c := Components{Rule: r.Rule, Parts: make(map[string]any, 8)}
	if c.Rule == "" {
		c.Rule = "URI-reference"
	}
	key := func(k string) string { return k }
	if IsIRI(r) {
		key = IRIName
	}
	if r.Scheme != nil {
		c.Scheme = str(r.Scheme.Text)
		c.Parts["scheme"] = r.Scheme.Text
	}
	if a := r.Authority; a != nil {
		c.Authority = str(a.Text)
		if a.Rule != "" {
			c.Parts[a.Rule] = a.Text // url-syntax-05's site
		} else {
			c.Parts[key("authority")] = a.Text
		}
		switch {
		case a.RegName != nil:
			c.Host = str(a.RegName.Text)
			c.HostKind = str(string(HostKindRegName))
			c.Parts[key("reg-name")] = a.RegName.Text
		case a.Server != nil:
			s := a.Server
			if u := s.Userinfo; u != nil {
				c.Userinfo = str(u.Text)
				if u.User != nil {
					c.Parts["user"] = u.User.Text
					if u.Password != nil {
						c.Parts["password"] = u.Password.Text
					}
				} else {
					c.Parts[key("userinfo")] = u.Text
				}
			}
			if h := s.Host; h != nil {
				c.Host = str(h.Text)
				c.HostKind = str(string(h.Kind))
				c.Parts[key("host")] = h.Text
				switch {
				case h.IPv6 != nil:
					c.Parts["IPv6address"] = h.IPv6.Address.Text
				case h.IPv4 != nil:
					c.Parts["IPv4address"] = h.IPv4.Text
				case h.Hostname != nil:
					c.Parts["hostname"] = h.Hostname.Text
				case h.HostNumber != nil:
					c.Parts["hostnumber"] = h.HostNumber.Text
				case h.IPLiteral != nil:
					c.Parts["IP-literal"] = h.IPLiteral.Text
					if h.IPLiteral.IPv6 != nil {
						c.Parts["IPv6address"] = h.IPLiteral.IPv6.Text
					} else if h.IPLiteral.IPvFuture != nil {
						c.Parts["IPvFuture"] = h.IPLiteral.IPvFuture.Text
					}
				case h.RegName != nil:
					c.Parts[key("reg-name")] = h.RegName.Text
				}
			}
			if s.Port != nil {
				c.Port = str(s.Port.Text)
				c.Parts["port"] = s.Port.Text
			}
		}
	}
	switch {
	case r.Opaque != nil:
		c.Parts["opaque-part"] = r.Opaque.Text
		if path, query, ok := strings.Cut(r.Opaque.Text, "?"); ok {
			c.Path, c.Query = str(path), str(query)
		} else {
			c.Path = str(r.Opaque.Text)
		}
	case r.Path != nil:
		c.Path = str(r.Path.Text)
		if len(r.Path.Segments) > 0 {
			segs := make([]string, len(r.Path.Segments))
			var params []string
			for i, s := range r.Path.Segments {
				segs[i] = s.Text
				for _, p := range s.Params {
					params = append(params, p.Text)
				}
			}
			c.Parts[key("segment")] = segs
			if params != nil {
				c.Parts["param"] = params
			}
		}
	}
	if r.Query != nil {
		c.Query = str(r.Query.Text)
	}
	if c.Query != nil {
		c.Parts[key("query")] = *c.Query
	}
	if r.Fragment != nil {
		c.Fragment = str(r.Fragment.Text)
		c.Parts[key("fragment")] = r.Fragment.Text
	}
	return c
}
