package warn_test

import (
	"fmt"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/warn"
)

// The security considerations of RFC 3986 on a URL that is valid: a userinfo that may
// disguise the host, a password in clear, a host that resolvers read as 127.0.0.1, and a
// well-known port that is not the scheme's; RFC 9110's userinfo in an http URI; and the
// WHATWG URL parser's other reading of the host.
func ExampleCheckIn() {
	g := urlgrammar.MustLookup(urlgrammar.RFC3986)
	tree, err := g.Parse("http://www.example.com:pw@0x7f.1:25/")
	if err != nil {
		panic(err)
	}
	all, _ := warn.ParseSet("all")
	for _, w := range warn.CheckIn(g, tree, all) {
		fmt.Println(w.Offset, w)
	}
	// Output:
	// 7 warning userinfo (section 7.6): userinfo "www.example.com:pw" comes before the host "0x7f.1" and may disguise it
	// 23 warning password (section 7.5): the userinfo has a password in clear text
	// 26 warning rare-ip (section 7.4): host "0x7f.1" is not an IPv4address, but resolvers read it as 127.0.0.1
	// 33 warning port (section 7.2): port 25 is a well-known port (0-1023) other than http's 80: another protocol may answer it
	// 7 warning http-userinfo (section RFC 9110 4.2.4): userinfo "www.example.com:pw" in an http URI: a sender must not generate one, and a recipient should treat it as an error (it likely obscures the authority, for phishing)
	// 26 warning confusion (section WHATWG URL): the WHATWG URL parser (browsers, most HTTP clients) reads the IPv4 address 127.0.0.1, where the grammar reads the host "0x7f.1", a name
}
