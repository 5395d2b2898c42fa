package urlgrammar_test

import (
	"errors"
	"fmt"

	"github.com/urlgrammar/urlgrammar"
)

// The grammar uri checks a URI against RFC 3986 and, when its scheme has a grammar, against
// that too; the error says which specification rejected it, where, and in which rule.
func Example_schemes() {
	g := urlgrammar.MustLookup("uri") // import _ ".../grammars/uri" (or grammars/all)
	for _, s := range []string{
		"mailto:a@example.org?subject=hi",
		"http:example.org/",        // RFC 3986 accepts it; RFC 9110's http-URI needs "//"
		"ws://user@example.org/",   // RFC 6455: no userinfo
		"x-custom:anything/at/all", // no grammar for the scheme: RFC 3986 alone
	} {
		_, err := g.Parse(s)
		var se *urlgrammar.SyntaxError
		if errors.As(err, &se) {
			fmt.Printf("%s: rejected by %s (the %s scheme) at offset %d, in %s\n", s, se.Grammar, se.Scheme(), se.Offset, se.Rule())
			continue
		}
		fmt.Println(s, "is valid:", g.Valid(s))
	}
	sg, _ := urlgrammar.SchemeGrammarOf("URN")
	fmt.Println("urn:", sg.Grammar.ID(), sg.Rule, "with the fragment:", sg.Fragment)
	// Output:
	// mailto:a@example.org?subject=hi is valid: true
	// http:example.org/: rejected by rfc9110 (the http scheme) at offset 5, in http-URI
	// ws://user@example.org/: rejected by rfc6455 (the ws scheme) at offset 9, in ws-URI
	// x-custom:anything/at/all is valid: true
	// urn: rfc8141 namestring with the fragment: true
}
