package urlgrammar

import (
	"fmt"
	"slices"
	"strings"

	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/grammarkit"
	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// Predicates: where a grammar's rules end and an algorithm decides. A header line
//
//	; urlgrammar predicate RULE: NAME
//
// makes every node of RULE subject to the predicate registered under NAME
// (grammarkit.RegisterPredicate): the language of the grammar is the strings its rules
// match whose tree has no node the predicate refuses. The DFAs, Language, Compare and diff
// are of the rules alone (MatchSyntax); Valid, Match, Parse, ParseRule and Parser.Parse
// apply the predicates too, on the tree the compiled PEG builds.

// treePredicate is a predicate line of the grammar's header, made ready with the tree parts.
type treePredicate struct {
	rule uint16 // the node rule, in the trees' schema
	name string // the rule's name
	fn   grammarkit.Predicate
}

// makePredicates resolves the header's predicate lines against the trees' schema and the
// registered predicates.
func makePredicates(gen grammarkit.Generated, schema *ast.Schema) ([]treePredicate, error) {
	var out []treePredicate
	for _, line := range gen.Info.Predicates {
		rule, name, err := peg.ParsePredicate(line)
		if err != nil {
			return nil, err
		}
		r, ok := schema.Rule(rule)
		if !ok || !slices.ContainsFunc(gen.Info.Nodes, func(n string) bool { return strings.EqualFold(n, rule) }) {
			return nil, fmt.Errorf("predicate %s: %s is not a node rule", name, rule)
		}
		fn, ok := grammarkit.PredicateOf(name)
		if !ok {
			return nil, fmt.Errorf("predicate %s is not registered (the package that implements it registers it: import it)", name)
		}
		out = append(out, treePredicate{rule: r, name: schema.Names[r], fn: fn})
	}
	return out, nil
}

// predicateError returns the error of the first node of nodes (a tree of s) that a predicate
// refuses, or nil: a *SyntaxError in the node's rule whose message is the predicate's, at
// the node's first byte (or where in its text a *grammarkit.PredicateError says).
func (g *Grammar) predicateError(s string, nodes []ast.TreeNode) error {
	preds := g.trees().preds
	if len(preds) == 1 {
		// One predicate (every grammar's today): one comparison a node, with the rule in a
		// register, not a loop over the predicates for each node (a tenth of whatwg-url's
		// Parser.Parse).
		p := &preds[0]
		for _, n := range nodes {
			if n.Rule() == p.rule {
				if err := g.nodeError(s, n, p); err != nil {
					return err
				}
			}
		}
		return nil
	}
	for _, n := range nodes {
		for i := range preds {
			if p := &preds[i]; n.Rule() == p.rule {
				if err := g.nodeError(s, n, p); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// nodeError is predicateError for the node n, of p's rule.
func (g *Grammar) nodeError(s string, n ast.TreeNode, p *treePredicate) error {
	text := s[n.Start():n.End()]
	err := p.fn(text)
	if err == nil {
		return nil
	}
	off := int(n.Start())
	if pe, ok := err.(*grammarkit.PredicateError); ok && 0 <= pe.Offset && pe.Offset <= len(text) {
		off += pe.Offset
	}
	return newSyntaxError(g.id, p.name, s, off, nil, err.Error())
}

// checkPredicates applies the grammar's predicates to s, which rule (the start rule for "")
// matches: on nodes when they are the tree (tree set), else on a tree built for the check in
// a pooled block.
func (g *Grammar) checkPredicates(rule, s string, tree bool, nodes []ast.TreeNode) error {
	if tree {
		return g.predicateError(s, nodes)
	}
	block := predicateBlock(s)
	defer errorBlocks.Put(block)
	built, err := g.takeRule(rule, s, true, (*block)[:0], nil)
	if err != nil {
		return err // cannot happen: s matches the rule
	}
	*block = built[:0]
	return g.predicateError(s, built)
}

// predicateBlock returns a pooled block for the tree of s that the predicates read, with room
// for a node a byte: a long line's tree is then one allocation of its size, not the many of
// a block grown by append (which allocates about five times its size in all).
func predicateBlock(s string) *[]ast.TreeNode {
	block := errorBlocks.Get().(*[]ast.TreeNode)
	if cap(*block) < len(s)+16 {
		*block = make([]ast.TreeNode, 0, len(s)+16)
	}
	return block
}

// predicatesHold is checkPredicates for Valid: a verdict, with no error made.
func (g *Grammar) predicatesHold(s string) bool {
	block := predicateBlock(s)
	defer errorBlocks.Put(block)
	nodes, err := g.takeRule("", s, true, (*block)[:0], nil)
	if err != nil {
		return false
	}
	*block = nodes[:0]
	return g.nodesHold(s, nodes)
}

// nodesHold reports whether every node of nodes (a tree of s) that a predicate decides
// satisfies it.
func (g *Grammar) nodesHold(s string, nodes []ast.TreeNode) bool {
	preds := g.trees().preds
	if len(preds) == 1 { // as predicateError
		p := &preds[0]
		for _, n := range nodes {
			if n.Rule() == p.rule && p.fn(s[n.Start():n.End()]) != nil {
				return false
			}
		}
		return true
	}
	for _, n := range nodes {
		for i := range preds {
			if p := &preds[i]; n.Rule() == p.rule && p.fn(s[n.Start():n.End()]) != nil {
				return false
			}
		}
	}
	return true
}

// HasPredicates reports whether the grammar's header declares predicates: then its DFAs
// (Language, Compare, diff, MatchSyntax) decide the language of its rules, a superset of
// what Valid and Match accept.
func (g *Grammar) HasPredicates() bool { return g.predicated }

// MatchSyntax is Match without the grammar's predicates: the language of the named rule as
// the grammar's rules alone define it, which its DFA decides. For a grammar without
// predicates it is Match.
//
// For a grammar within others (HasWithin), the start rule's language is also theirs, by
// their rules: the intersection that its automaton (Language) is.
func (g *Grammar) MatchSyntax(rule, s string) error {
	if !g.predicated && !g.HasWithin() || rule == "" {
		return g.Match(rule, s)
	}
	// takeIn's checks but the predicates' and the split's; a grammar with predicates or
	// within others checks no schemes.
	if _, err := g.takeRule(rule, s, false, nil, nil); err != nil {
		return err
	}
	if g.HasWithin() && g.isStart(rule) {
		ws, err := g.withinGrammars()
		if err != nil {
			return err
		}
		for _, w := range ws {
			if err := w.MatchSyntax(w.start, s); err != nil {
				return err
			}
		}
	}
	return nil
}
