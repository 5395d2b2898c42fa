package resolve_test

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	gencorpus "github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/resolve"
)

// A result never gains an authority or a scheme it was not built with (issue: "a host
// appears where there was none").
func TestResultsKeepTheirMeaning(t *testing.T) {
	s05 := urlgrammar.MustLookup("url-syntax-05")
	for _, c := range []struct {
		grammar         *urlgrammar.Grammar
		alg             resolve.Algorithm
		base, ref, want string
	}{
		{g, resolve.Algorithm2003, "http:/a/b", "..//evil.com/x", "http:/.//evil.com/x"},
		{g, resolve.Algorithm1997, "http:/a/b", "..//evil.com/x", "http:/.//evil.com/x"},
		{g, resolve.Algorithm2003, "http:/a/b", ".//x", "http:/a//x"},
		{g, resolve.Algorithm2003, "foo:/a", "b/..//x", "foo:/.//x"},
		{g, resolve.Algorithm2003, "foo:/a", "./..//b", "foo:/..//b"},      // a leading ".." is kept
		{g, resolve.Algorithm2003, "http://a/b/c", "..//x", "http://a//x"}, // an authority: "//" in the path is harmless
	} {
		res, err := resolve.ResolveString(c.base, c.ref, resolve.Options{Algorithm: c.alg, Grammar: c.grammar})
		require.NoError(t, err, "%q against %q", c.ref, c.base)
		assert.Equal(t, c.want, res.String(), "%q against %q", c.ref, c.base)
		hasAuth := strings.HasPrefix(c.base, "http://")
		assert.Equal(t, hasAuth, res.Target.Spans().Authority.Defined, "%q against %q: authority", c.ref, c.base)
	}

	// url-syntax-05 cannot write an authority and a query without a path.
	_, err := resolve.ResolveString("http://a", "?y", resolve.Options{Algorithm: resolve.Algorithm2003, Grammar: s05})
	var ue *resolve.UnwritableError
	require.ErrorAs(t, err, &ue)
	assert.Equal(t, "http://a?y", ue.Result)
	assert.Contains(t, err.Error(), `the authority "a" is gone`)

	for _, c := range []struct {
		grammar   *urlgrammar.Grammar
		in, want  string
		guardRule string
	}{
		{g, "foo:/.//b", "foo:/.//b", ""},
		{g, "foo:/./..//b", "foo:/..//b", ""}, // a leading ".." is kept: no "//" at the start
		{g, "foo:/a/..//b", "foo:/.//b", "authority-guard"},
		{g, "A:/.//A", "a:/.//A", ""},
		{s05, "%6Aavascript:alert(1)", "./javascript:alert(1)", "scheme-guard"},
		{s05, "%70:", "./p:", "scheme-guard"},
		{g, "%70%3Ax", "p%3Ax", ""}, // an escaped ":" is not decoded: no guard needed
	} {
		ref, err := parseRef(c.grammar, c.in)
		require.NoError(t, err, c.in)
		n, changes, err := resolve.Normalize(mustTree(t, c.grammar, c.in), resolve.NormalizeOptions{Level: resolve.LevelScheme, Grammar: c.grammar})
		require.NoError(t, err, c.in)
		assert.Equal(t, c.want, n.String(), c.in)
		typed := mustRef(t, c.grammar, n.String())
		assert.Equal(t, ref.Scheme != nil, typed.Scheme != nil, "%q: scheme", c.in)
		assert.Equal(t, ref.Authority != nil, typed.Authority != nil, "%q: authority", c.in)
		if c.guardRule != "" {
			assert.Contains(t, changeRules(changes), c.guardRule, c.in)
		}
		n2, changes2, err := resolve.Normalize(n, resolve.NormalizeOptions{Level: resolve.LevelScheme, Grammar: c.grammar})
		require.NoError(t, err)
		assert.Equal(t, n.String(), n2.String(), "idempotent on %q", c.in)
		assert.Empty(t, changes2, "a normal form has nothing to rewrite: %q", n.String())
	}

	eq, err := resolve.Equal(mustTree(t, g, "foo:/.//evil.com/x"), mustTree(t, g, "foo://evil.com/x"), resolve.LevelSyntax, resolve.CompareOptions{})
	require.NoError(t, err)
	assert.False(t, eq, "a path is not an authority")
}

func changeRules(cs []resolve.Change) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Rule)
	}
	return out
}

// ref is what the tests read of a parsed reference, the oracle of what is defined: its
// components (as the grammar's header declares them) and whether it is opaque.
type ref struct {
	ast.Components
	text   string
	opaque bool // an opaque-part (rfc2396bis-01) or opaque-URL (url-syntax-05)
	frag   int  // the fragment's offset, when it has one
}

func (r ref) IsAbsolute() bool { return r.Scheme != nil }
func (r ref) IsOpaque() bool   { return r.opaque }
func (r ref) String() string   { return r.text }

// parseRef parses s with gr into a ref.
func parseRef(gr *urlgrammar.Grammar, s string) (ref, error) {
	tree, err := gr.Parse(s)
	if err != nil {
		return ref{}, err
	}
	r := ref{Components: tree.Components(), text: s, frag: tree.Spans().Fragment.Start}
	for i := range tree.Len() {
		if n := tree.RuleName(i); n == "opaque-part" || n == "opaque-URL" {
			r.opaque = true
		}
	}
	return r, nil
}

func mustRef(t testing.TB, gr *urlgrammar.Grammar, s string) ref {
	t.Helper()
	r, err := parseRef(gr, s)
	require.NoError(t, err, s)
	return r
}

func mustTree(t testing.TB, gr *urlgrammar.Grammar, s string) ast.Tree {
	t.Helper()
	r, err := gr.Parse(s)
	require.NoError(t, err, s)
	return r
}

// Bad arguments are errors a caller can tell apart, never a panic.
func TestBadArguments(t *testing.T) {
	base := mustTree(t, g, "http://a/b")
	_, err := resolve.Resolve(ast.Tree{}, base, resolve.Options{})
	assert.ErrorIs(t, err, resolve.ErrEmptyTree)
	_, err = resolve.Resolve(base, ast.Tree{}, resolve.Options{})
	assert.ErrorIs(t, err, resolve.ErrEmptyTree)
	_, _, err = resolve.Normalize(ast.Tree{}, resolve.NormalizeOptions{})
	assert.ErrorIs(t, err, resolve.ErrEmptyTree)
	_, err = resolve.Equal(ast.Tree{}, ast.Tree{}, resolve.LevelSyntax, resolve.CompareOptions{})
	assert.ErrorIs(t, err, resolve.ErrEmptyTree)

	// A tree of another grammar, or of another rule, is refused: its components would be
	// read by declarations that are not its own.
	var ite *resolve.InvalidTreeError
	_, err = resolve.Resolve(mustTree(t, urlgrammar.MustLookup("rfc3986"), "http://a/b"), base, resolve.Options{})
	require.ErrorAs(t, err, &ite)
	assert.ErrorContains(t, err, "a tree of another grammar")
	host, err := g.ParseRule("host", "a")
	require.NoError(t, err)
	_, _, err = resolve.Normalize(host, resolve.NormalizeOptions{})
	require.ErrorAs(t, err, &ite)
	assert.ErrorContains(t, err, "not of the start rule")
	res, err := resolve.Resolve(mustTree(t, g, "http:"), mustTree(t, g, "c"), resolve.Options{})
	require.NoError(t, err, `"http:" is a valid base`)
	assert.Equal(t, "http:/c", res.String(), "merge, step 1: an empty base path contributes a single slash")
	res, err = resolve.Resolve(mustTree(t, urlgrammar.MustLookup("rfc3986"), "http:"), mustTree(t, urlgrammar.MustLookup("rfc3986"), "c"),
		resolve.Options{Grammar: urlgrammar.MustLookup("rfc3986"), Algorithm: resolve.Algorithm3986})
	require.NoError(t, err, `"http:" is a valid RFC 3986 base`)
	assert.Equal(t, "http:c", res.String())

	var oe *resolve.OptionError
	_, _, err = resolve.Normalize(base, resolve.NormalizeOptions{Level: 99})
	require.ErrorAs(t, err, &oe)
	assert.Equal(t, "Level", oe.Option)
	_, err = resolve.Resolve(base, base, resolve.Options{Dots: -1})
	require.ErrorAs(t, err, &oe)
	_, err = resolve.Resolve(base, base, resolve.Options{Algorithm: 7})
	require.ErrorAs(t, err, &oe)
	_, err = resolve.Equal(base, base, resolve.Level(-3), resolve.CompareOptions{})
	require.ErrorAs(t, err, &oe)

	var nge *urlgrammar.NotGenericError
	_, err = resolve.Resolve(base, base, resolve.Options{Grammar: urlgrammar.MustLookup("rfc1738")})
	require.ErrorAs(t, err, &nge)
	assert.Equal(t, "rfc1738", nge.Grammar)

	var uge *urlgrammar.UnknownGrammarError
	_, err = urlgrammar.Lookup("rfc9999")
	require.ErrorAs(t, err, &uge)
	assert.Equal(t, "rfc9999", uge.ID)
	assert.True(t, errors.As(err, &uge))
}

// FuzzNormalize: on every input of every generic grammar, the normal form parses back to
// what it was built from (it keeps the input's scheme and authority, or their absence),
// Normalize is idempotent, and Equal is equality of normal forms: reflexive, and true of an
// input and its normal form. With RFC 3986's algorithm an absolute URI's normal form is that
// of the URI resolved against any base (5.2.2 removes its dot segments, rootless path or not).
func FuzzNormalize(f *testing.F) {
	for _, s := range append(gencorpus.Lines(200, 5), "foo:/.//b", "A:/.//A", "%6Aavascript:alert(1)", "%70:", "a/../b:c", "a:b/./c", "scheme:./path1:/path2", "a:.///b", "http://A:80/./%7e/../x?%41#%7a",
		"HTTP://Résumé.example.org/./ü/../%C3%BC?\ue000#ℌ", "http://www.example.org/re\u0301sume\u0301.html") {
		f.Add(s)
	}
	grammars := []*urlgrammar.Grammar{g, urlgrammar.MustLookup("url-syntax-05"), urlgrammar.MustLookup("rfc3986"), urlgrammar.MustLookup("rfc3987"),
		urlgrammar.MustLookup("rfc2396")}
	f.Fuzz(func(t *testing.T, in string) {
		if len(in) > 2048 {
			return
		}
		for _, gr := range grammars {
			ref, err := gr.Parse(in)
			if err != nil {
				continue
			}
			typed := mustRef(t, gr, in) // the oracle of what is defined
			for _, level := range []resolve.Level{resolve.LevelSyntax, resolve.LevelScheme} {
				opt := resolve.NormalizeOptions{Level: level, Grammar: gr}
				n, changes, err := resolve.Normalize(ref, opt)
				if err != nil {
					t.Fatalf("%s: normalize %q: %v", gr.ID(), in, err)
				}
				// NormalizeString, from the text, gives the same.
				ns, schanges, err := resolve.NormalizeString(in, opt)
				if err != nil || ns.String() != n.String() || !reflect.DeepEqual(changes, schanges) {
					t.Fatalf("%s: NormalizeString(%q) = %v, %v, %v; Normalize %q, %v", gr.ID(), in, ns, schanges, err, n.String(), changes)
				}
				// Its tree is the grammar's parse of the normal form, and its own: a later call
				// (whose Parser may be the same) leaves it as it was.
				nodes := slices.Clone(ns.Nodes())
				if pt, err := gr.Parse(ns.String()); err != nil || !reflect.DeepEqual(pt.Nodes(), nodes) {
					t.Fatalf("%s: NormalizeString(%q)'s tree is not the parse of %q: %v", gr.ID(), in, ns.String(), err)
				}
				_, _, _ = resolve.NormalizeString("http://a/b/../c", opt)
				if !reflect.DeepEqual(ns.Nodes(), nodes) {
					t.Fatalf("%s: NormalizeString(%q)'s tree changed with the next call", gr.ID(), in)
				}
				again, err := parseRef(gr, n.String())
				if err != nil || again.String() != n.String() {
					t.Fatalf("%s: the normal form %q of %q does not parse back: %v", gr.ID(), n.String(), in, err)
				}
				if (again.Scheme != nil) != (typed.Scheme != nil) || (again.Authority != nil) != (typed.Authority != nil) {
					t.Fatalf("%s: normalize %q gave %q: scheme or authority appeared or vanished", gr.ID(), in, n.String())
				}
				if sp := n.Spans(); sp.Scheme.Defined != (again.Scheme != nil) || sp.Authority.Defined != (again.Authority != nil) {
					t.Fatalf("%s: the normal form %q of %q does not parse back: %v", gr.ID(), n.String(), in, err)
				}
				n2, changes, err := resolve.Normalize(n, opt)
				if err != nil || n2.String() != n.String() || len(changes) > 0 {
					t.Fatalf("%s: normalize %q not idempotent: %q then %q %v %v", gr.ID(), in, n.String(), n2.String(), changes, err)
				}
				if !typed.IsAbsolute() {
					continue
				}
				// An absolute URI normalizes as it does resolved, unless a segment of its
				// path is a dot segment only once its escapes are decoded: resolution then
				// keeps it where normalization removes it (Normalize's documentation).
				if resolve.DefaultAlgorithm(gr) == resolve.Algorithm3986 && (typed.Path == nil || !escapedDotSegment(*typed.Path)) {
					res, err := resolve.ResolveString("http://x/y", in, resolve.Options{Grammar: gr, Algorithm: resolve.Algorithm3986})
					if err != nil {
						t.Fatalf("%s: resolve %q: %v", gr.ID(), in, err)
					}
					rn, _, err := resolve.Normalize(res.Target, opt)
					if err != nil || rn.String() != n.String() {
						t.Fatalf("%s: %q normalizes to %q, resolved and normalized to %q (%v)", gr.ID(), in, n.String(), rn.String(), err)
					}
				}
				cmp := resolve.CompareOptions{Grammar: gr}
				for _, pair := range [][2]ast.Tree{{ref, ref}, {ref, n}, {n, ref}} {
					eq, err := resolve.Equal(pair[0], pair[1], level, cmp)
					if err != nil || !eq {
						t.Fatalf("%s: Equal(%q, %q) = %v, %v at %s", gr.ID(), pair[0].String(), pair[1].String(), eq, err, level)
					}
				}
			}
		}
	})
}

// escapedDotSegment reports whether a segment of path is "." or ".." written with at least
// one escape of "." ("%2E", "%2e"): RFC 3986 normalization decodes it into a dot segment and
// removes it, resolution (5.2.4) keeps it as a segment.
func escapedDotSegment(path string) bool {
	for seg := range strings.SplitSeq(path, "/") {
		if !strings.Contains(strings.ToUpper(seg), "%2E") {
			continue
		}
		if d := strings.ReplaceAll(strings.ReplaceAll(seg, "%2E", "."), "%2e", "."); d == "." || d == ".." {
			return true
		}
	}
	return false
}
