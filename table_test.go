package urlgrammar_test

import (
	"errors"
	"os"
	"path/filepath"
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

// readAppendixC reads grammars/rfc2396bis-01/testdata/appendix-c.txt.
func readAppendixC(t testing.TB) []spectest.Example {
	t.Helper()
	ex, err := spectest.AppendixC("grammars/rfc2396bis-01/testdata/appendix-c.txt")
	require.NoError(t, err)
	return ex
}

// validInputs returns every input the tests know to be a URI-reference: valid.txt, the
// section 1.3 examples, and the references, bases and results of Appendix C.
func validInputs(t testing.TB) []string {
	var in []string
	for _, l := range readTable(t, "grammars/rfc2396bis-01/testdata/valid.txt") {
		in = append(in, unempty(l))
	}
	for _, l := range readTable(t, "grammars/rfc2396bis-01/testdata/examples.txt") {
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
	return readInvalid(t, "grammars/rfc2396bis-01/testdata/invalid.txt")
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
	// And the tables of every other registered grammar (grammars/ID/testdata).
	seen := map[string]bool{}
	for _, s := range in {
		seen[s] = true
	}
	for _, id := range urlgrammar.IDs() {
		for _, l := range tableLines(t, id, "valid.txt", "invalid.txt", "examples.txt") {
			if !seen[l] {
				seen[l] = true
				in = append(in, l)
			}
		}
	}
	return in
}

// tableLines are the inputs of the named tables of grammars/ID/testdata that exist: the
// INPUT of valid.txt's PRODUCTION<TAB>INPUT and invalid.txt's OFFSET<TAB>INPUT lines, the URI
// of examples.txt's "URI -- WHERE" lines, "<>" the empty input.
func tableLines(t testing.TB, id string, files ...string) []string {
	var out []string
	for _, f := range files {
		path := filepath.Join("grammars", id, "testdata", f)
		if _, err := os.Stat(path); err != nil {
			continue
		}
		for _, l := range readTable(t, path) {
			if _, in, ok := strings.Cut(l, "\t"); ok && f != "examples.txt" {
				l = in
			}
			l, _, _ = strings.Cut(l, " -- ")
			out = append(out, unempty(l))
		}
	}
	return out
}

// productionInput is one line of a table of valid inputs with their productions
// (PRODUCTION<TAB>INPUT): grammars/rfc1738/testdata/valid.txt, grammars/url-1993/testdata/valid.txt.
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

// TestTables runs the tables of every registered grammar, those of grammars/ID/testdata/ that exist, so
// that a grammar added with tables is tested without a test of its own:
//
//   - valid.txt (INPUT, or PRODUCTION<TAB>INPUT where the start rule is a choice of
//     productions) and examples.txt (INPUT -- WHAT): Parse accepts the input, the tree prints
//     it back, Valid agrees, the production matches it (Match) and is the components' rule;
//     for a generic grammar the components recompose the input (RFC 3986 section 5.3) and,
//     but for url-syntax-05, are Appendix B's split of RFC 3986;
//   - invalid.txt (OFFSET<TAB>INPUT): checkInvalid;
//   - rules.txt (RULE<TAB>+|-<TAB>INPUT): checkRuleTable, a case for every rule;
//   - delicate.txt (the same form): checkRuleCases, cases of the rules that need them.
func TestTables(t *testing.T) {
	for _, id := range urlgrammar.IDs() {
		t.Run(id, func(t *testing.T) {
			g := urlgrammar.MustLookup(id)
			dir := filepath.Join("grammars", id, "testdata")
			has := func(f string) bool {
				_, err := os.Stat(filepath.Join(dir, f))
				return err == nil
			}
			require.True(t, has("valid.txt") && has("invalid.txt"), "grammar %s has no grammars/%[1]s/testdata/valid.txt and invalid.txt", id)
			var valid []productionInput
			for _, l := range readTable(t, filepath.Join(dir, "valid.txt")) {
				p, in, ok := strings.Cut(l, "\t")
				if !ok {
					p, in = "", l
				}
				valid = append(valid, productionInput{p, unempty(in)})
			}
			if has("examples.txt") {
				source := exampleSource(t, filepath.Join(dir, "examples.txt"))
				for _, l := range readTable(t, filepath.Join(dir, "examples.txt")) {
					u, _, _ := strings.Cut(l, " -- ")
					valid = append(valid, productionInput{"", u})
					if source != "" {
						assert.Contains(t, source, u, "an example of %s/examples.txt is not in its source", dir)
					}
				}
			}
			productions := map[string]int{}
			for _, v := range valid {
				tree, err := g.Parse(v.input)
				if !assert.NoError(t, err, "%q", v.input) {
					continue
				}
				assert.Equal(t, v.input, tree.String(), "%q prints back", v.input)
				assert.True(t, g.Valid(v.input), "Valid(%q)", v.input)
				c := tree.Components()
				if v.production != "" {
					productions[v.production]++
					assert.Equal(t, v.production, c.Rule, "%q", v.input)
					matched, _, _ := strings.Cut(v.input, "#") // url-1993's productions are of the URL before the fragment
					if id != urlgrammar.URL1993 {
						matched = v.input
					}
					assert.NoError(t, g.Match(v.production, matched), "%q", v.input)
				}
				if g.Generic() {
					assert.Equal(t, v.input, recompose(c), "the components of %q recompose it (RFC 3986 5.3)", v.input)
				}
				if g.Generic() && g.Semantics() != urlgrammar.Semantics1997 {
					// Not for url-syntax-05: its query belongs to a path ("http://a?q" is a
					// scheme and the abs-path "//a?q", since net-path = "//" site [abs-path]).
					assert.Equal(t, splitB(v.input), [5]*string{c.Scheme, c.Authority, c.Path, c.Query, c.Fragment}, "Appendix B on %q", v.input)
				}
			}
			if len(productions) > 0 {
				t.Logf("valid inputs per production: %v", productions)
			}
			checkInvalid(t, g, readInvalid(t, filepath.Join(dir, "invalid.txt")))
			if has("rules.txt") {
				checkRuleTable(t, g, filepath.Join(dir, "rules.txt"), len(g.Rules()))
			}
			if has("delicate.txt") {
				checkRuleCases(t, g, filepath.Join(dir, "delicate.txt"))
			}
		})
	}
}

// exampleSource returns the text an examples.txt quotes, named by its "# source: PATH" line
// (a path from the module's root), or "" when it names none.
func exampleSource(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	for _, l := range strings.Split(string(b), "\n") {
		if src, ok := strings.CutPrefix(l, "# source: "); ok {
			text, err := os.ReadFile(strings.TrimSpace(src))
			require.NoError(t, err, "%s names its source", path)
			return string(text)
		}
	}
	return ""
}

// recompose is RFC 3986 section 5.3's recomposition of components.
func recompose(c ast.Components) string {
	var b strings.Builder
	if c.Scheme != nil {
		b.WriteString(*c.Scheme + ":")
	}
	if c.Authority != nil {
		b.WriteString("//" + *c.Authority)
	}
	if c.Path != nil {
		b.WriteString(*c.Path)
	}
	if c.Query != nil {
		b.WriteString("?" + *c.Query)
	}
	if c.Fragment != nil {
		b.WriteString("#" + *c.Fragment)
	}
	return b.String()
}

// checkInvalid checks a table of invalid inputs against a grammar: Parse fails with a
// *SyntaxError at the table's offset that names a rule, Valid is false, and Match with the
// start rule fails at the same offset.
func checkInvalid(t *testing.T, g *urlgrammar.Grammar, cases []invalidInput) {
	t.Helper()
	for _, c := range cases {
		_, err := g.Parse(c.input)
		var se *urlgrammar.SyntaxError
		if !assert.True(t, errors.As(err, &se), "input %q: want a *SyntaxError, got %v", c.input, err) {
			continue
		}
		assert.Equal(t, c.offset, se.Offset, "input %q: %v", c.input, err)
		assert.NotEmpty(t, se.Rule(), "input %q", c.input)
		if len(se.Expected()) == 0 {
			// A predicate's error: the node's text is refused as a whole, no character
			// would do there.
			assert.True(t, g.HasPredicates(), "input %q: an error without an expected set", c.input)
		}
		assert.Equal(t, c.input, se.Input)
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
func parseRef(t testing.TB, s string) ast.Tree {
	t.Helper()
	tree, err := g2396.Parse(s)
	require.NoError(t, err, "input %q", s)
	return tree
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
	tested := checkRuleCases(t, g, path)
	assert.Len(t, g.Rules(), rules)
	for _, r := range g.Rules() {
		assert.True(t, tested[r], "rule %s has no case in %s", r, path)
	}
}

// checkRuleCases runs the cases of a table of RULE<TAB>+|-<TAB>INPUT lines (rules.txt, which
// has a case for every rule, or delicate.txt, the cases of a grammar's delicate rules) with
// Match, and returns the rules it tested.
func checkRuleCases(t *testing.T, g *urlgrammar.Grammar, path string) map[string]bool {
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
	return tested
}
