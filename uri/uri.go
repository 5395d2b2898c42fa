// Package uri builds references from their components and handles the text of one
// component, what net/url users reach for after parsing: Build writes a reference from its
// five components and checks, by parsing it back, that it means what they say; Escape
// percent-encodes raw text for one component of RFC 3986; DecodeQuery splits a query into
// its key/value pairs and decodes them.
package uri

import (
	"fmt"
	"strings"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
)

// Components are a reference's five components (RFC 3986 section 3), as written, without
// their delimiters: nil is undefined (no delimiter), "" is present and empty. The path is
// never undefined.
type Components struct {
	Scheme, Authority *string
	Path              string
	Query, Fragment   *string
}

// Of returns the components of a tree of a generic grammar (one whose header declares them).
// The strings are the tree's source: one allocation, for the four that may be undefined.
func Of(t ast.Tree) Components { return OfSpans(t.Spans(), t.Src()) }

// OfSpans is Of for a tree whose Spans sp are computed already, over its source src.
func OfSpans(sp ast.Spans, src string) Components {
	texts := new([4]string)
	at := func(i int, r ast.Range) *string {
		if !r.Defined {
			return nil
		}
		texts[i] = r.In(src)
		return &texts[i]
	}
	return Components{Scheme: at(0, sp.Scheme), Authority: at(1, sp.Authority), Path: sp.Path.In(src),
		Query: at(2, sp.Query), Fragment: at(3, sp.Fragment)}
}

// String recomposes the components as RFC 3986 section 5.3 does: scheme ":", "//"
// authority, path, "?" query, "#" fragment.
func (c Components) String() string {
	var b strings.Builder
	n := len(c.Path) + 4
	for _, s := range [...]*string{c.Scheme, c.Authority, c.Query, c.Fragment} {
		if s != nil {
			n += len(*s)
		}
	}
	b.Grow(n)
	if c.Scheme != nil {
		b.WriteString(*c.Scheme)
		b.WriteByte(':')
	}
	if c.Authority != nil {
		b.WriteString("//")
		b.WriteString(*c.Authority)
	}
	b.WriteString(c.Path)
	if c.Query != nil {
		b.WriteByte('?')
		b.WriteString(*c.Query)
	}
	if c.Fragment != nil {
		b.WriteByte('#')
		b.WriteString(*c.Fragment)
	}
	return b.String()
}

// ChangedError is Build's refusal of components that do not parse back to themselves: written
// one after another, they would mean something else ("http:" with the path "//evil.com/x"
// reads as the host evil.com; a path "a:b" without a scheme reads as the scheme a).
type ChangedError struct {
	Written   string // the recomposed reference
	Component string // the first component that comes back different
	Want, Got *string
}

func (e *ChangedError) Error() string {
	q := func(s *string) string {
		if s == nil {
			return "undefined"
		}
		return fmt.Sprintf("%q", *s)
	}
	return fmt.Sprintf("uri: %q parses back with the %s %s, not %s: the components would change meaning", e.Written, e.Component, q(e.Got), q(e.Want))
}

// Build writes a reference from its components and parses it with g (a generic grammar:
// rfc3986, rfc3987, rfc2396bis-01, url-syntax-05): the tree, or the grammar's
// *urlgrammar.SyntaxError when the written reference is not valid (a component with a
// character its rule does not allow: Escape first), or a *ChangedError when it is valid but
// its components are not those given. Nothing is guessed or repaired.
func Build(g *urlgrammar.Grammar, c Components) (ast.Tree, error) {
	if !g.Generic() {
		return ast.Tree{}, &urlgrammar.NotGenericError{Grammar: g.ID()}
	}
	s := c.String()
	t, err := g.Parse(s)
	if err != nil {
		return ast.Tree{}, err
	}
	got := Of(t)
	for _, x := range []struct {
		name      string
		want, got *string
	}{{"scheme", c.Scheme, got.Scheme}, {"authority", c.Authority, got.Authority}, {"path", &c.Path, &got.Path},
		{"query", c.Query, got.Query}, {"fragment", c.Fragment, got.Fragment}} {
		if (x.want == nil) != (x.got == nil) || x.want != nil && *x.want != *x.got {
			return ast.Tree{}, &ChangedError{Written: s, Component: x.name, Want: x.want, Got: x.got}
		}
	}
	return t, nil
}
