package urlgrammar

import (
	"fmt"

	"github.com/urlgrammar/urlgrammar/internal/peg"
	_ "github.com/urlgrammar/urlgrammar/internal/pigeonref"
)

// Pigeon's parser is not among the engine's ways (engine.go): it is in a package of its own
// for each grammar (grammars/ID/pigeon), which only the tests import (internal/pigeonref),
// and the tests compare the recognizer and the compiled PEG with it.

// run is pigeon's parser of the grammar, from the PEG rule pegRule.
func (g *Grammar) run(pegRule, s string, maxExpr uint64) (any, *peg.Failure) {
	run, ok := peg.Reference(g.gen.Info.ID)
	if !ok {
		panic(fmt.Sprintf("grammar %s has no pigeon parser registered (grammars/%s/pigeon, imported by internal/pigeonref)", g.gen.Info.ID, g.gen.Info.ID))
	}
	return run(pegRule, s, maxExpr)
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

// ownIDs returns the ids of the registered grammars that have files of their own
// (grammars/ID): not the grammar uri, which is rfc3986's registration checking schemes and
// whose parsers are tested as rfc3986's, nor web-safe, whatwg-url's within rfc3986.
func ownIDs() []string {
	var ids []string
	for _, id := range IDs() {
		if g := MustLookup(id); !g.ChecksSchemes() && !g.HasWithin() {
			ids = append(ids, id)
		}
	}
	return ids
}
