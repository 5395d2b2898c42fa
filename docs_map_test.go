package urlgrammar_test

import (
	"os"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/grammars/rfc3986"
	"github.com/urlgrammar/urlgrammar/resolve"
	"github.com/urlgrammar/urlgrammar/warn"
)

// docsGoMap is the map at the top of docs/go.md, compiled and run (TestDocsGoMap holds the
// page's block to the lines of this body before the blank line that ends it).
func docsGoMap(t *testing.T, s, rule, base string) {
	g, err := urlgrammar.Lookup("rfc3986") // unknown id: error listing the known ids
	tree, err := g.Parse(s)                // ast.Tree: the parse in one block, or a *urlgrammar.SyntaxError
	ok := g.Valid(s)                       // membership of the start rule: its DFA, no allocation
	in := g.AcceptedBytes()                // in[b]: byte b occurs in some valid input (none of RFC 3986's needs escaping in TSV or JSON)
	err = g.Match(rule, s)                 // any rule of the grammar as an anchored start symbol
	tree, err = g.ParseRule(rule, s)       // the tree of any rule
	u, ok := rfc3986.Root(&tree)           // the grammar's typed views over the tree (package grammars/rfc3986)

	p := g.NewParser()          // for a corpus: one per goroutine
	tree, err = p.Parse(s)      // Parse's tree (and error) in the Parser's memory, overwritten by the next call
	m := g.NewMatcher()         // for a corpus: one per goroutine
	err = m.Match(g.Start(), s) // Match's error, to keep: made 63 to an allocation

	c := tree.Components()         // the CLI's components and parts, as the grammar's header declares them
	sp := tree.Spans()             // the same components as byte ranges of the input
	var se *urlgrammar.SyntaxError // errors.As(err, &se): Offset, Line, Column; At(), Rule(), Expected(), Msg() computed when first asked

	res, err := resolve.ResolveString(base, s, resolve.Options{Grammar: g}) // s against base; res.Target is an ast.Tree
	ws := warn.CheckIn(g, tree, warn.Set{warn.Userinfo: true})              // section 7's warnings

	if err != nil || !ok || in[' '] || len(ws) != 0 || se != nil || res == nil || u.Text() == "" || c.Scheme == nil || !sp.Scheme.Defined {
		t.Errorf("the map of docs/go.md on %q: err %v, ok %v, %d warnings", s, err, ok, len(ws))
	}
}

func TestDocsGoMap(t *testing.T) {
	docsGoMap(t, "http://a/b?q", "URI-reference", "http://x/y")
	text, err := os.ReadFile("docs/go.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, _ := strings.Cut(string(text), "```go\ng, err := urlgrammar.Lookup")
	block, _, _ := strings.Cut("g, err := urlgrammar.Lookup"+after, "```\n")
	src, err := os.ReadFile("docs_map_test.go")
	if err != nil {
		t.Fatal(err)
	}
	_, body, _ := strings.Cut(string(src), "base string) {\n")
	body, _, _ = strings.Cut(body, "\n\n\tif err != nil")
	var want strings.Builder
	for _, l := range strings.Split(body, "\n") {
		want.WriteString(strings.TrimPrefix(l, "\t") + "\n")
	}
	if want.String() != block {
		t.Errorf("docs/go.md's map and docsGoMap differ:\n%s\nwant\n%s", block, want.String())
	}
}
