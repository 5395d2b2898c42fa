package pegvm_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/grammarkit/pegvm"
	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// small is the PEG
//
//	word "word" <- label ( "." label )* !"."
//	label "label" <- n:( [a-z0-9]i+ { return len(c.text), nil } ) &{ return n.(int) <= 3, nil }
//	dot <- "."
//
// as the generator writes it for package pegvm. (Every grammar of the module is held to
// pigeon's parser of its own PEG by the root package's TestRecognizeMatchesRun.)
func small() *pegvm.Grammar {
	return pegvm.New([]*pegvm.Rule{
		{Name: "word", Display: "word", Expr: &pegvm.Seq{Exprs: []pegvm.Expr{
			&pegvm.Ref{Name: "label"},
			&pegvm.Star{Expr: &pegvm.Seq{Exprs: []pegvm.Expr{&pegvm.Ref{Name: "dot"}, &pegvm.Ref{Name: "label"}}}},
			&pegvm.Not{Expr: &pegvm.Lit{Val: ".", Want: `"."`}},
		}}},
		{Name: "label", Display: "label", Expr: &pegvm.Seq{Exprs: []pegvm.Expr{
			&pegvm.Labeled{Label: "n", Expr: &pegvm.Action{Length: true,
				Expr: &pegvm.Plus{Expr: &pegvm.Class{Val: "[a-z0-9]i", Ranges: []rune{'a', 'z', '0', '9'}, IgnoreCase: true}}}},
			&pegvm.Bound{Label: "n", Op: "<=", N: 3},
		}}},
		{Name: "dot", Expr: &pegvm.Lit{Val: ".", Want: `"."`}},
	})
}

func TestRecognize(t *testing.T) {
	g := small()
	for _, c := range []struct {
		in   string
		want *peg.Failure
	}{
		{"a", nil},
		{"AbC.d1.e", nil},
		{"", &peg.Failure{Offset: 0, Expected: []string{"[a-z0-9]i"}, Rule: "label"}},
		{"ab.", &peg.Failure{Offset: 3, Expected: []string{"[a-z0-9]i"}, Rule: "label"}},
		{"abcd", &peg.Failure{Offset: 4, Expected: []string{"[a-z0-9]i"}, Rule: "label"}},               // the bound fails the label: where the class stopped
		{"ab-", &peg.Failure{Offset: 2, Expected: []string{"\".\"", "[a-z0-9]i", "EOF"}, Rule: "word"}}, // a proper prefix matched
		{"ab\xff", &peg.Failure{Offset: 2, Expected: []string{"\".\"", "[a-z0-9]i", "EOF"}, Rule: "word"}},
	} {
		assert.Equal(t, c.want, g.Recognize("word", c.in, 0), "%q", c.in)
	}
	f := g.Recognize("word", "abc.abc.abc", 5)
	require.NotNil(t, f)
	assert.True(t, f.Limit, "the expression limit stops the machine: %+v", f)
	assert.Equal(t, &peg.Failure{Offset: 0, Expected: []string{}, Rule: "nope"}, g.Recognize("nope", "a", 0), "an unknown start rule")
	assert.Equal(t, []peg.Rule{{ABNF: "word", PEG: "word"}, {ABNF: "label", PEG: "label"}}, g.Rules())
}

func TestTreeRecorder(t *testing.T) {
	g := small()
	record, names, err := g.TreeRecorder([]string{"LABEL"}, map[string]string{"dot": "label"})
	require.NoError(t, err)
	assert.Equal(t, []string{"word", "label"}, names)
	nodes, f := record("word", "ab.c", 0, nil)
	require.Nil(t, f)
	assert.Equal(t, "word[0,4) label[0,2) label[2,3) label[3,4)", treeString(names, nodes), "a helper standing for label is its node")
	nodes, f = record("word", "ab.cdef", 0, nodes)
	assert.Empty(t, nodes)
	assert.Equal(t, &peg.Failure{Offset: 7, Expected: []string{"[a-z0-9]i"}, Rule: "label"}, f)
	_, f = record("nope", ".", 0, nil)
	assert.Equal(t, []string{"a rule of the grammar"}, f.Expected)
	_, _, err = g.TreeRecorder([]string{"nope"}, nil)
	assert.ErrorContains(t, err, `node rule "nope"`)
}

func treeString(names []string, nodes []ast.TreeNode) string {
	s := ""
	for i, n := range nodes {
		if i > 0 {
			s += " "
		}
		s += fmt.Sprintf("%s[%d,%d)", names[n.Rule()], n.Start(), n.End())
	}
	return s
}

// New refuses what no generator writes.
func TestNewRefuses(t *testing.T) {
	assert.PanicsWithValue(t, "pegvm: a reference to rule b, which is not a rule of the grammar", func() {
		pegvm.New([]*pegvm.Rule{{Name: "a", Expr: &pegvm.Ref{Name: "b"}}})
	})
	assert.PanicsWithValue(t, "pegvm: a length bound on n, which is no length action earlier in its sequence", func() {
		pegvm.New([]*pegvm.Rule{{Name: "a", Expr: &pegvm.Seq{Exprs: []pegvm.Expr{&pegvm.Bound{Label: "n", Op: "<", N: 1}}}}})
	})
	assert.Panics(t, func() { pegvm.New([]*pegvm.Rule{{Name: "a", Expr: &pegvm.Any{}}, {Name: "a", Expr: &pegvm.Any{}}}) })
}
