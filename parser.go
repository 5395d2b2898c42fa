package urlgrammar

import (
	"strings"

	"github.com/urlgrammar/urlgrammar/ast"
)

// A Parser parses one input after another with one grammar and reuses its memory from one
// tree to the next: the tree Parse (or ParseTyped) returns is valid only until the next call
// on the same Parser, which overwrites it. It is for work that consumes each tree before it
// parses the next input (checking, extracting or printing components of a corpus), where
// it saves the allocation of every tree; use Grammar.Parse for trees that must be kept.
//
// A Parser gives the same trees and errors as Grammar.Parse and Grammar.ParseTyped: Parse
// allocates nothing for a valid input; ParseTyped reuses the typed trees of grammar
// rfc2396bis-01's fast path, and for the other grammars the block of the tree their typed
// trees are built from. It is not safe for concurrent use: give each goroutine its own.
type Parser struct {
	g      *Grammar
	build  func(s string) ast.Root // the reusing fast path, or nil
	tree   []ast.TreeNode          // the block of Parse's trees
	schema *ast.Schema             // the grammar's, for the trees of its compiled PEG
}

// NewParser returns a Parser of the grammar.
func (g *Grammar) NewParser() *Parser {
	p := &Parser{g: g}
	if g.fastReusing != nil {
		p.build = g.fastReusing()
	}
	if g.buildTree != nil {
		p.schema = g.trees().schema
	}
	return p
}

// Grammar returns the grammar the Parser parses with.
func (p *Parser) Grammar() *Grammar { return p.g }

// ParseTyped is Grammar.ParseTyped, except that the tree it returns is overwritten by the
// next call. Errors are not reused: a *SyntaxError may be kept.
func (p *Parser) ParseTyped(s string) (ast.Root, error) {
	g := p.g
	if p.build == nil {
		if g.typedFromTree != nil && g.buildTree != nil && len(s) <= MaxInputLength {
			// The typed tree from the generic tree, built in the Parser's block (the typed
			// nodes copy what they need from it): the compiled PEG decides as it builds, as
			// in Parse.
			if nodes, ok := g.buildTree(g.startPEG, s, p.tree[:0]); ok {
				p.tree = nodes
				return g.typedFromTree(ast.NewTree(s, g.trees().schema, nodes)), nil
			}
		}
		return g.ParseTyped(s)
	}
	if len(s) <= MaxInputLength && g.startDFA.Valid(s) {
		return p.build(s), nil
	}
	return g.parsePEG(s)
}

// Typed is Grammar.Typed of a tree this Parser (or the grammar) returned, except that the
// typed tree it returns may be overwritten by the next call of ParseTyped or Typed: grammar
// rfc2396bis-01's fast path reuses its typed nodes (check --warn on every line).
func (p *Parser) Typed(t ast.Tree) (ast.Root, error) {
	g := p.g
	if p.build != nil && t.Len() > 0 && t.Schema() == g.trees().schema && strings.EqualFold(t.RuleName(0), g.start) {
		return p.build(t.Src()), nil
	}
	return g.Typed(t)
}
