package resolve

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
	gencorpus "github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/internal/testscale"
)

// normalSeeds are references where one rewrite alone has something to do, or nearly.
var normalSeeds = []string{
	"http://a/b", "HTTP://a/b", "http://A/b", "http://a%41/b", "http://a/%7e", "http://a/%7E", "http://a/%2e",
	"http://a/%2E", "http://a/%2D", "http://a/%2F", "http://a/%2f", "http://a/%C3%BC", "http://a/./b",
	"http://a/b/..", "http://a/..b", "http://a:80/", "http://a:/", "http://a:8080/", "http://a:080/",
	"http://a", "http://a?q", "foo:/.//b", "foo://b", "a:b/./c", "a:./b", "a/../b:c", "%70:", "./a:b",
	"//a:80/", "//A/b", "/a/./b", "a/./b", "?%7e", "#%7A", "mailto:A@B", "urn:A:b", "http://[::A]/",
	"http://a/b%", "http://a/b%4", "ftp://a:21/", "https://a:443/x", "x://a:80/", "http://u@A:80/",
}

// TestIsNormalAgreesWithTheRewrites: where isNormal says a reference is normal already, the
// rewrites, run in full, leave it as it is, with no change, in every generic grammar at both
// levels, on the corpus and the seeds above. Both answers occur, or the test says nothing.
func TestIsNormalAgreesWithTheRewrites(t *testing.T) {
	overGenericInputs(t, checkIsNormal, "normal", "rewritten")
}

// TestIsTargetAgreesWithResolve: where isTarget says a reference is its own target, resolving
// it in full gives it back, as written, with the same tree, in every generic grammar, with
// every algorithm, dot-segment option and Compat, on the corpus and the seeds above; and
// Target gives ResolveString's text (TestIsNormalAgreesWithTheRewrites: NormalForm gives
// NormalizeString's).
func TestIsTargetAgreesWithResolve(t *testing.T) {
	overGenericInputs(t, checkIsTarget, "their own target", "resolved in full")
}

// overGenericInputs runs check on every generic grammar and input (the corpus's and the
// seeds), adding up its two counts, the shortcut's yes and no: each must be frequent.
func overGenericInputs(t *testing.T, check func(*testing.T, *urlgrammar.Grammar, string) (int, int), yes, no string) {
	lines := testscale.Short(3000)
	inputs := append(gencorpus.Lines(lines, 1), normalSeeds...)
	nyes, nno := 0, 0
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		if !g.Generic() {
			continue
		}
		for _, s := range inputs {
			y, n := check(t, g, s)
			nyes, nno = nyes+y, nno+n
		}
	}
	t.Logf("%d %s, %d %s", nyes, yes, nno, no)
	require.Greater(t, nyes, lines/3, yes)
	require.Greater(t, nno, lines/30, no)
}

// FuzzIsNormal is TestIsNormalAgreesWithTheRewrites and TestIsTargetAgreesWithResolve on any
// input.
func FuzzIsNormal(f *testing.F) {
	for _, s := range normalSeeds {
		f.Add(s)
	}
	var generic []*urlgrammar.Grammar
	for _, id := range urlgrammar.IDs() {
		if g := urlgrammar.MustLookup(id); g.Generic() {
			generic = append(generic, g)
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 2048 {
			return
		}
		for _, g := range generic {
			checkIsNormal(t, g, s)
			checkIsTarget(t, g, s)
		}
	})
}

// checkIsNormal checks isNormal on s in g at both levels, and counts its answers: how many
// normal, how many not (0 and 0 when s does not parse).
func checkIsNormal(t *testing.T, g *urlgrammar.Grammar, s string) (normal, rewritten int) {
	t.Helper()
	ref, err := g.Parse(s)
	if err != nil {
		return 0, 0
	}
	sp := ref.Spans()
	rfc3986 := DefaultAlgorithm(g) == Algorithm3986
	for _, level := range []Level{LevelSyntax, LevelScheme} {
		// NormalForm, the text without the tree, is NormalizeString's text, or its error.
		opt := NormalizeOptions{Level: level, Grammar: g}
		tree, tchanges, terr := NormalizeString(s, opt)
		if text, err := NormalForm(s, opt); text != tree.String() || fmt.Sprint(err) != fmt.Sprint(terr) {
			t.Fatalf("%s at %s: NormalForm(%q) = %q, %v; NormalizeString %q, %v", g.ID(), level, s, text, err, tree.String(), terr)
		}
		// The shortcuts (isNormal, inPlace) give what every rewrite run in full gives: the
		// same tree, the same changes, the same error.
		full, fchanges, ferr := normalize(g, ref, nil, opt, false, nil)
		if tree.String() != full.String() || !slices.Equal(tree.Nodes(), full.Nodes()) || !slices.Equal(tchanges, fchanges) || fmt.Sprint(terr) != fmt.Sprint(ferr) {
			t.Fatalf("%s at %s: NormalizeString(%q) = %q, %v, %v; in full %q, %v, %v", g.ID(), level, s, tree.String(), tchanges, terr, full.String(), fchanges, ferr)
		}
		if !isNormal(ref.Src(), &sp, level, rfc3986) {
			// The shortcut may miss a normal form only where a guard keeps it ("foo:/.//b") or
			// dot-segment removal leaves the dots ("0:/.." in the drafts, which keep a ".."
			// above the root): any other it misses takes the slow path, the rewrites run in
			// full, for nothing.
			if path := sp.Path.In(s); terr == nil && len(tchanges) == 0 && tree.String() == s && !strings.HasPrefix(path, "/.//") && !hasDotSegment(path) {
				t.Errorf("%s at %s: %q is its own normal form, but isNormal says no", g.ID(), level, s)
			}
			rewritten++
			continue
		}
		normal++
		// parsed false: normalize runs every rewrite, not isNormal.
		out, changes, err := normalize(g, ref, nil, opt, false, nil)
		if err != nil || len(changes) > 0 || out.String() != s {
			t.Fatalf("%s at %s: isNormal(%q), but normalize gives %q, %v, %v", g.ID(), level, s, out.String(), changes, err)
		}
	}
	return normal, rewritten
}

// A targetCase is one of the Resolvers checkIsTarget reads references with: a base and
// options.
type targetCase struct {
	base string
	opt  Options
	rs   *Resolver
}

// targetCases holds, per grammar (*urlgrammar.Grammar), its targetCases: made once and used
// for every input, as a program uses a Resolver (made per input, they took a third of the
// test's time, each with a new Parser).
var targetCases sync.Map

// targetCasesOf returns g's Resolvers of every option (algorithm, dot segments, Compat),
// against the base of RFC 3986's examples and "HTTP://a/b" (whose scheme Compat compares
// without case).
func targetCasesOf(g *urlgrammar.Grammar) []targetCase {
	if cs, ok := targetCases.Load(g); ok {
		return cs.([]targetCase)
	}
	var cs []targetCase
	for _, baseText := range []string{"http://a/b/c/d;p?q", "HTTP://a/b"} {
		base, err := g.Parse(baseText)
		if err != nil {
			continue
		}
		for _, alg := range []Algorithm{Algorithm2003, Algorithm1997, Algorithm3986, Algorithm2396} {
			for _, dots := range []DotSegments{DotsKeep, DotsRemove, DotsError} {
				for _, compat := range []bool{false, true} {
					opt := Options{Grammar: g, Algorithm: alg, Dots: dots, Compat: compat}
					cs = append(cs, targetCase{baseText, opt, newResolver(g, base, opt)})
				}
			}
		}
	}
	targetCases.Store(g, cs)
	return cs
}

// checkIsTarget checks isTarget on s in g with every Resolver of targetCasesOf, and counts
// its answers.
func checkIsTarget(t *testing.T, g *urlgrammar.Grammar, s string) (own, not int) {
	t.Helper()
	ref, err := g.Parse(s)
	if err != nil {
		return 0, 0
	}
	sp := ref.Spans()
	for _, c := range targetCasesOf(g) {
		rs, baseText, alg, dots, compat := c.rs, c.base, c.opt.Algorithm, c.opt.Dots, c.opt.Compat
		// Target, the text without the tree, is ResolveString's text, or its error.
		res, rerr := rs.ResolveString(s)
		if text, err := rs.Target(s); rerr == nil && text != res.String() || fmt.Sprint(err) != fmt.Sprint(rerr) {
			t.Fatalf("%s %v dots %v compat %v: Target(%q) against %q = %q, %v; ResolveString %v, %v", g.ID(), alg, dots, compat, s, baseText, text, err, res, rerr)
		}
		if !rs.isTarget(&sp, ref.Src()) {
			// The shortcut may miss a target only where Compat reads the scheme, a guard
			// keeps the path ("foo:/.//b"), or dot-segment removal leaves the dots.
			if path := sp.Path.In(s); rerr == nil && !res.SameDocument && res.String() == s && !strings.HasPrefix(path, "/.//") &&
				!hasDotSegment(path) && !(compat && strings.EqualFold(sp.Scheme.In(s), "http")) {
				t.Errorf("%s %v dots %v compat %v: %q against %q is its own target, but isTarget says no", g.ID(), alg, dots, compat, s, baseText)
			}
			not++
			continue
		}
		own++
		// parsed false: resolve runs in full, not isTarget.
		res, err := rs.resolve(ref, false)
		if err != nil || res.Target.String() != s || res.SameDocument || !slices.Equal(res.Target.Nodes(), ref.Nodes()) {
			t.Fatalf("%s %v dots %v compat %v: isTarget(%q) against %q, but resolve gives %v, %v", g.ID(), alg, dots, compat, s, baseText, res, err)
		}
	}
	return own, not
}
