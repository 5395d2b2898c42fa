package uri_test

import (
	"fmt"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/uri"
)

// Build a reference from raw values, escaped for the parts they go into; a path that would
// read as an authority is refused rather than written.
func ExampleBuild() {
	g := urlgrammar.MustLookup(urlgrammar.RFC3986)
	scheme, host := "https", "example.com"
	query := "q=" + uri.Escape("a&b c", uri.QueryValue)
	tree, err := uri.Build(g, uri.Components{Scheme: &scheme, Authority: &host,
		Path: "/docs/" + uri.Escape("notes/2024.txt", uri.Segment), Query: &query})
	fmt.Println(tree, err)
	_, err = uri.Build(g, uri.Components{Scheme: &scheme, Path: "//evil.example/x"})
	fmt.Println(err)
	// Output:
	// https://example.com/docs/notes%2F2024.txt?q=a%26b%20c <nil>
	// uri: "https://evil.example/x" parses back with the authority "evil.example", not undefined: the components would change meaning
}

func ExampleDecodeQuery() {
	pairs, _ := uri.DecodeQuery("q=a%26b+c&lang=en&debug", true)
	for _, p := range pairs {
		fmt.Printf("%q=%q %v\n", p.Key, p.Value, p.HasValue)
	}
	// Output:
	// "q"="a&b c" true
	// "lang"="en" true
	// "debug"="" false
}
