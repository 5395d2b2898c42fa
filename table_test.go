package urlgrammar_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/spectest"
)

// readTable returns the lines of a testdata table, without comment lines.
func readTable(t testing.TB, path string) []string {
	t.Helper()
	lines, err := spectest.Lines(path)
	require.NoError(t, err)
	return lines
}

var unempty = spectest.Unempty

// readAppendixC reads testdata/rfc2396bis-01/appendix-c.txt.
func readAppendixC(t testing.TB) []spectest.Example {
	t.Helper()
	ex, err := spectest.AppendixC("testdata/rfc2396bis-01/appendix-c.txt")
	require.NoError(t, err)
	return ex
}

// validInputs returns every input the tests know to be a URI-reference: valid.txt, the
// section 1.3 examples, and the references, bases and results of Appendix C.
func validInputs(t testing.TB) []string {
	var in []string
	for _, l := range readTable(t, "testdata/rfc2396bis-01/valid.txt") {
		in = append(in, unempty(l))
	}
	for _, l := range readTable(t, "testdata/rfc2396bis-01/examples.txt") {
		u, _, _ := strings.Cut(l, " -- ")
		in = append(in, u)
	}
	for _, c := range readAppendixC(t) {
		in = append(in, c.Base, c.Ref)
		for _, r := range c.Results {
			if !strings.HasPrefix(r, "(current document)") {
				in = append(in, r)
			}
		}
	}
	return in
}

// invalidInput is one line of invalid.txt.
type invalidInput struct {
	input  string
	offset int
}

func invalidInputs(t testing.TB) []invalidInput {
	return readInvalid(t, "testdata/rfc2396bis-01/invalid.txt")
}

// allTableInputs returns the inputs of every grammar's test tables, valid and invalid.
func allTableInputs(t testing.TB) []string {
	in := validInputs(t)
	for _, v := range append(valid1738Inputs(t), valid93Inputs(t)...) {
		in = append(in, v.input)
	}
	in = append(in, valid97Inputs(t)...)
	for _, cases := range [][]invalidInput{invalidInputs(t), invalid1738Inputs(t), invalid97Inputs(t), invalid93Inputs(t)} {
		for _, c := range cases {
			in = append(in, c.input)
		}
	}
	return in
}

// productionInput is one line of a table of valid inputs with their productions
// (PRODUCTION<TAB>INPUT): testdata/rfc1738/valid.txt, testdata/url-1993/valid.txt.
type productionInput struct{ production, input string }

func readProductions(t testing.TB, path string) []productionInput {
	var out []productionInput
	for _, l := range readTable(t, path) {
		p, in, ok := strings.Cut(l, "\t")
		require.True(t, ok, "%s: bad line %q", path, l)
		out = append(out, productionInput{p, in})
	}
	return out
}

// checkInvalid checks a table of invalid inputs against a grammar: Parse fails with a
// *SyntaxError at the table's offset that names a rule, Valid is false, and Match with the
// start rule fails at the same offset.
func checkInvalid(t *testing.T, g *urlgrammar.Grammar, cases []invalidInput) {
	t.Helper()
	for _, c := range cases {
		_, err := g.ParseTyped(c.input)
		var se *urlgrammar.SyntaxError
		if !assert.True(t, errors.As(err, &se), "input %q: want a *SyntaxError, got %v", c.input, err) {
			continue
		}
		assert.Equal(t, c.offset, se.Offset, "input %q: %v", c.input, err)
		assert.NotEmpty(t, se.Rule(), "input %q", c.input)
		assert.False(t, g.Valid(c.input), "Valid(%q)", c.input)
		var me *urlgrammar.SyntaxError
		if assert.True(t, errors.As(g.Match(g.Start(), c.input), &me), "Match %s %q", g.Start(), c.input) {
			assert.Equal(t, c.offset, me.Offset, "Match %s %q", g.Start(), c.input)
		}
	}
}

// readInvalid reads a table of invalid inputs: OFFSET<TAB>INPUT lines, <> the empty input.
func readInvalid(t testing.TB, path string) []invalidInput {
	var out []invalidInput
	for _, l := range readTable(t, path) {
		off, in, ok := strings.Cut(l, "\t")
		require.True(t, ok, "%s: bad line %q", path, l)
		n, err := strconv.Atoi(off)
		require.NoError(t, err, "%s: bad line %q", path, l)
		out = append(out, invalidInput{unempty(in), n})
	}
	return out
}

var g2396 = urlgrammar.MustLookup("rfc2396bis-01")

// parseRef parses s with rfc2396bis-01 and returns the tree.
func parseRef(t testing.TB, s string) *ast.URIReference {
	t.Helper()
	tree, err := g2396.ParseTyped(s)
	require.NoError(t, err, "input %q", s)
	return tree.(*ast.URIReference)
}

// componentsOf returns the components grammar g reports for s: Tree.Components, the CLI's.
func componentsOf(t testing.TB, g *urlgrammar.Grammar, s string) ast.Components {
	t.Helper()
	tree, err := g.Parse(s)
	require.NoError(t, err, "input %q", s)
	return tree.Components()
}

func ptr(s string) *string { return &s }

// checkRuleTable runs a table of rule-level cases (RULE<TAB>+ or -<TAB>INPUT, <> for the
// empty input) with Match, and checks that the grammar has rules rules, each with a case.
func checkRuleTable(t *testing.T, g *urlgrammar.Grammar, path string, rules int) {
	t.Helper()
	tested := map[string]bool{}
	for _, l := range readTable(t, path) {
		f := strings.SplitN(l, "\t", 3)
		require.Len(t, f, 3, "bad line %q", l)
		rule, want, in := f[0], f[1], unempty(f[2])
		require.Contains(t, []string{"+", "-"}, want, "bad line %q", l)
		tested[rule] = true
		err := g.Match(rule, in)
		r, _ := utf8.DecodeRuneInString(in)
		assert.Equal(t, want == "+", err == nil, "%s on %q (U+%04X): %v", rule, in, r, err)
	}
	assert.Len(t, g.Rules(), rules)
	for _, r := range g.Rules() {
		assert.True(t, tested[r], "rule %s has no case in %s", r, path)
	}
}
