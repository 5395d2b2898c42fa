package urlgrammar

import (
	"fmt"

	"github.com/urlgrammar/urlgrammar/ast"
)

// The engine: take is the one place that decides how an input is taken by a rule. Parse,
// ParseRule, Parser.Parse and Match call it; Valid, which must not allocate,
// runs the same DFA directly.
//
// For a rule of the grammar and an input of at most MaxInputLength bytes, in this order:
//
//  1. with a tree wanted, the compiled PEG (grammars/ID/builder.go): it decides a valid
//     input and builds its tree in one pass, and stops within linear time on any input;
//  2. the rule's DFA (for the start rule of a grammar with a dispatch, the DFA of the
//     production the input's scheme names): exact membership, and the error of an input it
//     rejects (the exact offset; the rule and expected set named on first use);
//  3. the recognizer of the PEG (package grammarkit/pegvm, running grammars/ID/peg.go): the
//     tree of a grammar without a compiled PEG, the verdict of a rule without a DFA, and
//     the case, which the differential tests say does not happen, where the compiled PEG
//     does not match what the DFA accepts.
//
// A grammar that checks schemes (ChecksSchemes) then checks a URI its start rule accepts
// against the grammar of the URI's scheme (schemes.go).
//
// Parse and Parser.Parse take step 1 themselves for the start rule of a grammar that checks
// nothing after it (builtAlone), and startFailed the rest: the path of a valid input is then
// one call shorter (3-8% of Parse and Parser.Parse, BenchmarkEveryGrammar).
//
// Pigeon's parser is not among them: it is the tests' reference (TestRecognizeMatchesRun,
// TestBuilderMatchesRecorder).

// take runs rule (the start rule for "") on s. With tree set it returns the nodes of the
// tree of s, in into[:0] (in a new block of the exact size when into is nil); without, only
// the verdict: nil nodes and a nil error for a member. An unknown rule is an
// *UnknownRuleError, a non-member or an input over MaxInputLength a *SyntaxError.
func (g *Grammar) take(rule, s string, tree bool, into []ast.TreeNode) ([]ast.TreeNode, error) {
	return g.takeIn(rule, s, tree, into, nil)
}

// takeIn is take with the error of the start rule's DFA made in eb when it is not nil (a
// Parser's block, which its next call overwrites). With that error it returns into, empty,
// grown as the compiled PEG's try grew it, for the Parser to keep.
func (g *Grammar) takeIn(rule, s string, tree bool, into []ast.TreeNode, eb *syntaxErrorBlock) ([]ast.TreeNode, error) {
	nodes, err := g.takeRule(rule, s, tree, into, eb)
	if err == nil && g.HasWithin() && (rule == "" || g.isStart(rule)) {
		built := nodes
		if !tree {
			built, _ = g.takeRule(rule, s, true, nil, nil) // s matches: the tree to compare
		}
		if werr := g.withinError(s, built, eb); werr != nil {
			if nodes != nil {
				nodes = nodes[:0] // the block, kept for reuse as a failed try's is
			}
			return nodes, werr
		}
	}
	if err == nil && g.predicated {
		if perr := g.checkPredicates(rule, s, tree, nodes); perr != nil {
			if nodes != nil {
				nodes = nodes[:0] // the block, kept for reuse as a failed try's is
			}
			return nodes, perr
		}
	}
	if err == nil && g.gen.Info.CheckSchemes && (rule == "" || g.isStart(rule)) && !g.schemesHold(s) {
		if nodes != nil {
			nodes = nodes[:0] // the block, kept for reuse as a failed try's is
		}
		return nodes, schemeError(s, eb) // the scheme rule's DFA rejects: the scheme grammar's error
	}
	return nodes, err
}

// takeRule is take without the check of a URI against its scheme's grammar.
func (g *Grammar) takeRule(rule, s string, tree bool, into []ast.TreeNode, eb *syntaxErrorBlock) ([]ast.TreeNode, error) {
	pegRule := g.startPEG
	if rule == "" {
		rule = g.start
		if len(s) > MaxInputLength {
			return nil, tooLong(g, rule, s)
		}
	} else {
		var err error
		if pegRule, err = g.pegRule(rule, s); err != nil {
			return nil, err
		}
	}
	if tree && g.buildTree != nil {
		var nodes []ast.TreeNode
		var ok bool
		if pegRule == g.startPEG && g.buildStart != nil {
			nodes, ok = g.buildStart(s, into) // without BuildTree's choice of the rule by name
		} else {
			nodes, ok = g.buildTree(pegRule, s, into)
		}
		if ok {
			return nodes, nil
		}
		if into != nil && cap(nodes) > cap(into) {
			into = nodes[:0] // the block, grown by the try: the error returns it for reuse
		}
	}
	return g.decide(rule, pegRule, s, tree, into, eb)
}

// startFailed is take of the start rule with a tree wanted, for a grammar whose tree is the
// builder's alone (builtAlone), after the builder did not take s (at most MaxInputLength
// bytes) and left tried, the block into grown by its try: Parse and Parser.Parse call the
// builder themselves (a call less on their path) and this for the rest.
func (g *Grammar) startFailed(s string, into, tried []ast.TreeNode, eb *syntaxErrorBlock) ([]ast.TreeNode, error) {
	if into != nil && cap(tried) > cap(into) {
		into = tried[:0] // the block, grown by the try: the error returns it for reuse
	}
	return g.decide(g.start, g.startPEG, s, true, into, eb)
}

// decide is takeRule after the compiled PEG, or without it: steps 2 and 3 of take, for rule
// (its PEG name pegRule) on s, an input of at most MaxInputLength bytes.
func (g *Grammar) decide(rule, pegRule, s string, tree bool, into []ast.TreeNode, eb *syntaxErrorBlock) ([]ast.TreeNode, error) {
	if d := g.decider(rule, s); d != nil {
		if ok, off, st := d.MatchState(s); !ok {
			return into[:0], g.matchError(d, rule, s, off, st, eb)
		}
		if !tree {
			return nil, nil
		}
	}
	if tree {
		nodes, f := g.trees().record(pegRule, s, g.maxExpr(s), into)
		if f != nil {
			return nil, g.failureError(f, s)
		}
		return nodes, nil
	}
	if f := g.recognize(pegRule, s, g.maxExpr(s)); f != nil {
		return nil, g.failureError(f, s)
	}
	return nil, nil
}

// tooLong is the error of an input over MaxInputLength.
func tooLong(g *Grammar, rule, s string) *SyntaxError {
	return newSyntaxError(g.id, rule, s, MaxInputLength, nil,
		fmt.Sprintf("input too long: %d bytes, the limit is %d", len(s), MaxInputLength))
}
