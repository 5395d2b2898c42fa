package genparser

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The builder runs before the DFA, on any input, so its work budget is what keeps it linear
// where a PEG backtracks: an exponential rule (r <- "a" r "b" / "a" r "c" / "a", which tries
// r again at every level) and a quadratic one (a look-ahead that scans to the end at every
// byte, with no rule call in it) both stop near the limit and report no match. Without the
// budget the first takes about 2^24 calls on 24 bytes, the second n^2/2 steps.
func TestBuilderWorkBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs a program")
	}
	a := `&litMatcher{val: "a"}`
	exponential := `&choiceExpr{alternatives: []any{
		&seqExpr{exprs: []any{` + a + `, &ruleRefExpr{name: "r"}, &litMatcher{val: "b"}}},
		&seqExpr{exprs: []any{` + a + `, &ruleRefExpr{name: "r"}, &litMatcher{val: "c"}}},
		` + a + `,
	}}`
	// ( !( "a"* "b" ) . )*
	quadratic := `&zeroOrMoreExpr{expr: &seqExpr{exprs: []any{
		&notExpr{expr: &seqExpr{exprs: []any{&zeroOrMoreExpr{expr: ` + a + `}, &litMatcher{val: "b"}}}},
		&anyMatcher{},
	}}}`
	for _, c := range []struct {
		name, expr string
		n          int
	}{
		{"exponential", exponential, 24},
		{"quadratic", quadratic, 20000},
	} {
		t.Run(c.name, func(t *testing.T) {
			main := `package main

import (
	"fmt"
	"strings"
)

func main() {
	s := strings.Repeat("a", ` + strconv.Itoa(c.n) + `)
	b := treeBuilder{s: s, limit: workPerByte*len(s) + workBase}
	_, _, ok := b.r0(0, 0, nil)
	_, whole := buildTree("r", s, nil)
	fmt.Println(ok, whole, b.work, b.limit)
}
`
			out := runBuilder(t, c.expr, main)
			f := strings.Fields(out)
			require.Len(t, f, 4, "%s", out)
			work, _ := strconv.Atoi(f[2])
			limit, _ := strconv.Atoi(f[3])
			// Past the limit each pending frame may enter one more rule or round: the
			// depth of the recursion, at most n.
			require.LessOrEqual(t, work, limit+3*c.n+8, "work past the limit: %s", out)
			require.Greater(t, work, limit, "the input did not reach the limit: %s", out)
			require.Equal(t, "false", f[1], "buildTree reported a match past the limit")
		})
	}
}

// A node nests at most ast.MaxTreeDepth deep: the builder of a recursive rule (r <- "(" r ")"
// / "x", r a node) builds a tree 1,000 deep, with each node one deeper than its parent, and
// stops, reporting no match, where a node would be deeper than a tree holds (the recognizer
// then says why).
func TestBuilderDepth(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs a program")
	}
	nested := `&choiceExpr{alternatives: []any{
		&seqExpr{exprs: []any{&litMatcher{val: "("}, &ruleRefExpr{name: "r"}, &litMatcher{val: ")"}}},
		&litMatcher{val: "x"},
	}}`
	main := `package main

import (
	"fmt"
	"strings"
)

func main() {
	for _, k := range []int{1000, 1100} {
		s := strings.Repeat("(", k) + "x" + strings.Repeat(")", k)
		nodes, ok := buildTree("r", s, nil)
		good := true
		for i, n := range nodes {
			good = good && n.Depth() == i && int(n.Start()) == i && int(n.End()) == len(s)-i
		}
		fmt.Println(k, ok, len(nodes), good)
	}
}
`
	require.Equal(t, "1000 true 1001 true\n1100 false 0 true\n", runBuilder(t, nested, main))
}

// runBuilder compiles the builder of the one-rule grammar r <- expr with the program main
// (package main, which calls it) and returns what the program prints.
func runBuilder(t *testing.T, expr, main string) string {
	t.Helper()
	rules, err := readGrammar(oneRule(expr))
	require.NoError(t, err)
	src, why := compileBuilder("main", target{By: "test", Src: "g"}, rules, []string{"r"}, nil, "")
	require.Empty(t, why)
	// A directory in the module (the builder imports its ast package) that go's patterns
	// skip (a leading "_").
	dir, err := os.MkdirTemp(".", "_builder")
	require.NoError(t, err)
	defer os.RemoveAll(dir)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "builder.go"), src, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(main), 0o644))
	out, err := exec.Command("go", "run", "./"+filepath.Base(dir)).CombinedOutput()
	require.NoError(t, err, "%s", out)
	return string(out)
}
