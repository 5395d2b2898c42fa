// Package rootviews reads every accessor of the root view of a tree, per grammar with views
// of its own, as a program that takes a URL apart does: the cost the generated views add to
// Parse, which the root package's BenchmarkViews times and internal/cmd/instructions counts
// (make bench-instructions, Parse+views).
//
// Each function spells its accessors out: a generic helper over the view types (present(v V,
// ok bool)) calls Text through a dictionary, which moves the tree to the heap, and
// TestViewsAllocateNothing would no longer measure what a program written plainly pays.
package rootviews

import (
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/grammars/rfc1738"
	"github.com/urlgrammar/urlgrammar/grammars/rfc2396bis-01"
	"github.com/urlgrammar/urlgrammar/grammars/rfc3986"
	"github.com/urlgrammar/urlgrammar/grammars/rfc3987"
	"github.com/urlgrammar/urlgrammar/grammars/url-1993"
	"github.com/urlgrammar/urlgrammar/grammars/url-syntax-05"
)

// IDs are the grammars Read reads the root view of.
var IDs = []string{"rfc3986", "rfc3987", "rfc2396bis-01", "url-syntax-05", "rfc1738", "url-1993"}

// Has reports whether Read reads the root view of grammar id's trees.
func Has(id string) bool {
	for _, g := range IDs {
		if g == id {
			return true
		}
	}
	return false
}

// Read reads every accessor of the root view of t, a tree of grammar id (one of IDs), and
// returns the bytes of the children's texts it read. A switch, not a map of functions, so
// that the compiler sees the tree does not escape (through a func value it cannot).
func Read(id string, t *ast.Tree) int {
	switch id {
	case "rfc3986":
		return read3986(t)
	case "rfc3987":
		return read3987(t)
	case "rfc2396bis-01":
		return read2396(t)
	case "url-syntax-05":
		return read97(t)
	case "rfc1738":
		return read1738(t)
	case "url-1993":
		return read93(t)
	}
	panic("rootviews: no reader of grammar " + id)
}

func read3986(t *ast.Tree) int {
	r, _ := rfc3986.Root(t)
	n := 0
	add := func(v ast.View, ok bool) {
		if ok {
			n += len(v.Text())
		}
	}
	s, ok := r.Scheme()
	add(s.View, ok)
	n += len(r.Path().Text())
	a, ok := r.Authority()
	add(a.View, ok)
	p1, ok := r.PathAbempty()
	add(p1.View, ok)
	p2, ok := r.PathAbsolute()
	add(p2.View, ok)
	p3, ok := r.PathRootless()
	add(p3.View, ok)
	p4, ok := r.PathEmpty()
	add(p4.View, ok)
	p5, ok := r.PathNoscheme()
	add(p5.View, ok)
	q, ok := r.Query()
	add(q.View, ok)
	f, ok := r.Fragment()
	add(f.View, ok)
	return n
}

func read3987(t *ast.Tree) int {
	r, _ := rfc3987.Root(t)
	n := 0
	add := func(v ast.View, ok bool) {
		if ok {
			n += len(v.Text())
		}
	}
	s, ok := r.Scheme()
	add(s.View, ok)
	a, ok := r.Iauthority()
	add(a.View, ok)
	p1, ok := r.IpathAbempty()
	add(p1.View, ok)
	p2, ok := r.IpathAbsolute()
	add(p2.View, ok)
	p3, ok := r.IpathRootless()
	add(p3.View, ok)
	p4, ok := r.IpathEmpty()
	add(p4.View, ok)
	p5, ok := r.IpathNoscheme()
	add(p5.View, ok)
	q, ok := r.Iquery()
	add(q.View, ok)
	f, ok := r.Ifragment()
	add(f.View, ok)
	return n
}

func read2396(t *ast.Tree) int {
	r, _ := rfc2396bis01.Root(t)
	n := 0
	add := func(v ast.View, ok bool) {
		if ok {
			n += len(v.Text())
		}
	}
	s, ok := r.Scheme()
	add(s.View, ok)
	a, ok := r.Authority()
	add(a.View, ok)
	p1, ok := r.AbsPath()
	add(p1.View, ok)
	p2, ok := r.RelPath()
	add(p2.View, ok)
	o, ok := r.OpaquePart()
	add(o.View, ok)
	q, ok := r.Query()
	add(q.View, ok)
	f, ok := r.Fragment()
	add(f.View, ok)
	return n
}

func read97(t *ast.Tree) int {
	r, _ := urlsyntax05.Root(t)
	n := 0
	add := func(v ast.View, ok bool) {
		if ok {
			n += len(v.Text())
		}
	}
	s, ok := r.Scheme()
	add(s.View, ok)
	a, ok := r.Site()
	add(a.View, ok)
	p1, ok := r.AbsPath()
	add(p1.View, ok)
	p2, ok := r.RelPath()
	add(p2.View, ok)
	o, ok := r.OpaqueURL()
	add(o.View, ok)
	f, ok := r.Fragment()
	add(f.View, ok)
	return n
}

func read1738(t *ast.Tree) int {
	r, _ := rfc1738.Root(t)
	n := int(r.Kind())
	add := func(v ast.View, ok bool) {
		if ok {
			n += len(v.Text())
		}
	}
	u1, ok := r.Httpurl()
	add(u1.View, ok)
	u2, ok := r.Ftpurl()
	add(u2.View, ok)
	u3, ok := r.Newsurl()
	add(u3.View, ok)
	u4, ok := r.Nntpurl()
	add(u4.View, ok)
	u5, ok := r.Telneturl()
	add(u5.View, ok)
	u6, ok := r.Gopherurl()
	add(u6.View, ok)
	u7, ok := r.Waisurl()
	add(u7.View, ok)
	u8, ok := r.Mailtourl()
	add(u8.View, ok)
	u9, ok := r.Fileurl()
	add(u9.View, ok)
	u10, ok := r.Prosperourl()
	add(u10.View, ok)
	u11, ok := r.Otherurl()
	add(u11.View, ok)
	return n
}

func read93(t *ast.Tree) int {
	r, _ := url1993.Root(t)
	n := len(r.Url().Text())
	if f, ok := r.Fragmentid(); ok {
		n += len(f.Text())
	}
	return n
}

// RFC3986Children is Read of an rfc3986 tree through Children: every child of the root in
// one pass.
func RFC3986Children(t *ast.Tree) int {
	r, _ := rfc3986.Root(t)
	c := r.Children()
	return len(c.Scheme.Text()) + len(c.Authority.Text()) + len(c.Path.Text()) + len(c.PathAbempty.Text()) +
		len(c.PathAbsolute.Text()) + len(c.PathRootless.Text()) + len(c.PathEmpty.Text()) + len(c.PathNoscheme.Text()) +
		len(c.Query.Text()) + len(c.Fragment.Text())
}
