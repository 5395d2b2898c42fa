package urlgrammar_test

import (
	"errors"
	"fmt"

	"github.com/urlgrammar/urlgrammar"
)

// The README's Go quick start (TestREADMEQuickStart holds the README's block to this body).
func Example_quickStart() {
	g := urlgrammar.MustLookup("rfc3986")
	fmt.Println(g.Valid("http://example.com/a?b#c")) // the DFA: exact, no allocation

	tree, err := g.Parse("http://user@example.com:8080/a/b?q")
	if err != nil {
		panic(err)
	}
	c := tree.Components() // as the grammar's header declares them
	fmt.Println(*c.Scheme, *c.Host, *c.HostKind, *c.Port, *c.Path, *c.Query)
	fmt.Println(tree.Text(tree.Find("userinfo")))

	_, err = g.Parse("http://example.com/100%")
	var se *urlgrammar.SyntaxError
	if errors.As(err, &se) {
		fmt.Println(se.Offset, se.Rule(), se.Expected())
	}
	// Output:
	// true
	// http example.com reg-name 8080 /a/b q
	// user
	// 23 segment [0-9 A-F a-f]
}
