package ast

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// viewTree is the tree of "a/bc;d" in a made-up grammar:
//
//	ref [0,6)
//	  path [0,6)
//	    seg [0,1)
//	    seg [2,6)
//	      param [5,6)
//	  empty [6,6)
func viewTree(t *testing.T) Tree {
	s, err := NewSchema([]string{"ref", "path", "seg", "param", "empty"}, nil)
	require.NoError(t, err)
	n := func(start, end, rule, depth int) TreeNode {
		return TreeNode{StartRule: PackStartRule(start, uint16(rule)), EndDepth: PackEndDepth(end, depth)}
	}
	return NewTree("a/bc;d", s, []TreeNode{n(0, 6, 0, 0), n(0, 6, 1, 1), n(0, 1, 2, 2), n(2, 6, 2, 2), n(5, 6, 3, 3), n(6, 6, 4, 1)})
}

func TestCursor(t *testing.T) {
	tr := viewTree(t)
	var children []int
	for c := tr.FirstChild(0); c >= 0; c = tr.NextSibling(c) {
		children = append(children, c)
	}
	assert.Equal(t, []int{1, 5}, children)
	assert.Equal(t, 2, tr.FirstChild(1))
	assert.Equal(t, 3, tr.NextSibling(2))
	assert.Equal(t, -1, tr.NextSibling(3), "the last child of its parent")
	assert.Equal(t, -1, tr.NextSibling(0), "the root")
	assert.Equal(t, -1, tr.FirstChild(2), "a leaf")
	assert.Equal(t, -1, tr.FirstChild(5), "the last node")
	assert.Equal(t, 5, tr.ChildOf(0, 4))
	assert.Equal(t, -1, tr.ChildOf(0, 2), "seg is a grandchild of the root, not a child")
	assert.Equal(t, 2, tr.ChildOf(1, 2))
	assert.Equal(t, 3, tr.NextOf(2, 2))
	assert.Equal(t, -1, tr.NextOf(3, 2))
	assert.Equal(t, 4, tr.ChildOf(3, 3))
}

func TestViews(t *testing.T) {
	tr := viewTree(t)
	names := NewRuleNames("REF", "path", "seg", "param", "empty")
	_, ok := names.View(&tr, 0, 1)
	assert.False(t, ok, "node 0 is a ref")
	_, ok = names.View(&tr, 9, 0)
	assert.False(t, ok, "no node 9")
	_, ok = names.View(&tr, -1, 0)
	assert.False(t, ok, "no node -1")
	root, ok := names.View(&tr, 0, 0)
	require.True(t, ok, "rule names are matched without case")
	assert.Equal(t, "a/bc;d", root.String())
	path, ok := root.Child(1)
	require.True(t, ok)
	assert.Equal(t, [3]int{0, 6, 1}, [3]int{path.Start(), path.End(), int(path.Rule())})
	assert.Equal(t, "path", path.RuleName())
	none, ok := path.Child(4)
	assert.False(t, ok)
	assert.Equal(t, -1, none.Index)
	assert.Equal(t, "", none.Text())

	type seg struct{ View }
	var texts []string
	for c := ChildrenOf[seg](path, 2); c.Next(); {
		texts = append(texts, c.Value().Text())
	}
	assert.Equal(t, []string{"a", "bc;d"}, texts)
	c := ChildrenOf[seg](root, 2)
	assert.False(t, c.Next(), "the root has no seg children")
	assert.False(t, c.Next(), "Next after the end stays at the end")
}

// A view is made only over a tree whose schema has the grammar's rule names: a tree of
// another grammar whose node has the rule's number, or whose root has the same name, numbers
// its rules otherwise. A schema found once is known after (the names are not compared again).
func TestRuleNamesRefuseAnotherGrammar(t *testing.T) {
	tr := viewTree(t)
	other, err := NewSchema([]string{"ref", "seg", "path", "param", "empty"}, nil) // same root, other numbers
	require.NoError(t, err)
	shorter, err := NewSchema([]string{"ref", "path", "seg", "param"}, nil)
	require.NoError(t, err)
	names := NewRuleNames("ref", "path", "seg", "param", "empty")
	for range 2 {
		_, ok := names.View(&tr, 0, 0)
		assert.True(t, ok)
		ot := NewTree(tr.Src(), other, tr.Nodes())
		_, ok = names.View(&ot, 0, 0)
		assert.False(t, ok, "a schema with other numbers for the same names")
		st := NewTree(tr.Src(), shorter, tr.Nodes())
		_, ok = names.View(&st, 0, 0)
		assert.False(t, ok, "a schema with fewer names")
		var zero Tree
		_, ok = names.View(&zero, 0, 0)
		assert.False(t, ok, "no tree")
	}
	assert.Equal(t, tr.Schema(), names.first.Load(), "the schema with the names is known")
	assert.Nil(t, names.known.Load(), "and no other")
	// Past maxKnownSchemas the names are compared each time, with the same answers.
	for range maxKnownSchemas + 2 {
		// A schema with the same names, as the grammar uri's trees have RFC 3986's.
		s, err := NewSchema([]string{"ref", "path", "seg", "param", "empty"}, nil)
		require.NoError(t, err)
		nt := NewTree(tr.Src(), s, tr.Nodes())
		_, ok := names.View(&nt, 0, 0)
		assert.True(t, ok)
	}
	assert.Len(t, *names.known.Load(), maxKnownSchemas)
}

// The view of an absent child (Index -1) has no children: an accessor on it says so rather
// than reading node -1.
func TestAbsentViewHasNoChildren(t *testing.T) {
	tr := viewTree(t)
	none := View{Tree: &tr, Index: -1}
	_, ok := none.Child(2)
	assert.False(t, ok)
	_, ok = none.ChildUntil(2, RulesOf(4))
	assert.False(t, ok)
	_, ok = none.ChildInUntil(RulesOf(1, 2), RulesOf(4))
	assert.False(t, ok)
	_, ok = none.OnlyChild(2, RulesOf(4), RulesOf(1))
	assert.False(t, ok)
	_, ok = none.OnlyLeafChild(2, RulesOf(4), RulesOf(1))
	assert.False(t, ok)
	_, ok = none.ChildIn([]uint16{1, 2})
	assert.False(t, ok)
	type seg struct{ View }
	c := ChildrenOf[seg](none, 2)
	assert.False(t, c.Next())
	assert.Equal(t, "", none.Text())
}

// FirstChildren finds, for every node and every way of giving rules places (none, some,
// places past the end of first, a slots string shorter than the rules), what a look at each
// child with FirstChild and NextSibling finds: the first child of each place's rules.
func TestFirstChildren(t *testing.T) {
	tr := viewTree(t)
	for _, slots := range []string{"", "\x00", "\x01", "\x00\x00\x02", "\x00\x01\x02\x03\x04\x00", "\x00\x02\x01\x00", "\x00\x01\x01\x01\x01\x00", "\x00\x00\x07\x00\x01\x00"} {
		for _, places := range []int{0, 1, 3, 5} {
			for i := -1; i < tr.Len(); i++ {
				want := make([]int, places)
				for k := range want {
					want[k] = -1
				}
				if i >= 0 && len(slots) > 0 {
					for c := tr.FirstChild(i); c >= 0; c = tr.NextSibling(c) {
						if r := int(tr.Node(c).Rule()); r < len(slots) {
							if k := int(slots[r]); k > 0 && k < places && want[k] < 0 {
								want[k] = c
							}
						}
					}
				}
				got := make([]int, places)
				for k := range got {
					got[k] = 99
				}
				View{Tree: &tr, Index: i}.FirstChildren(slots, got)
				if places > 0 {
					got[0], want[0] = 0, 0 // written freely
				}
				assert.Equal(t, want, got, "node %d, slots %q, %d places", i, slots, places)
			}
		}
	}
}

// FirstChildIf is a look at the first child: for every node, the absent view and a tree
// without nodes, and every rule, it finds the node's first child exactly when it is of the
// rule.
func TestFirstChildIf(t *testing.T) {
	tr := viewTree(t)
	var zero Tree
	for _, c := range []struct {
		tree *Tree
		i    int
	}{{&tr, -1}, {&tr, 0}, {&tr, 1}, {&tr, 2}, {&tr, 3}, {&tr, 4}, {&tr, 5}, {&zero, 0}, {&zero, -1}} {
		for rule := range uint16(6) {
			want := -1
			if c.i >= 0 && c.tree.Len() > 0 {
				if f := c.tree.FirstChild(c.i); f >= 0 && c.tree.Node(f).Rule() == rule {
					want = f
				}
			}
			got, ok := View{Tree: c.tree, Index: c.i}.FirstChildIf(rule)
			assert.Equal(t, want, got.Index, "node %d, rule %d", c.i, rule)
			assert.Equal(t, want >= 0, ok, "node %d, rule %d", c.i, rule)
		}
	}
}

// OnlyLeafChild gives what Child gives, for a leaf rule after whose child only leaves can
// come, on every tree of a root with children a? b? q? f? in that order (a and b with no
// child, one or two x, an x with a y below it, or a q; q and f leaves), and on each node.
func TestOnlyLeafChild(t *testing.T) {
	const root, a, b, q, f, x, y = 0, 1, 2, 3, 4, 5, 6
	s, err := NewSchema([]string{"root", "a", "b", "q", "f", "x", "y"}, nil)
	require.NoError(t, err)
	node := func(rule, depth int) TreeNode {
		return TreeNode{StartRule: PackStartRule(0, uint16(rule)), EndDepth: PackEndDepth(0, depth)}
	}
	// subtree returns the nodes of a child of rule r with shape k: no child (0), one x (1),
	// two x (2), one x with a y below it (3), one q (4: a node of rule q that is not a child
	// of the root).
	subtree := func(r, k int) []TreeNode {
		out := []TreeNode{node(r, 1)}
		switch k {
		case 1:
			out = append(out, node(x, 2))
		case 2:
			out = append(out, node(x, 2), node(x, 2))
		case 3:
			out = append(out, node(x, 2), node(y, 3))
		case 4:
			out = append(out, node(q, 2))
		}
		return out
	}
	sets := map[uint16][2]*RuleSet{ // rule: after which none (forward), before which none (backward)
		q: {RulesOf(q, f), RulesOf(a, b, q)},
		f: {RulesOf(f), RulesOf(a, b, q, f)},
	}
	trees := 0
	for present := range 16 {
		for ka := range 5 {
			for kb := range 5 {
				nodes := []TreeNode{node(root, 0)}
				if present&1 != 0 {
					nodes = append(nodes, subtree(a, ka)...)
				}
				if present&2 != 0 {
					nodes = append(nodes, subtree(b, kb)...)
				}
				if present&4 != 0 {
					nodes = append(nodes, node(q, 1))
				}
				if present&8 != 0 {
					nodes = append(nodes, node(f, 1))
				}
				tr := NewTree("", s, nodes)
				trees++
				for i := range tr.Len() {
					v := View{Tree: &tr, Index: i}
					for rule, set := range sets {
						want, wantOK := v.Child(rule)
						got, ok := v.OnlyLeafChild(rule, set[0], set[1])
						if got.Index != want.Index || ok != wantOK {
							t.Fatalf("tree %v, node %d, rule %d: %d %v, Child %d %v", nodes, i, rule, got.Index, ok, want.Index, wantOK)
						}
					}
				}
			}
		}
	}
	assert.Equal(t, 400, trees)
}
