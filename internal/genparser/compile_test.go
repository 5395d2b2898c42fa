package genparser

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pigeonLike is the part of pigeon's output the builder reads: rule label, a sequence of a
// labelled action and a code predicate, as `label <- n:( [a-z]+ { ACTION } ) PRED`, with the
// methods they call.
func pigeonLike(action, predKind, pred string) []byte {
	return []byte(`package p

var g = &grammar{
	rules: []*rule{
		{
			name:        "label",
			displayName: "\"label\"",
			expr: &seqExpr{
				exprs: []any{
					&labeledExpr{
						label: "n",
						expr: &actionExpr{
							run:  (*parser).callonlabel2,
							expr: &oneOrMoreExpr{expr: &charClassMatcher{val: "[a-z]", ranges: []rune{'a', 'z'}}},
						},
					},
					&` + predKind + `{run: (*parser).callonlabel4},
				},
			},
		},
	},
}

func (c *current) onlabel2() (any, error) {
	` + action + `
}

func (c *current) onlabel4(n any) (bool, error) {
	` + pred + `
}
`)
}

// A length bound compiles to a comparison of the labelled match's length; any other code in
// a predicate or in the labelled action leaves the PEG not compilable, with the reason.
func TestLengthBounds(t *testing.T) {
	for _, c := range []struct {
		action, kind, pred string
		want, why          string
	}{
		{"return len(c.text), nil", "andCodeExpr", "return n.(int) <= 63, nil", "ok = m2 <= 63 // a length bound on n", ""},
		{"return len(c.text), nil", "notCodeExpr", "return n.(int) > 63, nil", "ok = !(m2 > 63) // a length bound on n", ""},
		{"return len(c.text), nil", "andCodeExpr", "return n.(int) <= 63 && n.(int) > 1, nil", "", "not a length bound"},
		{"return len(c.text), nil", "andCodeExpr", "return len(c.text) < 9, nil", "", "not a length bound"},
		{"return c.len(), nil", "andCodeExpr", "return n.(int) <= 63, nil", "", "which is not a length action"},
		{"return len(c.text) + 1, nil", "andCodeExpr", "return n.(int) <= 63, nil", "", "which is not a length action"},
		{"return string(c.text), nil", "andCodeExpr", "return n.(int) <= 63, nil", "", "which is not a length action"},
	} {
		rules, err := readGrammar(pigeonLike(c.action, c.kind, c.pred))
		require.NoError(t, err)
		out, why := compileBuilder("p", target{By: "test", Src: "g"}, rules, []string{"label"}, nil, "")
		if c.why != "" {
			assert.Contains(t, why, c.why, "%s / %s", c.action, c.pred)
			continue
		}
		require.Empty(t, why, "%s / %s", c.action, c.pred)
		assert.Contains(t, string(out), c.want)
		_, err = parser.ParseFile(token.NewFileSet(), "builder.go", out, 0)
		require.NoError(t, err, "the builder is Go")
		assert.Equal(t, 1, strings.Count(string(out), "m2 := p"), "the length is taken once")
	}
}

// oneRule is pigeon's output for a grammar of one rule, r <- EXPR, EXPR written as pigeon
// writes expressions.
func oneRule(expr string) []byte {
	return []byte(`package p

var g = &grammar{
	rules: []*rule{
		{name: "r", displayName: "\"r\"", expr: ` + expr + `},
	},
}
`)
}

// ( A* B )* with disjoint classes is one run cut back after its last B; with classes that
// overlap it is compiled round by round, as PEG's repetition runs.
func TestRunEndingIn(t *testing.T) {
	const label = `&zeroOrMoreExpr{expr: &seqExpr{exprs: []any{
		&zeroOrMoreExpr{expr: &litMatcher{val: "-"}},
		&charClassMatcher{val: "[a-z0-9]", ranges: []rune{'a', 'z', '0', '9'}},
	}}}`
	rules, err := readGrammar(oneRule(label))
	require.NoError(t, err)
	out, why := compileBuilder("p", target{By: "test", Src: "g"}, rules, []string{"r"}, nil, "")
	require.Empty(t, why)
	assert.Contains(t, string(out), "just past the run's last B")

	overlapping := strings.Replace(label, `&litMatcher{val: "-"}`, `&charClassMatcher{val: "[a-z]", ranges: []rune{'a', 'z'}}`, 1)
	rules, err = readGrammar(oneRule(overlapping))
	require.NoError(t, err)
	out, why = compileBuilder("p", target{By: "test", Src: "g"}, rules, []string{"r"}, nil, "")
	require.Empty(t, why)
	assert.NotContains(t, string(out), "just past the run's last B")
}

// A repetition of a choice whose alternatives are choices too (uchar = unreserved / escape,
// then ";" ...) is one run of the union of its byte classes, the other alternatives tried
// where the run stops, when no other alternative can begin with a byte of a class; with
// one that can, the choice is tried round by round, as PEG's repetition runs.
func TestClassRunFlattens(t *testing.T) {
	const escape = `&seqExpr{exprs: []any{&litMatcher{val: "%"}, &charClassMatcher{val: "[0-9]", ranges: []rune{'0', '9'}}}}`
	rep := func(other string) string {
		return `&zeroOrMoreExpr{expr: &choiceExpr{alternatives: []any{
			&choiceExpr{alternatives: []any{&charClassMatcher{val: "[a-z]", ranges: []rune{'a', 'z'}}, ` + other + `}},
			&litMatcher{val: ";"},
		}}}`
	}
	rules, err := readGrammar(oneRule(rep(escape)))
	require.NoError(t, err)
	out, why := compileBuilder("p", target{By: "test", Src: "g"}, rules, []string{"r"}, nil, "")
	require.Empty(t, why)
	assert.True(t, strings.Contains(string(out), `is ['a'-'z'] or ";".`), "no run of [a-z] and \";\"")

	// "%" or ";;": the second alternative can begin with ";", so ";" cannot join the run.
	overlapping := `&choiceExpr{alternatives: []any{` + escape + `, &litMatcher{val: ";;"}}}`
	rules, err = readGrammar(oneRule(rep(overlapping)))
	require.NoError(t, err)
	out, why = compileBuilder("p", target{By: "test", Src: "g"}, rules, []string{"r"}, nil, "")
	require.Empty(t, why)
	assert.False(t, strings.Contains(string(out), `or ";"`), "a run of [a-z] and \";\"")
}
