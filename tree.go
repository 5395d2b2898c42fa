package urlgrammar

import "github.com/urlgrammar/urlgrammar/ast"

// ParseTree parses s as Parse does and returns its compact tree (ast.Tree): the same nodes,
// spans and rule names as Parse's typed tree, in one block. For rfc2396bis-01 it is built
// straight from the DFAs into one allocation, at about the cost of net/url.Parse; for the
// other grammars it is Parse's tree converted (ast.FromRoot). Errors are Parse's.
func (g *Grammar) ParseTree(s string) (ast.Tree, error) {
	if g.fastTree != nil && len(s) <= MaxInputLength && g.startDFA.Valid(s) {
		// Built in a block on the stack, then copied into one of the exact size: one
		// allocation, of 16 bytes a node.
		var scratch [32]ast.TreeNode
		nodes := g.fastTree.tree(scratch[:0], s)
		exact := make([]ast.TreeNode, len(nodes))
		copy(exact, nodes)
		return ast.NewTree(s, g.treeNames, exact), nil
	}
	root, err := g.Parse(s)
	if err != nil {
		return ast.Tree{}, err
	}
	return ast.FromRoot(root), nil
}

// ParseTree is Grammar.ParseTree in the Parser's memory: the tree is overwritten by the
// next call of ParseTree, and for rfc2396bis-01 a valid input allocates nothing.
func (p *Parser) ParseTree(s string) (ast.Tree, error) {
	g := p.g
	if g.fastTree == nil || len(s) > MaxInputLength || !g.startDFA.Valid(s) {
		return g.ParseTree(s)
	}
	p.tree = g.fastTree.tree(p.tree[:0], s)
	return ast.NewTree(s, g.treeNames, p.tree), nil
}
