// Package uri registers the grammar "uri" when it is imported: RFC 3986's URI-reference
// (grammar rfc3986's rules and trees), with each URI it accepts also checked against the
// grammar of its scheme, when one is registered. It imports every scheme grammar bundled
// with urlgrammar (urlgrammar.SchemeGrammars lists them); a scheme grammar registered from
// outside the module takes part the same way. A URI whose scheme has no grammar is checked by
// RFC 3986 alone, and so is a relative reference.
//
//	import _ "github.com/urlgrammar/urlgrammar/grammars/uri"
//
//	g := urlgrammar.MustLookup("uri")
//	g.Valid("mailto:a@example.org?subject=hi") // true
//	err := g.Match(g.Start(), "http://a b")      // rfc3986's error
//	err = g.Match(g.Start(), "http:/a")           // rfc9110's: http-URI needs "//"
//
// A scheme grammar checks the URI without its fragment, which RFC 3986 section 3.5 makes
// independent of the scheme, unless its scheme line says "+fragment". The error of a URI
// that its scheme's grammar rejects is that grammar's (SyntaxError.Grammar is its id, the
// rule is its rule), at the offset in the whole URI.
//
// This file is the grammar's only Go: the grammar is rfc3986's generated registration under
// another id, with urlgrammar.Generated's Info.CheckSchemes set.
package uri

import (
	"github.com/urlgrammar/urlgrammar/grammarkit"
	"github.com/urlgrammar/urlgrammar/grammars/rfc3986"

	_ "github.com/urlgrammar/urlgrammar/grammars/rfc2397"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc3966"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc5870"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc6068"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc6455"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc8089"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc8141"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc9110"
)

// ID is the grammar's id.
const ID = "uri"

// Generated is the grammar's registration: rfc3986's, checking schemes.
var Generated = func() grammarkit.Generated {
	g := rfc3986.Generated
	g.Info.ID = ID
	g.Info.Title = "RFC 3986, each URI also checked against the grammar of its scheme"
	g.Info.CheckSchemes = true
	g.ABNF = "; uri: the rules below are grammar rfc3986's; each URI they accept is also checked against\n" +
		"; the grammar of its scheme, when one is registered (urlgrammar grammars --schemes).\n;\n" + g.ABNF
	return g
}()

var _ = grammarkit.Register(Generated)
