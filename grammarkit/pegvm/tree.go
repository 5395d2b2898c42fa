package pegvm

import (
	"fmt"
	"strings"

	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// TreeRecorder returns the recorder of generic trees (ast.Tree) whose nodes are the matches
// of the rules named in nodes (ABNF names, matched without case): the function matches src
// with the PEG rule named rule as Recognize does and returns the nodes of its match, in
// pre-order, appended to into, or Recognize's failure. The rule the match starts from is
// the root whatever nodes says. aliases maps helper rules (PEG names) to the ABNF rule each
// stands for, whose node it records. A node's Rule is its rule's index in names, the ABNF
// names of every rule that has one (Rules' order), which TreeRecorder returns with it.
//
// A node is recorded when its rule matches and kept only if every expression around it
// matches too: the nodes of an alternative that fails, of a look-ahead (& and !) and of a
// repetition's last, failed, round are dropped, so the tree is the parse pigeon's parser
// takes, node for node.
func (g *Grammar) TreeRecorder(nodes []string, aliases map[string]string) (record peg.TreeFunc, names []string, err error) {
	index := map[string]uint16{}
	byRule := map[*Rule]uint16{}
	for _, r := range g.rules {
		if r.Display != "" {
			index[strings.ToLower(r.Display)] = uint16(len(names))
			byRule[r] = uint16(len(names))
			names = append(names, r.Display)
		}
	}
	// A helper rule that stands for a rule of the ABNF (a TRAP's rewriting of it, marked
	// "// urlgrammar node: NAME" in the PEG) is that rule's node.
	for _, r := range g.rules {
		if name, ok := aliases[r.Name]; ok && r.Display == "" {
			i, ok := index[strings.ToLower(name)]
			if !ok {
				return nil, nil, fmt.Errorf("PEG rule %s stands for %q, which is not a rule with an ABNF name", r.Name, name)
			}
			byRule[r] = i
		}
	}
	isNode := make([]int32, len(g.rules)) // by Rule.index: the node's name, or -1
	for i := range isNode {
		isNode[i] = -1
	}
	for _, n := range nodes {
		i, ok := index[strings.ToLower(n)]
		if !ok {
			return nil, nil, fmt.Errorf("node rule %q is not a rule with an ABNF name", n)
		}
		for r, j := range byRule {
			if j == i {
				isNode[r.index] = int32(i)
			}
		}
	}
	record = func(rule, src string, maxExpr uint64, into []ast.TreeNode) ([]ast.TreeNode, *peg.Failure) {
		r := g.byName[rule]
		if r == nil {
			return into, &peg.Failure{Rule: rule, Expected: []string{"a rule of the grammar"}}
		}
		root, ok := byRule[r]
		if !ok {
			return into, &peg.Failure{Rule: rule, Expected: []string{"a rule with an ABNF name"}}
		}
		m := newMachine(g, src, maxExpr)
		t := &treeRec{isNode: isNode, nodes: into[:0], deep: -1, root: root, rootRule: r}
		m.tree = t
		if f := m.run(rule); f != nil {
			return into[:0], f
		}
		if t.deep >= 0 {
			// A match whose nodes nest deeper than a tree holds (a recursive grammar): no tree.
			return into[:0], &peg.Failure{Offset: t.deep, Rule: rule,
				Expected: []string{fmt.Sprintf("nodes nested at most %d deep (ast.MaxTreeDepth)", ast.MaxTreeDepth)}}
		}
		return t.nodes, nil
	}
	return record, names, nil
}

// treeRec is the tree a machine records.
type treeRec struct {
	isNode   []int32 // by Rule.index: the name of the rule's nodes, or -1
	root     uint16
	rootRule *Rule
	nodes    []ast.TreeNode
	depth    int // the depth of the next node
	deep     int // the offset of the first node deeper than ast.MaxTreeDepth, or -1
}

// node returns the node name of r, when r is a node (the start rule, at the root, is).
func (t *treeRec) node(r *Rule, atRoot bool) (uint16, bool) {
	if atRoot && r == t.rootRule {
		return t.root, true
	}
	id := t.isNode[r.index]
	return uint16(id), id >= 0
}
