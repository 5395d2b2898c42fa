package urlgrammar

import (
	"fmt"

	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// Pigeon's parser, which runs the PEG's actions, is not among the engine's ways (engine.go):
// the tests compare the recognizer, the compiled PEG and the typed trees with it.

// run is pigeon's parser of the grammar, from the PEG rule pegRule.
func (g *Grammar) run(pegRule, s string, maxExpr uint64) (any, *peg.Failure) {
	return g.gen.Run(pegRule, s, maxExpr)
}

// runRule parses s with pigeon's parser from the rule with the ABNF name rule, and returns
// its value or a *SyntaxError (*UnknownRuleError for a rule the grammar lacks).
func (g *Grammar) runRule(rule, s string) (any, error) {
	pegRule, err := g.pegRule(rule, s)
	if err != nil {
		return nil, err
	}
	v, f := g.run(pegRule, s, g.maxExpr(s))
	if f != nil {
		return nil, g.failureError(f, s)
	}
	return v, nil
}

// parsePEG is the typed tree pigeon's parser builds of s with the PEG's actions; an input
// the DFA rejects gets its error.
func (g *Grammar) parsePEG(s string) (ast.Root, error) {
	if len(s) <= MaxInputLength {
		if d := g.startDecider(s); d != nil && !d.Valid(s) {
			return nil, g.startError(d, s, nil)
		}
	}
	v, err := g.runRule(g.start, s)
	if err != nil {
		return nil, err
	}
	root, ok := v.(ast.Root)
	if !ok {
		return nil, fmt.Errorf("urlgrammar: grammar %s: start rule %s built %T, not a tree", g.id, g.start, v)
	}
	return root, nil
}

// ownIDs returns the ids of the registered grammars that have files of their own
// (grammars/ID): not the grammar uri, which is rfc3986's registration checking schemes, and
// whose parsers are tested as rfc3986's.
func ownIDs() []string {
	var ids []string
	for _, id := range IDs() {
		if !MustLookup(id).ChecksSchemes() {
			ids = append(ids, id)
		}
	}
	return ids
}
