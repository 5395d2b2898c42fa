package resolve_test

import (
	"errors"
	"math/rand"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/spectest"
	"github.com/urlgrammar/urlgrammar/resolve"
)

var g = urlgrammar.MustLookup("rfc2396bis-01")

// parse is mustTree with rfc2396bis-01.
func parse(t testing.TB, s string) ast.Tree {
	t.Helper()
	return mustTree(t, g, s)
}

func resolveString(t testing.TB, base, ref string, opt resolve.Options) *resolve.Result {
	t.Helper()
	r, err := resolve.ResolveString(base, ref, opt)
	require.NoError(t, err, "%q against %q", ref, base)
	return r
}

// checkExample resolves one table example and compares with the draft's result.
func checkExample(t *testing.T, ex spectest.Example, want string, opt resolve.Options) {
	t.Helper()
	r := resolveString(t, ex.Base, ex.Ref, opt)
	gr := g
	if opt.Grammar != nil {
		gr = opt.Grammar
	}
	if rest, ok := strings.CutPrefix(want, spectest.SameDocument); ok {
		assert.True(t, r.SameDocument, "%s", ex.Line)
		base, err := parseRef(gr, ex.Base)
		require.NoError(t, err)
		wantText := base.text
		if base.Fragment != nil {
			wantText = wantText[:base.frag-1]
		}
		assert.Equal(t, wantText+rest, r.String(), "%s: the base without its fragment, plus the reference's", ex.Line)
		return
	}
	assert.False(t, r.SameDocument, ex.Line)
	assert.Equal(t, want, r.String(), "%s", ex.Line)
	target, err := parseRef(gr, r.String())
	if assert.NoError(t, err, ex.Line) {
		assert.True(t, target.IsAbsolute(), "%s: the result is an absolute URI", ex.Line)
	}
	assert.NoError(t, gr.CheckTree(r.Target), "the result is the grammar's tree")
}

func TestAppendixC2003(t *testing.T) {
	examples, err := spectest.AppendixC("../grammars/rfc2396bis-01/testdata/appendix-c.txt")
	require.NoError(t, err)
	require.Len(t, examples, 42)
	for _, ex := range examples {
		checkExample(t, ex, ex.Results[0], resolve.Options{})
		if len(ex.Results) == 2 { // http:g: validating, then backwards compatible
			checkExample(t, ex, ex.Results[1], resolve.Options{Compat: true})
		}
	}
}

// appendixC reads a resolution table (grammars/TABLE) of n examples, and the text of the
// specification it is copied from (testdata/spec/SPEC).
func appendixC(t *testing.T, table, spec string, n int) ([]spectest.Example, string) {
	t.Helper()
	examples, err := spectest.AppendixC("../grammars/" + table)
	require.NoError(t, err)
	require.Len(t, examples, n, "the examples of C.1 and C.2")
	text, err := os.ReadFile("../testdata/spec/" + spec)
	require.NoError(t, err)
	return examples, string(text)
}

// TestAppendixC1997: the 1997 draft's table, with the 1997 algorithm, on the trees of both
// grammars: url-syntax-05 (the draft's own grammar, whose default algorithm is the 1997 one)
// and rfc2396bis-01.
func TestAppendixC1997(t *testing.T) {
	examples, spec := appendixC(t, "url-syntax-05/testdata/appendix-c.txt", "draft-fielding-url-syntax-05.txt", 22+22)
	g97 := urlgrammar.MustLookup("url-syntax-05")
	require.Equal(t, resolve.Algorithm1997, resolve.DefaultAlgorithm(g97))
	for _, opt := range []resolve.Options{
		{Algorithm: resolve.DefaultAlgorithm(g97), Grammar: g97},
		{Algorithm: resolve.Algorithm1997},
	} {
		for _, ex := range examples {
			assert.Contains(t, spec, ex.Line, "copied verbatim")
			if ex.Ref == "http://a/../b/c" {
				// The draft shows what parsers that "inappropriately strip a lead relative
				// symbolic path element" produce. The reference has a scheme, so step 3 returns
				// it as it is.
				r := resolveString(t, ex.Base, ex.Ref, opt)
				assert.Equal(t, "http://a/../b/c", r.String())
				assert.NotEqual(t, ex.Results[0], r.String())
				continue
			}
			checkExample(t, ex, ex.Results[0], opt)
		}
	}
}

// The two drafts differ exactly where docs/design.md says (their Appendix C), and RFC 2396
// takes the 1997 draft's "?y" and the 2003 draft's query.
func TestAlgorithmsDiffer(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	for ref, want := range map[string][3]string{
		"?y":       {"http://a/b/c/?y", "http://a/b/c/d;p?y", "http://a/b/c/?y"},
		"g?y/./x":  {"http://a/b/c/g?y/x", "http://a/b/c/g?y/./x", "http://a/b/c/g?y/./x"},
		"g?y/../x": {"http://a/b/c/x", "http://a/b/c/g?y/../x", "http://a/b/c/g?y/../x"},
	} {
		assert.Equal(t, want[0], resolveString(t, base, ref, resolve.Options{Algorithm: resolve.Algorithm1997}).String(), ref)
		assert.Equal(t, want[1], resolveString(t, base, ref, resolve.Options{}).String(), ref)
		assert.Equal(t, want[2], resolveString(t, base, ref, resolve.Options{Algorithm: resolve.Algorithm2396}).String(), ref)
	}
}

// TestAppendixC2396: RFC 2396's table, each line found in the RFC's text, with its algorithm
// (grammar rfc2396's default) on rfc2396's trees; "?y", which RFC 2396's grammar does not
// accept (a relativeURI has a path), on rfc3986's.
func TestAppendixC2396(t *testing.T) {
	examples, spec := appendixC(t, "rfc2396/testdata/resolution.txt", "rfc2396.txt", 22+20)
	text := strings.Join(strings.Fields(spec), " ")
	g96 := urlgrammar.MustLookup("rfc2396")
	require.Equal(t, resolve.Algorithm2396, resolve.DefaultAlgorithm(g96))
	for _, ex := range examples {
		for _, part := range strings.Split(ex.Line, " / ") {
			assert.Contains(t, text, part, "copied from the RFC")
		}
		opt := resolve.Options{Grammar: g96, Algorithm: resolve.DefaultAlgorithm(g96)}
		if !g96.Valid(ex.Ref) {
			require.Equal(t, "?y", ex.Ref)
			opt.Grammar = urlgrammar.MustLookup("rfc3986")
		}
		checkExample(t, ex, ex.Results[0], opt)
		if len(ex.Results) == 2 { // http:g: validating, then backwards compatible
			opt.Compat = true
			checkExample(t, ex, ex.Results[1], opt)
		}
	}
}

// Appendix D of both drafts: the BASE element example.
func TestAppendixD(t *testing.T) {
	for _, alg := range []resolve.Algorithm{resolve.Algorithm2003, resolve.Algorithm1997, resolve.Algorithm3986, resolve.Algorithm2396} {
		r := resolveString(t, "http://www.ics.uci.edu/Test/a/b/c", "../x", resolve.Options{Algorithm: alg})
		assert.Equal(t, "http://www.ics.uci.edu/Test/a/x", r.String())
	}
}

func TestDotSegmentPolicies(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	// (Algorithm3986 removes them whatever Dots says but DotsError: TestRFC3986RemoveDotSegments.)
	for _, alg := range []resolve.Algorithm{resolve.Algorithm2003, resolve.Algorithm1997, resolve.Algorithm2396} {
		for ref, want := range map[string][2]string{
			"../../../g":    {"http://a/../g", "http://a/g"},
			"../../../../g": {"http://a/../../g", "http://a/g"},
			"../../../":     {"http://a/../", "http://a/"},
		} {
			assert.Equal(t, want[0], resolveString(t, base, ref, resolve.Options{Algorithm: alg, Dots: resolve.DotsKeep}).String())
			assert.Equal(t, want[1], resolveString(t, base, ref, resolve.Options{Algorithm: alg, Dots: resolve.DotsRemove}).String())
			_, err := resolve.ResolveString(base, ref, resolve.Options{Algorithm: alg, Dots: resolve.DotsError})
			assert.ErrorIs(t, err, resolve.ErrAboveRoot, ref)
		}
	}
	// Not applied to an absolute path, which is not merged.
	assert.Equal(t, "http://a/../g", resolveString(t, base, "/../g", resolve.Options{Dots: resolve.DotsRemove}).String())
}

func TestResolveUndefinedVersusEmpty(t *testing.T) {
	for _, c := range []struct{ base, ref, want string }{
		{"http://a", "g", "http://a/g"},            // 2003 step 1: an empty base path gives "/"
		{"http://a", "?y", "http://a?y"},           // an empty path stays empty
		{"http://a/b?q", "?", "http://a/b?"},       // an empty query is defined
		{"http://a/b?q", "#", "http://a/b?q#"},     // an empty fragment is defined
		{"http://a/b?q#f", "", "http://a/b?q"},     // the empty reference: the current document
		{"http://a/b?q#f", "#g", "http://a/b?q#g"}, // same document, the reference's fragment
		{"http://u@h:/b", "c", "http://u@h:/c"},    // the base authority as written
		{"foo:bar", "#x", "foo:bar#x"},             // a fragment against an opaque base
		{"foo:bar?q", "?y", "foo:bar?y"},           // Appendix B split of an opaque base
		{"foo:bar", "/abs", "foo:/abs"},            // an absolute path against an opaque base
		{"http://a/b", "//h", "http://h"},          // a network-path reference
		{"HTTP://a/b", "http:g", "http:g"},         // validating
	} {
		assert.Equal(t, c.want, resolveString(t, c.base, c.ref, resolve.Options{}).String(), "%q against %q", c.ref, c.base)
	}
	r := resolveString(t, "HTTP://a/b/c", "http:g", resolve.Options{Compat: true})
	assert.Equal(t, "HTTP://a/b/g", r.String(), "schemes compare case-insensitively")
}

func TestResolveErrors(t *testing.T) {
	_, err := resolve.ResolveString("/relative/base", "g", resolve.Options{})
	assert.ErrorIs(t, err, resolve.ErrRelativeBase)
	_, err = resolve.ResolveString("mailto:a@b", "g", resolve.Options{})
	assert.ErrorIs(t, err, resolve.ErrOpaqueBase)
	_, err = resolve.ResolveString("mailto:a@b", "g", resolve.Options{Algorithm: resolve.Algorithm1997})
	assert.ErrorIs(t, err, resolve.ErrOpaqueBase)
	_, err = resolve.ResolveString("http://a", "g", resolve.Options{Algorithm: resolve.Algorithm1997})
	assert.ErrorIs(t, err, resolve.ErrEmptyPath)
	_, err = resolve.ResolveString("http://a b", "g", resolve.Options{})
	assert.ErrorContains(t, err, "base: rfc2396bis-01:1:9")
	_, err = resolve.ResolveString("http://a/", "a b", resolve.Options{})
	assert.ErrorContains(t, err, "reference: rfc2396bis-01:1:2")
	assert.EqualError(t, func() error { _, err := resolve.ResolveString("/b", "g", resolve.Options{}); return err }(),
		`resolve "g" against "/b": the base is not an absolute URI (it has no scheme)`)
}

// Section 6.2.2 and 6.2.3 examples.
func TestSection6Examples(t *testing.T) {
	eq := func(a, b string, level resolve.Level) bool {
		ok, err := resolve.Equal(parse(t, a), parse(t, b), level, resolve.CompareOptions{})
		require.NoError(t, err)
		return ok
	}
	a, b := "example://a/b/c/%7A", "eXAMPLE://a/./b/../b/c/%7a"
	assert.False(t, eq(a, b, resolve.LevelString))
	assert.True(t, eq(a, b, resolve.LevelSyntax))
	assert.True(t, eq(a, b, resolve.LevelScheme))
	a, b = "http://example.com/", "http://example.com:80/"
	assert.False(t, eq(a, b, resolve.LevelString))
	assert.False(t, eq(a, b, resolve.LevelSyntax))
	assert.True(t, eq(a, b, resolve.LevelScheme))

	_, err := resolve.Equal(parse(t, "g"), parse(t, "http://a/g"), resolve.LevelSyntax, resolve.CompareOptions{})
	assert.ErrorIs(t, err, resolve.ErrRelative)

	ok, err := resolve.Equal(parse(t, "http://a/#x"), parse(t, "http://a/#y"), resolve.LevelString, resolve.CompareOptions{IgnoreFragment: true})
	require.NoError(t, err)
	assert.True(t, ok, "fragments separated before comparison (6.1)")
	ok, err = resolve.Equal(parse(t, "http://a/#x"), parse(t, "http://a/#y"), resolve.LevelScheme, resolve.CompareOptions{})
	require.NoError(t, err)
	assert.False(t, ok)
}

func TestNormalize(t *testing.T) {
	for _, c := range []struct {
		in, syntax, scheme string
		rules              []string
	}{
		{"eXAMPLE://a/./b/../b/c/%7a", "example://a/b/c/z", "example://a/b/c/z", []string{"escape-case", "escape-decode", "case", "dot-segments"}},
		{"HTTP://User@Example.COM:80/%7e%2e%2F%5f?%41#%61", "http://User@example.com:80/~%2E%2F_?A#a", "http://User@example.com/~%2E%2F_?A#a",
			[]string{"escape-case", "escape-decode", "escape-decode", "escape-decode", "case", "case"}},
		{"http://example.com:/", "http://example.com:/", "http://example.com/", nil},
		{"ftp://h:021/", "ftp://h:021/", "ftp://h/", nil},
		{"foo://h:80/", "foo://h:80/", "foo://h:80/", nil},
		{"http://[FEDC::1]:8080/", "http://[fedc::1]:8080/", "http://[fedc::1]:8080/", []string{"case"}},
		{"http://A%42c.com/", "http://abc.com/", "http://abc.com/", []string{"escape-decode", "case"}},
		{"//REG%2dNAME:x/a/./b", "//REG%2DNAME:x/a/./b", "//REG%2DNAME:x/a/./b", []string{"escape-case"}},
		{"URN:A:%62?c", "urn:A:b?c", "urn:A:b?c", []string{"escape-decode", "case"}},
		{"http://a/../g", "http://a/../g", "http://a/../g", nil},
		{"http://a/b/c/..", "http://a/b/", "http://a/b/", []string{"dot-segments"}},
	} {
		ref := parse(t, c.in)
		n, changes, err := resolve.Normalize(ref, resolve.NormalizeOptions{Level: resolve.LevelSyntax})
		require.NoError(t, err, c.in)
		assert.Equal(t, c.syntax, n.String(), c.in)
		var rules []string
		for _, ch := range changes {
			rules = append(rules, ch.Rule)
		}
		assert.Equal(t, c.rules, rules, "changes for %q: %v", c.in, changes)
		n2, _, err := resolve.Normalize(ref, resolve.NormalizeOptions{Level: resolve.LevelScheme})
		require.NoError(t, err)
		assert.Equal(t, c.scheme, n2.String(), c.in)
		again, changes, err := resolve.Normalize(n2, resolve.NormalizeOptions{Level: resolve.LevelScheme})
		require.NoError(t, err)
		assert.Equal(t, n2.String(), again.String(), "idempotent")
		assert.Empty(t, changes, "a normal form reports no change")
	}
	n, _, err := resolve.Normalize(parse(t, "http://a/../g"), resolve.NormalizeOptions{Dots: resolve.DotsRemove})
	require.NoError(t, err)
	assert.Equal(t, "http://a/g", n.String())
}

// genRef builds a random reference from components that exercise case, escapes, dot segments,
// ports and the undefined/empty distinction; absolute forces a scheme.
func genRef(rng *rand.Rand, absolute bool) string {
	pick := func(xs ...string) string { return xs[rng.Intn(len(xs))] }
	var b strings.Builder
	if absolute || rng.Intn(3) == 0 {
		b.WriteString(pick("http:", "HTTP:", "ftp:", "foo:", "Gopher:"))
	}
	hasAuthority := rng.Intn(2) == 0
	if hasAuthority {
		b.WriteString("//")
		b.WriteString(pick("", "a", "A.Example.COM", "u@h", "u:p@H:", "h:80", "h:21", "h:080", "[::1]", "[FEDC::A]:70", "%61b", "x:y@1.2.3.4"))
	}
	segs := []string{"", ".", "..", "a", "B", "%7e", "%7E", "%2e", "c;p=1", "%41", "g.."}
	n := rng.Intn(5)
	abs := hasAuthority || rng.Intn(2) == 0
	for i := 0; i < n; i++ {
		if i > 0 || abs {
			b.WriteByte('/')
		}
		s := pick(segs...)
		if i == 0 && !abs && s == "" {
			s = "a"
		}
		b.WriteString(s)
	}
	if rng.Intn(3) == 0 {
		b.WriteString(pick("?", "?q", "?%7a=1", "?a/../b"))
	}
	if rng.Intn(3) == 0 {
		b.WriteString(pick("#", "#f", "#%7A", "#s/./x"))
	}
	return b.String()
}

// corpus returns n valid references from the generator (fixed seed).
func corpus(t *testing.T, n int, absolute bool, seed int64) []ast.Tree {
	rng := rand.New(rand.NewSource(seed))
	var out []ast.Tree
	for len(out) < n {
		s := genRef(rng, absolute)
		if tree, err := g.Parse(s); err == nil {
			out = append(out, tree)
		}
	}
	return out
}

func TestPropertiesResolve(t *testing.T) {
	bases := corpus(t, 60, true, 1)
	refs := corpus(t, 200, false, 2)
	resolved := 0
	for _, base := range bases {
		for _, ref := range refs {
			for _, alg := range []resolve.Algorithm{resolve.Algorithm2003, resolve.Algorithm1997, resolve.Algorithm3986, resolve.Algorithm2396} {
				opt := resolve.Options{Algorithm: alg}
				r, err := resolve.Resolve(base, ref, opt)
				if err != nil {
					// Only the documented refusals.
					require.True(t, mustRef(t, g, base.String()).IsOpaque() || alg == resolve.Algorithm1997 || alg == resolve.Algorithm2396, "%q against %q: %v", ref.String(), base.String(), err)
					continue
				}
				resolved++
				require.NoError(t, g.Match("absolute-URI-reference", r.String()), "%q against %q gave %q", ref.String(), base.String(), r.String())

				// A reference resolved from its normal form gives the same target.
				if alg == resolve.Algorithm2003 {
					nref, _, err := resolve.Normalize(ref, resolve.NormalizeOptions{})
					require.NoError(t, err)
					r2, err := resolve.Resolve(base, nref, opt)
					require.NoError(t, err, "normal form %q of %q", nref.String(), ref.String())
					same, err := resolve.Equal(r.Target, r2.Target, resolve.LevelSyntax, resolve.CompareOptions{})
					require.NoError(t, err)
					assert.True(t, same, "%q and its normal form %q against %q: %q vs %q", ref.String(), nref.String(), base.String(), r.String(), r2.String())
				}
			}
		}
	}
	assert.Greater(t, resolved, 15000)
}

func TestPropertiesNormalizeAndEqual(t *testing.T) {
	refs := corpus(t, 400, true, 3)
	for _, level := range []resolve.Level{resolve.LevelSyntax, resolve.LevelScheme} {
		for _, r := range refs {
			n, _, err := resolve.Normalize(r, resolve.NormalizeOptions{Level: level})
			require.NoError(t, err, r.String())
			n2, changes, err := resolve.Normalize(n, resolve.NormalizeOptions{Level: level})
			require.NoError(t, err)
			require.Equal(t, n.String(), n2.String(), "idempotent on %q", r.String())
			require.Empty(t, changes, "%q", n.String())
			eq, err := resolve.Equal(r, n, level, resolve.CompareOptions{})
			require.NoError(t, err)
			assert.True(t, eq, "%q equals its normal form", r.String())
		}
	}
	// Reflexive, symmetric, transitive on a small set with many equal pairs.
	small := refs[:80]
	for _, level := range []resolve.Level{resolve.LevelString, resolve.LevelSyntax, resolve.LevelScheme} {
		eq := make([][]bool, len(small))
		for i, a := range small {
			eq[i] = make([]bool, len(small))
			for j, b := range small {
				ok, err := resolve.Equal(a, b, level, resolve.CompareOptions{})
				require.NoError(t, err)
				eq[i][j] = ok
			}
		}
		for i := range small {
			require.True(t, eq[i][i], "reflexive")
			for j := range small {
				require.Equal(t, eq[i][j], eq[j][i], "symmetric: %q %q", small[i].String(), small[j].String())
				for k := range small {
					if eq[i][j] && eq[j][k] {
						require.True(t, eq[i][k], "transitive: %q %q %q", small[i].String(), small[j].String(), small[k].String())
					}
				}
			}
		}
	}
}

// FuzzResolve: resolving any valid reference against any valid absolute base gives a valid
// absolute URI (or a documented refusal), and normalization is idempotent.
func FuzzResolve(f *testing.F) {
	examples, err := spectest.AppendixC("../grammars/rfc2396bis-01/testdata/appendix-c.txt")
	if err != nil {
		f.Fatal(err)
	}
	for _, ex := range examples {
		f.Add(ex.Base, ex.Ref)
	}
	f.Add("http:/a/b", "..//evil.com/x")
	f.Add("http://a", "?y")
	f.Add("foo:/a", "b/..//x")
	// Each result parses back to what it was built from: it has an authority only when the
	// base or the reference has one (no host appears where there was none), and it is
	// absolute. The 2003 algorithm's results in url-syntax-05 may be unwritable there.
	grammars := []*urlgrammar.Grammar{g, urlgrammar.MustLookup("url-syntax-05"), urlgrammar.MustLookup("rfc3986"), urlgrammar.MustLookup("rfc3987"),
		urlgrammar.MustLookup("rfc2396")}
	f.Fuzz(func(t *testing.T, base, ref string) {
		if len(base) > 512 || len(ref) > 512 {
			return
		}
		for _, gr := range grammars {
			b, err1 := parseRef(gr, base) // the oracle of what is defined
			r, err2 := parseRef(gr, ref)
			if err1 != nil || err2 != nil || !b.IsAbsolute() {
				continue
			}
			bt, rt := mustTree(t, gr, base), mustTree(t, gr, ref)
			for _, alg := range []resolve.Algorithm{resolve.Algorithm2003, resolve.Algorithm1997, resolve.Algorithm3986, resolve.Algorithm2396} {
				opt := resolve.Options{Algorithm: alg, Grammar: gr}
				res, err := resolve.Resolve(bt, rt, opt)
				// A Resolver of the base gives the same, from the tree or from the text.
				rs, rerr := resolve.NewResolver(bt, opt)
				if rerr != nil {
					t.Fatalf("%s: NewResolver(%q): %v", gr.ID(), base, rerr)
				}
				for _, via := range []func() (*resolve.Result, error){
					func() (*resolve.Result, error) { return rs.Resolve(rt) },
					func() (*resolve.Result, error) { return rs.ResolveString(ref) },
				} {
					got, gerr := via()
					if (err == nil) != (gerr == nil) || err != nil && err.Error() != gerr.Error() ||
						err == nil && (got.String() != res.String() || got.SameDocument != res.SameDocument) {
						t.Fatalf("%s: %q against %q: Resolve gives %v, %v; a Resolver %v, %v", gr.ID(), ref, base, res, err, got, gerr)
					}
					if gerr != nil {
						continue
					}
					// The target's tree is the grammar's parse of its string, and its own: a
					// later resolution (whose Parser may be the same) leaves it as it was.
					nodes := slices.Clone(got.Target.Nodes())
					if pt, err := gr.Parse(got.String()); err != nil || !reflect.DeepEqual(pt.Nodes(), nodes) {
						t.Fatalf("%s: %q against %q: the target's tree is not the parse of %q: %v", gr.ID(), ref, base, got.String(), err)
					}
					_, _ = rs.ResolveString("http://x/y/../z")
					if !reflect.DeepEqual(got.Target.Nodes(), nodes) {
						t.Fatalf("%s: %q against %q: the target's tree changed with the next resolution", gr.ID(), ref, base)
					}
				}
				var ue *resolve.UnwritableError
				if err != nil {
					// Another algorithm's result may be unwritable in rfc2396, or not even valid
					// ("." against "A:0" by RFC 3986's: "A:", whose opaque-part is empty).
					var se *urlgrammar.SyntaxError
					foreign := gr.ID() == "rfc2396" && alg != resolve.Algorithm2396
					if errors.Is(err, resolve.ErrOpaqueBase) || errors.Is(err, resolve.ErrEmptyPath) ||
						errors.As(err, &ue) && (gr.ID() == "url-syntax-05" || foreign) || errors.As(err, &se) && foreign {
						continue
					}
					t.Fatalf("%s: %q against %q: %v", gr.ID(), ref, base, err)
				}
				s := res.String()
				again, err := parseRef(gr, s)
				if err != nil || again.String() != s || !again.IsAbsolute() {
					t.Fatalf("%s: %q against %q gave %q, which does not parse back: %v", gr.ID(), ref, base, s, err)
				}
				if again.Authority != nil && b.Authority == nil && r.Authority == nil {
					t.Fatalf("%s: %q against %q gave %q: an authority appeared", gr.ID(), ref, base, s)
				}
			}
		}
		r, err := g.Parse(ref)
		if err != nil {
			return
		}
		n, _, err := resolve.Normalize(r, resolve.NormalizeOptions{Level: resolve.LevelScheme})
		if err != nil {
			t.Fatalf("normalize %q: %v", ref, err)
		}
		n2, changes, err := resolve.Normalize(n, resolve.NormalizeOptions{Level: resolve.LevelScheme})
		if err != nil || n2.String() != n.String() || len(changes) > 0 {
			t.Fatalf("normalize %q not idempotent: %q then %q %v", ref, n.String(), n2.String(), changes)
		}
	})
}

// A Resolver checks its base and options once; ResolveString gives the grammar's own error
// for a reference that does not parse, as Parse does.
func TestResolver(t *testing.T) {
	base, err := g.Parse("http://a/b/c/d;p?q")
	require.NoError(t, err)
	rs, err := resolve.NewResolver(base, resolve.Options{})
	require.NoError(t, err)
	res, err := rs.ResolveString("../g?y#s")
	require.NoError(t, err)
	assert.Equal(t, "http://a/b/g?y#s", res.String())
	_, err = rs.ResolveString("a b")
	var se *urlgrammar.SyntaxError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, 1, se.Offset)
	_, err = resolve.NewResolver(base, resolve.Options{Algorithm: 99})
	var oe *resolve.OptionError
	assert.ErrorAs(t, err, &oe)
	_, err = resolve.NewResolver(ast.Tree{}, resolve.Options{})
	assert.ErrorIs(t, err, resolve.ErrEmptyTree)
	rel, err := g.Parse("/a")
	require.NoError(t, err)
	rs, err = resolve.NewResolver(rel, resolve.Options{})
	require.NoError(t, err)
	_, err = rs.ResolveString("b")
	assert.ErrorIs(t, err, resolve.ErrRelativeBase, "per reference, as Resolve says it")
	// An absolute reference, its own target against any absolute base, is still an error.
	_, err = rs.ResolveString("http://a/b")
	assert.ErrorIs(t, err, resolve.ErrRelativeBase, "an absolute reference")
	_, err = rs.Target("http://a/b")
	assert.ErrorIs(t, err, resolve.ErrRelativeBase, "an absolute reference's text")
}

// NormalizeString gives the grammar's own error for an input that does not parse.
func TestNormalizeStringError(t *testing.T) {
	_, _, err := resolve.NormalizeString("a b", resolve.NormalizeOptions{})
	var se *urlgrammar.SyntaxError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, 1, se.Offset)
	n, _, err := resolve.NormalizeString("HTTP://a/./b", resolve.NormalizeOptions{})
	require.NoError(t, err)
	assert.Equal(t, "http://a/b", n.String())
}

// A Resolver keeps nothing of its base's tree: a Parser's tree, overwritten by the Parser's
// next parse, still resolves and reports as the base it was.
func TestResolverOfParserTree(t *testing.T) {
	p := g.NewParser()
	for _, c := range []struct{ base, ref, want string }{
		{"/a", "b", `resolve "b" against "/a"`},
		{"http://a/b/c", "../d", "http://a/d"},
	} {
		base, err := p.Parse(c.base)
		require.NoError(t, err)
		rs, err := resolve.NewResolver(base, resolve.Options{})
		require.NoError(t, err)
		_, err = p.Parse("http://a-much-longer-input.example.org/with/a/path?and=a&query#too")
		require.NoError(t, err)
		res, err := rs.ResolveString(c.ref)
		if err != nil {
			assert.Contains(t, err.Error(), c.want, c.base)
			continue
		}
		assert.Equal(t, c.want, res.String(), c.base)
	}
}

// A Level out of range names itself instead of panicking, as the options that take it
// return an *OptionError for it.
func TestLevelString(t *testing.T) {
	for l, want := range map[resolve.Level]string{
		resolve.LevelString: "string", resolve.LevelSyntax: "syntax", resolve.LevelScheme: "scheme",
		-1: "Level(-1)", 3: "Level(3)", 1 << 20: "Level(1048576)",
	} {
		assert.Equal(t, want, l.String())
		if back, err := resolve.ParseLevel(want); err == nil {
			assert.Equal(t, l, back)
		}
	}
	_, _, err := resolve.NormalizeString("a:b", resolve.NormalizeOptions{Level: 3})
	var oe *resolve.OptionError
	assert.ErrorAs(t, err, &oe)
}
