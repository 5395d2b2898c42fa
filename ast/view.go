package ast

import "sync/atomic"

// A View is one node of a Tree: a pointer to the tree and the node's index, two words, never
// allocated by the views themselves. The typed views a grammar's package generates from its
// rules (rfc3986.Host, rfc3986.PathAbempty, one type a node rule) embed a View and add one
// accessor for each rule their node's children can be of, as the grammar's PEG says how many
// there are: exactly one (Scheme() Scheme), at most one (Authority() (Authority, bool)), any
// number (EachSegment() Children[Segment]), and, when the node always has exactly one child of
// several rules (host = IP-literal / IPv4address / reg-name), Kind, the rule of that child.
//
// A view reads the tree through the pointer, as Zig's typed AST views do: it is meant to be
// used while the tree is, and sees what the variable it points to holds (a Parser's next
// tree, once assigned there). Taking the address of a tree held in a local variable does not
// allocate as long as the views do not outlive the function.
//
// Index is -1 for no node: what an accessor of an absent child returns beside false. Text
// is then "", as Tree.Text(-1) is, and the accessors of its children find none, so that
// r.Authority() then .Host() needs no check between; Start, End, Rule and Kind need a node.
type View struct {
	Tree  *Tree
	Index int
}

// Text returns the input the node covers ("" for no node).
//
// It reads the node and the input through the pointer: Tree.Text, whose receiver is a
// Tree, would copy the whole Tree (six words) for each call.
func (v View) Text() string {
	if v.Index == -1 {
		return ""
	}
	n := v.Tree.nodes[v.Index]
	return v.Tree.src[n.Start():n.End()]
}

// Start returns the byte offset of the node's start in the input.
func (v View) Start() int { return int(v.Tree.nodes[v.Index].Start()) }

// End returns the byte offset just past the node's end in the input.
func (v View) End() int { return int(v.Tree.nodes[v.Index].End()) }

// Rule returns the node's rule, an index into the tree's Schema().Names: the constants a
// grammar's package generates (rfc3986.RuleHost) name them.
func (v View) Rule() uint16 { return v.Tree.nodes[v.Index].Rule() }

// RuleName returns the ABNF name of the node's rule.
func (v View) RuleName() string { return v.Tree.schema.Names[v.Tree.nodes[v.Index].Rule()] } // as Text, no copy of the Tree

// String returns the node's text, so that a view prints as the input it covers.
func (v View) String() string { return v.Text() }

// Child returns the view of the node's first child of rule rule, and whether there is one.
func (v View) Child(rule uint16) (View, bool) {
	i := nextOfDepth(v.Tree.nodes, v.Index, 1, rule)
	return View{Tree: v.Tree, Index: i}, i >= 0
}

// Children steps through the children of one rule of a node, as typed views of type V, in
// input order, without allocating (an iter.Seq would: its yield function is not known where
// the view is made, so the tree it points to would move to the heap):
//
//	for c := path.EachSegment(); c.Next(); {
//		seg := c.Value()
//	}
type Children[V ~struct{ View }] struct {
	tree   *Tree
	parent int
	cur    int // the current child; -2 before the first Next, -1 after the last
	rule   uint16
}

// ChildrenOf returns the Children of rule rule of the node v: what the generated Each
// accessors return.
func ChildrenOf[V ~struct{ View }](v View, rule uint16) Children[V] {
	return Children[V]{tree: v.Tree, parent: v.Index, cur: -2, rule: rule}
}

// Next moves to the next child and reports whether there is one.
func (c *Children[V]) Next() bool {
	switch c.cur {
	case -1:
		return false
	case -2:
		c.cur = nextOfDepth(c.tree.nodes, c.parent, 1, c.rule)
	default:
		c.cur = nextOfDepth(c.tree.nodes, c.cur, 0, c.rule)
	}
	return c.cur >= 0
}

// Value returns the current child's view.
func (c *Children[V]) Value() V { return V(struct{ View }{View{Tree: c.tree, Index: c.cur}}) }

// ChildIn returns the view of the node's first child whose rule is one of rules, and whether
// there is one: what the generated accessor of a group of rules returns (the header's
// component path, say, which is one of five rules in RFC 3986).
func (v View) ChildIn(rules []uint16) (View, bool) {
	nodes := v.Tree.nodes
	if uint(v.Index) >= uint(len(nodes)) {
		return View{Tree: v.Tree, Index: -1}, false
	}
	d := nodes[v.Index].Depth() + 1
	for c := v.Index + 1; c < len(nodes); c++ {
		n := nodes[c]
		nd := n.Depth()
		if nd < d {
			break
		}
		if nd == d {
			for _, r := range rules {
				if n.Rule() == r {
					return View{Tree: v.Tree, Index: c}, true
				}
			}
		}
	}
	return View{Tree: v.Tree, Index: -1}, false
}

// RuleNames are the rule names of a grammar's trees, in the order of their schema's Names:
// the numbers its generated package's Rule constants (rfc3986.RuleHost) and accessors use.
// A typed view is made only over a tree whose schema has these names (View): a rule's name
// alone does not say how the tree numbers the other rules (RFC 3986's and rfc2396bis-01's
// roots are both URI-reference, and their children's numbers differ).
type RuleNames struct {
	names []string
	// first is the first schema found to have the names (a grammar has one, made when it
	// is registered), tested first; known are those found after it (the grammar uri's trees
	// are RFC 3986's), copied when one is added.
	first atomic.Pointer[Schema]
	known atomic.Pointer[[]*Schema]
}

// maxKnownSchemas bounds RuleNames.known: past it a schema's names are compared each time.
const maxKnownSchemas = 8

// NewRuleNames returns the rule names of a grammar's trees, as its Schema().Names lists them.
func NewRuleNames(names ...string) *RuleNames { return &RuleNames{names: names} }

// View returns the view of node i of *t when the node is of rule and the tree's schema has
// these names (matched without case, as ABNF names are), or false and a view whose Index is
// -1. The generated constructors of typed views (rfc3986.AsHost, rfc3986.Root) call it.
func (r *RuleNames) View(t *Tree, i int, rule uint16) (View, bool) {
	if uint(i) < uint(len(t.nodes)) && t.nodes[i].Rule() == rule && r.first.Load() == t.schema {
		return View{Tree: t, Index: i}, true // the usual case: a pointer compared
	}
	return r.view(t, i, rule)
}

// view is View for a tree of a schema other than r.first, or no such node.
func (r *RuleNames) view(t *Tree, i int, rule uint16) (View, bool) {
	if uint(i) < uint(len(t.nodes)) && t.nodes[i].Rule() == rule && r.of(t.schema) {
		return View{Tree: t, Index: i}, true
	}
	return View{Tree: t, Index: -1}, false
}

// of reports whether s, which is not r.first, has the names.
func (r *RuleNames) of(s *Schema) bool {
	if s == nil {
		return false
	}
	if k := r.known.Load(); k != nil {
		for _, x := range *k {
			if x == s {
				return true
			}
		}
	}
	if len(s.Names) != len(r.names) {
		return false
	}
	for i, n := range r.names {
		if !equalFoldASCII(n, s.Names[i]) {
			return false
		}
	}
	if r.first.CompareAndSwap(nil, s) {
		return true
	}
	for {
		old := r.known.Load()
		var k []*Schema
		if old != nil {
			if len(*old) >= maxKnownSchemas {
				return true
			}
			k = append(k, *old...)
		}
		k = append(k, s)
		if r.known.CompareAndSwap(old, &k) {
			return true
		}
	}
}

func equalFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// The cursor methods step through the tree without allocating: node i's children are
// FirstChild(i), then NextSibling of each; ChildOf and NextOf do the same for the children
// of one rule.
//
//	for c := t.FirstChild(i); c >= 0; c = t.NextSibling(c) { ... }

// FirstChild returns the index of node i's first child, or -1 when it has none.
func (t Tree) FirstChild(i int) int {
	if c := i + 1; c < len(t.nodes) && t.nodes[c].Depth() > t.nodes[i].Depth() {
		return c
	}
	return -1
}

// NextSibling returns the index of the node after node i that has i's parent, or -1 when
// i is its parent's last child (or the root).
func (t Tree) NextSibling(i int) int {
	d := t.nodes[i].Depth()
	for j := i + 1; j < len(t.nodes); j++ {
		switch jd := t.nodes[j].Depth(); {
		case jd == d:
			return j
		case jd < d:
			return -1
		}
	}
	return -1
}

// ChildOf returns the index of node i's first child of rule rule, or -1. It reads the
// nodes after i once, up to the first such child or the end of i's subtree.
func (t Tree) ChildOf(i int, rule uint16) int {
	return nextOfDepth(t.nodes, i, 1, rule)
}

// NextOf returns the index of the next sibling of node c that is of rule rule, or -1.
func (t Tree) NextOf(c int, rule uint16) int {
	return nextOfDepth(t.nodes, c, 0, rule)
}

// nextOfDepth returns the index of the first node after i that is of rule rule and below i's
// depth by down (1: a child of i, 0: a sibling), before any node less deep, or -1. It is kept out of line so that the accessors of typed
// views, which call it through ChildOf, are small enough to be inlined where they are used
// (copying the views in and out of calls cost more than the walk).
//
//go:noinline
func nextOfDepth(nodes []TreeNode, i int, down uint32, rule uint16) int {
	if uint(i) >= uint(len(nodes)) {
		return -1 // no node (an absent child's view): no children
	}
	d := nodes[i].EndDepth&MaxTreeDepth + down
	for c := i + 1; c < len(nodes); c++ {
		n := nodes[c]
		if nd := n.EndDepth & MaxTreeDepth; nd != d {
			if nd < d {
				return -1
			}
			continue
		}
		if uint16(n.StartRule&ruleMask) == rule {
			return c
		}
	}
	return -1
}

// A NodeShape is what a grammar's typed views say of the children of one node rule, as the
// generator reads them from the grammar's PEG: which rules the children can be of, and how
// many of each a node has. A generated package lists them (its Shapes); package grammartest
// holds every tree of a grammar's tests to them, so that an accessor that returns one child
// never meets two.
type NodeShape struct {
	Rule     string       // the node rule's ABNF name
	Children []ChildShape // the rules its children can be of, in the order the PEG names them
	// One is set when every node of the rule has exactly one child, of one of Children's
	// rules (a choice of node rules): the view's Kind says which.
	One bool
	// Groups are the header's components whose rules are children of the node, with how many
	// of them together a node has: the view's accessor of the component returns the one.
	Groups []GroupShape
}

// A GroupShape is a component of the header (component path: path-abempty path-absolute ...)
// whose rules are children of a node rule: a node has at least Min and at most Max children
// of the group's rules together (Max is 1: at most one).
type GroupShape struct {
	Name     string
	Rules    []string
	Min, Max int
}

// A ChildShape is one rule of a node's children: a node has at least Min and at most Max
// children of it, Max -1 for any number.
type ChildShape struct {
	Rule     string
	Min, Max int
}

// A RuleSet is a set of rules by number (TreeNode.Rule): the children at which a generated
// accessor stops looking. RulesOf makes one.
type RuleSet [MaxTreeRules / 64]uint64

// RulesOf returns the set of the rules.
func RulesOf(rules ...uint16) *RuleSet {
	var s RuleSet
	for _, r := range rules {
		s[r/64] |= 1 << (r % 64)
	}
	return &s
}

// Has reports whether rule is in the set.
func (s *RuleSet) Has(rule uint16) bool { return s[rule/64]&(1<<(rule%64)) != 0 }

// ChildUntil returns the view of the node's first child of rule rule, looking at the
// children in order and stopping, with false, at the first child of a rule in stop. For a
// tree whose children of the node come in an order in which no child of rule follows a
// child of a rule in stop (a grammar's order: the generated accessors pass the rules the
// grammar's PEG puts no such child after) it is Child, without reading the children past the
// answer.
func (v View) ChildUntil(rule uint16, stop *RuleSet) (View, bool) {
	// The look is here, not in a function this calls: a generated accessor, which calls
	// this, is then inlined where it is used, and reading an accessor is one call (a call
	// costs about as much as the look at a few children).
	nodes := v.Tree.nodes
	if uint(v.Index) >= uint(len(nodes)) {
		return View{Tree: v.Tree, Index: -1}, false // no node (an absent child's view)
	}
	d := nodes[v.Index].EndDepth&MaxTreeDepth + 1
	for c := v.Index + 1; c < len(nodes); c++ {
		n := nodes[c]
		if nd := n.EndDepth & MaxTreeDepth; nd != d {
			if nd < d {
				break // past the node's subtree
			}
			continue // below a child
		}
		if r := uint16(n.StartRule & ruleMask); r == rule {
			return View{Tree: v.Tree, Index: c}, true
		} else if stop.Has(r) {
			break
		}
	}
	return View{Tree: v.Tree, Index: -1}, false
}

// FirstChildIf returns the view of the node's first child when it is of rule rule, or
// false: the answer of Child for a rule whose child, when the node has one, is its first (the
// grammar puts no child before it: a URI's scheme, or the one child of a node that always
// has exactly one), in a look at one node. It is small enough to be inlined where it is used.
func (v View) FirstChildIf(rule uint16) (View, bool) {
	// The node (not -1) and one after it: the one is a child when it is deeper.
	c, nodes := v.Index+1, v.Tree.nodes
	if c <= 0 || c >= len(nodes) || nodes[c].StartRule&ruleMask != uint32(rule) || nodes[c].EndDepth&MaxTreeDepth <= nodes[c-1].EndDepth&MaxTreeDepth {
		c = -1
	}
	return View{v.Tree, c}, c >= 0
}

// OnlyChild is ChildUntil(rule, forward) for a node that has at most one child of rule; at the
// root, whose children end the tree, it looks from the last child back instead, stopping at
// the first child of a rule in backward (before which the grammar puts no child of rule).
// The generated accessors pass both, and choose it where fewer children can follow the
// child than precede it (a URI's query and fragment).
func (v View) OnlyChild(rule uint16, forward, backward *RuleSet) (View, bool) {
	if v.Index != 0 {
		return v.ChildUntil(rule, forward)
	}
	c := lastChild(v.Tree.nodes, rule, backward, false)
	return View{Tree: v.Tree, Index: c}, c >= 0
}

// OnlyLeafChild is OnlyChild for a rule whose nodes have no children, and after whose child
// only children of such rules can come (a URI's query and fragment): looking from the last
// child back, a node deeper than a child is then in the subtree of a child before which
// there is no child of rule, and the look stops there, with false, instead of stepping back
// through that subtree (a path's segments). The generated accessors choose it where the
// grammar says so.
func (v View) OnlyLeafChild(rule uint16, forward, backward *RuleSet) (View, bool) {
	if v.Index != 0 {
		return v.ChildUntil(rule, forward)
	}
	c := lastChild(v.Tree.nodes, rule, backward, true)
	return View{Tree: v.Tree, Index: c}, c >= 0
}

// lastChild is the root's look of OnlyChild (leaves false) and OnlyLeafChild (leaves true)
// over the tree's nodes: the index of the child, or -1.
func lastChild(nodes []TreeNode, rule uint16, backward *RuleSet, leaves bool) int {
	for c := len(nodes) - 1; c > 0; c-- {
		n := nodes[c]
		if n.EndDepth&MaxTreeDepth != 1 {
			if leaves {
				break // below a child that has children: not of rule, nor after one of it
			}
			continue // below a child of the root
		}
		if r := uint16(n.StartRule & ruleMask); r == rule {
			return c
		} else if backward.Has(r) {
			break
		}
	}
	return -1
}

// ChildInUntil is ChildUntil for a child of any of the rules of rules (the rules of a
// header's component, of which the node has one): the first such child, or false at the first
// child of a rule in stop.
func (v View) ChildInUntil(rules, stop *RuleSet) (View, bool) {
	// The loop of ChildUntil with a set for its rule. Written twice on purpose: one function
	// under both, with ChildUntil and ChildInUntil as wrappers, makes eight of rfc3986's
	// generated accessors too big to inline (cost 89 > 80), two calls where there is one.
	nodes := v.Tree.nodes
	if uint(v.Index) >= uint(len(nodes)) {
		return View{Tree: v.Tree, Index: -1}, false // no node (an absent child's view)
	}
	d := nodes[v.Index].EndDepth&MaxTreeDepth + 1
	for c := v.Index + 1; c < len(nodes); c++ {
		n := nodes[c]
		if nd := n.EndDepth & MaxTreeDepth; nd != d {
			if nd < d {
				break // past the node's subtree
			}
			continue // below a child
		}
		if r := uint16(n.StartRule & ruleMask); rules.Has(r) {
			return View{Tree: v.Tree, Index: c}, true
		} else if stop.Has(r) {
			break
		}
	}
	return View{Tree: v.Tree, Index: -1}, false
}

// FirstChildren finds the node's first child of each of several rules in one pass over its
// subtree, for a generated Children method: slots[r] is the place in first of the rules r
// whose first child is wanted (1 or more; 0, or r past the end of slots, for the others),
// and first[k] becomes the index of the node's first child of a rule of place k, or -1.
// first[0] is written freely. The pass has no branch that depends on a child's rule, so
// that its cost does not depend on the order of the children (a switch on the rule of each
// mispredicted about once a child).
func (v View) FirstChildren(slots string, first []int) {
	for k := range first {
		first[k] = -1
	}
	nodes := v.Tree.nodes
	if uint(v.Index) >= uint(len(nodes)) || len(first) == 0 || len(slots) == 0 {
		return // no node (an absent child's view)
	}
	d := nodes[v.Index].EndDepth&MaxTreeDepth + 1
	end := len(nodes) // past the node's subtree: the root's is the tree
	if v.Index != 0 {
		for end = v.Index + 1; end < len(nodes) && nodes[end].EndDepth&MaxTreeDepth >= d; end++ {
		}
	}
	// From the last child back, so that the first child of a place is written last: a store
	// a node, and no load of what the one before stored.
	for c := end - 1; c > v.Index; c-- {
		n := nodes[c]
		k := 0
		if r := int(n.StartRule & ruleMask); r < len(slots) { // a branch the processor guesses
			k = int(slots[r])
		}
		if n.EndDepth&MaxTreeDepth != d {
			k = 0 // below a child (apart from the next test: both a CMOV)
		}
		if k >= len(first) {
			k = 0 // not a place
		}
		first[k] = c
	}
}
