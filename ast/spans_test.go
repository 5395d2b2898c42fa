package ast_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
)

// A schema whose components are each the first node of their rules (ast's plainComps) has
// its spans found in one pass over the nodes: the same spans, the same rule, host kind and
// kind node as the general way gives, for every component set asked (Spans, Blame's, the
// jsonl records'), on every table input of every grammar and the corpus, in every grammar.
func TestPlainSpans(t *testing.T) {
	inputs, wants := spansInputs(t)
	plain, trees := 0, 0
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		p := g.NewParser()
		seen := 0
		for _, s := range inputs {
			tree, err := p.Parse(s)
			if err != nil {
				continue
			}
			if !ast.PlainComps(tree.Schema()) {
				break
			}
			seen++
			requireSameWays(t, id, tree, wants, "one pass", ast.Tree.SpansOf, "the general way", ast.Tree.GeneralSpansOf)
		}
		if seen > 0 {
			plain++
			trees += seen
		}
	}
	if plain < 5 || trees < 10000 {
		t.Fatalf("the one-pass way held to the general one in %d grammars on %d trees: the test says little", plain, trees)
	}
	t.Logf("%d grammars take the one-pass way; %d trees compared", plain, trees)
}

// spansInputs are the inputs of the tests of the ways to the spans: corpus and text-shaped
// lines and every table input of every grammar; and the sets of components they ask for
// (all, none, each alone and each left out).
func spansInputs(t *testing.T) (inputs []string, wants []uint) {
	t.Helper()
	inputs = append(corpus.Lines(3000, 7), corpus.TextLines(1000, 7)...)
	files, err := filepath.Glob("../grammars/*/testdata/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no grammar tables: %v", err)
	}
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if l := sc.Text(); l != "" && !strings.HasPrefix(l, "#") {
				inputs = append(inputs, l)
			}
		}
		f.Close()
	}
	wants = []uint{1<<8 - 1, 0}
	for c := range 8 {
		wants = append(wants, 1<<c, (1<<8-1)&^(1<<c))
	}
	return inputs, wants
}

// The general way (one pass noting the first node of each list of rules the declarations
// name, the declaration of a component chosen by the scopes in the tree) finds what its
// first version, which looked each declaration's rules up in turn, finds: in every grammar,
// on the inputs of TestPlainSpans; rfc1738's and url-1993's scoped declarations among them.
func TestGeneralSpans(t *testing.T) {
	inputs, wants := spansInputs(t)
	scoped, trees := 0, 0
	for _, id := range urlgrammar.IDs() {
		p := urlgrammar.MustLookup(id).NewParser()
		for _, s := range inputs {
			tree, err := p.Parse(s)
			if err != nil {
				continue
			}
			trees++
			requireSameWays(t, id, tree, wants, "the general way", ast.Tree.GeneralSpansOf, "by rules", ast.Tree.SpansByRulesOf)
			if !ast.PlainComps(tree.Schema()) {
				scoped++
			}
		}
	}
	if scoped < 1000 || trees < 40000 {
		t.Fatalf("%d trees compared, %d of a grammar with scoped declarations: the test says little", trees, scoped)
	}
	t.Logf("%d trees compared, %d of grammars the one pass does not take", trees, scoped)
}

// A schema may name up to 64 rules as scopes of its components (generalSpans keeps the
// scopes in the tree as the bits of a word); NewSchema refuses a 65th, and with 64 each
// component is still the one of the first declaration whose scope is in the tree.
func TestScopesLimit(t *testing.T) {
	names := []string{"ref", "path"}
	var decls []ast.Decl
	for i := range 65 {
		names = append(names, fmt.Sprintf("s%d", i))
		decls = append(decls, ast.Decl{Key: fmt.Sprintf("component path in s%d", i), Value: "path"})
	}
	if _, err := ast.NewSchema(names, decls); err == nil || !strings.Contains(err.Error(), "64") {
		t.Fatalf("65 scopes: %v, want the limit named", err)
	}
	decls = decls[:64]
	decls[63].Value = `path ""` // the last scope's path is empty where it has no path node
	s, err := ast.NewSchema(names, decls)
	if err != nil {
		t.Fatal(err)
	}
	// "abc": scope s63 over the whole, then s10 over "b" with a path node over "b".
	tree := ast.NewTree("abc", s, []ast.TreeNode{node(0, 3, 0, 0), node(0, 3, 2+63, 1), node(1, 2, 2+10, 2), node(1, 2, 1, 3)})
	if sp, _ := tree.GeneralSpansOf(1<<8 - 1); !sp.Path.Defined || sp.Path.Start != 1 || sp.Path.End != 2 {
		t.Fatalf("path %+v, want b, the node's (s10's declaration comes first)", sp.Path)
	}
	requireSamePasses(t, tree)
	// Without s10's node, s63's declaration decides: its rules have a node.
	tree = ast.NewTree("abc", s, []ast.TreeNode{node(0, 3, 0, 0), node(0, 3, 2+63, 1), node(1, 2, 1, 2)})
	if sp, _ := tree.GeneralSpansOf(1<<8 - 1); !sp.Path.Defined || sp.Path.Start != 1 {
		t.Fatalf("path %+v, want b", sp.Path)
	}
	requireSamePasses(t, tree)
}

// The one-pass way on made-up schemas, for what no bundled grammar's trees show: a component
// declared empty when its rules have no node (`""`), one declared with no rules, the rule
// declaration, host kinds, and a rule cut at its "?" for two components (a query only where
// it has a "?": a later node then gives it).
func TestPlainSpansDeclarations(t *testing.T) {
	names := []string{"ref", "scheme", "host", "ipv4", "name", "path", "seg", "query"}
	decls := []ast.Decl{
		{Key: "component scheme", Value: "scheme"},
		{Key: "component host", Value: "host"},
		{Key: "component path", Value: `path ""`},
		{Key: "component userinfo", Value: ""},
		{Key: "component query", Value: "query"},
		{Key: "rule", Value: "path scheme"},
		{Key: "hostkind ipv4", Value: "ipv4"},
		{Key: "hostkind reg-name", Value: "name"},
	}
	s, err := ast.NewSchema(names, decls)
	if err != nil {
		t.Fatal(err)
	}
	if !ast.PlainComps(s) {
		t.Fatal("the schema's components are all plain")
	}
	cut, err := ast.NewSchema([]string{"ref", "opaque", "query"}, []ast.Decl{
		{Key: "component path", Value: "opaque<?"},
		{Key: "component query", Value: "opaque>? query"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !ast.PlainComps(cut) {
		t.Fatal("a cut at a \"?\" is plain")
	}
	trees := []ast.Tree{
		// "ab?c": one opaque node, cut into a path and a query.
		ast.NewTree("ab?c", cut, []ast.TreeNode{node(0, 4, 0, 0), node(0, 4, 1, 1)}),
		// "ab;c?d": an opaque node without a "?", then a query node.
		ast.NewTree("ab;c?d", cut, []ast.TreeNode{node(0, 6, 0, 0), node(0, 2, 1, 1), node(3, 4, 1, 1), node(5, 6, 2, 1)}),
		// "a?b": no "?" in the first opaque node, one in the second.
		ast.NewTree("a?b", cut, []ast.TreeNode{node(0, 3, 0, 0), node(0, 1, 1, 1), node(0, 3, 1, 1)}),
		// "a:1.2.3.4/x": a scheme, a host of kind ipv4, a path of one segment.
		ast.NewTree("a:1.2.3.4/x", s, []ast.TreeNode{node(0, 11, 0, 0), node(0, 1, 1, 1), node(2, 9, 2, 1), node(2, 9, 3, 2), node(9, 11, 5, 1), node(10, 11, 6, 2)}),
		// "h?q": a host named, no path node (the path is then empty), a query.
		ast.NewTree("h?q", s, []ast.TreeNode{node(0, 3, 0, 0), node(0, 1, 2, 1), node(0, 1, 4, 2), node(2, 3, 7, 1)}),
		// "x": nothing but the root.
		ast.NewTree("x", s, []ast.TreeNode{node(0, 1, 0, 0)}),
	}
	for _, tree := range trees {
		requireSamePasses(t, tree)
	}
	if sp := trees[0].Spans(); sp.Path.In(trees[0].Src()) != "ab" || sp.Query.In(trees[0].Src()) != "c" {
		t.Fatalf("spans of %q: %+v", trees[0].Src(), sp)
	}
	if sp := trees[2].Spans(); sp.Path.In(trees[2].Src()) != "a" || sp.Query.In(trees[2].Src()) != "b" {
		t.Fatalf("spans of %q: %+v", trees[2].Src(), sp)
	}
	trees = trees[3:]
	sp := trees[1].Spans()
	if !sp.Path.Defined || sp.Path.Start != sp.Path.End || sp.Userinfo.Defined || sp.HostKind != "reg-name" || sp.Rule != "ref" {
		t.Fatalf("spans of %q: %+v", trees[1].Src(), sp)
	}
	if sp := trees[0].Spans(); sp.Rule != "scheme" || sp.HostKind != "ipv4" {
		t.Fatalf("spans of %q: %+v", trees[0].Src(), sp)
	}
}

// The one-pass way for the forms that read past their node, unscoped (url-syntax-05's
// user..password): A..B to the end of a B right after A's subtree, A.. to the end of the
// input, A/.. from the "/" after A, where there is one, to the end (else a later node's).
func TestPlainSpansReadPast(t *testing.T) {
	s, err := ast.NewSchema([]string{"ref", "user", "pw", "host", "site", "path"}, []ast.Decl{
		{Key: "component userinfo", Value: "user..pw"},
		{Key: "component host", Value: "host"},
		{Key: "component path", Value: "site/.."},
		{Key: "component query", Value: "path.."},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !ast.PlainComps(s) {
		t.Fatal("forms that read past their node, unscoped, take the one pass")
	}
	for _, c := range []struct {
		tree                     ast.Tree
		userinfo, path, query    string
		hasUser, hasPath, hasQry bool
	}{
		// "u:p@h/x": user, then pw right after it; a site with a "/" after it; path "x".
		{ast.NewTree("u:p@h/x", s, []ast.TreeNode{node(0, 7, 0, 0), node(0, 5, 4, 1), node(0, 1, 1, 2), node(2, 3, 2, 2), node(4, 5, 3, 2), node(6, 7, 5, 1)}),
			"u:p", "x", "x", true, true, true},
		// "u@h": a user and no pw; a site with nothing after it; no path.
		{ast.NewTree("u@h", s, []ast.TreeNode{node(0, 3, 0, 0), node(0, 3, 4, 1), node(0, 1, 1, 2), node(2, 3, 3, 2)}),
			"u", "", "", true, false, false},
		// "u;h/y": a pw that is not right after the user's subtree (a host between).
		{ast.NewTree("u;h/y", s, []ast.TreeNode{node(0, 5, 0, 0), node(0, 3, 4, 1), node(0, 1, 1, 2), node(2, 3, 3, 2), node(2, 3, 2, 2), node(4, 5, 5, 1)}),
			"u", "y", "y", true, true, true},
		// "s:t/z": a first site with no "/" after it, a second with one.
		{ast.NewTree("s:t/z", s, []ast.TreeNode{node(0, 5, 0, 0), node(0, 1, 4, 1), node(2, 3, 4, 1), node(4, 5, 5, 1)}),
			"", "z", "z", false, true, true},
	} {
		requireSamePasses(t, c.tree)
		sp, src := c.tree.Spans(), c.tree.Src()
		if sp.Userinfo.Defined != c.hasUser || sp.Userinfo.In(src) != c.userinfo || sp.Path.Defined != c.hasPath ||
			sp.Path.In(src) != c.path || sp.Query.Defined != c.hasQry || sp.Query.In(src) != c.query {
			t.Fatalf("spans of %q: %+v", src, sp)
		}
	}
}

// The one-pass way for a component with a scoped declaration before its unscoped one (as
// whatwg-url's host in an opaque host): where the scope has a node, the first node of the
// scoped rules, or an empty component when there is none; elsewhere the unscoped rules'.
func TestPlainSpansScoped(t *testing.T) {
	s, err := ast.NewSchema([]string{"ref", "opaque", "oh", "host", "path"}, []ast.Decl{
		{Key: "component host in opaque", Value: `oh ""`},
		{Key: "component host", Value: "host"},
		{Key: "component path", Value: "path"},
		{Key: "hostkind opaque", Value: "oh"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !ast.PlainComps(s) {
		t.Fatal("one scoped declaration before the unscoped one is plain")
	}
	for _, tc := range []struct {
		tree ast.Tree
		host string // "-" for undefined
	}{
		// "ab/c": an opaque host of two oh nodes: the first.
		{ast.NewTree("ab/c", s, []ast.TreeNode{node(0, 4, 0, 0), node(0, 2, 1, 1), node(0, 1, 2, 2), node(1, 2, 2, 2), node(2, 4, 4, 1)}), "a"},
		// "/c": an opaque host without an oh node: empty.
		{ast.NewTree("/c", s, []ast.TreeNode{node(0, 2, 0, 0), node(0, 0, 1, 1), node(0, 2, 4, 1)}), ""},
		// "h/c": no opaque host: the host node.
		{ast.NewTree("h/c", s, []ast.TreeNode{node(0, 3, 0, 0), node(0, 1, 3, 1), node(1, 3, 4, 1)}), "h"},
		// "h.o": a host node, then an opaque host: the scoped declaration's.
		{ast.NewTree("h.o", s, []ast.TreeNode{node(0, 3, 0, 0), node(0, 1, 3, 1), node(2, 3, 1, 1), node(2, 3, 2, 2)}), "o"},
		// "/c": neither: undefined.
		{ast.NewTree("/c", s, []ast.TreeNode{node(0, 2, 0, 0), node(0, 2, 4, 1)}), "-"},
	} {
		requireSamePasses(t, tc.tree)
		sp := tc.tree.Spans()
		host := "-"
		if sp.Host.Defined {
			host = sp.Host.In(tc.tree.Src())
		}
		if host != tc.host {
			t.Errorf("%q: host %q, want %q", tc.tree.Src(), host, tc.host)
		}
	}
	// Without "", a scope with no node of the rules leaves the component undefined, and the
	// host's kind, which the unscoped declaration's node gave, goes with it.
	bare, err := ast.NewSchema([]string{"ref", "opaque", "oh", "host"}, []ast.Decl{
		{Key: "component host in opaque", Value: "oh"},
		{Key: "component host", Value: "host"},
		{Key: "hostkind reg-name", Value: "host"},
	})
	if err != nil {
		t.Fatal(err)
	}
	tree := ast.NewTree("h.", bare, []ast.TreeNode{node(0, 2, 0, 0), node(0, 1, 3, 1), node(2, 2, 1, 1)})
	requireSamePasses(t, tree)
	if sp := tree.Spans(); !ast.PlainComps(bare) || sp.Host.Defined || sp.HostKind != "" {
		t.Fatalf("%q: %+v", tree.Src(), sp)
	}
}

// node is a node of a made-up tree.
func node(start, end, rule, depth int) ast.TreeNode {
	return ast.TreeNode{StartRule: ast.PackStartRule(start, uint16(rule)), EndDepth: ast.PackEndDepth(end, depth)}
}

// requireSamePasses fails the test unless the one pass (for a schema it takes), the general
// way and its first version find the same spans, rule and kind node of tree for every set of
// components asked.
func requireSamePasses(t *testing.T, tree ast.Tree) {
	t.Helper()
	var every []uint
	for want := uint(0); want < 1<<8; want++ {
		every = append(every, want)
	}
	requireSameWays(t, "", tree, every, "one pass", ast.Tree.SpansOf, "the general way", ast.Tree.GeneralSpansOf)
	requireSameWays(t, "", tree, every, "the general way", ast.Tree.GeneralSpansOf, "by rules", ast.Tree.SpansByRulesOf)
}

// requireSameWays fails the test unless two ways to the spans of tree (of grammar id, or a
// made-up one) find the same spans, rule and kind node for each set of components in wants.
func requireSameWays(t *testing.T, id string, tree ast.Tree, wants []uint, aName string, a func(ast.Tree, uint) (ast.Spans, int), bName string, b func(ast.Tree, uint) (ast.Spans, int)) {
	t.Helper()
	for _, want := range wants {
		got, gk := a(tree, want)
		exp, ek := b(tree, want)
		if got != exp || gk != ek {
			t.Fatalf("%s %q, components %08b: %s %+v (kind node %d), %s %+v (%d)", id, tree.Src(), want, aName, got, gk, bName, exp, ek)
		}
	}
}
