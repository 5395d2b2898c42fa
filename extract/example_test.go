package extract_test

import (
	"fmt"
	"strings"

	"github.com/urlgrammar/urlgrammar/extract"
)

func ExampleFind() {
	text := "See <URL:http://example.com/a> or \"ftp://ftp.example.org/pub/\" (mailto:x@example.com).\n" +
		"Not URIs: std::vector, KJK::Hyperion, C:\\path, 10:30, e.g.: this."
	for _, r := range extract.Find(text, extract.Options{}) {
		fmt.Printf("%d:%d %s %s\n", r.Line, r.Column, r.Delimiter, r.Text)
	}
	// Output:
	// 1:10 angle http://example.com/a
	// 1:36 double-quote ftp://ftp.example.org/pub/
	// 1:65 parenthesis mailto:x@example.com
}

// References reads a stream: a Markdown file, an HTML page, a log. With Relative, the
// relative references of links and attributes are found too.
func ExampleReferences() {
	doc := `# Links
See the [guide](../guide.md), <https://example.com/a-very-
long/path>, and <a href="/download">the download page</a>.
`
	for r, err := range extract.References(strings.NewReader(doc), extract.Options{Relative: true}) {
		if err != nil {
			fmt.Println("read error:", err)
			break
		}
		fmt.Printf("%d:%d %-9s %s", r.Line, r.Column, r.Delimiter, r.Text)
		if r.Hyphenated {
			fmt.Printf(" (or %s)", r.Unhyphenated)
		}
		if r.Key != "" {
			fmt.Printf(" (%s)", r.Key)
		}
		fmt.Println()
	}
	// Output:
	// 2:17 markdown  ../guide.md
	// 2:32 angle     https://example.com/a-very-long/path (or https://example.com/a-verylong/path)
	// 3:26 attribute /download (href)
}
