package urlgrammar

import "github.com/urlgrammar/urlgrammar/ast"

// typedTree is the typed tree of one of this module's grammars: the hand-written builder from
// the generic tree (typed3986.go, ...), and the title of the grammar it is for, so that a
// grammar of another module registered under the same id does not get it.
type typedTree struct {
	title string
	build func(t ast.Tree) ast.Root
}

// typedTrees are the typed trees of this module's grammars, by id, which a grammar gets when
// it is registered (registerLocked). They go when the generated views replace them (issue:
// "A grammar is one folder"); TestTypedTreesRegistered holds the titles to the headers'.
var typedTrees = map[string]typedTree{
	RFC3986:      {"RFC 3986, Uniform Resource Identifier (URI): Generic Syntax (January 2005)", typedFromTree3986},
	RFC3987:      {"RFC 3987, Internationalized Resource Identifiers (IRIs) (January 2005)", typedFromTree3986},
	RFC2396bis01: {"draft-fielding-uri-rfc2396bis-01, Uniform Resource Identifier (URI): Generic Syntax (March 2003)", typedFromTree2396},
	URLSyntax05:  {"draft-fielding-url-syntax-05, Uniform Resource Locators (URL): Generic Syntax and Semantics (May 1997)", typedFromTree97},
	RFC1738:      {"RFC 1738, Uniform Resource Locators (URL), section 5 (December 1994)", typedFromTree1738},
	URL1993:      {"Berners-Lee, Uniform Resource Locators, Internet Draft (1993), BNF syntax", typedFromTree93},
}
