// Package websafe registers the grammar "web-safe" when it is imported: the URLs that the
// WHATWG URL Standard's writing grammar (whatwg-url, with its valid-domain predicate) and
// RFC 3986 both accept, and split into the same scheme, authority, userinfo, host, port,
// path, query and fragment. Such a URL means the same to a browser, to an HTTP client that
// follows the WHATWG parser and to a checker that follows RFC 3986, which is what an
// allowlist needs: a string outside it may name one host to the check and another to the
// fetch.
//
//	import _ "github.com/urlgrammar/urlgrammar/grammars/web-safe"
//
//	g := urlgrammar.MustLookup("web-safe")
//	g.Valid("https://example.com/a?b#c") // true
//	g.Valid("https://user@example.com/") // false: no userinfo in a valid URL string
//	g.Valid("http:/example.com/")        // false: a path to RFC 3986, a host to browsers
//
// Its language is computed, not listed: Valid runs the intersection of the two start rules'
// automata (urlgrammar.Language and diff compare it), then the predicate on the domain and
// the check that the two trees split the input the same way. An input RFC 3986 rejects gets
// rfc3986's error; one it splits otherwise, an error at the first component that differs.
//
// This file is the grammar's only Go: the grammar is whatwg-url's generated registration
// under another id, with Info.Within naming rfc3986.
package websafe

import (
	"github.com/urlgrammar/urlgrammar/grammarkit"
	"github.com/urlgrammar/urlgrammar/grammars/rfc3986"
	whatwgurl "github.com/urlgrammar/urlgrammar/grammars/whatwg-url"
)

// ID is the grammar's id.
const ID = "web-safe"

// Generated is the grammar's registration: whatwg-url's, within rfc3986.
var Generated = func() grammarkit.Generated {
	g := whatwgurl.Generated
	g.Info.ID = ID
	g.Info.Title = "WHATWG valid URL strings that RFC 3986 accepts and splits the same way"
	g.Info.Within = []string{rfc3986.Generated.Info.ID}
	g.ABNF = "; web-safe: the rules below are grammar whatwg-url's; each URL they accept must also be an\n" +
		"; RFC 3986 URI-reference (grammar rfc3986) with the same components.\n;\n" + g.ABNF
	return g
}()

var _ = grammarkit.Register(Generated)
