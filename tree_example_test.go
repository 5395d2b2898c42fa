package urlgrammar_test

import (
	"fmt"

	"github.com/urlgrammar/urlgrammar"
)

// The tree of docs/go.md (TestDocsTreeExample holds that page's block to this body).
func Example_tree() {
	g := urlgrammar.MustLookup("rfc2396bis-01")
	tree, err := g.Parse("http://a.example:8080/p?q")
	if err != nil {
		panic(err)
	}
	port := tree.Text(tree.Find("port")) // "8080"; "" when there is no port node (Find gives -1)
	for c := range tree.Children(0) {    // scheme, authority, abs-path, query
		fmt.Print(tree.RuleName(c), " ")
	}
	c := tree.Components() // scheme, authority, host, hostKind, ... as the header declares
	sp := tree.Spans()     // the same components as byte ranges
	fmt.Println(port, *c.Host, *c.HostKind, sp.Port.In(tree.Src()))
	// Output: scheme authority abs-path query 8080 a.example hostname 8080
}
