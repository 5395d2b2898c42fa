package urlgrammar_test

import (
	"fmt"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/grammars/rfc3986"
)

// The typed views of docs/go.md (TestDocsViewsExample holds that page's block to this body).
func Example_views() {
	tree, err := urlgrammar.MustLookup("rfc3986").Parse("http://user@[::1]:8080/a/b?q")
	if err != nil {
		panic(err)
	}
	u, _ := rfc3986.Root(&tree) // the root's view: a URI-reference
	if a, ok := u.Authority(); ok {
		h := a.Host() // an authority has exactly one host
		port, _ := a.Port()
		fmt.Println(h.Text(), h.Kind() == rfc3986.RuleIPLiteral, port.Text())
	}
	if p, ok := u.PathAbempty(); ok {
		for c := p.EachSegment(); c.Next(); {
			fmt.Printf("%q ", c.Value().Text())
		}
		fmt.Println()
	}
	// Output:
	// [::1] true 8080
	// "a" "b"
}
