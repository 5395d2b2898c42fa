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
