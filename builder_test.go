package urlgrammar

import (
	"fmt"
	"math/rand"
	"testing"

	goabnf "github.com/pandatix/go-abnf"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/internal/difftest"
)

// builderMatchesRecorder compares, for one input the rule's DFA accepts, the tree of the
// compiled PEG (generated/PKG/builder.go) with the recognizer's, node for node; it returns
// a description of the difference, or "".
func builderMatchesRecorder(g *Grammar, rule, s string) string {
	pegRule := g.byName[ruleKey(rule)]
	built, ok := g.buildTree(pegRule, s, nil)
	recorded, f := g.trees().record(pegRule, s, g.maxExpr(s), nil)
	switch {
	case f != nil && !ok:
		return ""
	case f != nil:
		return fmt.Sprintf("the builder matches, the recognizer fails: %+v", f)
	case !ok:
		return "the recognizer matches, the builder does not"
	}
	if fmt.Sprint(built) != fmt.Sprint(recorded) {
		return fmt.Sprintf("built\n%s\nrecorded\n%s", fprintNodes(g, s, built), fprintNodes(g, s, recorded))
	}
	return ""
}

func fprintNodes(g *Grammar, s string, nodes []ast.TreeNode) string {
	return fmt.Sprint(ast.NewTree(s, g.trees().schema, nodes))
}

// The compiled PEG of every grammar that has one builds the recognizer's tree, node for
// node, from every rule: on the tables and the corpus (start rule), and on members of every
// rule generated from the ABNF and near misses of them. (FuzzBuildTree on anything.)
func TestBuilderMatchesRecorder(t *testing.T) {
	t.Parallel()
	for _, id := range IDs() {
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
				if d := g.decider(rule, s); d == nil || !d.Valid(s) {
					return
				}
				checked++
				if diff := builderMatchesRecorder(g, rule, s); diff != "" {
					t.Fatalf("%s rule %s %q: %s", id, rule, s, diff)
				}
			}
			for _, s := range append(tableInputs(t, id), corpus.Lines(2000, 3)...) {
				check(g.start, s)
			}
			for _, rule := range g.Rules() {
				for range 20 * conformanceScale() {
					m, err := o.ref.Generate(rng.Int63(), rule, goabnf.WithRepMax(6))
					if err != nil {
						t.Fatal(err)
					}
					check(rule, string(m))
					check(rule, difftest.Mutate(rng, string(m)))
				}
			}
			if checked < 1000 {
				t.Errorf("only %d inputs checked", checked)
			}
		})
	}
}

func FuzzBuildTree(f *testing.F) {
	ids := IDs()
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
		if d := g.decider(rule, s); d == nil || !d.Valid(s) {
			return
		}
		if diff := builderMatchesRecorder(g, rule, s); diff != "" {
			t.Fatalf("%s rule %s %q: %s", g.id, rule, s, diff)
		}
	})
}
