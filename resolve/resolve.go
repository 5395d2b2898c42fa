// Package resolve resolves URI references against a base URI, normalizes URIs and compares
// them, as sections 5 and 6 of draft-fielding-uri-rfc2396bis-01 (2003) describe, with the
// 1997 algorithm of draft-fielding-url-syntax-05 section 5.2 and the algorithm of RFC 3986
// section 5.2 as options (each the default for its own grammar). It works on the grammars'
// trees (ast.Tree, what Grammar.Parse returns) through the components their headers declare
// (Tree.Spans), so it serves every generic grammar, one added from outside the module too,
// and returns trees: every result is parsed again by the grammar, so it is valid and means
// what it was built to mean.
package resolve

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc2396bis-01" // registers the grammar it looks up by id
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc3986"       // registers the grammar it looks up by id
	"github.com/urlgrammar/urlgrammar/uri"
)

// Algorithm selects the resolution algorithm.
type Algorithm int

const (
	// Algorithm2003 is the pseudocode of draft-fielding-uri-rfc2396bis-01 section 5.2.
	Algorithm2003 Algorithm = iota
	// Algorithm1997 is steps 1-7 of draft-fielding-url-syntax-05 section 5.2: the reference's
	// query is merged into the path buffer, so its "/./" and "/../" are removed too, and a
	// reference of only a query replaces the last segment of the base path.
	Algorithm1997
	// Algorithm3986 is RFC 3986 section 5.2: the transform of 5.2.2 with the merge of 5.2.3
	// and remove_dot_segments of 5.2.4, applied as the RFC applies it: to the path of every
	// reference that has one of its own (with a scheme, an authority or an absolute path, too:
	// "http://a/./b" resolves to "http://a/b"), and to every merged path. 5.2.4 removes ".."
	// segments that would climb above the root ("../../../g" against "http://a/b/c/d;p?q" is
	// "http://a/g"): Dots has no effect unless it is DotsError, which refuses such a
	// reference with ErrAboveRoot. Compat is the RFC's non-strict parser (5.2.2: "if
	// (!strict) and (R.Scheme == Base.Scheme)").
	Algorithm3986
	// Algorithm2396 is steps 1-7 of RFC 2396 section 5.2: the 1997 draft's, except that the
	// reference's query is not merged with the path (its "/./" and "/../" stay: "g?y/../x"
	// against "http://a/b/c/d;p?q" is "http://a/b/c/g?y/../x"); a reference of only a query
	// replaces the last segment of the base path ("?y" is "http://a/b/c/?y").
	Algorithm2396
)

// DefaultAlgorithm returns the algorithm of the specification whose semantics a grammar
// declares (Grammar.Semantics): Algorithm1997 for url-syntax-05's (its section 5.2),
// Algorithm2396 for RFC 2396's, Algorithm3986 for RFC 3986's and RFC 3987's (RFC 3987
// section 6.5: IRI references are resolved as RFC 3986 section 5.2 says), Algorithm2003
// otherwise.
func DefaultAlgorithm(g *urlgrammar.Grammar) Algorithm {
	if g == nil {
		return Algorithm2003
	}
	switch g.Semantics() {
	case urlgrammar.Semantics1997:
		return Algorithm1997
	case urlgrammar.Semantics2396:
		return Algorithm2396
	case urlgrammar.Semantics3986, urlgrammar.Semantics3987:
		return Algorithm3986
	}
	return Algorithm2003
}

// DotSegments is the policy for ".." segments left at the start of a merged path, which
// section 5.2 step 7 calls an error that implementations may handle in three ways.
type DotSegments int

const (
	DotsKeep   DotSegments = iota // retain them: "http://a/../g" (the drafts' Appendix C)
	DotsRemove                    // discard them: "http://a/g"
	DotsError                     // refuse the reference: ErrAboveRoot
)

// Options configure Resolve. The zero value is the validating 2003 algorithm that keeps
// leading ".." segments, with results parsed by rfc2396bis-01.
type Options struct {
	Algorithm Algorithm
	// Compat is the backwards-compatible behaviour of section 5.2: a reference whose scheme
	// equals the base's scheme (compared case-insensitively) is treated as relative, so
	// "http:g" against "http://a/b/c/d;p?q" is "http://a/b/c/g". Off, a parser is validating.
	Compat  bool
	Dots    DotSegments
	Grammar *urlgrammar.Grammar // parses the result; nil means rfc2396bis-01
}

// Errors of Resolve, wrapped with the inputs they concern.
var (
	ErrRelativeBase = errors.New("the base is not an absolute URI (it has no scheme)")
	ErrOpaqueBase   = errors.New("a relative-path reference cannot be resolved against a base with an opaque-part")
	// ErrAboveRoot is wrapped with the section of the algorithm that met the "..": the
	// drafts' step 7 of section 5.2 (step g of 1997's step 6), RFC 3986's section 5.2.4.
	ErrAboveRoot       = errors.New("the reference has more \"..\" segments than the base path has levels")
	errAboveRootDrafts = fmt.Errorf("%w (section 5.2, step 7)", ErrAboveRoot)
	errAboveRoot3986   = fmt.Errorf("%w (RFC 3986 section 5.2.4)", ErrAboveRoot)
	ErrEmptyPath       = errors.New("the 1997 algorithm does not define a relative-path reference against a base with an empty path (step 6a; fixed in the 2003 draft, Appendix G.2)")
)

// Result is a resolved reference.
type Result struct {
	// Target is the absolute URI the reference resolves to, with the reference's fragment,
	// as the grammar parses it (Target.String() is its text; the grammar's views read it).
	// For a same-document reference it is the base without its fragment, plus the
	// reference's fragment.
	Target ast.Tree
	// SameDocument is set for a reference to the current document: the empty reference, or
	// one of only a fragment (section 4.2).
	SameDocument bool
}

// String returns the target's text.
func (r *Result) String() string { return r.Target.String() }

// parts are the five components of section 5.2's parse(R), as Appendix B splits a reference
// (uri.Components): nil when undefined. The path is never undefined.
type parts = uri.Components

// split returns the components of a tree of a generic grammar (its declarations give them).
func split(t ast.Tree) parts { return uri.Of(t) }

// zeroGrammar is the grammar of options without one: the 2003 draft's, whose algorithm is
// the zero Algorithm (Algorithm2003). It is not urlgrammar.DefaultGrammar, the CLI's.
const zeroGrammar = urlgrammar.RFC2396bis01

// zero holds zeroGrammar once it has been looked up: a registered grammar stays, and a
// lookup per call (a lock and a map) was 4% of NormalizeString.
var zero atomic.Pointer[urlgrammar.Grammar]

func grammarOf(g *urlgrammar.Grammar) *urlgrammar.Grammar {
	if g != nil {
		return g
	}
	if g = zero.Load(); g == nil {
		g = urlgrammar.MustLookup(zeroGrammar)
		zero.Store(g)
	}
	return g
}

// ResolveString parses base and ref with the options' grammar and resolves them: an input
// that does not parse gives the grammar's error (a *urlgrammar.SyntaxError), wrapped with
// which of the two it is.
func ResolveString(base, ref string, opt Options) (*Result, error) {
	g := grammarOf(opt.Grammar)
	if err := checkOptions(opt.Algorithm, opt.Dots, LevelString, opt.Grammar); err != nil {
		return nil, err
	}
	b, err := g.Parse(base)
	if err != nil {
		return nil, fmt.Errorf("base: %w", err)
	}
	r, err := g.Parse(ref)
	if err != nil {
		return nil, fmt.Errorf("reference: %w", err)
	}
	return newResolver(g, b, opt).resolve(r, true)
}

// Resolve transforms the reference ref into its target against base (section 5.2); both are
// trees the options' grammar parsed (Grammar.Parse, a Parser). The target is written so that
// it parses back to the components the algorithm built (see write.go): a merged path that
// begins with "//" and has no authority gets "/." in front; a target the grammar cannot
// write is an *UnwritableError.
//
// A tree that is not one of the grammar's (the zero tree, another grammar's: see
// Grammar.CheckTree) is an *InvalidTreeError; options out of range are an *OptionError.
func Resolve(base, ref ast.Tree, opt Options) (*Result, error) {
	r, err := NewResolver(base, opt)
	if err != nil {
		return nil, err
	}
	return r.Resolve(ref)
}

// A Resolver resolves references against one base: Resolve's work for a stream of
// references (the resolve command), with the base's components taken once. It is safe for
// concurrent use.
type Resolver struct {
	g      *urlgrammar.Grammar
	opt    Options
	base   string // the base's text: the tree is not kept (a Parser's is overwritten by its next parse)
	b      parts
	opaque bool // the base has an opaque-part (the 2003 draft's; RFC 2396's)
	// parsers hold the grammar's Parsers that ResolveString parses references with: a
	// reference's tree is read into its components and not kept, so a Parser's block serves.
	parsers sync.Pool
}

// NewResolver returns the Resolver of base with the options; its errors are Resolve's for
// the base and the options.
func NewResolver(base ast.Tree, opt Options) (*Resolver, error) {
	g := grammarOf(opt.Grammar)
	if err := checkOptions(opt.Algorithm, opt.Dots, LevelString, opt.Grammar); err != nil {
		return nil, err
	}
	if err := checkTree(g, base); err != nil {
		return nil, fmt.Errorf("resolve: base: %w", err)
	}
	return newResolver(g, base, opt), nil
}

// newResolver is NewResolver of a base of the grammar, with options in range.
func newResolver(g *urlgrammar.Grammar, base ast.Tree, opt Options) *Resolver {
	rs := &Resolver{g: g, opt: opt, base: base.String(), b: split(base)}
	rs.parsers.New = func() any { return g.NewParser() }
	// An absolute URI whose part after the scheme is an opaque-part (the production of the
	// 2003 draft and of RFC 2396) has no hierarchy to merge a relative path with. Grammars
	// without the production have no opaque URIs: url-syntax-05 reads "0:0" as a generic URL
	// with a relative path, RFC 3986 "foo:bar" as a path-rootless.
	if r, ok := base.Schema().Rule("opaque-part"); ok {
		for _, n := range base.Nodes() {
			rs.opaque = rs.opaque || n.Rule() == r
		}
	}
	return rs
}

// Resolve is the package's Resolve of ref against the Resolver's base.
func (rs *Resolver) Resolve(ref ast.Tree) (*Result, error) {
	if err := checkTree(rs.g, ref); err != nil {
		return nil, fmt.Errorf("resolve: reference: %w", err)
	}
	return rs.resolve(ref, false)
}

// ResolveString parses ref with the Resolver's grammar and resolves it: an input that does
// not parse gives the grammar's error (a *urlgrammar.SyntaxError), as Grammar.Parse does.
func (rs *Resolver) ResolveString(ref string) (*Result, error) {
	p := rs.parsers.Get().(*urlgrammar.Parser)
	defer rs.parsers.Put(p)
	r, err := p.Parse(ref)
	if err != nil {
		if se, ok := err.(*urlgrammar.SyntaxError); ok {
			return nil, se.Clone() // the Parser's own is overwritten by its next parse
		}
		return nil, err
	}
	return rs.resolve(r, true) // reads r into its components, or copies it, before p goes back
}

// Target parses ref with the Resolver's grammar and returns the text of its target, as
// ResolveString's Result gives it, without the target's tree: a reference that is its own
// target (an absolute one as written, most are) is returned as it is, with no allocation;
// another costs its target's text, which is parsed again, through a Parser, to check that it
// has the target's components, as Resolve's is. Errors are ResolveString's.
func (rs *Resolver) Target(ref string) (string, error) {
	p := rs.parsers.Get().(*urlgrammar.Parser)
	defer rs.parsers.Put(p)
	r, err := p.Parse(ref)
	if err != nil {
		if se, ok := err.(*urlgrammar.SyntaxError); ok {
			return "", se.Clone() // the Parser's own is overwritten by its next parse
		}
		return "", err
	}
	sp := r.Spans()
	if rs.b.Scheme != nil && rs.isTarget(&sp, ref) {
		return ref, nil // outcome's first answer, without its set-up
	}
	o, err := rs.outcome(r, &sp, true)
	if err != nil {
		return "", err
	}
	if o.asRef {
		return ref, nil
	}
	target := o.final.String()
	if _, err := parseBack(rs.g, p, o.final, target); err != nil {
		return "", fmt.Errorf("resolve %q against %q: %w", ref, rs.base, err)
	}
	return target, nil
}

// resolve resolves ref, a tree of the grammar's parse, against the base. parsed says that ref
// is the tree the grammar's parser made (not a caller's, whose nodes CheckTree does not
// check): a target that is ref's source then takes a copy of ref instead of a parse of it.
func (rs *Resolver) resolve(ref ast.Tree, parsed bool) (*Result, error) {
	refSpans := ref.Spans()
	if parsed && rs.b.Scheme != nil && rs.isTarget(&refSpans, ref.Src()) {
		// outcome's first answer, without its set-up: most references are their own target.
		return ownResult(ref, false), nil
	}
	o, err := rs.outcome(ref, &refSpans, parsed)
	if err != nil {
		return nil, err
	}
	if o.asRef {
		// The target is ref's source, whose tree ref is: parsing it again would give the
		// same tree.
		return ownResult(ref, o.same), nil
	}
	target, err := parseBack(rs.g, nil, o.final, o.final.String())
	if err != nil {
		return nil, fmt.Errorf("resolve %q against %q: %w", ref.String(), rs.base, err)
	}
	return &Result{Target: target, SameDocument: o.same}, nil
}

// outcome is what resolution finds of a reference: that its target is the reference as
// written (asRef), or the target's components to write (final); same for a same-document
// reference.
type outcome struct {
	asRef bool
	final parts
	same  bool
}

// outcome resolves ref, a tree of the grammar's parse whose spans are refSpans, against the
// base. parsed says that ref is the tree the grammar's parser made: only then may the target
// be ref's source as it is.
func (rs *Resolver) outcome(ref ast.Tree, refSpans *ast.Spans, parsed bool) (outcome, error) {
	base, opt := rs.base, rs.opt // base is the text
	b := rs.b
	if b.Scheme == nil {
		return outcome{}, fmt.Errorf("resolve %q against %q: %w", ref.String(), base, ErrRelativeBase)
	}
	src := ref.Src()
	if parsed && rs.isTarget(refSpans, src) {
		// Most references are absolute and their own target (TestIsTargetAgreesWithResolve).
		return outcome{asRef: true}, nil
	}
	r := uri.OfSpans(*refSpans, src)
	var (
		t    parts
		same bool
		err  error
	)
	if opt.Compat && r.Scheme != nil && strings.EqualFold(*r.Scheme, *b.Scheme) {
		r.Scheme = nil // "http:g": the path "g" is now a relative path
	}
	switch opt.Algorithm {
	case Algorithm1997, Algorithm2396:
		t, same, err = resolve1997(rs.opaque, b, r, opt.Dots, opt.Algorithm == Algorithm1997)
	case Algorithm3986:
		t, same, err = resolve3986(b, r, opt.Dots)
	default:
		t, same, err = resolve2003(rs.opaque, b, r, opt.Dots)
	}
	if err != nil {
		return outcome{}, fmt.Errorf("resolve %q against %q: %w", ref.String(), base, err)
	}
	if same {
		t = b
		t.Fragment = r.Fragment
	}
	final := t
	final.Path, _ = guardPath(t)
	if parsed && recomposes(final, src) && diffSpans(final, *refSpans, src) == "" {
		// The target is the reference as written (an absolute one without dot segments).
		return outcome{asRef: true, same: same}, nil
	}
	return outcome{final: final, same: same}, nil
}

// isTarget reports whether a reference (its spans sp, over src) is its own target, as
// written, without reading its components out: an absolute reference that recomposes to src,
// whose scheme Compat does not drop, whose path needs no guard and, with RFC 3986's
// algorithm, has no dot segment to remove. It may say false of a reference that is its own
// target (resolve then finds so), never true of one that is not.
func (rs *Resolver) isTarget(sp *ast.Spans, src string) bool {
	if !sp.Scheme.Defined || !recomposesSpans(src, sp) {
		return false
	}
	if rs.opt.Compat && strings.EqualFold(sp.Scheme.In(src), *rs.b.Scheme) {
		return false
	}
	path := sp.Path.In(src)
	if !sp.Authority.Defined && strings.HasPrefix(path, "//") {
		return false
	}
	return rs.opt.Algorithm != Algorithm3986 || !hasDotSegment(path)
}

// resolve2003 is the pseudocode of draft-fielding-uri-rfc2396bis-01 section 5.2.
func resolve2003(opaqueBase bool, b, r parts, dots DotSegments) (t parts, same bool, err error) {
	t.Fragment = r.Fragment
	switch {
	case r.Scheme != nil:
		t.Scheme, t.Authority, t.Path, t.Query = r.Scheme, r.Authority, r.Path, r.Query
		return t, false, nil
	case r.Authority != nil:
		t.Authority, t.Path, t.Query = r.Authority, r.Path, r.Query
	case r.Path == "":
		if r.Query == nil {
			return t, true, nil // an empty reference refers to the current document
		}
		t.Path, t.Query = b.Path, r.Query
		t.Authority = b.Authority
	default:
		if strings.HasPrefix(r.Path, "/") {
			t.Path = r.Path
		} else {
			if opaqueBase {
				return t, false, ErrOpaqueBase
			}
			if t.Path, err = merge2003(b.Path, r.Path, dots); err != nil {
				return t, false, err
			}
		}
		t.Query = r.Query
		t.Authority = b.Authority
	}
	t.Scheme = b.Scheme
	return t, false, nil
}

// merge2003 is the merge routine of section 5.2 (steps 1 to 8).
func merge2003(basePath, refPath string, dots DotSegments) (string, error) {
	var buf string
	if basePath == "" {
		buf = "/" // step 1: an empty base path contributes a single slash
	} else {
		buf = basePath[:strings.LastIndexByte(basePath, '/')+1]
	}
	return removeDotSegments(buf+refPath, dots) // step 2, then steps 3 to 7
}

// resolve3986 is the transform of RFC 3986 section 5.2.2, line by line. An empty reference
// (no scheme, authority, path or query) refers to the current document (section 4.4); the
// transform gives the base without its fragment for it, which is what Resolve writes for a
// same-document reference.
func resolve3986(b, r parts, dots DotSegments) (t parts, same bool, err error) {
	t.Fragment = r.Fragment
	switch {
	case r.Scheme != nil:
		t.Scheme, t.Authority, t.Query = r.Scheme, r.Authority, r.Query
		t.Path, err = removeDotSegments3986(r.Path, dots)
		return t, false, err
	case r.Authority != nil:
		t.Authority, t.Query = r.Authority, r.Query
		t.Path, err = removeDotSegments3986(r.Path, dots)
	case r.Path == "":
		if r.Query == nil {
			return t, true, nil
		}
		t.Path, t.Query = b.Path, r.Query
	case strings.HasPrefix(r.Path, "/"):
		t.Path, err = removeDotSegments3986(r.Path, dots)
		t.Query = r.Query
	default:
		t.Path, err = removeDotSegments3986(merge3986(b, r.Path), dots)
		t.Query = r.Query
	}
	if r.Authority == nil {
		t.Authority = b.Authority
	}
	t.Scheme = b.Scheme
	return t, false, err
}

// merge3986 is the merge routine of RFC 3986 section 5.2.3: "/" and the reference's path when
// the base has an authority and an empty path; otherwise the base path up to and including
// its last "/" (nothing if it has none) and the reference's path.
func merge3986(b parts, refPath string) string {
	if b.Authority != nil && b.Path == "" {
		return "/" + refPath
	}
	return b.Path[:strings.LastIndexByte(b.Path, '/')+1] + refPath
}

// removeDotSegments3986 is remove_dot_segments of RFC 3986 section 5.2.4, rule by rule, on
// an input buffer (in[i:]) and an output buffer; "replace the prefix with /" moves i to the
// prefix's last "/". Every step consumes input, and rule C removes from the output only what
// rule E put there, so the time is linear. With DotsError, a ".." that has no segment to
// remove (rules A, C and D) is ErrAboveRoot.
func removeDotSegments3986(in string, dots DotSegments) (string, error) {
	if !hasDotSegment(in) {
		return in, nil // the algorithm changes only "." and ".." segments: no copy
	}
	out := make([]byte, 0, len(in))
	above := func() error {
		if dots == DotsError {
			return errAboveRoot3986
		}
		return nil
	}
	for i := 0; i < len(in); {
		rest := in[i:]
		switch {
		case strings.HasPrefix(rest, "../"): // A
			if err := above(); err != nil {
				return "", err
			}
			i += 3
		case strings.HasPrefix(rest, "./"): // A
			i += 2
		case strings.HasPrefix(rest, "/./"): // B
			i += 2
		case rest == "/.": // B
			in, i = "/", 0
		case strings.HasPrefix(rest, "/../") || rest == "/..": // C
			if len(out) == 0 {
				if err := above(); err != nil {
					return "", err
				}
			}
			out = out[:max(0, lastSlash(out))]
			if rest == "/.." {
				in, i = "/", 0
			} else {
				i += 3
			}
		case rest == "." || rest == "..": // D
			if rest == ".." {
				if err := above(); err != nil {
					return "", err
				}
			}
			i = len(in)
		default: // E: the first segment, with its "/" if it has one
			j := strings.IndexByte(rest[1:], '/')
			if j < 0 {
				j = len(rest)
			} else {
				j++
			}
			out = append(out, rest[:j]...)
			i += j
		}
	}
	return string(out), nil
}

// lastSlash returns the index of the last "/" of b, or -1.
func lastSlash(b []byte) int {
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] == '/' {
			return i
		}
	}
	return -1
}

// resolve1997 is steps 1 to 7 of draft-fielding-url-syntax-05 section 5.2, and with
// mergeQuery false those of RFC 2396 section 5.2 (its step 6 merges the path alone).
func resolve1997(opaqueBase bool, b, r parts, dots DotSegments, mergeQuery bool) (t parts, same bool, err error) {
	t.Fragment = r.Fragment
	// 2) an empty path with no scheme, site or query is the current document.
	if r.Path == "" && r.Scheme == nil && r.Authority == nil && r.Query == nil {
		return t, true, nil
	}
	// 3) a scheme makes the reference absolute.
	if r.Scheme != nil {
		t.Scheme, t.Authority, t.Path, t.Query = r.Scheme, r.Authority, r.Path, r.Query
		return t, false, nil
	}
	t.Scheme = b.Scheme
	switch {
	case r.Authority != nil: // 4) a network-path
		t.Authority, t.Path, t.Query = r.Authority, r.Path, r.Query
	case strings.HasPrefix(r.Path, "/"): // 5) an absolute-path
		t.Authority, t.Path, t.Query = b.Authority, r.Path, r.Query
	default: // 6) a relative-path, merged with the base path in a buffer
		t.Authority = b.Authority
		if opaqueBase {
			return t, false, ErrOpaqueBase
		}
		if b.Path == "" {
			return t, false, ErrEmptyPath
		}
		// a), b): all but the last segment of the base path; nothing of a path without "/"
		// (url-syntax-05 lets an absolute URL have a relative path: "0:0").
		buf := b.Path[:strings.LastIndexByte(b.Path, '/')+1] + r.Path
		if !mergeQuery { // RFC 2396: c) to f) on the path alone, whose query stays as it is
			t.Path, err = removeDotSegments(buf, dots)
			t.Query = r.Query
			return t, false, err
		}
		if r.Query != nil {
			buf += "?" + *r.Query // c)
		}
		if buf, err = removeDotSegments(buf, dots); err != nil { // d) to g)
			return t, false, err
		}
		if p, q, ok := strings.Cut(buf, "?"); ok { // h), i)
			t.Path, t.Query = p, &q
		} else {
			t.Path, t.Query = buf, nil
		}
	}
	return t, false, nil
}

// removeDotSegments applies steps 3 to 7 of the 2003 merge routine (steps d to g of 1997's)
// to a buffer that starts with "/", or, where a grammar lets an absolute URI have a relative
// path (url-syntax-05: "0:0"), to one that does not. It works on the complete path segments
// after that slash (or from the start), which is what the string patterns of the drafts
// describe:
//
//  3. every "." segment followed by "/" is removed          "/a/./b"    -> "/a/b"
//  4. a final "." segment is removed                         "/a/."      -> "/a/"
//  5. "<segment>/../" with <segment> not "..", leftmost first "/a/b/../c" -> "/a/c"
//  6. a final "<segment>/.." with <segment> not ".."         "/a/b/.."   -> "/a/"
//  7. leading ".." segments: kept, removed or an error, as dots says.
//
// Step 5 repeated until nothing matches rewrites "<segment>/../" away wherever it stands, and
// the result does not depend on the order of the rewrites, so one pass with a stack of the
// segments kept gives it: a ".." that a "/" follows pops the last segment kept unless that is
// ".." or there is none. The time is linear in the length of the buffer.
func removeDotSegments(buf string, dots DotSegments) (string, error) {
	if !hasDotSegment(buf) {
		return buf, nil // nothing to remove: no copy
	}
	lead, rest := "", buf
	if strings.HasPrefix(buf, "/") {
		lead, rest = "/", buf[1:]
	}
	stack := make([]string, 0, strings.Count(rest, "/")+1)
	for {
		seg, after, more := strings.Cut(rest, "/")
		rest = after
		last := !more
		switch {
		case seg == "." && !last: // step 3
		case seg == "." && last: // step 4
			stack = append(stack, "")
		case seg == ".." && len(stack) > 0 && stack[len(stack)-1] != "..":
			stack = stack[:len(stack)-1] // step 5, or step 6 for a final ".."
			if last {
				stack = append(stack, "")
			}
		default:
			stack = append(stack, seg)
		}
		if last {
			break
		}
	}
	if stack[0] == ".." { // step 7
		switch dots {
		case DotsError:
			return "", errAboveRootDrafts
		case DotsRemove:
			for len(stack) > 0 && stack[0] == ".." {
				stack = stack[1:]
			}
			if len(stack) == 0 {
				stack = append(stack, "")
			}
		}
	}
	return lead + strings.Join(stack, "/"), nil
}

// hasDotSegment reports whether a segment of path (between "/"s) is "." or "..". It looks
// at the dots only: most paths have none, or one in a file name.
func hasDotSegment(path string) bool {
	for i := strings.IndexByte(path, '.'); i >= 0; {
		if i == 0 || path[i-1] == '/' { // a segment begins with this dot
			j := i + 1
			if j < len(path) && path[j] == '.' {
				j++
			}
			if j == len(path) || path[j] == '/' {
				return true
			}
		}
		k := strings.IndexByte(path[i+1:], '.')
		if k < 0 {
			break
		}
		i += 1 + k
	}
	return false
}
