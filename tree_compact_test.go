package urlgrammar_test

import (
	"encoding/json"
	"reflect"
	"strconv"
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
			out = append(out, name+" "+strconv.Itoa(n.Pos())+" "+strconv.Itoa(n.End()))
		}
		return true
	})
	return out
}

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

// typedAs says, per grammar, how the typed tree's nodes that the generic tree does not have
// under the same name appear in it: as a node of one of these rules with the same span, or,
// for an empty list, not at all, because the grammar has no rule there:
//   - rfc2396bis-01: a typed Path without segments stands for no path rule (the grammar
//     matches none in "http:"); the first segment of a rel-path is a rel-segment.
//   - rfc3986, rfc3987: Server groups userinfo, host and port, which RFC 3986 puts in the
//     authority itself; a segment is a segment-nz or segment-nz-nc where the grammar says so,
//     and the typed tree's empty segment of "/" is none (path-absolute = "/" [ segment-nz
//     ... ]).
//   - url-syntax-05: the typed tree names the site authority and gives it a Server and a
//     Userinfo; the grammar has site, user and password. The typed abs-path and rel-path
//     end before the query, which the grammar's hold (rel-path = [ path-segments ] [ "?"
//     query ]): no rule has their span; their segments are in a path-segments. The typed hostnumber's digits are
//     1*digit in the grammar, no rule.
//   - rfc1738: the typed tree spells gopher-plus-string "gopher+_string", the section 5
//     text's name.
//   - url-1993: an AFS cell's host is a cellname; a hostname's single label, typed a
//     toplabel (the 1993 grammar has none), is an ialpha (or the hostname itself, where
//     hostport's TRAP rewriting of hostname matched it); the empty xpalphas the typed tree
//     gives a path after its last "/" is the grammar's void.
var typedAs = map[string]map[string][]string{
	"rfc2396bis-01": {"path": nil, "segment": {"segment", "rel-segment"}},
	"rfc3986":       {"server": nil, "segment": {"segment", "segment-nz", "segment-nz-nc", ""}},
	"rfc3987":       {"server": nil, "isegment": {"isegment", "isegment-nz", "isegment-nz-nc", ""}},
	"url-syntax-05": {"authority": {"site"}, "server": nil, "userinfo": nil, "path": nil, "abs-path": nil, "rel-path": nil, "digits": nil},
	"rfc1738":       {"gopher+_string": {"gopher-plus-string"}},
	"url-1993":      {"host": {"host", "cellname"}, "toplabel": {"ialpha", "hostname"}, "xpalphas": {"xpalphas", ""}},
}

// typedMissing returns the typed tree's nodes that the generic tree lacks, allowing for
// typedAs; "" when there are none.
func typedMissing(id string, root ast.Root, tree ast.Tree) string {
	have := map[string]bool{}
	for _, n := range compactNodes(tree) {
		have[n] = true
	}
	var missing []string
	for _, n := range typedNodes(root) {
		name, span, _ := strings.Cut(n, " ")
		names, mapped := typedAs[id][name]
		if !mapped {
			names = []string{name}
		} else if names == nil {
			continue
		}
		found := false
		for _, as := range names {
			// "": an empty node may have no counterpart
			found = found || have[as+" "+span] || (as == "" && emptySpan(span))
		}
		if !found {
			missing = append(missing, n)
		}
	}
	return strings.Join(missing, ", ")
}

// The generic tree of every grammar is the typed tree's, node for node (rule and span, as
// typedAs maps the typed names), with the nodes the typed tree leaves out, on every table
// input, the RFC 3986 tables and 3,000 corpus lines; errors are Parse's. A Parser's tree is
// the same.
func TestTreeMatchesTyped(t *testing.T) {
	inputs := append(allTableInputs(t), corpus.Lines(3000, 7)...)
	inputs = append(inputs, rfc3986Valid(t)...)
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		p := g.NewParser()
		for _, s := range inputs {
			root, err := g.ParseTyped(s)
			tree, terr := g.Parse(s)
			require.Equal(t, err == nil, terr == nil, "%s %q", id, s)
			if err != nil {
				assert.Equal(t, err.Error(), terr.Error())
				continue
			}
			if rt, ok := root.(ast.Tree); ok { // a grammar without typed trees of its own
				require.Equal(t, depthNodes(tree), depthNodes(rt), "%s %q", id, s)
			} else {
				require.Empty(t, typedMissing(id, root, tree), "%s %q: typed nodes missing from\n%s", id, s, fprint(tree))
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

// emptySpan reports whether "START END" is an empty span.
func emptySpan(span string) bool {
	a, b, _ := strings.Cut(span, " ")
	return a == b
}

func fprint(tree ast.Tree) string {
	var b strings.Builder
	_ = tree.Fprint(&b)
	return b.String()
}

// checkStructure checks that every node lies inside its parent and after its previous
// sibling, that the root is the only node at depth 0, and that a node is at most one deeper
// than the node before it.
func checkStructure(t testing.TB, tree ast.Tree) {
	t.Helper()
	var walk func(i int)
	walk = func(i int) {
		n := tree.Node(i)
		require.LessOrEqual(t, n.Start(), n.End())
		prev := n.Start()
		for c := range tree.Children(i) {
			cn := tree.Node(c)
			require.True(t, cn.Start() >= prev && cn.End() <= n.End(), "node %d in %d", c, i)
			require.Equal(t, i, tree.Parent(c))
			prev = cn.End()
			walk(c)
		}
	}
	walk(0)
	require.Equal(t, 0, tree.Node(0).Depth())
	require.Equal(t, tree.Len(), tree.Next(0))
	for i := 1; i < tree.Len(); i++ {
		require.LessOrEqual(t, tree.Node(i).Depth(), tree.Node(i-1).Depth()+1, "node %d", i)
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

// FuzzParseTree holds every grammar's tree (Parse) to its typed tree (typedAs; Typed of the
// tree, and a Parser's Typed of its own, is ParseTyped's; the declared components are the
// typed tree's) and to a Parser's, with ParseTyped's errors,
// what Parse accepts to what Valid accepts, and every tree to the one the PEG parser's
// recognizer records, on any input.
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
		root, err := g.ParseTyped(s)
		tree, terr := g.Parse(s)
		if (err == nil) != (terr == nil) || (err != nil && err.Error() != terr.Error()) {
			t.Fatalf("%s %q: ParseTyped %v, Parse %v", g.ID(), s, err, terr)
		}
		// The compiled PEG decides what Parse accepts; the DFA decides Valid.
		if valid := g.Valid(s); valid != (terr == nil) {
			t.Fatalf("%s %q: Valid %v, Parse %v", g.ID(), s, valid, terr)
		}
		if err != nil {
			return
		}
		if _, treeOnly := root.(ast.Tree); !treeOnly { // a grammar with typed trees of its own
			if m := typedMissing(g.ID(), root, tree); m != "" {
				t.Fatalf("%s %q: typed nodes missing: %s\n%s", g.ID(), s, m, fprint(tree))
			}
			if typed, err := g.Typed(tree); err != nil || !reflect.DeepEqual(typed, root) {
				t.Fatalf("%s %q: Typed of the tree (%v) is not ParseTyped's tree", g.ID(), s, err)
			}
			want, got := componentsOfBoth(g.ID(), root, tree)
			if !reflect.DeepEqual(want, got) {
				t.Fatalf("%s %q: the declared components\n%+v\nthe typed tree's\n%+v", g.ID(), s, got, want)
			}
			checkComponentSpans(t, root, tree, got)
		}
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
		if typed, err := g.Typed(pt); err != nil || !reflect.DeepEqual(typed, root) {
			t.Fatalf("%s %q: Typed of the Parser's tree (%v) is not ParseTyped's tree", g.ID(), s, err)
		}
		if want, got := treeJSON(t, tree), string(tree.AppendJSON(nil)); got != want {
			t.Fatalf("%s %q: the tree's JSON\n%s\nencoding/json's\n%s", g.ID(), s, got, want)
		}
		if wantParts, gotParts := partsJSON(t, tree.Components().Parts), string(tree.AppendPartsJSON(nil)); gotParts != wantParts {
			t.Fatalf("%s %q: AppendPartsJSON\n%s\nencoding/json's of Components().Parts\n%s", g.ID(), s, gotParts, wantParts)
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
// parts lines) give Tree.Components the typed trees' Components, field for field, on every
// table input, the RFC 3986 tables and the corpus, every production of rfc1738 and url-1993
// among them. One difference is the grammar's, and kept: RFC 3986's path-absolute "/" has no
// segment (path-absolute = "/" [ segment-nz ... ]), where the typed tree reports one empty
// segment. (url-syntax-05's empty rel-path, whose path-segments matches one empty segment,
// has none: its header declares segment*/path, the segments of a non-empty path.)
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
		n := 0
		met := map[string]bool{}
		defer func() {
			for _, p := range productions[id] {
				assert.True(t, met[p], "%s: no input of production %s", id, p)
			}
		}()
		for _, s := range inputs {
			root, err := g.ParseTyped(s)
			if err != nil {
				continue
			}
			if _, ok := root.(ast.Tree); ok {
				n = -1 // no typed tree to hold the declared components to
				break
			}
			tree, err := g.Parse(s)
			require.NoError(t, err)
			want, got := componentsOfBoth(id, root, tree)
			met[want.Rule] = true
			require.Equal(t, want, got, "%s %q", id, s)
			checkComponentSpans(t, root, tree, got)
			n++
		}
		if n >= 0 {
			assert.Greater(t, n, 1000, id)
		}
	}
}

// checkComponentSpans holds a tree's Spans to its Components (each defined range is the component's
// text, in the source) and, for a generic reference, to where the typed nodes are.
func checkComponentSpans(t *testing.T, root ast.Root, tree ast.Tree, c ast.Components) {
	t.Helper()
	sp, src := tree.Spans(), tree.Src()
	require.Equal(t, c.Rule, sp.Rule, src)
	for _, x := range []struct {
		name string
		r    ast.Range
		text *string
	}{{"scheme", sp.Scheme, c.Scheme}, {"authority", sp.Authority, c.Authority}, {"userinfo", sp.Userinfo, c.Userinfo},
		{"host", sp.Host, c.Host}, {"port", sp.Port, c.Port}, {"path", sp.Path, c.Path}, {"query", sp.Query, c.Query},
		{"fragment", sp.Fragment, c.Fragment}} {
		require.Equal(t, x.text != nil, x.r.Defined, "%s of %q", x.name, src)
		if x.text != nil {
			require.True(t, 0 <= x.r.Start && x.r.Start <= x.r.End && x.r.End <= len(src), "%s of %q: %v", x.name, src, x.r)
			require.Equal(t, *x.text, x.r.In(src), "%s of %q", x.name, src)
		}
	}
	require.Equal(t, c.HostKind != nil, sp.HostKind != "", src)
	if c.HostKind != nil {
		require.Equal(t, *c.HostKind, sp.HostKind, src)
	}
	r, ok := root.(*ast.URIReference)
	if !ok {
		return
	}
	at := func(name string, typed ast.Span, ok bool, rg ast.Range) {
		if ok {
			require.Equal(t, typed.Pos(), rg.Start, "%s of %q", name, src)
		}
	}
	at("scheme", spanOf(r.Scheme), r.Scheme != nil, sp.Scheme)
	at("query", spanOf(r.Query), r.Query != nil, sp.Query)
	at("fragment", spanOf(r.Fragment), r.Fragment != nil, sp.Fragment)
	if a := r.Authority; a != nil {
		at("authority", a.Span, true, sp.Authority)
		if s := a.Server; s != nil {
			at("userinfo", spanOf(s.Userinfo), s.Userinfo != nil, sp.Userinfo)
			at("host", spanOf(s.Host), s.Host != nil, sp.Host)
			at("port", spanOf(s.Port), s.Port != nil, sp.Port)
		}
	}
}

// spanOf is the span of a typed node, the zero span for nil.
func spanOf[N interface{ Pos() int }](n N) ast.Span {
	if any(n) == nil || reflect.ValueOf(n).IsNil() {
		return ast.Span{}
	}
	return ast.Span{Start: n.Pos()}
}

// componentsOfBoth returns the Components of the typed tree and of the tree of one input,
// without the difference that is the grammar's (TestComponentsDeclared).
func componentsOfBoth(id string, root ast.Root, tree ast.Tree) (want, got ast.Components) {
	want, got = typedComponents(root), tree.Components()
	key := map[string]string{"rfc3986": "segment", "rfc3987": "isegment"}[id]
	if segs, ok := want.Parts[key]; ok && reflect.DeepEqual(segs, []string{""}) && tree.Find(key) < 0 {
		delete(want.Parts, key) // "/": no segment in the grammar
	}
	return want, got
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

// Typed takes only a tree of its own grammar's start rule, and gives what ParseTyped gives.
func TestTyped(t *testing.T) {
	g, other := urlgrammar.MustLookup("rfc3986"), urlgrammar.MustLookup("url-syntax-05")
	tree, err := g.Parse("http://a/b?c")
	require.NoError(t, err)
	typed, err := g.Typed(tree)
	require.NoError(t, err)
	want, err := g.ParseTyped("http://a/b?c")
	require.NoError(t, err)
	assert.Equal(t, want, typed)

	_, err = other.Typed(tree)
	assert.ErrorContains(t, err, "a tree of another grammar")
	_, err = g.Typed(ast.Tree{})
	assert.ErrorContains(t, err, "an empty tree")
	host, err := g.ParseRule("host", "a")
	require.NoError(t, err)
	_, err = g.Typed(host)
	assert.ErrorContains(t, err, "not of the start rule URI-reference")
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
