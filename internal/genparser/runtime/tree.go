package runtime

import (
	"fmt"
	"strings"

	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/grammarkit"
)

// TreeRecorder returns the recorder of generic trees (ast.Tree) whose nodes are the matches
// of the rules named in nodes (ABNF names, matched without case): the function matches src
// with the PEG rule named rule as Recognize does and returns the nodes of its match, in
// pre-order, appended to into, or Recognize's failure. The rule the match starts from is
// the root whatever nodes says. aliases maps helper rules (PEG names) to the ABNF rule each
// stands for, whose node it records. A node's Rule is its rule's index in names, the ABNF names
// of every rule that has one (Rules' order), which the recorder returns with it.
//
// A node is recorded when its rule matches and kept only if every expression around it
// matches too: the nodes of an alternative that fails, of a lookahead (& and !) and of a
// repetition's last, failed, round are dropped, so the tree is the parse pigeon's parser
// takes, node for node. A grammar whose code predicates need labels' values is recorded
// too, except inside the labeled expressions Recognize hands to the value-building parser
// (none in this module's grammars): nodes there are missing, which TreeRecorder reports as
// an error up front when it can see it.
func TreeRecorder(nodes []string, aliases map[string]string) (record func(rule, src string, maxExpr uint64, into []ast.TreeNode) ([]ast.TreeNode, *grammarkit.Failure), names []string, err error) {
	if !recognizable {
		return nil, nil, fmt.Errorf("the grammar has expressions Recognize cannot mirror: no generic tree")
	}
	index := map[string]uint16{}
	byRule := map[*rule]uint16{}
	for _, r := range g.rules {
		if r.displayName != "" {
			name := abnfName(r.displayName)
			index[strings.ToLower(name)] = uint16(len(names))
			byRule[r] = uint16(len(names))
			names = append(names, name)
		}
	}
	// A helper rule that stands for a rule of the ABNF (a TRAP's rewriting of it, marked
	// "// urlgrammar node: NAME" in the PEG) is that rule's node.
	for _, r := range g.rules {
		if name, ok := aliases[r.name]; ok && r.displayName == "" {
			i, ok := index[strings.ToLower(name)]
			if !ok {
				return nil, nil, fmt.Errorf("PEG rule %s stands for %q, which is not a rule with an ABNF name", r.name, name)
			}
			byRule[r] = i
		}
	}
	isNode := make([]int32, len(g.rules)) // by rule.index: the node's name, or -1
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
	if r := missedNode(isNode); r != "" {
		return nil, nil, fmt.Errorf("node rule %s is reachable only through values the recognizer does not record", r)
	}
	record = func(rule, src string, maxExpr uint64, into []ast.TreeNode) ([]ast.TreeNode, *grammarkit.Failure) {
		p := newRun(rule, src, maxExpr)
		r := p.rulesOrBuild()[rule]
		if r == nil {
			return into, &grammarkit.Failure{Rule: rule, Expected: []string{"a rule of the grammar"}}
		}
		root, ok := byRule[r]
		if !ok {
			return into, &grammarkit.Failure{Rule: rule, Expected: []string{"a rule with an ABNF name"}}
		}
		rec := &treeRec{isNode: isNode, nodes: into[:0], deep: -1}
		rec.root, rec.rootRule = root, r
		p.tree = rec
		f := p.failure(rule, !p.recognize())
		if f != nil {
			return into[:0], f
		}
		if rec.deep >= 0 {
			// A match whose nodes nest deeper than a tree holds (a recursive grammar): no tree.
			return into[:0], &grammarkit.Failure{Offset: rec.deep, Rule: rule,
				Expected: []string{fmt.Sprintf("nodes nested at most %d deep (ast.MaxTreeDepth)", ast.MaxTreeDepth)}}
		}
		return rec.nodes, nil
	}
	return record, names, nil
}

// treeRec is what the recognizer records into when it records a tree (parser.tree).
type treeRec struct {
	isNode   []int32 // by rule.index: the name of the rule's nodes, or -1
	root     uint16
	rootRule *rule
	nodes    []ast.TreeNode
	depth    int // the depth of the next node
	deep     int // the offset of the first node deeper than ast.MaxTreeDepth, or -1
}

// rulesOrBuild returns the parser's table of rules by name.
func (p *parser) rulesOrBuild() map[string]*rule {
	p.buildRulesTable(g)
	return p.rules
}

// recNode is recRule for a rule that is a node: the node is opened before the rule's
// expression and closed after it, or dropped with what was recorded inside it.
func (p *parser) recNode(r *rule, id uint16) bool {
	t := p.tree
	i := len(t.nodes)
	depth := t.depth
	if depth > ast.MaxTreeDepth {
		depth = ast.MaxTreeDepth
		if t.deep < 0 {
			t.deep = p.pt.offset
		}
	}
	t.nodes = append(t.nodes, ast.TreeNode{StartRule: ast.PackStartRule(p.pt.offset, id)})
	p.rstack = append(p.rstack, r)
	t.depth++
	ok := p.recExpr(r.expr)
	t.depth--
	p.rstack = p.rstack[:len(p.rstack)-1]
	if !ok {
		t.nodes = t.nodes[:i]
		return false
	}
	t.nodes[i].EndDepth = ast.PackEndDepth(p.pt.offset, depth)
	return true
}

// nodeRule returns the node index of r when the parser records a tree and r is a node.
func (p *parser) nodeRule(r *rule) (uint16, bool) {
	t := p.tree
	if t == nil {
		return 0, false
	}
	if r == t.rootRule && len(p.rstack) == 0 {
		return t.root, true
	}
	id := t.isNode[r.index]
	return uint16(id), id >= 0
}

// mark returns how many nodes are recorded, for drop.
func (p *parser) mark() int {
	if p.tree == nil {
		return 0
	}
	return len(p.tree.nodes)
}

// drop forgets the nodes recorded after mark m.
func (p *parser) drop(m int) {
	if p.tree != nil {
		p.tree.nodes = p.tree.nodes[:m]
	}
}

// missedNode returns the name of a node rule that a sequence with values (valuesNeeded)
// reaches through an expression the recognizer hands to pigeon's value-building parser,
// where no node is recorded; "" when there is none.
func missedNode(isNode []int32) string {
	rules := map[string]*rule{}
	for _, r := range g.rules {
		rules[r.name] = r
	}
	// reach collects the node rules an expression can reach.
	seen := map[*rule]bool{}
	var found string
	var reach func(expr any)
	reach = func(expr any) {
		if found != "" {
			return
		}
		if e, ok := expr.(*ruleRefExpr); ok {
			r := rules[e.name]
			if r == nil || seen[r] {
				return
			}
			seen[r] = true
			if isNode[r.index] >= 0 {
				found = abnfName(r.displayName)
				return
			}
			reach(r.expr)
			return
		}
		eachSub(expr, reach)
	}
	for seq := range valuesNeeded {
		for _, x := range seq.exprs {
			if lab, ok := x.(*labeledExpr); ok {
				if _, isAct := lab.expr.(*actionExpr); !isAct {
					reach(lab.expr)
				}
			}
		}
	}
	return found
}
