package urlgrammar

import "github.com/urlgrammar/urlgrammar/ast"

// Parse parses s with the grammar's start rule and returns its tree (ast.Tree), or a
// *SyntaxError: one node for each match of the rules the grammar's header declares as nodes
// ("; urlgrammar nodes:" in grammar/ID.abnf), the start rule the root, in one block of the
// exact size (one allocation). The tree is the same kind for every grammar: Components, the
// JSON form, Inspect and Fprint work on it; Typed builds a grammar's typed tree from it.
//
// The tree is the PEG parser's parse, as its recognizer records it: the grammar's PEG
// compiled to Go builds it in one pass over the input, which also decides that the input is
// valid (TestBuilderMatchesRecorder; the differential tests hold the PEG's language to the
// DFA's, so Parse accepts what Valid accepts).
//
// An invalid input gets the DFA's error (the offset where no valid input goes on, what was
// expected there) with the rule named; the tree is not built.
func (g *Grammar) Parse(s string) (ast.Tree, error) {
	if len(s) <= MaxInputLength {
		if g.buildTree != nil {
			// The compiled PEG first: on a valid input it decides and builds in one pass
			// (a block of the exact size: one allocation), and it stops within linear time
			// on any input (its work budget). The DFA then only explains a rejection.
			if nodes, ok := g.buildTree(g.startPEG, s, nil); ok {
				return ast.NewTree(s, g.trees().schema, nodes), nil
			}
			if d := g.startDecider(s); d != nil && !d.Valid(s) {
				return ast.Tree{}, g.startError(d, s)
			}
		}
	}
	// No compiled PEG, an input too long, or the case, which the differential tests say
	// does not happen, where the compiled PEG does not match what the DFA accepts: the
	// recognizer records the tree, or says why not.
	return g.ParseRule(g.start, s)
}

// ParseRule is Parse from the named rule, used as an anchored start symbol as Match uses
// it: the rule is the root. Its errors are Match's.
func (g *Grammar) ParseRule(rule, s string) (ast.Tree, error) {
	return g.recordedTree(rule, s, nil)
}

// recordedTree returns the tree of s from rule, its nodes in into[:0] (in a new block when
// into is nil, of the exact size from the compiled PEG): built by the compiled PEG when the
// grammar has one, recorded by the recognizer otherwise. An input the rule's DFA rejects
// gets Match's error.
func (g *Grammar) recordedTree(rule, s string, into []ast.TreeNode) (ast.Tree, error) {
	pegRule, err := g.pegRule(rule, s) // an unknown rule, an input too long
	if err != nil {
		return ast.Tree{}, err
	}
	if g.buildTree != nil {
		// As Parse: the compiled PEG decides a valid input in one pass. A nil into:
		// the builder makes a block of the exact size (one allocation).
		if nodes, ok := g.buildTree(pegRule, s, into); ok {
			return ast.NewTree(s, g.trees().schema, nodes), nil
		}
	}
	if d := g.decider(rule, s); d != nil && !d.Valid(s) {
		return ast.Tree{}, g.matchError(d, rule, s)
	}
	nodes, f := g.trees().record(pegRule, s, g.maxExpr(s), into)
	if f != nil {
		return ast.Tree{}, g.failureError(f, s)
	}
	return ast.NewTree(s, g.trees().schema, nodes), nil
}

// Parse is Grammar.Parse in the Parser's memory: the tree is overwritten by the next call of
// Parse or ParseTyped, and a valid input allocates nothing. Errors are not reused: a
// *SyntaxError may be kept.
func (p *Parser) Parse(s string) (ast.Tree, error) {
	g := p.g
	if len(s) <= MaxInputLength {
		if g.buildTree != nil {
			// As Grammar.Parse, in the Parser's block.
			if nodes, ok := g.buildTree(g.startPEG, s, p.tree[:0]); ok {
				p.tree = nodes
				return ast.NewTree(s, p.schema, nodes), nil
			}
			if d := g.startDecider(s); d != nil && !d.Valid(s) {
				return ast.Tree{}, g.startError(d, s)
			}
		}
	}
	t, err := g.recordedTree(g.start, s, p.tree)
	if err == nil {
		p.tree = t.Nodes()
	}
	return t, err
}
