package resolve

import (
	"errors"
	"fmt"
	"strings"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
)

// Writing a result: the invariant.
//
// Every string Resolve and Normalize return parses again, under the same grammar, to exactly
// the components it was built from: the same scheme, authority (or none), path, query (or
// none) and fragment (or none). The literal recomposition of section 5.2 ("5.3" in RFC 3986)
// does not always give that, and where it would not, the writer departs from it in one of
// two ways, each the smallest change that keeps what the reference means:
//
//   - A path that begins with "//" in a reference without an authority would read as an
//     authority ("http:/a/b" with "..//evil.com/x" merges to the path "//evil.com/x"; written
//     as is, "http://evil.com/x" has the host evil.com). The path is written with "/." in
//     front ("http:/.//evil.com/x"), as the WHATWG URL Standard serializes it: the same path
//     once dot-segments are removed, and no authority. Section 3.3 of RFC 3986 says such a
//     path cannot begin with "//"; the drafts' recomposition does not check it.
//   - A relative reference (no scheme, no authority) whose path does not begin with "/" and
//     whose first segment holds a ":" would read as a scheme ("%6Aavascript:alert(1)" with its
//     unreserved escape decoded is "javascript:alert(1)"). The path is written with "./" in
//     front ("./javascript:alert(1)"), as section 4.2 of RFC 3986 prescribes for a
//     relative-path reference whose first segment contains a colon.
//
// Anything else that would not parse back to its components (url-syntax-05 cannot write an
// authority and a query without a path: "http://a?y" is the path "//a" there) is an
// *UnwritableError, never a string that means something else.

// guardPath returns the path as the result must be written so that it keeps its meaning
// (see above), and the guard used ("" for none).
func guardPath(p parts) (string, string) {
	if p.Authority == nil && strings.HasPrefix(p.Path, "//") {
		return "/." + p.Path, "authority-guard"
	}
	if p.Scheme == nil && p.Authority == nil && !strings.HasPrefix(p.Path, "/") {
		first, _, _ := strings.Cut(p.Path, "/")
		if strings.Contains(first, ":") {
			return "./" + p.Path, "scheme-guard"
		}
	}
	return p.Path, ""
}

// UnwritableError is returned when a result has no string that parses back to its
// components under the grammar.
type UnwritableError struct {
	Grammar string
	Result  string // the recomposed string
	Diff    string // which component comes back different, and how
}

func (e *UnwritableError) Error() string {
	return fmt.Sprintf("the result %q cannot be written in grammar %s: parsed again, %s", e.Result, e.Grammar, e.Diff)
}

// write recomposes p with its path guarded, parses it with g and checks that it gives back
// exactly p's components. It returns the tree, and the guard used.
func write(g *urlgrammar.Grammar, in *urlgrammar.Parser, p parts) (ast.Tree, string, error) {
	var guard string
	p.Path, guard = guardPath(p)
	tree, err := parseBack(g, in, p, p.String())
	return tree, guard, err
}

// recomposes reports whether c.String() is s, without writing it.
func recomposes(c parts, s string) bool {
	take := func(part string) bool {
		if !strings.HasPrefix(s, part) {
			return false
		}
		s = s[len(part):]
		return true
	}
	return (c.Scheme == nil || take(*c.Scheme) && take(":")) &&
		(c.Authority == nil || take("//") && take(*c.Authority)) &&
		take(c.Path) &&
		(c.Query == nil || take("?") && take(*c.Query)) &&
		(c.Fragment == nil || take("#") && take(*c.Fragment)) &&
		s == ""
}

// ownCopy returns a copy of t with nodes of its own: the result of a call whose result is
// its input's tree, which may be a pooled Parser's (overwritten by its next parse).
func ownCopy(t ast.Tree) ast.Tree {
	// make and copy, not slices.Clone: its append rounds the capacity up (growslice), which
	// cost NormalizeString 1.4% of its instructions, and a tree's nodes are never appended to.
	nodes := make([]ast.TreeNode, len(t.Nodes()))
	copy(nodes, t.Nodes())
	return ast.NewTree(t.Src(), t.Schema(), nodes)
}

// smallTree is how many nodes a Result holds in its own allocation (most references have
// 8 to 12).
const smallTree = 16

// ownResult returns the Result whose target is a copy of t, as ownCopy makes it: for a tree
// of smallTree nodes or fewer, the Result and the nodes in one allocation.
func ownResult(t ast.Tree, same bool) *Result {
	nodes := t.Nodes()
	if len(nodes) > smallTree {
		return &Result{Target: ownCopy(t), SameDocument: same}
	}
	b := new(struct {
		r     Result
		nodes [smallTree]ast.TreeNode
	})
	n := copy(b.nodes[:], nodes)
	b.r = Result{Target: ast.NewTree(t.Src(), t.Schema(), b.nodes[:n:n]), SameDocument: same}
	return &b.r
}

// parseBack parses s, the string p (guarded) recomposes, with g and checks that it gives back
// exactly p's components. With a Parser in, s is parsed by it: the tree is then in's,
// overwritten by its next parse (for a caller that keeps the text, not the tree).
func parseBack(g *urlgrammar.Grammar, in *urlgrammar.Parser, p parts, s string) (ast.Tree, error) {
	var tree ast.Tree
	var err error
	if in != nil {
		if tree, err = in.Parse(s); err != nil {
			if se, ok := err.(*urlgrammar.SyntaxError); ok {
				err = se.Clone() // the Parser's own is overwritten by its next parse
			}
		}
	} else {
		tree, err = g.Parse(s)
	}
	if err != nil {
		return ast.Tree{}, fmt.Errorf("the result %q is not valid: %w", s, err)
	}
	if d := diff(p, tree); d != "" {
		return ast.Tree{}, &UnwritableError{Grammar: g.ID(), Result: s, Diff: d}
	}
	return tree, nil
}

// diff describes the first component of the tree t that differs from want's, or returns
// "". It reads t's components from its spans: no allocation when they agree.
func diff(want parts, t ast.Tree) string { return diffSpans(want, t.Spans(), t.Src()) }

// diffSpans is diff for a tree whose Spans sp are computed already, over its source src.
func diffSpans(want parts, sp ast.Spans, src string) string {
	if d := diffPart("scheme", want.Scheme, sp.Scheme, src); d != "" {
		return d
	}
	if d := diffPart("authority", want.Authority, sp.Authority, src); d != "" {
		return d
	}
	if got := sp.Path.In(src); want.Path != got {
		// The clones keep want from leaking (escape analysis is field-insensitive): a
		// caller's components may then point at its stack.
		return fmt.Sprintf("the path is %q, not %q", got, strings.Clone(want.Path))
	}
	if d := diffPart("query", want.Query, sp.Query, src); d != "" {
		return d
	}
	return diffPart("fragment", want.Fragment, sp.Fragment, src)
}

// diffPart describes how the optional component name of a tree (r, in src) differs from w.
func diffPart(name string, w *string, r ast.Range, src string) string {
	switch {
	case w == nil && !r.Defined:
	case w == nil:
		return fmt.Sprintf("the %s is %q where there was none", name, r.In(src))
	case !r.Defined:
		return fmt.Sprintf("the %s %q is gone", name, strings.Clone(*w))
	case *w != r.In(src):
		return fmt.Sprintf("the %s is %q, not %q", name, r.In(src), strings.Clone(*w))
	}
	return ""
}

// ErrEmptyTree is returned for the zero tree (what a Parse that failed returns).
var ErrEmptyTree = errors.New("an empty tree")

// InvalidTreeError is returned for a tree that is not one of the grammar's (Grammar.CheckTree):
// another grammar's, or of a rule other than the start rule.
type InvalidTreeError struct {
	Text string // the tree's text
	Err  error  // why it is not the grammar's
}

func (e *InvalidTreeError) Error() string {
	return fmt.Sprintf("the tree %q: %v", e.Text, e.Err)
}

func (e *InvalidTreeError) Unwrap() error { return e.Err }

// checkTree returns nil for a tree of g's parse, ErrEmptyTree for the zero tree and an
// *InvalidTreeError for a tree of another grammar or rule.
func checkTree(g *urlgrammar.Grammar, t ast.Tree) error {
	if t.Len() == 0 {
		return ErrEmptyTree
	}
	if err := g.CheckTree(t); err != nil {
		return &InvalidTreeError{Text: t.String(), Err: err}
	}
	return nil
}

// OptionError is returned for an option out of its range.
type OptionError struct {
	Option string
	Value  int
}

func (e *OptionError) Error() string {
	return fmt.Sprintf("resolve: %s %d is out of range", e.Option, e.Value)
}

func checkOptions(alg Algorithm, dots DotSegments, level Level, g *urlgrammar.Grammar) error {
	switch {
	case alg < Algorithm2003 || alg > Algorithm2396:
		return &OptionError{"Algorithm", int(alg)}
	case dots < DotsKeep || dots > DotsError:
		return &OptionError{"Dots", int(dots)}
	case level < LevelString || level > LevelScheme:
		return &OptionError{"Level", int(level)}
	case g != nil && !g.Generic():
		return fmt.Errorf("resolve: %w", &urlgrammar.NotGenericError{Grammar: g.ID()})
	}
	return nil
}
