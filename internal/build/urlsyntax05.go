package build

import "github.com/urlgrammar/urlgrammar/ast"

// Constructors for grammar url-syntax-05 (grammars/url-syntax-05/url-syntax-05.peg), whose trees are the
// generic references of package ast with the 1997 draft's parts: a site with user and
// password, hostname / hostnumber hosts, segments with params. The host, hostname,
// hostnumber and label constructors are rfc1738's (the same rules).

// Userinfo97 builds the user [ ":" password ] of a site; password is nil without ":".
func Userinfo97(a At, user, password any) *ast.Userinfo {
	return &ast.Userinfo{Span: a.Span(), Text: a.Text(), User: user.(*ast.Part), Password: partOf(password)}
}

// Segment97 builds segment = *pchar *( ";" param ).
func Segment97(a At, params []any) *ast.Segment {
	s := &ast.Segment{Span: a.Span(), Text: a.Text()}
	for _, p := range params {
		s.Params = append(s.Params, p.(*ast.Part))
	}
	return s
}

// RelPath97 builds rel-path = [ path-segments ] [ "?" query ]. An empty rel-path has no
// segments, as the empty path of the generic syntax.
func RelPath97(a At, segments, query any) hier {
	p := &ast.Path{Span: a.Span(), Segments: []*ast.Segment{}}
	var h hier
	if query != nil {
		h.query = query.(*ast.Query)
	}
	if segments != nil {
		segs := segments.([]*ast.Segment)
		if len(segs) > 1 || segs[0].Stop > segs[0].Start {
			p.Segments = segs
		}
		p.Span = ast.Span{Start: a.Start, Stop: segs[len(segs)-1].Stop}
	} else {
		p.Span.Stop = p.Span.Start
	}
	p.Text = a.Src[p.Start:p.Stop]
	h.path = p
	return h
}

// AbsPath97 builds abs-path = "/" rel-path: an absolute path with at least one segment ("/"
// alone has one empty segment).
func AbsPath97(a At, rel any) hier {
	h := rel.(hier)
	p := h.path
	segs := p.Segments
	if len(segs) == 0 {
		segs = []*ast.Segment{{Span: ast.Span{Start: a.Start + 1, Stop: a.Start + 1}}}
	}
	h.path = &ast.Path{Span: ast.Span{Start: a.Start, Stop: p.Stop}, Text: a.Src[a.Start:p.Stop],
		Absolute: true, Segments: segs}
	return h
}

// NetPath97 builds net-path = "//" site [ abs-path ]; site is a *ast.Server. Without an
// abs-path the path is empty, at the end of the site.
func NetPath97(a At, site, abs any) hier {
	s := site.(*ast.Server)
	h := hier{authority: &ast.Authority{Span: s.Span, Rule: "site", Text: s.Text, Server: s}}
	if abs != nil {
		ah := abs.(hier)
		h.path, h.query = ah.path, ah.query
	} else {
		h.path = &ast.Path{Span: ast.Span{Start: s.Stop, Stop: s.Stop}, Segments: []*ast.Segment{}}
	}
	return h
}
