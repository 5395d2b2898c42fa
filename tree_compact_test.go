package urlgrammar_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
)

func compactNodes(t ast.Tree) []string {
	var out []string
	for i := 0; i < t.Len(); i++ {
		n := t.Node(i)
		out = append(out, t.RuleName(i)+" "+strconv.Itoa(int(n.Start()))+" "+strconv.Itoa(int(n.End())))
	}
	return out
}

// depthNodes is compactNodes with each node's depth: the whole of a tree's structure.
func depthNodes(t ast.Tree) []string {
	out := compactNodes(t)
	for i := range out {
		out[i] += " d" + strconv.Itoa(t.Node(i).Depth())
	}
	return out
}

// Every grammar's tree is its start rule's, covers the input, prints back to it and is
// well formed (checkStructure), and a Parser's tree is the same, on every table input, the
// RFC 3986 tables and 3,000 corpus lines.
func TestTreeStructure(t *testing.T) {
	inputs := append(allTableInputs(t), corpus.Lines(3000, 7)...)
	inputs = append(inputs, rfc3986Valid(t)...)
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		p := g.NewParser()
		for _, s := range inputs {
			tree, err := g.Parse(s)
			if err != nil {
				continue
			}
			ptree, err := p.Parse(s)
			require.NoError(t, err)
			require.Equal(t, depthNodes(tree), depthNodes(ptree), "%s %q (Parser)", id, s)
			assert.Equal(t, s, tree.String(), "prints back")
			assert.Equal(t, g.Start(), tree.RuleName(0), "the root is the start rule")
			checkStructure(t, tree)
		}
	}
}

// ParseRule roots the tree at any rule, as Match matches it, and fails as Match does.
func TestParseRule(t *testing.T) {
	g := urlgrammar.MustLookup("rfc3986")
	tree, err := g.ParseRule("authority", "u@[::1]:80")
	require.NoError(t, err)
	assert.Equal(t, []string{"authority 0 10", "userinfo 0 1", "host 2 7", "IP-literal 2 7", "IPv6address 3 6", "port 8 10"}, compactNodes(tree))
	_, err = g.ParseRule("authority", "u@[::1]:8x")
	require.Error(t, err)
	assert.Equal(t, g.Match("authority", "u@[::1]:8x").Error(), err.Error())
	_, err = g.ParseRule("no-such-rule", "x")
	var unknown *urlgrammar.UnknownRuleError
	require.ErrorAs(t, err, &unknown)
}

// checkStructure checks that every node lies inside its parent and after its previous
// sibling, that the root is the only node at depth 0, and that a node is at most one deeper
// than the node before it.
func checkStructure(t testing.TB, tree ast.Tree) {
	t.Helper()
	// Plain comparisons, not testify's: this runs on every node of thousands of trees, and
	// each assertion call walks the stack (t.Helper).
	var walk func(i int)
	walk = func(i int) {
		n := tree.Node(i)
		if n.Start() > n.End() {
			t.Fatalf("node %d of %q: start %d past end %d", i, tree.Src(), n.Start(), n.End())
		}
		prev := n.Start()
		for c := range tree.Children(i) {
			cn := tree.Node(c)
			if cn.Start() < prev || cn.End() > n.End() {
				t.Fatalf("node %d in %d of %q: [%d,%d) outside [%d,%d) or before a sibling's end", c, i, tree.Src(), cn.Start(), cn.End(), prev, n.End())
			}
			if p := tree.Parent(c); p != i {
				t.Fatalf("node %d of %q: Parent %d, want %d", c, tree.Src(), p, i)
			}
			prev = cn.End()
			walk(c)
		}
	}
	walk(0)
	if d := tree.Node(0).Depth(); d != 0 {
		t.Fatalf("root of %q at depth %d", tree.Src(), d)
	}
	if next := tree.Next(0); next != tree.Len() {
		t.Fatalf("Next(0) of %q = %d, want %d", tree.Src(), next, tree.Len())
	}
	for i := 1; i < tree.Len(); i++ {
		if tree.Node(i).Depth() > tree.Node(i-1).Depth()+1 {
			t.Fatalf("node %d of %q: depth %d under a node of depth %d", i, tree.Src(), tree.Node(i).Depth(), tree.Node(i-1).Depth())
		}
	}
}

func TestCompactTreeMethods(t *testing.T) {
	g := urlgrammar.MustLookup("rfc2396bis-01")
	tree, err := g.Parse("http://user@a.example.:8080/p/q?x#y")
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
	assert.Equal(t, "8080", tree.Text(tree.Find("port")))
	assert.Equal(t, -1, tree.Find("opaque-part"))
	assert.Equal(t, "", tree.Text(tree.Find("opaque-part")), "the README's idiom on a node that is not there")
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
	// It is encoding/json's form of the same nodes, non-ASCII text and all (strconv's Go
	// escapes, \U0001f600, are no JSON: the CLI's parse --json panicked on such an IRI).
	for _, in := range []string{"http://a/b", "http://a/\u00e9\U0001F600?\uE000", "//[v1.x]/%22"} {
		iri, err := urlgrammar.MustLookup("rfc3987").Parse(in)
		require.NoError(t, err)
		assert.Equal(t, treeJSON(t, iri), string(iri.AppendJSON(nil)), in)
	}
	var empty ast.Tree
	assert.Equal(t, "", empty.String())
	assert.Equal(t, "null", string(empty.AppendJSON(nil)))
}

// FuzzParseTree holds every grammar's tree (Parse) to what Valid accepts, to the tree the
// PEG parser's recognizer records and to a Parser's, its components to their spans, and its
// JSON to encoding/json's, on any input.
func FuzzParseTree(f *testing.F) {
	ids := urlgrammar.IDs()
	for i, s := range []string{"http://a/b", "//[::1]:80", "a:b?c#d", "//u@1.2.3.4:9/x/", "//a.b./", "?", "#", "", "a/b",
		"//[::1.2.3.4]", "ftp://u:p@h/a;type=i", "news:a.b", "http://a/b?c+d", "//[v1.x]/é", "http://a/\U0001F600?\uE000"} {
		for gi := range ids {
			f.Add(s, uint8(i+gi))
		}
	}
	grammars := make([]*urlgrammar.Grammar, len(ids))
	parsers := make([]*urlgrammar.Parser, len(ids))
	for i, id := range ids {
		grammars[i] = urlgrammar.MustLookup(id)
		parsers[i] = grammars[i].NewParser()
	}
	f.Fuzz(func(t *testing.T, s string, gi uint8) {
		g, p := grammars[int(gi)%len(grammars)], parsers[int(gi)%len(grammars)]
		tree, terr := g.Parse(s)
		// The compiled PEG decides what Parse accepts; the DFA decides Valid.
		if valid := g.Valid(s); valid != (terr == nil) {
			t.Fatalf("%s %q: Valid %v, Parse %v", g.ID(), s, valid, terr)
		}
		if terr != nil {
			if _, perr := p.Parse(s); perr == nil || perr.Error() != terr.Error() {
				t.Fatalf("%s %q: Parse %v, a Parser %v", g.ID(), s, terr, perr)
			}
			return
		}
		checkComponentSpans(t, tree, tree.Components())
		nodes := strings.Join(depthNodes(tree), "\n")
		recorded, err := g.ParseRule(g.Start(), s)
		if err != nil {
			t.Fatalf("%s %q: Parse accepts, the PEG parser does not: %v", g.ID(), s, err)
		}
		if got := strings.Join(depthNodes(recorded), "\n"); got != nodes {
			t.Fatalf("%s %q: Parse\n%s\nrecorded\n%s", g.ID(), s, nodes, got)
		}
		pt, _ := p.Parse(s)
		if got := strings.Join(depthNodes(pt), "\n"); got != nodes {
			t.Fatalf("%s %q: Parser's\n%s\nGrammar's\n%s", g.ID(), s, got, nodes)
		}
		if want, got := treeJSON(t, tree), string(tree.AppendJSON(nil)); got != want {
			t.Fatalf("%s %q: the tree's JSON\n%s\nencoding/json's\n%s", g.ID(), s, got, want)
		}
		if wantParts, gotParts := partsJSON(t, tree.Components().Parts), string(tree.AppendPartsJSON(nil)); gotParts != wantParts {
			t.Fatalf("%s %q: AppendPartsJSON\n%s\nencoding/json's of Components().Parts\n%s", g.ID(), s, gotParts, wantParts)
		}
		sp := tree.Spans()
		if got, want := string(tree.AppendPartsJSONSpans(nil, &sp, nil)), string(tree.AppendPartsJSON(nil)); got != want {
			t.Fatalf("%s %q: AppendPartsJSONSpans\n%s\nAppendPartsJSON\n%s", g.ID(), s, got, want)
		}
		// Spans made otherwise than by the tree (their fields copied) do not carry the node
		// of the host's kind: it is looked for again, with the same parts.
		made := ast.Spans{Rule: sp.Rule, Scheme: sp.Scheme, Authority: sp.Authority, Userinfo: sp.Userinfo, Host: sp.Host,
			Port: sp.Port, Path: sp.Path, Query: sp.Query, Fragment: sp.Fragment, HostKind: sp.HostKind}
		if got, want := string(tree.AppendPartsJSONSpans(nil, &made, nil)), string(tree.AppendPartsJSON(nil)); got != want {
			t.Fatalf("%s %q: AppendPartsJSONSpans of Spans made by hand\n%s\nAppendPartsJSON\n%s", g.ID(), s, got, want)
		}
	})
}

// partsJSON is encoding/json's form of a parts map (HTML escaping off, as check writes).
func partsJSON(t testing.TB, parts map[string]any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(parts); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// jsonNode is a node of a tree's JSON form as encoding/json writes it: the oracle of
// Tree.AppendJSON.
type jsonNode struct {
	Rule     string     `json:"rule"`
	Start    uint32     `json:"start"`
	End      uint32     `json:"end"`
	Text     string     `json:"text"`
	Children []jsonNode `json:"children,omitempty"`
}

// treeJSON returns the JSON of tree as encoding/json writes its nodes (HTML escaping off).
func treeJSON(t testing.TB, tree ast.Tree) string {
	var node func(i int) jsonNode
	node = func(i int) jsonNode {
		n := tree.Node(i)
		j := jsonNode{Rule: tree.RuleName(i), Start: n.Start(), End: n.End(), Text: tree.Text(i)}
		for c := range tree.Children(i) {
			j.Children = append(j.Children, node(c))
		}
		return j
	}
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	require.NoError(t, enc.Encode(node(0)))
	return strings.TrimSuffix(b.String(), "\n")
}

// The components declared in the headers of every grammar (component, rule, hostkind and
// parts lines) agree with the tree's Spans on every table input, the RFC 3986 tables and the
// corpus, which meet every production of rfc1738 and url-1993; the golden files of package
// check pin their values (TestGoldenJSON).
func TestComponentsDeclared(t *testing.T) {
	inputs := append(allTableInputs(t), corpus.Lines(3000, 7)...)
	inputs = append(inputs, rfc3986Valid(t)...)
	// Every production of the grammars whose components depend on it is met.
	productions := map[string][]string{
		"rfc1738": {"ftpurl", "fileurl", "httpurl", "gopherurl", "mailtourl", "newsurl", "nntpurl", "telneturl",
			"waisurl", "prosperourl", "otherurl"},
		"url-1993": {"generic", "httpaddress", "fileaddress", "afsaddress", "newsaddress", "waisaddress",
			"prosperoaddress", "telnetaddress", "gopheraddress"},
	}
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		met := map[string]bool{}
		for _, s := range inputs {
			tree, err := g.Parse(s)
			if err != nil {
				continue
			}
			c := tree.Components()
			met[c.Rule] = true
			checkComponentSpans(t, tree, c)
		}
		for _, p := range productions[id] {
			assert.True(t, met[p], "%s: no input of production %s", id, p)
		}
	}
}

// checkComponentSpans holds a tree's Spans to its Components: each defined range is the
// component's text, in the source.
func checkComponentSpans(t testing.TB, tree ast.Tree, c ast.Components) {
	t.Helper()
	// Plain comparisons, not testify's: this runs on thousands of trees (checkStructure).
	sp, src := tree.Spans(), tree.Src()
	if c.Rule != sp.Rule {
		t.Fatalf("rule of %q: Spans %q, Components %q", src, sp.Rule, c.Rule)
	}
	for _, x := range []struct {
		name string
		r    ast.Range
		text *string
	}{{"scheme", sp.Scheme, c.Scheme}, {"authority", sp.Authority, c.Authority}, {"userinfo", sp.Userinfo, c.Userinfo},
		{"host", sp.Host, c.Host}, {"port", sp.Port, c.Port}, {"path", sp.Path, c.Path}, {"query", sp.Query, c.Query},
		{"fragment", sp.Fragment, c.Fragment}} {
		if (x.text != nil) != x.r.Defined {
			t.Fatalf("%s of %q: in Components %v, defined in Spans %v", x.name, src, x.text != nil, x.r.Defined)
		}
		if x.text != nil {
			if !(0 <= x.r.Start && x.r.Start <= x.r.End && x.r.End <= len(src)) {
				t.Fatalf("%s of %q: %v", x.name, src, x.r)
			}
			if got := x.r.In(src); got != *x.text {
				t.Fatalf("%s of %q: Spans %q, Components %q", x.name, src, got, *x.text)
			}
		}
	}
	if (c.HostKind != nil) != (sp.HostKind != "") {
		t.Fatalf("host kind of %q: Components %v, Spans %q", src, c.HostKind != nil, sp.HostKind)
	}
	if c.HostKind != nil && *c.HostKind != sp.HostKind {
		t.Fatalf("host kind of %q: Components %q, Spans %q", src, *c.HostKind, sp.HostKind)
	}
}

// A schema's declarations are checked: each names rules of the grammar, in a known form.
func TestSchemaErrors(t *testing.T) {
	names := []string{"uri", "scheme", "path", "query"}
	for decl, want := range map[ast.Decl]string{
		{Key: "component scheme", Value: "nope"}:   `component scheme: "nope" is not a rule`,
		{Key: "component colour", Value: "scheme"}: `component "colour": not one of`,
		{Key: "hostkind", Value: "scheme"}:         "hostkind without a kind",
		{Key: "parts", Value: "x=@nope"}:           "want KEY=@COMPONENT",
		{Key: "parts", Value: "=scheme"}:           "no key",
		{Key: "parts", Value: "path*/colour"}:      "want ENTRY/COMPONENT",
		{Key: "errors", Value: "path"}:             "want RULE^, RULE^^ or RULE=NAME",
		{Key: "errors", Value: "path="}:            "want RULE^, RULE^^ or RULE=NAME",
		{Key: "errors", Value: "nope^"}:            `"nope" is not a rule`,
		{Key: "errors", Value: "nope>path^"}:       `"nope" is not a rule`,
		{Key: "colour", Value: "red"}:              `unknown declaration "colour"`,
	} {
		_, err := ast.NewSchema(names, []ast.Decl{decl})
		assert.ErrorContains(t, err, want, decl)
	}
	_, err := ast.NewSchema(names, []ast.Decl{{Key: "component path", Value: "path"}, {Key: "component path", Value: "path"}})
	assert.ErrorContains(t, err, "component path declared twice")
	_, err = ast.NewSchema(names, []ast.Decl{{Key: "parts", Value: "path p=path"}, {Key: "parts", Value: "p*=query"}})
	assert.ErrorContains(t, err, `the key "p" is declared twice`, "a JSON object has each key once")

	s, err := ast.NewSchema(names, []ast.Decl{
		{Key: "component path", Value: `path<? ""`}, {Key: "component query", Value: "query path>?"},
		{Key: "parts", Value: "path* q=@query pp*=path/path"},
	})
	require.NoError(t, err)
	c := ast.NewTree("a?b", s, []ast.TreeNode{{StartRule: ast.PackStartRule(0, 0), EndDepth: ast.PackEndDepth(3, 0)}, {StartRule: ast.PackStartRule(0, 2), EndDepth: ast.PackEndDepth(3, 1)}}).Components()
	assert.Equal(t, "a", *c.Path)
	assert.Equal(t, "b", *c.Query, "the path's text after its ?")
	assert.Equal(t, map[string]any{"path": []string{"a?b"}, "q": "b", "pp": []string{"a?b"}}, c.Parts)
	c = ast.NewTree("", s, []ast.TreeNode{{StartRule: ast.PackStartRule(0, 0)}, {StartRule: ast.PackStartRule(0, 2), EndDepth: ast.PackEndDepth(0, 1)}}).Components()
	assert.Equal(t, "", *c.Path, `"": present and empty when no rule matched`)
	assert.Equal(t, map[string]any{"path": []string{""}}, c.Parts, "pp*=path/path: no pp when the path is empty")
	assert.Nil(t, c.Query)
	assert.Nil(t, c.Scheme, "undeclared")
	assert.Equal(t, "uri", c.Rule)
}

// The errors declaration names the rule of an error from the innermost node at its offset:
// a node that gives way (RULE^) leaves its parent's name, one that gives way with all inside
// it (RULE^^) stops the search, a renamed one (RULE=NAME) gives NAME, and PARENT>RULE
// applies under that parent only.
func TestErrorRuleDeclaration(t *testing.T) {
	names := []string{"uri", "host", "label", "ip6", "ip4", "seg", "path"}
	s, err := ast.NewSchema(names, []ast.Decl{{Key: "errors", Value: "label^ ip6^^ path>seg=segment host>ip4^"}})
	require.NoError(t, err)
	node := func(start, end, rule, depth int) ast.TreeNode {
		return ast.TreeNode{StartRule: ast.PackStartRule(start, uint16(rule)), EndDepth: ast.PackEndDepth(end, depth)}
	}
	// "ab[1:2.3]/cd/x": uri > host(ab) > label(ab); host > ip6 > ip4; path > seg(cd); seg(x) at the root
	src := "ab[1:2.3]/cd/x"
	tree := ast.NewTree(src, s, []ast.TreeNode{
		node(0, 14, 0, 0), node(0, 2, 1, 1), node(0, 2, 2, 2), node(2, 9, 1, 1), node(3, 8, 3, 2), node(5, 8, 4, 3),
		node(9, 12, 6, 1), node(10, 12, 5, 2), node(13, 14, 5, 1),
	})
	for at, want := range map[int]string{0: "host", 4: "host", 6: "host", 11: "segment", 9: "path", 13: "seg", 12: "uri"} {
		assert.Equal(t, want, tree.ErrorRule(at), "at %d", at)
	}
	assert.Equal(t, "", ast.Tree{}.ErrorRule(0))
}

// The forms RFC 1738 and url-1993 need: a scheme's own declarations (in SCOPE), the rule of
// the components, A.. and A/.. to the end of the scope, an empty declaration, and parts
// taken only under a given parent.
func TestSchemaScopes(t *testing.T) {
	// x = "x:" a "/" b [ "/" n ]   y = "y:" a [ "/" n ]   n inside a or the root
	names := []string{"url", "x", "y", "scheme", "a", "b", "n"}
	s, err := ast.NewSchema(names, []ast.Decl{
		{Key: "rule", Value: "x y"},
		{Key: "component path in x", Value: "a.."},
		{Key: "component path in y", Value: "a/.."},
		{Key: "component path", Value: "b"},
		{Key: "component host in y", Value: ""},
		{Key: "component host", Value: "a"},
		{Key: "parts", Value: "n=x>n b"},
	})
	require.NoError(t, err)
	node := func(start, end, rule, depth int) ast.TreeNode {
		return ast.TreeNode{StartRule: ast.PackStartRule(start, uint16(rule)), EndDepth: ast.PackEndDepth(end, depth)}
	}
	// "x:aa/b/9" (plus "#f" outside the scope): url > x > scheme a b n
	src := "x:aa/b/9#f"
	c := ast.NewTree(src, s, []ast.TreeNode{node(0, 10, 0, 0), node(0, 8, 1, 1), node(0, 1, 3, 2), node(2, 4, 4, 2), node(5, 6, 5, 2), node(7, 8, 6, 2)}).Components()
	assert.Equal(t, "x", c.Rule, "the rule: declaration, not the root")
	assert.Equal(t, "aa/b/9", *c.Path, "a.. ends with the scope x, before #f")
	assert.Equal(t, "aa", *c.Host)
	assert.Equal(t, map[string]any{"n": "9", "b": "b"}, c.Parts)

	// "y:a5/9": url > y > scheme a(n) n; the n inside a is not y's child
	src = "y:a5/9"
	c = ast.NewTree(src, s, []ast.TreeNode{node(0, 6, 0, 0), node(0, 6, 2, 1), node(0, 1, 3, 2), node(2, 4, 4, 2), node(3, 4, 6, 3), node(5, 6, 6, 2)}).Components()
	assert.Equal(t, "y", c.Rule)
	assert.Equal(t, "9", *c.Path, "a/..: after a and its /")
	assert.Nil(t, c.Host, "an empty declaration in y: undefined, the unscoped one not asked")
	assert.Equal(t, map[string]any{}, c.Parts, "no n under an x")
	c = ast.NewTree("y:a5", s, []ast.TreeNode{node(0, 4, 0, 0), node(0, 4, 2, 1), node(0, 1, 3, 2), node(2, 4, 4, 2)}).Components()
	assert.Nil(t, c.Path, "a/.. without a / after a")

	_, err = ast.NewSchema(names, []ast.Decl{{Key: "component path in x", Value: "a"}, {Key: "component path in x", Value: "b"}})
	assert.ErrorContains(t, err, "component path in x declared twice")
	_, err = ast.NewSchema(names, []ast.Decl{{Key: "component path in z", Value: "a"}})
	assert.ErrorContains(t, err, `"z" is not a rule`)
	_, err = ast.NewSchema(names, []ast.Decl{{Key: "parts", Value: "k=z>a"}})
	assert.ErrorContains(t, err, `"z" is not a rule`)
}

// CheckTree takes only a tree of its own grammar's start rule.
func TestCheckTree(t *testing.T) {
	g, other := urlgrammar.MustLookup("rfc3986"), urlgrammar.MustLookup("url-syntax-05")
	tree, err := g.Parse("http://a/b?c")
	require.NoError(t, err)
	require.NoError(t, g.CheckTree(tree))
	assert.ErrorContains(t, other.CheckTree(tree), "a tree of another grammar")
	assert.ErrorContains(t, g.CheckTree(ast.Tree{}), "an empty tree")
	host, err := g.ParseRule("host", "a")
	require.NoError(t, err)
	assert.ErrorContains(t, g.CheckTree(host), "not of the start rule URI-reference")
}

// Parent is the node whose Children hold i, for every node of every grammar's tree of the
// tables.
func TestParent(t *testing.T) {
	inputs := allTableInputs(t)
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		for _, s := range inputs {
			tree, err := g.Parse(s)
			if err != nil {
				continue
			}
			require.Equal(t, -1, tree.Parent(0))
			for p := 0; p < tree.Len(); p++ {
				for c := range tree.Children(p) {
					require.Equal(t, p, tree.Parent(c), "%s %q node %d", id, s, c)
				}
			}
		}
	}
}
