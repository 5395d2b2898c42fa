package urlgrammar

import "github.com/urlgrammar/urlgrammar/ast"

// A Parser parses one input after another with one grammar and reuses its memory from one
// tree to the next: the tree Parse returns is valid only until the next call
// on the same Parser, which overwrites it. It is for work that consumes each tree before it
// parses the next input (checking, extracting or printing components of a corpus), where
// it saves the allocation of every tree; use Grammar.Parse for trees that must be kept.
//
// A Parser gives the same trees and errors as Grammar.Parse: Parse allocates nothing for a
// valid input, nor for the error of an invalid one, which it makes in its own memory too
// (SyntaxError.Clone keeps one). It is not safe for concurrent use: give each goroutine its
// own.
type Parser struct {
	g      *Grammar
	tree   []ast.TreeNode // the block of Parse's trees
	schema *ast.Schema    // the grammar's, for the trees of its compiled PEG
	errs   syntaxErrorBlock
}

// NewParser returns a Parser of the grammar.
func (g *Grammar) NewParser() *Parser {
	return &Parser{g: g, schema: g.trees().schema}
}

// Grammar returns the grammar the Parser parses with.
func (p *Parser) Grammar() *Grammar { return p.g }
