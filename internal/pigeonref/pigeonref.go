// Package pigeonref imports pigeon's parser of every grammar of this module (grammars/ID/pigeon),
// which registers itself as the reference the tests hold the grammar's recognizer and builder
// to (peg.Reference). Only tests import it: TestNoBuildToolsLinked checks that the library and
// the commands do not.
package pigeonref

import (
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc1738/pigeon"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc2396/pigeon"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc2396bis-01/pigeon"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc2397/pigeon"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc3966/pigeon"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc3986/pigeon"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc3987/pigeon"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc5870/pigeon"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc6068/pigeon"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc6455/pigeon"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc6570/pigeon"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc6874/pigeon"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc8089-nonstandard/pigeon"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc8089/pigeon"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc8141/pigeon"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc9110/pigeon"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc9112/pigeon"
	_ "github.com/urlgrammar/urlgrammar/grammars/url-1993/pigeon"
	_ "github.com/urlgrammar/urlgrammar/grammars/url-syntax-05/pigeon"
	_ "github.com/urlgrammar/urlgrammar/grammars/whatwg-url/pigeon"
)
