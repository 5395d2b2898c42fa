package urlgrammar

import (
	"fmt"
	"sync"

	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/dfa"
)

// A grammar within others (Info.Within: web-safe, the WHATWG URL Standard's valid URL
// strings within RFC 3986) accepts what its start rule accepts and each of the other
// grammars' start rules accepts too, split into the same components. Valid runs the
// intersection of the start rules' automata, then the predicates and the component check on
// the trees; an input that another grammar rejects gets that grammar's error, one it splits
// otherwise an error at the first component that differs.

// withinGrammars returns the grammars g must be within, looked up when first asked.
func (g *Grammar) withinGrammars() ([]*Grammar, error) {
	g.withinOnce.Do(func() {
		for _, id := range g.gen.Info.Within {
			w, err := Lookup(id)
			if err != nil {
				g.withinErr = fmt.Errorf("grammar %s is within %s: %w", g.id, id, err)
				return
			}
			g.within = append(g.within, w)
		}
		d := g.startDFA
		for _, w := range g.within {
			var err error
			if d, err = dfa.Intersect(d, w.startDFA); err != nil {
				g.withinErr = fmt.Errorf("grammar %s within %s: %w", g.id, w.id, err)
				return
			}
		}
		d.Rule = g.start
		g.withinDFA = d
	})
	return g.within, g.withinErr
}

// withinState is what a grammar within others keeps (Grammar.within...).
type withinState struct {
	withinOnce sync.Once
	within     []*Grammar
	withinDFA  *dfa.DFA
	withinErr  error
}

// withinError returns nil when every grammar g is within accepts s, which g's start rule
// accepts with the tree nodes (a tree of s), and splits it as g does; else the error (made in
// eb, a Parser's error block, when it is not nil).
func (g *Grammar) withinError(s string, nodes []ast.TreeNode, eb *syntaxErrorBlock) error {
	ws, err := g.withinGrammars()
	if err != nil {
		return err
	}
	own := ast.NewTree(s, g.trees().schema, nodes).Spans()
	for _, w := range ws {
		b := predicateBlock(s)
		wn, err := w.takeIn("", s, true, (*b)[:0], eb)
		if err != nil {
			errorBlocks.Put(b)
			return err
		}
		*b = wn[:0]
		theirs := ast.NewTree(s, w.trees().schema, wn).Spans()
		errorBlocks.Put(b)
		if i, ok := sameSplit(&own, &theirs); !ok {
			a, b := own.All()[i], theirs.All()[i]
			r := b.Range
			if !r.Defined {
				r = a.Range
			}
			return newSyntaxError(g.id, g.start, s, r.Start, nil,
				fmt.Sprintf("%s splits it otherwise: its %s is %s, %s's %s", w.id, b.Name, quoted(s, b.Range), g.id, quoted(s, a.Range)))
		}
	}
	return nil
}

// withinHold is withinError for Valid, with the grammar's predicates: a verdict, on trees in
// pooled blocks.
func (g *Grammar) withinHold(s string) bool {
	a := predicateBlock(s)
	defer errorBlocks.Put(a)
	nodes, err := g.takeRule("", s, true, (*a)[:0], nil)
	if err != nil {
		return false
	}
	*a = nodes[:0]
	if g.predicated && !g.nodesHold(s, nodes) {
		return false
	}
	return g.withinError(s, nodes, nil) == nil
}

// sameSplit reports whether two splits of one input agree on every component, or gives the
// index (in Spans.All) of the first that differs.
func sameSplit(a, b *ast.Spans) (int, bool) {
	ca, cb := a.All(), b.All()
	for i := range ca {
		ra, rb := ca[i].Range, cb[i].Range
		// An empty component has no place of its own to compare: the header may declare it
		// present where no rule matched ("" in a component line).
		empty := ra.Start == ra.End && rb.Start == rb.End
		if ra.Defined != rb.Defined || ra.Defined && !empty && (ra.Start != rb.Start || ra.End != rb.End) {
			return i, false
		}
	}
	return 0, true
}

func quoted(s string, r ast.Range) string {
	if !r.Defined {
		return "undefined"
	}
	return fmt.Sprintf("%q", r.In(s))
}

// HasWithin reports whether the grammar is within others (Within).
func (g *Grammar) HasWithin() bool { return len(g.gen.Info.Within) > 0 }

// Within returns the ids of the grammars this grammar is within (Info.Within): its language
// is the part of theirs that they all split the same way, and an input one of them rejects
// gets that grammar's error. Nil for most grammars.
func (g *Grammar) Within() []string { return g.gen.Info.Within }
