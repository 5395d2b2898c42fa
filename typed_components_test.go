package urlgrammar_test

import (
	"fmt"
	"strings"

	"github.com/urlgrammar/urlgrammar/ast"
)

// typedComponents returns the components of a typed tree computed from its typed nodes, by
// code of its own: the oracle the header's declarations (Tree.Components, which the CLI
// reports) are held to, field for field, in TestComponentsDeclared and FuzzParseTree. The
// URI grammars' typed trees, RFC 1738's URLs and url-1993's addresses had their own
// Components until 2026-11-25, when the declarations replaced them and their code moved here.
func typedComponents(root ast.Root) ast.Components {
	switch u := root.(type) {
	case *ast.URIReference:
		return componentsOfURIReference(u)
	case *ast.FragmentAddress:
		return componentsOfFragmentAddress(u)
	case *ast.HTTPURL:
		return componentsOfHTTPURL(u)
	case *ast.FTPURL:
		return componentsOfFTPURL(u)
	case *ast.GopherURL:
		return componentsOfGopherURL(u)
	case *ast.MailtoURL:
		return componentsOfMailtoURL(u)
	case *ast.NewsURL:
		return componentsOfNewsURL(u)
	case *ast.NNTPURL:
		return componentsOfNNTPURL(u)
	case *ast.TelnetURL:
		return componentsOfTelnetURL(u)
	case *ast.WAISURL:
		return componentsOfWAISURL(u)
	case *ast.FileURL:
		return componentsOfFileURL(u)
	case *ast.ProsperoURL:
		return componentsOfProsperoURL(u)
	case *ast.OtherURL:
		return componentsOfOtherURL(u)
	}
	panic(fmt.Sprintf("typedComponents: a %T", root))
}

func str(s string) *string { return &s }

// components collects the Components of an RFC 1738 URL.
type components struct{ ast.Components }

func newComponents(rule string, s *ast.Scheme) *components {
	c := &components{ast.Components{Rule: rule, Scheme: str(s.Text), Parts: map[string]any{}}}
	return c
}

// part records a present part under its rule name.
func (c *components) part(p *ast.Part) {
	if p != nil {
		c.Parts[p.Rule] = p.Text
	}
}

func (c *components) hostport(h *ast.HostPort) {
	c.Authority = str(h.Text)
	c.host(h.Host)
	if h.Port != nil {
		c.Port = str(h.Port.Text)
		c.Parts["port"] = h.Port.Text
	}
}

func (c *components) host(h *ast.Host) {
	c.Host = str(h.Text)
	c.HostKind = str(string(h.Kind))
	c.Parts["host"] = h.Text
}

func (c *components) login(l *ast.Login) {
	c.hostport(l.HostPort)
	c.Authority = str(l.Text)
	if l.User != nil {
		at := l.HostPort.Start - l.Start - 1 // the "@" before the hostport
		c.Userinfo = str(l.Text[:at])
		c.part(l.User)
		c.part(l.Password)
	}
}

// path records a segment path: its text under its rule name and its segments as an array.
func (c *components) path(p *ast.SegmentPath) {
	c.Parts[p.Rule] = p.Text
	segs := make([]string, len(p.Segments))
	for i, s := range p.Segments {
		segs[i] = s.Text
	}
	c.Parts[p.Segments[0].Rule] = segs
}

// urlpath sets the path component: the url-path of section 3.1, the text from offset
// start of the URL's text to offset stop (relative to the URL's span).
func (c *components) urlpath(text string, start, stop int) {
	c.Path = str(text[start:stop])
}

// componentsOf... returns the typed components of the URL. The authority is the hostport, the path
// the url-path (section 3.1: without the "/" that precedes it), nil when the "/" is absent,
// and the query the search.
func componentsOfHTTPURL(u *ast.HTTPURL) ast.Components {
	c := newComponents("httpurl", u.Scheme)
	c.hostport(u.HostPort)
	if u.Path != nil {
		c.urlpath(u.Text, u.Path.Start-u.Start, u.Path.Stop-u.Start)
		c.path(u.Path)
	}
	if u.Search != nil {
		c.Query = str(u.Search.Text)
		c.part(u.Search)
	}
	return c.Components
}

// componentsOf... returns the typed components of the URL. The authority is the login, the userinfo
// the user and password with their ":", and the path the url-path (section 3.2.2): the fpath
// with its ";type=" typecode, nil when the "/" is absent.
func componentsOfFTPURL(u *ast.FTPURL) ast.Components {
	c := newComponents("ftpurl", u.Scheme)
	c.login(u.Login)
	if u.Path != nil {
		c.urlpath(u.Text, u.Path.Start-u.Start, u.Stop-u.Start)
		c.path(u.Path)
	}
	c.part(u.Type)
	return c.Components
}

// componentsOf... returns the typed components of the URL. The path is the url-path: everything after
// the "/" that follows the hostport, nil when that "/" is absent. gtype, selector, search and
// gopher+_string are parts.
func componentsOfGopherURL(u *ast.GopherURL) ast.Components {
	c := newComponents("gopherurl", u.Scheme)
	c.hostport(u.HostPort)
	if u.Slash {
		c.urlpath(u.Text, u.HostPort.Stop-u.Start+1, u.Stop-u.Start)
	}
	c.part(u.Type)
	c.part(u.Selector)
	c.part(u.Search)
	c.part(u.Plus)
	return c.Components
}

// componentsOf... returns the typed components of the URL: no authority, the address as the path.
func componentsOfMailtoURL(u *ast.MailtoURL) ast.Components {
	c := newComponents("mailtourl", u.Scheme)
	c.Path = str(u.Address.Text)
	c.part(u.Address)
	return c.Components
}

// componentsOf... returns the typed components of the URL: no authority, the grouppart ("*", a group
// or an article) as the path; group, or article with its host, as parts.
func componentsOfNewsURL(u *ast.NewsURL) ast.Components {
	c := newComponents("newsurl", u.Scheme)
	c.Path = str(u.Text[u.Scheme.Stop-u.Start+1:])
	c.Parts["grouppart"] = *c.Path
	c.part(u.Group)
	if a := u.Article; a != nil {
		c.Parts["article"] = a.Text
		c.Parts["host"] = a.Host.Text // a part only: the article's host is not the URL's authority
	}
	return c.Components
}

// componentsOf... returns the typed components of the URL: the path is group [ "/" digits ].
func componentsOfNNTPURL(u *ast.NNTPURL) ast.Components {
	c := newComponents("nntpurl", u.Scheme)
	c.hostport(u.HostPort)
	c.urlpath(u.Text, u.Group.Start-u.Start, u.Stop-u.Start)
	c.part(u.Group)
	c.part(u.Article)
	return c.Components
}

// componentsOf... returns the typed components of the URL: the path is "" when the final "/" is
// present, nil when it is not.
func componentsOfTelnetURL(u *ast.TelnetURL) ast.Components {
	c := newComponents("telneturl", u.Scheme)
	c.login(u.Login)
	if u.Slash {
		c.Path = str("")
	}
	return c.Components
}

// componentsOf... returns the typed components of the URL, with rule "waisurl" (Form says which of
// the three productions matched): the path is database [ "/" wtype "/" wpath ], the query
// the search of a waisindex.
func componentsOfWAISURL(u *ast.WAISURL) ast.Components {
	c := newComponents("waisurl", u.Scheme)
	c.hostport(u.HostPort)
	stop := u.Stop
	if u.Search != nil {
		stop = u.Search.Start - 1
		c.Query = str(u.Search.Text)
	}
	c.urlpath(u.Text, u.Database.Start-u.Start, stop-u.Start)
	c.part(u.Database)
	c.part(u.Search)
	c.part(u.Type)
	c.part(u.Path)
	return c.Components
}

// componentsOf... returns the typed components of the URL: the authority is the host as written ("" for
// the empty host), the path the fpath.
func componentsOfFileURL(u *ast.FileURL) ast.Components {
	c := newComponents("fileurl", u.Scheme)
	c.Authority = str("")
	if u.Host != nil {
		c.host(u.Host)
		c.Authority = str(u.Host.Text)
	}
	c.urlpath(u.Text, u.Path.Start-u.Start, u.Path.Stop-u.Start)
	c.path(u.Path)
	return c.Components
}

// componentsOf... returns the typed components of the URL: the path is the ppath with its field
// specifications; fieldname and fieldvalue are arrays, one entry per fieldspec.
func componentsOfProsperoURL(u *ast.ProsperoURL) ast.Components {
	c := newComponents("prosperourl", u.Scheme)
	c.hostport(u.HostPort)
	c.urlpath(u.Text, u.Path.Start-u.Start, u.Stop-u.Start)
	c.path(u.Path)
	if len(u.Fields) > 0 {
		names := make([]string, len(u.Fields))
		values := make([]string, len(u.Fields))
		for i, f := range u.Fields {
			names[i], values[i] = f.Name.Text, f.Value.Text
		}
		c.Parts["fieldname"], c.Parts["fieldvalue"] = names, values
	}
	return c.Components
}

// componentsOf... returns the typed components of the URL. With an ip-schemepart the authority is its
// login and the path its urlpath (nil without the "/"); otherwise the path is the schemepart.
func componentsOfOtherURL(u *ast.OtherURL) ast.Components {
	c := newComponents("otherurl", u.Scheme)
	c.part(u.SchemePart)
	if ip := u.IP; ip != nil {
		c.login(ip.Login)
		if ip.Path != nil {
			c.Path = str(ip.Path.Text)
			c.part(ip.Path)
		}
	} else {
		c.Path = str(u.SchemePart.Text)
	}
	return c.Components
}

// componentsOf... returns the typed components of the address: rule is the production of url that
// matched; the authority is the part after "//" up to the next "/" or "?" (the user "@" and
// hostport of telnet, the host of ftp, the cellname of afs); the path is what follows the
// "/" after it (or the generic address's path), nil when that "/" is absent; the query is
// the search, and the fragment the fragmentid. Parts are keyed by the draft's rule names.
func componentsOfFragmentAddress(f *ast.FragmentAddress) ast.Components {
	c := &components{ast.Components{Rule: f.Production, Parts: map[string]any{}}}
	var scheme *ast.Scheme
	switch a := f.URL.(type) {
	case *ast.GenericAddress:
		scheme = a.Scheme
		c.Path = str(a.Path.Text)
		c.path93(a.Path, "path")
		c.search93(a.Search)
	case *ast.HTTPAddress:
		scheme = a.Scheme
		c.hostport(a.HostPort)
		c.path93(a.Path, "path")
		c.search93(a.Search)
	case *ast.FileAddress:
		scheme = a.Scheme
		c.Authority = str(a.Host.Text)
		c.host(a.Host)
		c.path93(a.Path, "path")
	case *ast.AFSAddress:
		scheme = a.Scheme
		c.Authority = str(a.Cell.Text)
		c.host(a.Cell)
		c.Parts["cellname"] = a.Cell.Text
		c.path93(a.Path, "path")
	case *ast.NewsAddress:
		scheme = a.Scheme
		c.Path = str(f.Text[a.Scheme.Stop-f.Start+1 : a.Stop-f.Start])
		c.Parts["groupart"] = *c.Path
		c.part(a.Group)
		if a.Article != nil {
			c.Parts["article"] = a.Article.Text
			c.Parts["host"] = a.Article.Host.Text
		}
	case *ast.WAISAddress:
		scheme = a.Scheme
		c.hostport(a.HostPort)
		stop := a.Stop
		if a.Search != nil {
			stop = a.Search.Start - 1
		}
		c.Path = str(f.Text[a.Database.Start-f.Start : stop-f.Start])
		c.part(a.Database)
		c.search93(a.Search)
		c.part(a.Type)
		c.part(a.Length)
		if a.Path != nil {
			c.Parts["path"] = a.Path.Text
		}
	case *ast.ProsperoAddress:
		scheme = a.Scheme
		c.hostport(a.HostPort)
		c.Path = str(f.Text[a.Name.Start-f.Start : a.Stop-f.Start])
		c.Parts["hsoname"] = a.Name.Text
		c.part(a.Version)
		c.part(a.Attributes)
	case *ast.TelnetAddress:
		scheme = a.Scheme
		c.hostport(a.HostPort)
		if a.User != nil {
			c.Authority = str(a.User.Text + "@" + a.HostPort.Text)
			c.Userinfo = str(a.User.Text)
			c.part(a.User)
		}
	case *ast.GopherAddress:
		scheme = a.Scheme
		c.hostport(a.HostPort)
		if a.Type != nil {
			stop := a.Stop
			if a.Search != nil {
				stop = a.Search.Start - 1
			}
			c.Path = str(f.Text[a.Type.Start-f.Start : stop-f.Start])
			c.part(a.Type)
			if a.Selector != nil {
				c.Parts["selector"] = a.Selector.Text
			}
		}
		c.search93(a.Search)
	}
	c.Scheme = str(scheme.Text)
	c.Parts["scheme"] = scheme.Text
	if f.Fragment != nil {
		c.Fragment = str(f.Fragment.Text)
		c.part(f.Fragment)
	}
	return c.Components
}

// path93 records a path that follows a "/": the path component and the part.
func (c *components) path93(p *ast.SegmentPath, key string) {
	if p == nil {
		return
	}
	c.Path = str(p.Text)
	c.Parts[key] = p.Text
}

func (c *components) search93(s *ast.Search) {
	if s == nil {
		return
	}
	c.Query = str(s.Text)
	c.Parts["search"] = s.Text
}

// componentsOfURIReference splits a typed reference as the regular expression of Appendix B
// does (section 4.3 calls it the test oracle): an opaque-part is split at its first "?" into
// path and query. It was URIReference.Components until 2026-11-25, when nothing but the tests
// used it any more (resolve reads the compact tree's Spans). Parts keys follow the typed
// nodes: an Authority whose Rule is set is keyed by it (url-syntax-05's site), a Userinfo
// split into User and Password gives user and password, segments with Params give param; a
// tree of grammar rfc3987 has the keys of rfc3986 renamed as RFC 3987 renames the rules.
func componentsOfURIReference(r *ast.URIReference) ast.Components {
	// The component strings live in one array: one allocation instead of one per component.
	vals := new([10]string) // at most 9: scheme, authority, userinfo, host, hostKind, port, path, query, fragment
	n := 0
	str := func(s string) *string {
		vals[n] = s
		n++
		return &vals[n-1]
	}
	c := ast.Components{Rule: r.Rule, Parts: make(map[string]any, 8)}
	if c.Rule == "" {
		c.Rule = "URI-reference"
	}
	key := func(k string) string { return k }
	if ast.IsIRI(r) {
		key = ast.IRIName
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
			c.HostKind = str(string(ast.HostKindRegName))
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
