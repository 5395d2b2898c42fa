// Package grammartest checks a grammar as this module checks its own, for grammars added
// from another module with urlgrammar-gen: that its PEG transcription, its DFAs and an
// independent reading of its ABNF accept the same language for every rule, and that its
// generic trees are well formed. A test of the grammar's package calls it:
//
//	func TestGrammar(t *testing.T) {
//		abnf, err := os.ReadFile("../grammar/mygrammar.abnf")
//		...
//		grammartest.Differential(t, mygrammar.Grammar, abnf, grammartest.Options{Inputs: examples})
//		grammartest.Trees(t, mygrammar.Grammar, examples)
//	}
//
// It links go-abnf (github.com/pandatix/go-abnf), which the grammars themselves never do:
// import it from tests only.
package grammartest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/dfa/dfabuild"
	"github.com/urlgrammar/urlgrammar/internal/difftest"
)

// Options say how much Differential checks.
type Options struct {
	// Inputs are tried on every rule, besides the generated ones: the grammar's examples
	// and counter-examples.
	Inputs []string
	// Members is the number of members of each rule generated from the ABNF (each with
	// three near misses): 60 when 0.
	Members int
	// AskABNFEvery asks go-abnf's recognizer (about a millisecond an input) on one input in
	// AskABNFEvery where the PEG and the DFA agree, and on every input where they do not;
	// 0 or 1: on every input.
	AskABNFEvery int
	// Seed varies the generated inputs.
	Seed int64
}

// Differential checks that, for every rule of g as an anchored start symbol, g's PEG parser
// (MatchPEG), its DFAs (Match) and go-abnf's recognizer of abnf (the text of the grammar's
// ABNF file) give the same verdict on opts.Inputs, on members generated from the ABNF and on
// near misses of them. Each disagreement is a test error with a minimal witness: the input
// cut down, byte by byte, while the readings still disagree.
func Differential(t testing.TB, g *urlgrammar.Grammar, abnf []byte, opts Options) {
	t.Helper()
	ref, err := dfabuild.Read(abnf)
	if err != nil {
		t.Fatalf("grammar %s: the ABNF: %v", g.ID(), err)
	}
	r := &difftest.Readings{Name: g.ID(), Rules: g.Rules(), Ref: ref,
		PEG: func(rule, s string) bool { return g.MatchPEG(rule, s) == nil },
		DFA: func(rule, s string) bool { return g.MatchSyntax(rule, s) == nil }, // the rules alone: predicates are not in the ABNF
	}
	difftest.Run(t, r, difftest.Options{Inputs: opts.Inputs, Members: opts.Members,
		AskABNFEvery: opts.AskABNFEvery, Seed: opts.Seed, Log: testing.Verbose()})
}

// Trees checks g's generic tree of every input g accepts: the root is the start rule and
// covers the input, every node lies inside its parent and after its previous sibling, the
// tree prints back to the input, and Parse and a Parser's Parse agree, on the tree and on the
// error of an input g rejects, which Valid rejects too.
func Trees(t testing.TB, g *urlgrammar.Grammar, inputs []string) {
	t.Helper()
	p := g.NewParser()
	for _, s := range inputs {
		tree, err := g.Parse(s)
		_, perr := p.Parse(s)
		if (err == nil) != (perr == nil) || (err != nil && err.Error() != perr.Error()) {
			t.Errorf("grammar %s, %q: Parse says %v, a Parser %v", g.ID(), s, err, perr)
			continue
		}
		if err != nil {
			if g.Valid(s) {
				t.Errorf("grammar %s, %q: Valid, but Parse fails: %v", g.ID(), s, err)
			}
			continue
		}
		if problem := treeProblem(g, tree, s); problem != "" {
			t.Errorf("grammar %s, %q: %s", g.ID(), s, problem)
		}
		pt, err := p.Parse(s)
		if err != nil || fmt.Sprint(pt.Nodes()) != fmt.Sprint(tree.Nodes()) {
			t.Errorf("grammar %s, %q: a Parser's tree differs (%v)", g.ID(), s, err)
		}
	}
}

func treeProblem(g *urlgrammar.Grammar, tree ast.Tree, s string) string {
	if tree.Len() == 0 {
		return "an empty tree"
	}
	if !strings.EqualFold(tree.RuleName(0), g.Start()) {
		return fmt.Sprintf("the root is %s, not the start rule %s", tree.RuleName(0), g.Start())
	}
	if root := tree.Node(0); root.Start() != 0 || int(root.End()) != len(s) || root.Depth() != 0 || tree.Next(0) != tree.Len() {
		return fmt.Sprintf("the root %+v does not cover the input and the tree", root)
	}
	for i := 1; i < tree.Len(); i++ {
		if d, prev := tree.Node(i).Depth(), tree.Node(i-1).Depth(); d > prev+1 {
			return fmt.Sprintf("node %d (%s) is at depth %d after a node at depth %d", i, tree.RuleName(i), d, prev)
		}
	}
	if tree.String() != s {
		return fmt.Sprintf("the tree prints %q", tree.String())
	}
	problem := ""
	tree.Inspect(func(i, _ int) bool {
		n := tree.Node(i)
		prev := n.Start()
		for c := range tree.Children(i) {
			cn := tree.Node(c)
			if cn.Start() < prev || cn.End() > n.End() || cn.Start() > cn.End() {
				problem = fmt.Sprintf("node %d (%s %+v) is not inside %s %+v after its previous sibling", c, tree.RuleName(c), cn, tree.RuleName(i), n)
			}
			prev = cn.End()
		}
		return problem == ""
	})
	return problem
}

// Shapes checks g's generic tree of every input g accepts against shapes, what the typed
// views generated from g's PEG expect of each node rule's children (the Shapes of the
// grammar's generated package): every node has a shape, each child is of a rule its shape
// lists, as many of each as the shape allows (at least Min, at most Max), exactly one child
// where the shape says One, and as many children of a group's rules together as it allows. A view's accessor that returns one child can then not meet two,
// and one that returns a child without a bool always finds it.
func Shapes(t testing.TB, g *urlgrammar.Grammar, shapes []ast.NodeShape, inputs []string) {
	t.Helper()
	byRule := map[string]*ast.NodeShape{}
	for i := range shapes {
		byRule[strings.ToLower(shapes[i].Rule)] = &shapes[i]
	}
	if byRule[strings.ToLower(g.Start())] == nil {
		t.Errorf("grammar %s: no shape for the start rule %s", g.ID(), g.Start())
	}
	checked := 0
	for _, s := range inputs {
		tree, err := g.Parse(s)
		if err != nil {
			continue
		}
		checked++
		if problem := shapeProblem(tree, byRule); problem != "" {
			t.Errorf("grammar %s, %q: %s", g.ID(), s, problem)
		}
	}
	if checked == 0 && len(inputs) > 0 {
		t.Errorf("grammar %s: none of the %d inputs is valid: no tree was checked", g.ID(), len(inputs))
	}
}

func shapeProblem(tree ast.Tree, shapes map[string]*ast.NodeShape) string {
	for i := 0; i < tree.Len(); i++ {
		sh := shapes[strings.ToLower(tree.RuleName(i))]
		if sh == nil {
			return fmt.Sprintf("node %d is of rule %s, which has no shape (no view)", i, tree.RuleName(i))
		}
		counts := map[string]int{}
		total := 0
		for c := tree.FirstChild(i); c >= 0; c = tree.NextSibling(c) {
			counts[strings.ToLower(tree.RuleName(c))]++
			total++
		}
		for _, cs := range sh.Children {
			n := counts[strings.ToLower(cs.Rule)]
			if n < cs.Min || (cs.Max >= 0 && n > cs.Max) {
				return fmt.Sprintf("node %d (%s) has %d %s children; its shape allows %d to %d", i, sh.Rule, n, cs.Rule, cs.Min, cs.Max)
			}
			delete(counts, strings.ToLower(cs.Rule))
		}
		for r := range counts {
			return fmt.Sprintf("node %d (%s) has a %s child, which its shape does not list", i, sh.Rule, r)
		}
		if sh.One && total != 1 {
			return fmt.Sprintf("node %d (%s) has %d children; its shape says exactly one", i, sh.Rule, total)
		}
		for _, gr := range sh.Groups {
			n := 0
			for c := tree.FirstChild(i); c >= 0; c = tree.NextSibling(c) {
				for _, r := range gr.Rules {
					if strings.EqualFold(tree.RuleName(c), r) {
						n++
					}
				}
			}
			if n < gr.Min || n > gr.Max {
				return fmt.Sprintf("node %d (%s) has %d children of its %s (%s); its shape allows %d to %d",
					i, sh.Rule, n, gr.Name, strings.Join(gr.Rules, ", "), gr.Min, gr.Max)
			}
		}
	}
	return ""
}
