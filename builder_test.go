package urlgrammar

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/grammars/rfc3986"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/internal/difftest"
	"github.com/urlgrammar/urlgrammar/internal/testscale"
)

// builderMatchesRecorder compares, for one input the rule's DFA accepts, the tree of the
// compiled PEG (grammars/ID/builder.go) with the recognizer's, node for node; it returns
// a description of the difference, or "".
func builderMatchesRecorder(g *Grammar, rule, s string) string {
	pegRule := g.byName[ruleKey(rule)]
	built, ok := g.buildTree(pegRule, s, nil)
	if pegRule == g.startPEG {
		// BuildStart is BuildTree of the start rule.
		if start, startOK := g.buildStart(s, nil); startOK != ok || !slices.Equal(start, built) {
			return fmt.Sprintf("BuildStart gives %v, %v; BuildTree of the start rule %v, %v", start, startOK, built, ok)
		}
	}
	recorded, f := g.trees().record(pegRule, s, g.maxExpr(s), nil)
	switch {
	case f != nil && !ok:
		return ""
	case f != nil:
		return fmt.Sprintf("the builder matches, the recognizer fails: %+v", f)
	case !ok:
		return "the recognizer matches, the builder does not"
	}
	if !slices.Equal(built, recorded) {
		return fmt.Sprintf("built\n%s\nrecorded\n%s", fprintNodes(g, s, built), fprintNodes(g, s, recorded))
	}
	return ""
}

func fprintNodes(g *Grammar, s string, nodes []ast.TreeNode) string {
	return fmt.Sprint(ast.NewTree(s, g.trees().schema, nodes))
}

// The compiled PEG of every grammar that has one builds the recognizer's tree, node for
// node, from every rule: on the tables and the corpus (start rule), and on members of every
// rule generated from the ABNF and near misses of them; and it matches nothing the rule's DFA
// rejects (Parse asks it first). (FuzzBuildTree on anything.)
func TestBuilderMatchesRecorder(t *testing.T) {
	t.Parallel()
	for _, id := range ownIDs() {
		g := MustLookup(id)
		if g.buildTree == nil {
			t.Logf("%s has no compiled tree builder", id)
			continue
		}
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			o := newOracles(t, id)
			rng := rand.New(rand.NewSource(2))
			checked := 0
			check := func(rule, s string) {
				d := g.decider(rule, s)
				if d == nil {
					return
				}
				if !d.Valid(s) {
					// Parse asks the builder first: it must not match what the DFA rejects.
					if _, ok := g.buildTree(g.byName[ruleKey(rule)], s, nil); ok {
						t.Fatalf("%s rule %s %q: the builder matches what the DFA rejects", id, rule, s)
					}
					return
				}
				checked++
				if diff := builderMatchesRecorder(g, rule, s); diff != "" {
					t.Fatalf("%s rule %s %q: %s", id, rule, s, diff)
				}
			}
			for _, s := range append(tableInputs(t, id), corpus.Lines(testscale.Short(2000), 3)...) {
				check(g.start, s)
			}
			// At least 20 members of each rule, more for a grammar of few rules: 1,000 inputs.
			perRule := testscale.Short(max(20, 1500/len(g.Rules()))) * conformanceScale()
			for _, rule := range g.Rules() {
				for range perRule {
					m, err := difftest.Member(rng, o.ref, rule, 6)
					if err != nil {
						t.Fatal(err)
					}
					check(rule, m)
					check(rule, difftest.Mutate(rng, m))
				}
			}
			if checked < testscale.Short(1000) {
				t.Errorf("only %d inputs checked", checked)
			}
		})
	}
}

func FuzzBuildTree(f *testing.F) {
	ids := ownIDs()
	for i, s := range []string{"http://a/b", "//[::1]:80", "ftp://u:p@h/a;type=i", "news:a.b", "http://a/b?c+d", "//[v1.x]/é", "gopher://h/7sel%09search"} {
		f.Add(s, uint8(i), uint8(0))
	}
	f.Fuzz(func(t *testing.T, s string, gi, ri uint8) {
		g := MustLookup(ids[int(gi)%len(ids)])
		if g.buildTree == nil || len(s) > 512 {
			return
		}
		rules := g.Rules()
		rule := rules[int(ri)%len(rules)]
		d := g.decider(rule, s)
		if d == nil {
			return
		}
		if !d.Valid(s) {
			if _, ok := g.buildTree(g.byName[ruleKey(rule)], s, nil); ok {
				t.Fatalf("%s rule %s %q: the builder matches what the DFA rejects", g.id, rule, s)
			}
			return
		}
		if diff := builderMatchesRecorder(g, rule, s); diff != "" {
			t.Fatalf("%s rule %s %q: %s", g.id, rule, s, diff)
		}
	})
}

// rfc2396bis-01's labels are at most 63 characters, a bound its PEG checks with a code
// predicate that the builder compiles (a length bound): at 64 the host is a reg-name, not a
// hostname, in the built tree as in the recognizer's.
func TestBuilderLengthBound(t *testing.T) {
	g := MustLookup("rfc2396bis-01")
	if g.buildTree == nil {
		t.Fatal("rfc2396bis-01 has no compiled tree builder")
	}
	for _, n := range []int{62, 63, 64} {
		label := strings.Repeat("a", n-1) + "0"
		top := "b" + strings.Repeat("-", n-2) + "c"
		for _, s := range []string{"http://" + label + ".example/", "http://x." + top + "/", "//x." + top + ".:1", "http://" + label + "." + top + "/"} {
			if diff := builderMatchesRecorder(g, g.start, s); diff != "" {
				t.Fatalf("%q: %s", s, diff)
			}
			nodes, ok := g.buildTree(g.startPEG, s, nil)
			require.True(t, ok, s)
			tree := ast.NewTree(s, g.trees().schema, nodes)
			hostname, regName := tree.Find("hostname") >= 0, tree.Find("reg-name") >= 0
			assert.Equal(t, n <= 63, hostname, "%q: a hostname", s)
			assert.Equal(t, n > 63, regName, "%q: a reg-name", s)
		}
	}
}

// A registration whose builder.go another version of the generator wrote is refused with
// what to do: an older builder may not stop in linear time on the invalid input Parse now
// gives it (version 1), or writes nodes of another layout (version 2). A registration without a builder needs no version.
func TestBuilderVersion(t *testing.T) {
	gen := rfc3986.Generated
	gen.Info.ID = "rfc3986-old"
	gen.BuilderVersion = 2 // 2: nodes with Next, before the 8-byte nodes with depths
	_, err := buildGrammar(gen)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "builder version 2; this urlgrammar needs 3")
	assert.Contains(t, err.Error(), "generate its package again")
	gen.BuildTree, gen.BuilderVersion = nil, 0
	_, err = buildGrammar(gen)
	require.NoError(t, err)
}

// Parse and Parser.Parse call the builder themselves for the start rule (builtAlone) and hand
// what it does not take to the rest of take: when the builder stops on a valid input (its
// work budget), the tree is the recognizer's; on an invalid one the error is the DFA's. A
// builder that takes nothing, at any size, gives the trees and errors of the real one.
func TestParseWhenTheBuilderStops(t *testing.T) {
	real := MustLookup("rfc3986")
	gen := rfc3986.Generated
	gen.Info.ID = "rfc3986-stopping"
	inputs := append(corpus.Lines(300, 1), "http://a b/", "", "%", "http://[::1]:80/a?q#f", "//u@h", "http://[12345::]/")
	stopOn := map[string]bool{}
	for _, s := range inputs {
		stopOn[s] = true
	}
	build := gen.BuildTree
	gen.BuildStart = nil // as a package an older generator wrote: the start's trees through BuildTree
	gen.BuildTree = func(rule, src string, into []ast.TreeNode) ([]ast.TreeNode, bool) {
		nodes, ok := build(rule, src, into)
		if !stopOn[src] || nodes == nil {
			return nodes, ok // the error's explanation builds trees of other inputs
		}
		return nodes[:0], false // as a builder past its limit: the block it grew, empty
	}
	registryMu.Lock()
	g, err := registerLocked(gen)
	delete(registry, gen.Info.ID) // made as a registration makes it, but not listed
	registryMu.Unlock()
	require.NoError(t, err)
	require.True(t, g.builtAlone, "the fast path of Parse is taken")
	p, realP := g.NewParser(), real.NewParser()
	msg := func(err error) string { return strings.Replace(fmt.Sprint(err), gen.Info.ID, real.ID(), 1) }
	for _, s := range inputs {
		want, wantErr := real.Parse(s)
		got, err := g.Parse(s)
		require.Equal(t, fmt.Sprint(wantErr), msg(err), "Parse(%q)", s)
		require.Equal(t, fmt.Sprint(want), fmt.Sprint(got), "Parse(%q)", s)
		want, wantErr = realP.Parse(s)
		got, err = p.Parse(s)
		require.Equal(t, fmt.Sprint(wantErr), msg(err), "Parser.Parse(%q)", s)
		require.Equal(t, fmt.Sprint(want), fmt.Sprint(got), "Parser.Parse(%q)", s)
	}
}

// Match of the start rule runs the start DFA itself for a plain grammar (one pass for the check
// command, which calls it alone) and asks Valid first for any other; it gives take's verdict
// and error, for every grammar, on the tables and the corpus, and a plain grammar's
// allocates nothing for a member.
func TestMatchStartIsTake(t *testing.T) {
	inputs := recognizeInputs(t, 2000)
	plain := 0
	for _, id := range IDs() {
		g := MustLookup(id)
		if g.plain {
			plain++
		}
		for _, s := range inputs {
			_, want := g.take(g.start, s, false, nil)
			if got := g.Match(g.start, s); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("%s: Match(%q) = %v; take gives %v", id, s, got, want)
			}
		}
		if !g.plain {
			continue // its members go through Valid, counted by TestValidDoesNotAllocate
		}
		for _, s := range inputs {
			if g.Valid(s) {
				if n := testing.AllocsPerRun(10, func() { _ = g.Match(g.start, s) }); n != 0 {
					t.Errorf("%s: Match of a valid input allocates %.0f times (%q)", id, n, s)
				}
				break
			}
		}
	}
	require.Greater(t, plain, 10, "most grammars are plain")
}
