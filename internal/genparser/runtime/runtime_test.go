package runtime

import (
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// inputs are tiny's members and near misses of them: every kind of failure of every rule.
func inputs() []string {
	in := []string{"", "a", "abc,12", "abcdef", "ab,0x1f,\"q\"", "0X", "12a", "\"open", ",", "a,", "a,,b",
		"abcde,abcdef", "ABC,0xFF", "\"\"", "a\xff", "12,34", "x-y", "0x", "abcde", "\"a,b\",c"}
	rng := rand.New(rand.NewSource(3))
	const alphabet = "aZ0x9,\"-\xff "
	for _, s := range in[:len(in):len(in)] {
		for range 20 {
			i := rng.Intn(len(s) + 1)
			c := string(alphabet[rng.Intn(len(alphabet))])
			t := s[:i] + c + s[i:]
			if i < len(s) && rng.Intn(2) == 0 {
				t = s[:i] + c + s[i+1:]
			}
			in = append(in, t)
		}
	}
	return in
}

func TestRun(t *testing.T) {
	v, f := Run("list", "ab,12,\"q\"", 0)
	require.Nil(t, f)
	assert.Equal(t, 3, v, "the action's value")

	// The failure: the farthest offset, what was expected there, the innermost named rule.
	_, f = Run("list", "ab,1x", 0)
	require.NotNil(t, f)
	assert.Equal(t, 4, f.Offset)
	assert.Equal(t, "number", f.Rule)
	assert.False(t, f.Limit)

	// A code predicate: a word of six letters is no word; the farthest failure is after
	// its letters, in word.
	_, f = Run("list", "abcdef", 0)
	require.NotNil(t, f)
	assert.Equal(t, 6, f.Offset)
	assert.Equal(t, "word", f.Rule)

	// When several alternatives fail at the farthest offset, the failure is named by the
	// rule they are all inside, not by the first alternative tried.
	_, f = Run("item", "-", 0)
	require.NotNil(t, f)
	assert.Equal(t, 0, f.Offset)
	assert.Equal(t, "item", f.Rule)
	_, f = Run("list", "ab,-", 0)
	require.NotNil(t, f)
	assert.Equal(t, 3, f.Offset)
	assert.Equal(t, "item", f.Rule)

	// A rule used as a start symbol must match the whole input.
	_, f = Run("word", "ab,", 0)
	require.NotNil(t, f)
	assert.Equal(t, 2, f.Offset)
	assert.Contains(t, f.Expected, "EOF")

	// The expression limit stops the parser, and says so.
	_, f = Run("list", strings.Repeat("a,", 50)+"a", 20)
	require.NotNil(t, f)
	assert.True(t, f.Limit)
}

func TestRules(t *testing.T) {
	var names []string
	for _, r := range Rules() {
		names = append(names, r.ABNF)
	}
	assert.Equal(t, []string{"list", "item", "word", "number", "quoted", "nest"}, names, "rules with a display name, in order")
}

// Recognize gives Run's failure, field for field, on every rule, with and without limits.
func TestRecognizeMatchesRun(t *testing.T) {
	require.True(t, recognizable)
	for _, r := range append(Rules(), peg.Rule{PEG: "helper"}) {
		for i, s := range inputs() {
			for _, limit := range []uint64{0, uint64(1 + i%40)} {
				_, want := Run(r.PEG, s, limit)
				got := Recognize(r.PEG, s, limit)
				if !reflect.DeepEqual(want, got) {
					t.Fatalf("rule %s limit %d on %q:\nRecognize: %+v\nRun:       %+v", r.PEG, limit, s, got, want)
				}
			}
		}
	}
}

func FuzzRecognize(f *testing.F) {
	for _, s := range inputs()[:20] {
		f.Add(s, uint8(0), uint8(0))
	}
	rules := append(Rules(), peg.Rule{PEG: "helper"})
	record, names, err := TreeRecorder([]string{"item", "word", "number", "quoted"}, map[string]string{"helper": "word"})
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, s string, r, limit uint8) {
		rule := rules[int(r)%len(rules)].PEG
		_, want := Run(rule, s, uint64(limit))
		if got := Recognize(rule, s, uint64(limit)); !reflect.DeepEqual(want, got) {
			t.Fatalf("rule %s limit %d on %q:\nRecognize: %+v\nRun:       %+v", rule, limit, s, got, want)
		}
		// The tree recorder fails as Recognize does, and records a well-formed tree whose
		// root covers the input.
		nodes, got := record(rule, s, uint64(limit), nil)
		if !reflect.DeepEqual(want, got) {
			t.Fatalf("rule %s limit %d on %q:\ntree recorder: %+v\nRun:           %+v", rule, limit, s, got, want)
		}
		if got == nil {
			nodeList(t, names, nodes)
			if len(nodes) == 0 || nodes[0].Start() != 0 || int(nodes[0].End()) != len(s) {
				t.Fatalf("rule %s on %q: the root does not cover the input: %+v", rule, s, nodes)
			}
		}
	})
}

// nodeList lists a recorded tree as "rule start end depth", in pre-order, and checks its
// structure: every node inside its parent, after its previous sibling, the root alone at
// depth 0, each node at most one deeper than the node before it.
func nodeList(t testing.TB, names []string, nodes []ast.TreeNode) []string {
	var out []string
	var walk func(i int) int
	walk = func(i int) int {
		n := nodes[i]
		if n.Start() > n.End() || (i > 0) != (n.Depth() > 0) || i > 0 && n.Depth() > nodes[i-1].Depth()+1 {
			t.Fatalf("node %d: %+v", i, n)
		}
		out = append(out, fmt.Sprintf("%s %d %d %d", names[n.Rule()], n.Start(), n.End(), n.Depth()))
		prev := n.Start()
		c := i + 1
		for c < len(nodes) && nodes[c].Depth() > n.Depth() {
			if nodes[c].Start() < prev || nodes[c].End() > n.End() {
				t.Fatalf("node %d (%+v) is not inside %d (%+v) after its previous sibling", c, nodes[c], i, n)
			}
			prev = nodes[c].End()
			c = walk(c)
		}
		return c
	}
	if len(nodes) > 0 && walk(0) != len(nodes) {
		t.Fatalf("the root does not cover the block: %+v", nodes)
	}
	return out
}

// The recorder's tree is the parse: nodes of the rules asked for, the start rule the root,
// nothing from a failed alternative or a lookahead; its failures are Recognize's.
func TestTreeRecorder(t *testing.T) {
	record, names, err := TreeRecorder([]string{"item", "WORD", "number", "quoted"}, nil)
	require.NoError(t, err)
	assert.Equal(t, []string{"list", "item", "word", "number", "quoted", "nest"}, names)
	tree := func(rule, s string) []string {
		nodes, f := record(rule, s, 0, nil)
		require.Nil(t, f, "%s %q", rule, s)
		return nodeList(t, names, nodes)
	}
	assert.Equal(t, []string{"list 0 9 0", "item 0 2 1", "word 0 2 2", "item 3 5 1", "number 3 5 2", "item 6 9 1", "quoted 6 9 2"},
		tree("list", `ab,12,"q"`))
	// "12" is first tried as a word, which fails: no word node; number's lookahead
	// ("," quoted) matches a quoted that is not kept.
	assert.Equal(t, []string{"list 0 6 0", "item 0 2 1", "number 0 2 2", "item 3 6 1", "quoted 3 6 2"}, tree("list", `12,"q"`))
	assert.Equal(t, []string{"number 0 4 0"}, tree("number", "0x1f"), "any rule can be the root")

	// A helper that stands for a rule is that rule's node; a helper as the start is the root.
	record, _, err = TreeRecorder([]string{"word"}, map[string]string{"helper": "word"})
	require.NoError(t, err)
	nodes, f := record("helper", "-", 0, nil)
	require.Nil(t, f)
	assert.Equal(t, []string{"word 0 1 0"}, nodeList(t, names, nodes))

	_, _, err = TreeRecorder([]string{"nope"}, nil)
	assert.ErrorContains(t, err, `node rule "nope" is not a rule with an ABNF name`)
	_, _, err = TreeRecorder(nil, map[string]string{"helper": "nope"})
	assert.ErrorContains(t, err, "helper stands for \"nope\"")

	for _, s := range inputs() {
		record, _, _ := TreeRecorder([]string{"item", "word", "number", "quoted"}, nil)
		_, f := record("list", s, 0, nil)
		assert.Equal(t, Recognize("list", s, 0), f, "%q", s)
	}
}

// A match whose nodes would nest deeper than ast.MaxTreeDepth has no tree: the recorder
// fails, saying so, where it would have gone deeper; one as deep as a tree holds is recorded.
func TestTreeRecorderDepth(t *testing.T) {
	record, names, err := TreeRecorder([]string{"nest"}, nil)
	require.NoError(t, err)
	nest := func(k int) string { return strings.Repeat("(", k) + "x" + strings.Repeat(")", k) }
	nodes, f := record("nest", nest(ast.MaxTreeDepth), 0, nil)
	require.Nil(t, f)
	list := nodeList(t, names, nodes)
	require.Len(t, list, ast.MaxTreeDepth+1)
	assert.Equal(t, fmt.Sprintf("nest %d %d %d", ast.MaxTreeDepth, ast.MaxTreeDepth+1, ast.MaxTreeDepth), list[ast.MaxTreeDepth])
	nodes, f = record("nest", nest(ast.MaxTreeDepth+1), 0, nil)
	require.NotNil(t, f)
	assert.Empty(t, nodes)
	assert.Equal(t, ast.MaxTreeDepth+1, f.Offset, "where the node too deep starts")
	assert.Contains(t, f.Expected[0], "nested at most 1023 deep")
}
