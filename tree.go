package urlgrammar

import "github.com/urlgrammar/urlgrammar/ast"

// Parse parses s with the grammar's start rule and returns its tree (ast.Tree), or a
// *SyntaxError: one node for each match of the rules the grammar's header declares as nodes
// ("; urlgrammar nodes:" in grammars/ID/ID.abnf), the start rule the root, in one block of the
// exact size (one allocation). The tree is the same kind for every grammar: Components, the
// JSON form, Inspect and Fprint work on it; the typed views of the grammar's package
// (rfc3986.Root) read it.
//
// The tree is the PEG parser's parse, as its recognizer records it: the grammar's PEG
// compiled to Go builds it in one pass over the input, which also decides that the input is
// valid (TestBuilderMatchesRecorder; the differential tests hold the PEG's language to the
// DFA's, so Parse accepts what Valid accepts).
//
// An invalid input gets the DFA's error (the offset where no valid input goes on, what was
// expected there) with the rule named; the tree is not built.
func (g *Grammar) Parse(s string) (t ast.Tree, err error) {
	var nodes []ast.TreeNode
	if g.builtAlone && len(s) <= MaxInputLength {
		// take's path for the start rule, the builder called here (a call less).
		var ok bool
		if nodes, ok = g.buildStart(s, nil); !ok {
			nodes, err = g.startFailed(s, nil, nodes, nil)
		}
	} else {
		nodes, err = g.take("", s, true, nil)
	}
	if err != nil {
		return ast.Tree{}, err
	}
	t.Set(s, g.trees().schema, nodes) // in the result, not copied there
	return t, nil
}

// ParseRule is Parse from the named rule, used as an anchored start symbol as Match uses
// it: the rule is the root. Its errors are Match's.
func (g *Grammar) ParseRule(rule, s string) (ast.Tree, error) {
	if rule == "" { // take's name of the start rule
		return ast.Tree{}, &UnknownRuleError{Grammar: g.id, Rule: rule}
	}
	nodes, err := g.take(rule, s, true, nil)
	if err != nil {
		return ast.Tree{}, err
	}
	return ast.NewTree(s, g.trees().schema, nodes), nil
}

// Parse is Grammar.Parse in the Parser's memory: the tree, and the *SyntaxError of an
// invalid input, are overwritten by the next call of Parse (use SyntaxError.Clone to keep the
// error). A valid input allocates nothing, nor does an invalid one until its error is
// explained (Msg, Rule, Expected, ...; the explanation is computed once). An input over
// MaxInputLength, an error of the PEG's recognizer, a predicate's (HasPredicates) and the
// error of a URI's scheme grammar (the grammar uri) when that grammar checks more than its
// rules, or the scheme names another rule than its start, are new errors, which may be kept.
func (p *Parser) Parse(s string) (t ast.Tree, err error) {
	var nodes []ast.TreeNode
	if g := p.g; g.builtAlone && len(s) <= MaxInputLength {
		// take's path for the start rule, the builder called here (a call less).
		var ok bool
		if nodes, ok = g.buildStart(s, p.tree[:0]); ok {
			p.tree = nodes
			t.Set(s, p.schema, nodes) // in the result, not copied there
			return t, nil
		}
		nodes, err = g.startFailed(s, p.tree[:0], nodes, &p.errs)
	} else {
		nodes, err = g.takeIn("", s, true, p.tree[:0], &p.errs)
	}
	if err != nil {
		if cap(nodes) > cap(p.tree) {
			p.tree = nodes[:0] // grown by the failed try: kept, as a tree's block is
		}
		return ast.Tree{}, err
	}
	p.tree = nodes
	t.Set(s, p.schema, nodes)
	return t, nil
}
