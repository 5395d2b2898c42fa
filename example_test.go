package urlgrammar_test

import (
	"fmt"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
)

func ExampleGrammar_Parse() {
	g, err := urlgrammar.Lookup("rfc2396bis-01")
	if err != nil {
		panic(err)
	}
	tree, err := g.Parse("http://user@192.0.2.1:8080/a/b?q#frag")
	if err != nil {
		panic(err)
	}
	ref := tree.(*ast.URIReference)
	host := ref.Authority.Server.Host
	fmt.Println(ref.Scheme.Text, host.Kind, host.Text, ref.Authority.Server.Port.Text)
	fmt.Println(ref.Path.Text, len(ref.Path.Segments), ref.Query.Text, ref.Fragment.Text)
	fmt.Println(tree.String())
	// Output:
	// http ipv4 192.0.2.1 8080
	// /a/b 2 q frag
	// http://user@192.0.2.1:8080/a/b?q#frag
}

func ExampleGrammar_Parse_error() {
	g := urlgrammar.MustLookup("rfc2396bis-01")
	_, err := g.Parse("http://example.com/100%")
	fmt.Println(err)
	// Output:
	// rfc2396bis-01:1:24: unexpected end of input in escaped, expected 0-9, A-F or a-f
	// http://example.com/100%
	//                        ^
}

func ExampleGrammar_Match() {
	g := urlgrammar.MustLookup("rfc2396bis-01")
	for _, s := range []string{"255", "256"} {
		fmt.Println(s, g.Match("dec-octet", s) == nil)
	}
	// Output:
	// 255 true
	// 256 false
}

func ExampleGrammar_Valid() {
	g := urlgrammar.MustLookup("rfc2396bis-01")
	fmt.Println(g.Valid("foo:[bar]"), g.Valid("foo:/[bar]"))
	// Output: true false
}

// An RFC 1738 URL parses to the tree of its scheme; its methods give what section 3 says
// the URL means.
func ExampleGrammar_Parse_rfc1738() {
	g := urlgrammar.MustLookup("rfc1738")
	tree, err := g.Parse("ftp://myname@host.dom/%2Fetc/motd;type=a")
	if err != nil {
		panic(err)
	}
	switch u := tree.(type) {
	case *ast.FTPURL:
		port, _ := u.Port()
		fmt.Println("login", u.Account().User, "on", u.Login.HostPort.Host.Text, "port", port)
		for _, c := range u.Commands() {
			fmt.Printf("%s %q\n", c.Name, c.Arg)
		}
	case *ast.HTTPURL:
		fmt.Println("an http URL")
	}
	// Output:
	// login myname on host.dom port 21
	// CWD "/etc"
	// TYPE "A"
	// RETR "motd"
}

// A URL whose scheme is one of RFC 1738's ten must match that scheme's production: a bad
// typecode makes this URL invalid, though the ABNF's otherurl alone would take it.
func ExampleGrammar_Parse_rfc1738Dispatch() {
	g := urlgrammar.MustLookup("rfc1738")
	_, err := g.Parse("ftp://h/f;type=x")
	fmt.Println(err)
	fmt.Println(g.Match("otherurl", "ftp://h/f;type=x") == nil)
	// Output:
	// rfc1738:1:16: unexpected 'x' in ftptype, expected "A", "D", "I", "a", "d" or "i"
	// ftp://h/f;type=x
	//                ^
	// true
}
