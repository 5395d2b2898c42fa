package ast

import "strings"

// String prints the reference from its components: scheme ":", "//" authority, the path or
// opaque-part, "?" query, "#" fragment, each delimiter only when its component is defined.
// For a tree produced by a parser it gives back the input byte for byte.
func (r *URIReference) String() string {
	var b strings.Builder
	b.Grow(len(r.Text))
	r.print(&b)
	return b.String()
}

func (r *URIReference) print(b *strings.Builder) {
	if r.Scheme != nil {
		b.WriteString(r.Scheme.Text)
		b.WriteByte(':')
	}
	if r.Authority != nil {
		b.WriteString("//")
		r.Authority.print(b)
	}
	if r.Path != nil {
		r.Path.print(b)
	}
	if r.Opaque != nil {
		b.WriteString(r.Opaque.Text)
	}
	if r.Query != nil {
		b.WriteByte('?')
		b.WriteString(r.Query.Text)
	}
	if r.Fragment != nil {
		b.WriteByte('#')
		b.WriteString(r.Fragment.Text)
	}
}

// String prints the authority without its leading "//".
func (a *Authority) String() string {
	var b strings.Builder
	a.print(&b)
	return b.String()
}

func (a *Authority) print(b *strings.Builder) {
	switch {
	case a.Server != nil:
		a.Server.print(b)
	case a.RegName != nil:
		b.WriteString(a.RegName.Text)
	}
}

// String prints the server: userinfo "@" host ":" port.
func (s *Server) String() string {
	var b strings.Builder
	s.print(&b)
	return b.String()
}

func (s *Server) print(b *strings.Builder) {
	if s.Userinfo != nil {
		b.WriteString(s.Userinfo.Text)
		b.WriteByte('@')
	}
	if s.Host != nil {
		b.WriteString(s.Host.Text)
	}
	if s.Port != nil {
		b.WriteByte(':')
		b.WriteString(s.Port.Text)
	}
}

// String prints the path from its segments.
func (p *Path) String() string {
	var b strings.Builder
	p.print(&b)
	return b.String()
}

func (p *Path) print(b *strings.Builder) {
	for i, s := range p.Segments {
		if i > 0 || p.Absolute {
			b.WriteByte('/')
		}
		b.WriteString(s.Text)
	}
}
