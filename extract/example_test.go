package extract_test

import (
	"fmt"

	"github.com/urlgrammar/urlgrammar/extract"
)

func ExampleFind() {
	text := "See <URL:http://example.com/a> or \"ftp://ftp.example.org/pub/\" (mailto:x@example.com)."
	for _, r := range extract.Find(text) {
		fmt.Printf("%d:%d %s %s\n", r.Line, r.Column, r.Delimiter, r.Text)
	}
	// Output:
	// 1:10 angle http://example.com/a
	// 1:36 quote ftp://ftp.example.org/pub/
	// 1:65 none mailto:x@example.com
}
