package ast

import (
	"io"
	"iter"
	"strconv"
	"sync"

	"github.com/urlgrammar/urlgrammar/internal/jsontext"
)

// Tree is the generic tree of a parse, the same for every grammar: the nodes of one parse
// in one block, in pre-order, each a match of a rule the grammar declares as a node (the
// "; urlgrammar nodes:" lines of its ABNF file) with its byte span; the text of a node is
// a slice of the input, not a copy. The tree is the grammar's own parse: its nodes nest as
// the rules do (RFC 3986's authority holds userinfo, host and port; url-syntax-05's abs-path
// holds a rel-path, which holds the query), and a rule that matched nothing where the
// grammar has no rule to match (no path in "http:") has no node. Grammar.Parse and
// Parser.Parse return it; the grammar's package has typed views over it.
//
// The zero Tree has no nodes. Node 0 is the root, the start rule, which covers the whole
// input.
type Tree struct {
	src    string
	schema *Schema // the rule names, indexed by TreeNode.Rule, and what the components are
	nodes  []TreeNode
}

// TreeNode is one node of a Tree: 8 bytes, two words. Its start and its rule share the
// first, the start in the high 22 bits and the rule in the low 10 (TreeRuleBits); its end and
// its depth the second, the end in the high 22 bits and the depth in the low 10
// (TreeDepthBits). So a tree holds inputs of up to MaxTreeInput bytes (urlgrammar's
// MaxInputLength is less), grammars of up to MaxTreeRules node names (NewSchema refuses
// more) and nodes up to MaxTreeDepth below the root (a URL grammar's nodes nest a dozen
// deep; the builders refuse deeper ones). The block keeps no links: a node's subtree is
// the nodes after it that are deeper (Tree.Next), its children those one deeper.
//
// A node of two words rather than three makes a typical URL's tree 93 bytes instead of 141
// (rfc2396bis-01, this project's corpus) and Grammar.Parse a quarter to a third faster (the
// allocation is most of its cost); the links it gives up are walks over the subtree, which
// is a few nodes.
type TreeNode struct {
	StartRule uint32 // Start()<<TreeRuleBits | Rule(): see PackStartRule
	EndDepth  uint32 // End()<<TreeDepthBits | Depth(): see PackEndDepth
}

// The packing of a node's start and rule into TreeNode.StartRule, and of its end and depth
// into TreeNode.EndDepth.
const (
	TreeRuleBits  = 10
	TreeDepthBits = 10
	MaxTreeRules  = 1 << TreeRuleBits        // the most node names a tree's rules index
	MaxTreeDepth  = 1<<TreeDepthBits - 1     // the deepest node (the root's depth is 0)
	MaxTreeInput  = 1<<(32-TreeRuleBits) - 1 // the longest input a tree's offsets reach
	ruleMask      = MaxTreeRules - 1
)

// PackStartRule returns the StartRule word of a node of rule that starts at byte start
// (start at most MaxTreeInput, rule less than MaxTreeRules), for tree builders.
func PackStartRule(start int, rule uint16) uint32 {
	return uint32(start)<<TreeRuleBits | uint32(rule)
}

// PackEndDepth returns the EndDepth word of a node that ends at byte end (at most
// MaxTreeInput) at depth (at most MaxTreeDepth), for tree builders.
func PackEndDepth(end, depth int) uint32 {
	return uint32(end)<<TreeDepthBits | uint32(depth)
}

// Start returns the offset of the node's first byte.
func (n TreeNode) Start() uint32 { return n.StartRule >> TreeRuleBits }

// Rule returns the index of the node's rule name (Tree.RuleName, Schema.Names).
func (n TreeNode) Rule() uint16 { return uint16(n.StartRule & ruleMask) }

// End returns the end of the node's byte span [Start(), End()) of the input.
func (n TreeNode) End() uint32 { return n.EndDepth >> TreeDepthBits }

// Depth returns how deep the node is: 0 for the root, 1 for its children, ...
func (n TreeNode) Depth() int { return int(n.EndDepth & MaxTreeDepth) }

// NewTree returns the tree of src with the given nodes (pre-order, depths set), whose Rule
// indexes schema.Names. It is for tree builders; the tree keeps the slice.
func NewTree(src string, schema *Schema, nodes []TreeNode) Tree {
	return Tree{src: src, schema: schema, nodes: nodes}
}

// Set makes *t the tree NewTree(src, schema, nodes) returns, in place: a function that
// returns the tree it sets in its named result returns it without copying it first (a
// 48-byte Tree made by NewTree is built in one place and copied to the result, and the
// copy waits on the stores before it).
func (t *Tree) Set(src string, schema *Schema, nodes []TreeNode) {
	t.src, t.schema, t.nodes = src, schema, nodes
}

// Schema returns what the tree's rules are: their names and the grammar's declarations.
func (t Tree) Schema() *Schema { return t.schema }

// MarshalJSON is AppendJSON, for encoding/json.
func (t Tree) MarshalJSON() ([]byte, error) { return t.AppendJSON(nil), nil }

// Src returns the input the tree was parsed from.
func (t Tree) Src() string { return t.src }

// Len returns the number of nodes.
func (t Tree) Len() int { return len(t.nodes) }

// Nodes returns the block of nodes, in pre-order; it is the tree's own, not a copy.
func (t Tree) Nodes() []TreeNode { return t.nodes }

// Node returns node i.
func (t Tree) Node(i int) TreeNode { return t.nodes[i] }

// RuleName returns the name of node i's rule, as the grammar writes it.
func (t Tree) RuleName(i int) string { return t.schema.Names[t.nodes[i].Rule()] }

// Text returns the input node i covers; for i = -1 (Find's "no such node") it returns "",
// so that Text(Find(rule)) needs no check where an absent node and an empty one mean the same.
// Where they differ (a port that is absent, or present and empty: "http://a:/"), test Find's
// result.
func (t Tree) Text(i int) string {
	if i == -1 {
		return ""
	}
	n := t.nodes[i]
	return t.src[n.Start():n.End()]
}

// Next returns the index just past node i's subtree: its next sibling, if it has one, or
// the index after its last descendant. It walks over the subtree.
func (t Tree) Next(i int) int {
	d := t.nodes[i].Depth()
	j := i + 1
	for j < len(t.nodes) && t.nodes[j].Depth() > d {
		j++
	}
	return j
}

// String returns the input, which the tree covers byte for byte: the printer of a compact
// tree is its root's span.
func (t Tree) String() string {
	if len(t.nodes) == 0 {
		return ""
	}
	return t.Text(0)
}

// Children returns the indexes of node i's children, in input order: the nodes of its
// subtree one deeper than it. Where a loop over them must not allocate (its closures may
// escape when loops nest), step through the block instead: for c := i + 1; c < len(nodes)
// && nodes[c].Depth() > d; c++, taking the nodes of depth d+1.
func (t Tree) Children(i int) iter.Seq[int] {
	return func(yield func(int) bool) {
		d := t.nodes[i].Depth()
		for c := i + 1; c < len(t.nodes) && t.nodes[c].Depth() > d; c++ {
			if t.nodes[c].Depth() == d+1 && !yield(c) {
				return
			}
		}
	}
}

// Parent returns the index of node i's parent, or -1 for the root: the nearest node before i
// one less deep. The block keeps no parent links, so it walks back (at most i nodes).
func (t Tree) Parent(i int) int {
	d := t.nodes[i].Depth()
	for p := i - 1; p >= 0; p-- {
		if t.nodes[p].Depth() < d {
			return p
		}
	}
	return -1
}

// Inspect calls f for every node in pre-order with its depth (the root's is 0); when f
// returns false, the node's children are skipped.
func (t Tree) Inspect(f func(i, depth int) bool) {
	for i := 0; i < len(t.nodes); {
		d := t.nodes[i].Depth()
		if !f(i, d) {
			i = t.Next(i)
			continue
		}
		i++
	}
}

// Find returns the first node in pre-order whose rule is named rule, or -1.
func (t Tree) Find(rule string) int {
	for i, n := range t.nodes {
		if t.schema.Names[n.Rule()] == rule {
			return i
		}
	}
	return -1
}

// Fprint writes the tree one node a line, indented by depth: the rule, the span and the text
// (what urlgrammar parse prints).
//
//	URI-reference [0,12) "http://a/b?q"
//	  scheme [0,4) "http"
func (t Tree) Fprint(w io.Writer) error {
	// The lines go out in pieces of about fprintChunk bytes: a few writes for a tree, not one
	// a node, and a long input's text (each node repeats its span) is never held whole.
	var err error
	b := make([]byte, 0, 512) // grown to fprintChunk and more by a long input's lines
	t.Inspect(func(i, depth int) bool {
		n := t.nodes[i]
		for range depth {
			b = append(b, "  "...)
		}
		b = append(b, t.schema.Names[n.Rule()]...)
		b = append(b, " ["...)
		b = strconv.AppendUint(b, uint64(n.Start()), 10)
		b = append(b, ',')
		b = strconv.AppendUint(b, uint64(n.End()), 10)
		b = append(b, ") "...)
		b = strconv.AppendQuote(b, t.src[n.Start():n.End()])
		b = append(b, '\n')
		if len(b) >= fprintChunk {
			if err == nil {
				_, err = w.Write(b)
			}
			b = b[:0]
		}
		return err == nil
	})
	if err == nil && len(b) > 0 {
		_, err = w.Write(b)
	}
	return err
}

// fprintChunk is how many bytes of Fprint's lines are written at once, at least.
const fprintChunk = 4 << 10

// AppendJSON appends the tree as JSON: each node an object {"rule", "start", "end",
// "text", "children"} (children only when it has some), the root first. Strings are written
// as encoding/json writes them with HTML escaping off (non-ASCII text as UTF-8).
func (t Tree) AppendJSON(b []byte) []byte { return t.AppendJSONChunks(b, nil) }

// JSONChunk is the size at which AppendJSONChunks hands its buffer to flush.
const JSONChunk = 32 << 10

// AppendJSONChunks appends the tree as AppendJSON does, but hands the buffer to flush
// whenever it holds JSONChunk bytes or more, and goes on with the buffer flush returns
// (typically b[:0] after writing b out). The JSON of a tree repeats each node's text, so it
// is many times the input (35x for a long path in RFC 3986): with a flush that writes, a
// tree of any size is written in bounded memory. A nil flush is AppendJSON.
func (t Tree) AppendJSONChunks(b []byte, flush func([]byte) []byte) []byte {
	if len(t.nodes) == 0 {
		return append(b, "null"...)
	}
	return t.appendNodeJSON(b, 0, jsontext.Plain(t.src), flush)
}

// WriteJSON writes the tree as AppendJSON appends it, in chunks of about JSONChunk bytes.
func (t Tree) WriteJSON(w io.Writer) error {
	var err error
	buf := chunkBuffers.Get().(*[]byte)
	defer chunkBuffers.Put(buf)
	b := t.AppendJSONChunks((*buf)[:0], func(b []byte) []byte {
		if err == nil {
			_, err = w.Write(b)
		}
		return b[:0]
	})
	if err == nil {
		_, err = w.Write(b)
	}
	return err
}

// chunkBuffers hold WriteJSON's buffers (*[]byte of 2*JSONChunk bytes): made for each tree,
// a buffer was 64 KB of allocation a call, however small the tree.
var chunkBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 2*JSONChunk); return &b }}

// appendNodeJSON appends node i and its subtree as JSON, flushing as AppendJSONChunks says;
// plain says that the input is jsontext.Plain (each node's text is then copied as it is).
func (t Tree) appendNodeJSON(b []byte, i int, plain bool, flush func([]byte) []byte) []byte {
	if flush != nil && len(b) >= JSONChunk {
		b = flush(b)
	}
	n := t.nodes[i]
	b = append(b, `{"rule":`...)
	b = append(b, t.schema.jsonNames[n.Rule()]...)
	b = append(b, `,"start":`...)
	b = strconv.AppendUint(b, uint64(n.Start()), 10)
	b = append(b, `,"end":`...)
	b = strconv.AppendUint(b, uint64(n.End()), 10)
	b = append(b, `,"text":`...)
	b = jsontext.AppendStringOf(b, t.src[n.Start():n.End()], plain)
	d := n.Depth()
	if i+1 < len(t.nodes) && t.nodes[i+1].Depth() > d {
		b = append(b, `,"children":[`...)
		for c := i + 1; c < len(t.nodes) && t.nodes[c].Depth() > d; c++ {
			if t.nodes[c].Depth() != d+1 {
				continue
			}
			if c > i+1 {
				b = append(b, ',')
			}
			b = t.appendNodeJSON(b, c, plain, flush)
		}
		b = append(b, ']')
	}
	return append(b, '}')
}
