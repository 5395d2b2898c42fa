package urlgrammar_test

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/grammars/rfc1738"
	urlsyntax05 "github.com/urlgrammar/urlgrammar/grammars/url-syntax-05"
)

// Error is one line, for logs and wrapping; Report adds the input and a caret, for a person.
func ExampleGrammar_Parse_error() {
	g := urlgrammar.MustLookup("rfc2396bis-01")
	_, err := g.Parse("http://example.com/100%")
	fmt.Println(err)
	var se *urlgrammar.SyntaxError
	if errors.As(err, &se) {
		fmt.Println(se.Report())
	}
	// Output:
	// rfc2396bis-01:1:24: unexpected end of input in segment, expected 0-9, A-F or a-f
	// rfc2396bis-01:1:24: unexpected end of input in segment, expected 0-9, A-F or a-f
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

// JSON Schema's "uri" and "uri-reference" formats are RFC 3986's URI and URI-reference: a
// format checker is a Match (or Valid, for the start rule) of grammar rfc3986.
func ExampleGrammar_Match_jsonSchema() {
	uri := urlgrammar.MustLookup("rfc3986")
	formats := map[string]func(string) error{
		"uri":           func(s string) error { return uri.Match("URI", s) },
		"uri-reference": func(s string) error { return uri.Match("URI-reference", s) },
	}
	for _, c := range []struct{ format, s string }{
		{"uri", "http://[v1.fe]/a"},
		{"uri", "/relative"},
		{"uri-reference", "/relative"},
		{"uri-reference", "a:[bracket]"},
	} {
		var se *urlgrammar.SyntaxError
		if err := formats[c.format](c.s); errors.As(err, &se) {
			fmt.Printf("%s %q: offset %d, in %s\n", c.format, c.s, se.Offset, se.Rule())
			continue
		}
		fmt.Printf("%s %q: ok\n", c.format, c.s)
	}
	fmt.Println(uri.Valid("a:[bracket]"))
	// Output:
	// uri "http://[v1.fe]/a": ok
	// uri "/relative": offset 0, in scheme
	// uri-reference "/relative": ok
	// uri-reference "a:[bracket]": offset 2, in segment
	// false
}

func ExampleGrammar_Valid() {
	g := urlgrammar.MustLookup("rfc2396bis-01")
	fmt.Println(g.Valid("foo:[bar]"), g.Valid("foo:/[bar]"))
	// Output: true false
}

// RFC 1738's typed views, with what section 3.2 says an FTP URL stands for: the commands an
// FTP client sends.
func Example_rfc1738() {
	tree, err := urlgrammar.MustLookup("rfc1738").Parse("ftp://myname@host.dom/%2Fetc/motd;type=a")
	if err != nil {
		panic(err)
	}
	url, _ := rfc1738.Root(&tree)
	switch url.Kind() {
	case rfc1738.RuleFtpurl:
		u, _ := url.Ftpurl()
		user, _ := u.Login().User()
		fmt.Println("login", user.Text(), "on", u.Login().Hostport().Host().Text())
		for _, c := range u.Commands() {
			fmt.Printf("%s %q\n", c.Name, c.Arg)
		}
	case rfc1738.RuleHttpurl:
		fmt.Println("an http URL")
	}
	// Output:
	// login myname on host.dom
	// CWD "/etc"
	// TYPE "A"
	// RETR "motd"
}

// A URL whose scheme is one of RFC 1738's ten must match that scheme's production: a bad
// typecode makes this URL invalid, though the ABNF's otherurl alone would take it.
func ExampleGrammar_Parse_rfc1738Dispatch() {
	g := urlgrammar.MustLookup("rfc1738")
	_, err := g.Parse("ftp://h/f;type=x")
	fmt.Println(err.(*urlgrammar.SyntaxError).Report())
	fmt.Println(g.Match("otherurl", "ftp://h/f;type=x") == nil)
	// Output:
	// rfc1738:1:16: unexpected 'x' in ftptype, expected "A", "D", "I", "a", "d" or "i"
	// ftp://h/f;type=x
	//                ^
	// true
}

// The 1997 draft's grammar: a site with user and password, segments with params, read
// through its typed views.
func Example_urlSyntax05() {
	tree, err := urlgrammar.MustLookup("url-syntax-05").Parse("ftp://anon:pw@ftp.example.org/pub;type=d/README?x")
	if err != nil {
		panic(err)
	}
	ref, _ := urlsyntax05.Root(&tree)
	if site, ok := ref.Site(); ok {
		user, _ := site.User()
		pw, _ := site.Password()
		host, _ := site.Host()
		fmt.Println(user.Text(), pw.Text(), host.Text())
	}
	if abs, ok := ref.AbsPath(); ok {
		if segs, ok := abs.RelPath().PathSegments(); ok {
			for c := segs.EachSegment(); c.Next(); {
				fmt.Print(c.Value().Text(), " params:")
				for p := c.Value().EachParam(); p.Next(); {
					fmt.Print(" ", p.Value().Text())
				}
				fmt.Println()
			}
		}
	}
	// Output:
	// anon pw ftp.example.org
	// pub;type=d params: type=d
	// README params:
}

// The 1993 draft's grammar: a production per scheme, "+" between search keywords, and a
// space is a legal character.
func ExampleGrammar_Parse_url1993() {
	tree, err := urlgrammar.MustLookup("url-1993").Parse("http://info.cern.ch/hypertext/WWW/The Project.html?x+y#z")
	if err != nil {
		panic(err)
	}
	c := tree.Components()
	fmt.Println(c.Rule, *c.Host, *c.Path)
	fmt.Printf("%q %s\n", strings.Split(c.Parts["search"].(string), "+"), *c.Fragment)
	// Output:
	// httpaddress info.cern.ch hypertext/WWW/The Project.html
	// ["x" "y"] z
}

// A Parser reuses one tree's memory for the next input: use what a tree holds before the
// next call of Parse (here, the host kind of each line), and Grammar.Parse for trees to keep.
// A valid line allocates nothing.
func ExampleParser() {
	p := urlgrammar.MustLookup("rfc3986").NewParser()
	kinds := map[string]int{}
	for _, line := range []string{"http://192.0.2.1/", "http://[::1]/", "http://example.com/", "ftp://ftp.example.org/", "http://a b/"} {
		tree, err := p.Parse(line)
		if err != nil {
			fmt.Println("invalid:", line)
			continue
		}
		if h := tree.Find("host"); h >= 0 {
			for c := range tree.Children(h) {
				kinds[tree.RuleName(c)]++
			}
		}
	}
	fmt.Println(kinds["IPv4address"], kinds["IP-literal"], kinds["reg-name"])
	// Output:
	// invalid: http://a b/
	// 1 1 2
}

// A Matcher gives Match's verdicts for many inputs; the errors it returns are kept, as a
// checker keeps them to report at the end, and it makes them many to an allocation.
func ExampleMatcher() {
	g := urlgrammar.MustLookup("rfc3986")
	m := g.NewMatcher()
	var invalid []error
	for _, line := range []string{"http://example.com/", "http://a b/", "mailto:x@example.org", "http://[::1/"} {
		if err := m.Match(g.Start(), line); err != nil {
			invalid = append(invalid, err)
		}
	}
	for _, err := range invalid {
		fmt.Println(err)
	}
	// Output:
	// rfc3986:1:9: unexpected ' ' in reg-name, expected "!", "#", "$", "%", "&", "'", "(", ")", "*", "+", ",", "-", ".", "/", 0-9, ":", ";", "=", "?", "@", A-Z, "_", a-z, "~" or EOF
	// rfc3986:1:12: unexpected '/' in IP-literal, expected ".", 0-9, ":", A-F, "]" or a-f
}

// A batch of lines at a time: the errors of one batch are reported, then their memory
// serves the next batch.
func ExampleErrorMemory() {
	g := urlgrammar.MustLookup("rfc3986")
	m := g.NewMatcher()
	var mem urlgrammar.ErrorMemory
	for _, batch := range [][]string{{"http://example.com/", "http://a b/"}, {"http://[::1/", "urn:x"}} {
		for _, line := range batch {
			if err := m.MatchIn(&mem, g.Start(), line); err != nil {
				fmt.Println(err) // valid until mem.Reset
			}
		}
		fmt.Println(mem.Len(), "error(s) in the batch")
		mem.Reset()
	}
	// Output:
	// rfc3986:1:9: unexpected ' ' in reg-name, expected "!", "#", "$", "%", "&", "'", "(", ")", "*", "+", ",", "-", ".", "/", 0-9, ":", ";", "=", "?", "@", A-Z, "_", a-z, "~" or EOF
	// 1 error(s) in the batch
	// rfc3986:1:12: unexpected '/' in IP-literal, expected ".", 0-9, ":", A-F, "]" or a-f
	// 1 error(s) in the batch
}

// Parse gives the tree, the same kind for every grammar: every node in one block, named by
// its rule, with its span; the text is a slice of the input.
func ExampleGrammar_Parse() {
	g := urlgrammar.MustLookup("rfc2396bis-01")
	tree, err := g.Parse("http://a.example:8080/p?q")
	if err != nil {
		panic(err)
	}
	fmt.Println(tree.Len(), "nodes")
	if i := tree.Find("port"); i >= 0 {
		fmt.Println("port", tree.Text(i))
	}
	for c := range tree.Children(0) {
		fmt.Printf("%s %q\n", tree.RuleName(c), tree.Text(c))
	}
	// Output:
	// 12 nodes
	// port 8080
	// scheme "http"
	// authority "a.example:8080"
	// abs-path "/p"
	// query "q"
}

// Inspect walks a compact tree of any grammar in pre-order, with each node's depth.
func ExampleGrammar_Parse_inspect() {
	tree, err := urlgrammar.MustLookup("rfc3986").Parse("//[v1.x]/a")
	if err != nil {
		panic(err)
	}
	tree.Inspect(func(i, depth int) bool {
		n := tree.Node(i)
		fmt.Printf("%*s%s [%d,%d)\n", 2*depth, "", tree.RuleName(i), n.Start(), n.End())
		return true
	})
	// Output:
	// URI-reference [0,10)
	//   authority [2,8)
	//     host [2,8)
	//       IP-literal [2,8)
	//         IPvFuture [3,7)
	//   path-abempty [8,10)
	//     segment [9,10)
}

// ParseRule gives the tree of any rule; every grammar's tree is its own parse, here
// RFC 1738's ftpurl (its "ftp" is a literal of the rule, which the PEG marks as a scheme).
func ExampleGrammar_ParseRule() {
	tree, err := urlgrammar.MustLookup("rfc1738").ParseRule("ftpurl", "ftp://u@host/a/b;type=i")
	if err != nil {
		panic(err)
	}
	if err := tree.Fprint(os.Stdout); err != nil {
		panic(err)
	}
	// Output:
	// ftpurl [0,23) "ftp://u@host/a/b;type=i"
	//   scheme [0,3) "ftp"
	//   login [6,12) "u@host"
	//     user [6,7) "u"
	//     hostport [8,12) "host"
	//       host [8,12) "host"
	//         hostname [8,12) "host"
	//           toplabel [8,12) "host"
	//   fpath [13,16) "a/b"
	//     fsegment [13,14) "a"
	//     fsegment [15,16) "b"
	//   ftptype [22,23) "i"
}

// The components of the CLI contract, from the generic tree and the declarations in the
// grammar's header: no Go is written per grammar for them.
func ExampleGrammar_Parse_components() {
	tree, err := urlgrammar.MustLookup("rfc3986").Parse("https://user@[::1]:8443/a/b?q#f")
	if err != nil {
		panic(err)
	}
	c := tree.Components()
	fmt.Println(*c.Scheme, *c.Userinfo, *c.Host, *c.HostKind, *c.Port, *c.Path, *c.Query, *c.Fragment)
	fmt.Println(c.Parts["segment"], c.Parts["IPv6address"])
	// Output:
	// https user [::1] ipv6 8443 /a/b q f
	// [a b] ::1
}

// Spans gives where each component is, for any grammar: here an RFC 1738 FTP URL, whose
// path runs to the end of the URL (its ";type=" included) as the header declares.
func ExampleGrammar_Parse_spans() {
	tree, err := urlgrammar.MustLookup("rfc1738").Parse("ftp://anon@ftp.example.org:21/pub/a.txt;type=a")
	if err != nil {
		panic(err)
	}
	sp, src := tree.Spans(), tree.Src()
	fmt.Println(sp.Rule, sp.HostKind)
	for _, c := range []struct {
		name string
		r    ast.Range
	}{{"userinfo", sp.Userinfo}, {"host", sp.Host}, {"port", sp.Port}, {"path", sp.Path}, {"query", sp.Query}} {
		if c.r.Defined {
			fmt.Printf("%s [%d,%d) %q\n", c.name, c.r.Start, c.r.End, c.r.In(src))
		} else {
			fmt.Println(c.name, "undefined")
		}
	}
	// Output:
	// ftpurl hostname
	// userinfo [6,10) "anon"
	// host [11,26) "ftp.example.org"
	// port [27,29) "21"
	// path [30,46) "pub/a.txt;type=a"
	// query undefined
}

// The views of an RFC 1738 gopher URL, whose methods say what section 3.4 says it means; the
// port to connect to is the written one or the scheme's default.
func Example_rfc1738Gopher() {
	tree, err := urlgrammar.MustLookup("rfc1738").Parse("gopher://gopher.example.org/1%2Fdocs")
	if err != nil {
		panic(err)
	}
	url, _ := rfc1738.Root(&tree)
	u, _ := url.Gopherurl()
	port, _ := urlgrammar.DefaultPort("gopher")
	if p, ok := u.Hostport().Port(); ok {
		port, _ = strconv.Atoi(p.Text())
	}
	fmt.Printf("%s %d %s %q\n", u.Hostport().Host().Text(), port, u.ItemType(), u.Request())
	// Output:
	// gopher.example.org 70 1 "/docs"
}
