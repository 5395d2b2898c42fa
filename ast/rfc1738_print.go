package ast

import "strings"

// Printing and components of the RFC 1738 trees (rfc1738.go). Each String method prints the
// URL from its nodes, delimiters only where their components are present, and gives back a
// parsed input byte for byte.

type printer struct{ strings.Builder }

func (p *printer) scheme(s *Scheme, sep string) {
	p.WriteString(s.Text)
	p.WriteString(sep)
}

func (p *printer) hostport(h *HostPort) {
	p.WriteString(h.Host.Text)
	if h.Port != nil {
		p.WriteByte(':')
		p.WriteString(h.Port.Text)
	}
}

func (p *printer) login(l *Login) {
	if l.User != nil {
		p.WriteString(l.User.Text)
		if l.Password != nil {
			p.WriteByte(':')
			p.WriteString(l.Password.Text)
		}
		p.WriteByte('@')
	}
	p.hostport(l.HostPort)
}

func (p *printer) path(s *SegmentPath) {
	for i, seg := range s.Segments {
		if i > 0 {
			p.WriteByte('/')
		}
		p.WriteString(seg.Text)
	}
}

// opt writes sep and the part when the part is present.
func (p *printer) opt(sep string, part *Part) {
	if part != nil {
		p.WriteString(sep)
		p.WriteString(part.Text)
	}
}

func (u *HTTPURL) String() string {
	var p printer
	p.scheme(u.Scheme, "://")
	p.hostport(u.HostPort)
	if u.Path != nil {
		p.WriteByte('/')
		p.path(u.Path)
	}
	p.opt("?", u.Search)
	return p.String()
}

func (u *FTPURL) String() string {
	var p printer
	p.scheme(u.Scheme, "://")
	p.login(u.Login)
	if u.Path != nil {
		p.WriteByte('/')
		p.path(u.Path)
	}
	p.opt(u.TypeSep, u.Type)
	return p.String()
}

func (u *GopherURL) String() string {
	var p printer
	p.scheme(u.Scheme, "://")
	p.hostport(u.HostPort)
	if u.Slash {
		p.WriteByte('/')
	}
	p.opt("", u.Type)
	p.opt("", u.Selector)
	p.opt("%09", u.Search)
	p.opt("%09", u.Plus)
	return p.String()
}

func (u *MailtoURL) String() string {
	var p printer
	p.scheme(u.Scheme, ":")
	p.WriteString(u.Address.Text)
	return p.String()
}

func (u *NewsURL) String() string {
	var p printer
	p.scheme(u.Scheme, ":")
	p.groupPart(u.All, u.Group, u.Article)
	return p.String()
}

// groupPart writes a news grouppart (rfc1738) or groupart (url-1993): "*", a group or an
// article.
func (p *printer) groupPart(all bool, group *Part, article *Article) {
	switch {
	case all:
		p.WriteByte('*')
	case group != nil:
		p.WriteString(group.Text)
	case article != nil:
		p.WriteString(article.Text)
	}
}

func (u *NNTPURL) String() string {
	var p printer
	p.scheme(u.Scheme, "://")
	p.hostport(u.HostPort)
	p.WriteByte('/')
	p.WriteString(u.Group.Text)
	p.opt("/", u.Article)
	return p.String()
}

func (u *TelnetURL) String() string {
	var p printer
	p.scheme(u.Scheme, "://")
	p.login(u.Login)
	if u.Slash {
		p.WriteByte('/')
	}
	return p.String()
}

func (u *WAISURL) String() string {
	var p printer
	p.scheme(u.Scheme, "://")
	p.hostport(u.HostPort)
	p.WriteByte('/')
	p.WriteString(u.Database.Text)
	p.opt("?", u.Search)
	p.opt("/", u.Type)
	p.opt("/", u.Path)
	return p.String()
}

func (u *FileURL) String() string {
	var p printer
	p.scheme(u.Scheme, "://")
	if u.Host != nil {
		p.WriteString(u.Host.Text)
	}
	p.WriteByte('/')
	p.path(u.Path)
	return p.String()
}

func (u *ProsperoURL) String() string {
	var p printer
	p.scheme(u.Scheme, "://")
	p.hostport(u.HostPort)
	p.WriteByte('/')
	p.path(u.Path)
	for _, f := range u.Fields {
		p.WriteByte(';')
		p.WriteString(f.Name.Text)
		p.WriteByte('=')
		p.WriteString(f.Value.Text)
	}
	return p.String()
}

func (u *OtherURL) String() string {
	var p printer
	p.scheme(u.Scheme, ":")
	if ip := u.IP; ip != nil {
		p.WriteString("//")
		p.login(ip.Login)
		p.opt("/", ip.Path)
	} else {
		p.WriteString(u.SchemePart.Text)
	}
	return p.String()
}

// components collects the Components of an RFC 1738 URL.
type components struct{ Components }

func newComponents(rule string, s *Scheme) *components {
	c := &components{Components{Rule: rule, Scheme: str(s.Text), Parts: map[string]any{}}}
	return c
}

// part records a present part under its rule name.
func (c *components) part(p *Part) {
	if p != nil {
		c.Parts[p.Rule] = p.Text
	}
}

func (c *components) hostport(h *HostPort) {
	c.Authority = str(h.Text)
	c.host(h.Host)
	if h.Port != nil {
		c.Port = str(h.Port.Text)
		c.Parts["port"] = h.Port.Text
	}
}

func (c *components) host(h *Host) {
	c.Host = str(h.Text)
	c.HostKind = str(string(h.Kind))
	c.Parts["host"] = h.Text
}

func (c *components) login(l *Login) {
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
func (c *components) path(p *SegmentPath) {
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

// Components returns the components of the URL. The authority is the hostport, the path
// the url-path (section 3.1: without the "/" that precedes it), nil when the "/" is absent,
// and the query the search.
func (u *HTTPURL) Components() Components {
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

// Components returns the components of the URL. The authority is the login, the userinfo
// the user and password with their ":", and the path the url-path (section 3.2.2): the fpath
// with its ";type=" typecode, nil when the "/" is absent.
func (u *FTPURL) Components() Components {
	c := newComponents("ftpurl", u.Scheme)
	c.login(u.Login)
	if u.Path != nil {
		c.urlpath(u.Text, u.Path.Start-u.Start, u.Stop-u.Start)
		c.path(u.Path)
	}
	c.part(u.Type)
	return c.Components
}

// Components returns the components of the URL. The path is the url-path: everything after
// the "/" that follows the hostport, nil when that "/" is absent. gtype, selector, search and
// gopher+_string are parts.
func (u *GopherURL) Components() Components {
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

// Components returns the components of the URL: no authority, the address as the path.
func (u *MailtoURL) Components() Components {
	c := newComponents("mailtourl", u.Scheme)
	c.Path = str(u.Address.Text)
	c.part(u.Address)
	return c.Components
}

// Components returns the components of the URL: no authority, the grouppart ("*", a group
// or an article) as the path; group, or article with its host, as parts.
func (u *NewsURL) Components() Components {
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

// Components returns the components of the URL: the path is group [ "/" digits ].
func (u *NNTPURL) Components() Components {
	c := newComponents("nntpurl", u.Scheme)
	c.hostport(u.HostPort)
	c.urlpath(u.Text, u.Group.Start-u.Start, u.Stop-u.Start)
	c.part(u.Group)
	c.part(u.Article)
	return c.Components
}

// Components returns the components of the URL: the path is "" when the final "/" is
// present, nil when it is not.
func (u *TelnetURL) Components() Components {
	c := newComponents("telneturl", u.Scheme)
	c.login(u.Login)
	if u.Slash {
		c.Path = str("")
	}
	return c.Components
}

// Components returns the components of the URL, with rule "waisurl" (Form says which of
// the three productions matched): the path is database [ "/" wtype "/" wpath ], the query
// the search of a waisindex.
func (u *WAISURL) Components() Components {
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

// Components returns the components of the URL: the authority is the host as written ("" for
// the empty host), the path the fpath.
func (u *FileURL) Components() Components {
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

// Components returns the components of the URL: the path is the ppath with its field
// specifications; fieldname and fieldvalue are arrays, one entry per fieldspec.
func (u *ProsperoURL) Components() Components {
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

// Components returns the components of the URL. With an ip-schemepart the authority is its
// login and the path its urlpath (nil without the "/"); otherwise the path is the schemepart.
func (u *OtherURL) Components() Components {
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
