package urlgrammar_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
)

// typedNodes lists a typed tree's nodes as the compact tree must have them: rule name,
// span, in pre-order.
func typedNodes(root ast.Root) []string {
	iri := ast.IsIRI(root)
	var out []string
	ast.Inspect(root, func(n ast.Node) bool {
		if n != nil {
			name := ast.RuleName(n)
			if iri {
				name = ast.IRIName(name)
			}
			out = append(out, name+" "+itoa(n.Pos())+" "+itoa(n.End()))
		}
		return true
	})
	return out
}

func compactNodes(t ast.Tree) []string {
	var out []string
	for i := 0; i < t.Len(); i++ {
		n := t.Node(i)
		out = append(out, t.RuleName(i)+" "+itoa(int(n.Start))+" "+itoa(int(n.End)))
	}
	return out
}

// The compact tree has the typed tree's nodes, node for node: rule, span and pre-order, for
// every grammar on every table input and the benchmark corpus; rfc2396bis-01's is built from
// the DFAs, the others' converted. A Parser's gives the same.
func TestCompactTreeMatchesTyped(t *testing.T) {
	inputs := append(allTableInputs(t), corpus.Lines(3000, 7)...)
	inputs = append(inputs, rfc3986Valid(t)...)
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		p := g.NewParser()
		for _, s := range inputs {
			root, err := g.Parse(s)
			tree, terr := g.ParseTree(s)
			require.Equal(t, err == nil, terr == nil, "%s %q", id, s)
			if err != nil {
				assert.Equal(t, err.Error(), terr.Error())
				continue
			}
			want := typedNodes(root)
			require.Equal(t, want, compactNodes(tree), "%s %q", id, s)
			ptree, err := p.ParseTree(s)
			require.NoError(t, err)
			require.Equal(t, want, compactNodes(ptree), "%s %q (Parser)", id, s)
			assert.Equal(t, s, tree.String(), "prints back")
			checkStructure(t, tree)
		}
	}
}

// checkStructure checks that every node lies inside its parent and after its previous
// sibling, and that Next closes every subtree.
func checkStructure(t *testing.T, tree ast.Tree) {
	t.Helper()
	var walk func(i int)
	walk = func(i int) {
		n := tree.Node(i)
		require.LessOrEqual(t, n.Start, n.End)
		prev := n.Start
		for c := range tree.Children(i) {
			cn := tree.Node(c)
			require.True(t, cn.Start >= prev && cn.End <= n.End, "node %d in %d", c, i)
			prev = cn.End
			walk(c)
		}
	}
	walk(0)
	require.Equal(t, tree.Len(), int(tree.Node(0).Next))
}

func TestCompactTreeMethods(t *testing.T) {
	g := urlgrammar.MustLookup("rfc2396bis-01")
	tree, err := g.ParseTree("http://user@a.example.:8080/p/q?x#y")
	require.NoError(t, err)
	var b strings.Builder
	require.NoError(t, tree.Fprint(&b))
	assert.Equal(t, `URI-reference [0,35) "http://user@a.example.:8080/p/q?x#y"
  scheme [0,4) "http"
  authority [7,27) "user@a.example.:8080"
    server [7,27) "user@a.example.:8080"
      userinfo [7,11) "user"
      host [12,22) "a.example."
        hostname [12,22) "a.example."
          domainlabel [12,13) "a"
          toplabel [14,21) "example"
      port [23,27) "8080"
  abs-path [27,31) "/p/q"
    segment [28,29) "p"
    segment [30,31) "q"
  query [32,33) "x"
  fragment [34,35) "y"
`, b.String())
	assert.Equal(t, ast.FlagTop, tree.Node(tree.Find("toplabel")).Flags)
	assert.Equal(t, ast.FlagAbsolute, tree.Node(tree.Find("abs-path")).Flags)
	assert.Equal(t, "8080", tree.Text(tree.Find("port")))
	assert.Equal(t, -1, tree.Find("opaque-part"))
	var kids []string
	for c := range tree.Children(0) {
		kids = append(kids, tree.RuleName(c))
	}
	assert.Equal(t, []string{"scheme", "authority", "abs-path", "query", "fragment"}, kids)
	// Inspect skips the children of a node for which f returns false.
	var seen []string
	tree.Inspect(func(i, depth int) bool {
		seen = append(seen, tree.RuleName(i))
		return tree.RuleName(i) != "authority"
	})
	assert.Equal(t, []string{"URI-reference", "scheme", "authority", "abs-path", "segment", "segment", "query", "fragment"}, seen)
	// The JSON form is JSON, and holds every node.
	j := tree.AppendJSON(nil)
	require.True(t, json.Valid(j), string(j))
	assert.Equal(t, tree.Len(), strings.Count(string(j), `"rule":`))
	var empty ast.Tree
	assert.Equal(t, "", empty.String())
	assert.Equal(t, "null", string(empty.AppendJSON(nil)))
}

func FuzzParseTree(f *testing.F) {
	for _, s := range []string{"http://a/b", "//[::1]:80", "a:b?c#d", "//u@1.2.3.4:9/x/", "//a.b./", "?", "#", ""} {
		f.Add(s)
	}
	g := urlgrammar.MustLookup("rfc2396bis-01")
	p := g.NewParser()
	f.Fuzz(func(t *testing.T, s string) {
		root, err := g.Parse(s)
		tree, terr := g.ParseTree(s)
		if (err == nil) != (terr == nil) {
			t.Fatalf("%q: Parse %v, ParseTree %v", s, err, terr)
		}
		if err != nil {
			return
		}
		want := strings.Join(typedNodes(root), "\n")
		if got := strings.Join(compactNodes(tree), "\n"); got != want {
			t.Fatalf("%q: compact\n%s\ntyped\n%s", s, got, want)
		}
		pt, _ := p.ParseTree(s)
		if got := strings.Join(compactNodes(pt), "\n"); got != want {
			t.Fatalf("%q: Parser's compact\n%s\ntyped\n%s", s, got, want)
		}
	})
}
