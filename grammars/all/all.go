// Package all registers every grammar bundled with urlgrammar when it is imported:
//
//	import _ "github.com/urlgrammar/urlgrammar/grammars/all"
//
// after which urlgrammar.Lookup finds every bundled grammar by its id (urlgrammar.IDs lists
// them): the URI and URL standards and drafts, the scheme grammars, and uri. A program that
// needs one grammar imports that grammar's package alone
// (github.com/urlgrammar/urlgrammar/grammars/rfc3986), and links only it.
package all

import (
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc1738"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc2396"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc2396bis-01"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc2397"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc3966"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc3986"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc3987"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc5870"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc6068"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc6455"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc6570"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc6874"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc8089"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc8089-nonstandard"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc8141"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc9110"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc9112"
	_ "github.com/urlgrammar/urlgrammar/grammars/uri"
	_ "github.com/urlgrammar/urlgrammar/grammars/url-1993"
	_ "github.com/urlgrammar/urlgrammar/grammars/url-syntax-05"
	_ "github.com/urlgrammar/urlgrammar/grammars/web-safe"
	_ "github.com/urlgrammar/urlgrammar/grammars/whatwg-url"
)
