package urlgrammar_test

import (
	"fmt"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
)

func ExampleGrammar_Parse() {
	g, err := urlgrammar.Lookup("rfc2396bis-01")
	if err != nil {
		panic(err)
	}
	tree, err := g.Parse("http://user@192.0.2.1:8080/a/b?q#frag")
	if err != nil {
		panic(err)
	}
	ref := tree.(*ast.URIReference)
	host := ref.Authority.Server.Host
	fmt.Println(ref.Scheme.Text, host.Kind, host.Text, ref.Authority.Server.Port.Text)
	fmt.Println(ref.Path.Text, len(ref.Path.Segments), ref.Query.Text, ref.Fragment.Text)
	fmt.Println(tree.String())
	// Output:
	// http ipv4 192.0.2.1 8080
	// /a/b 2 q frag
	// http://user@192.0.2.1:8080/a/b?q#frag
}

func ExampleGrammar_Parse_error() {
	g := urlgrammar.MustLookup("rfc2396bis-01")
	_, err := g.Parse("http://example.com/100%")
	fmt.Println(err)
	// Output:
	// rfc2396bis-01:1:24: unexpected end of input in escaped, expected 0-9, A-F or a-f
	// http://example.com/100%
	//                        ^
}

func ExampleGrammar_Match() {
	g := urlgrammar.MustLookup("rfc2396bis-01")
	for _, s := range []string{"255", "256"} {
		fmt.Println(s, g.Match("dec-octet", s) == nil)
	}
	// Output:
	// 255 true
	// 256 false
}

func ExampleGrammar_Valid() {
	g := urlgrammar.MustLookup("rfc2396bis-01")
	fmt.Println(g.Valid("foo:[bar]"), g.Valid("foo:/[bar]"))
	// Output: true false
}
