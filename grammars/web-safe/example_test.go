package websafe_test

import (
	"fmt"

	"github.com/urlgrammar/urlgrammar"
	_ "github.com/urlgrammar/urlgrammar/grammars/web-safe"
)

// An allowlist of hosts, guarded: a URL is fetched only when it is web-safe (a browser, an
// HTTP client that follows the WHATWG parser and RFC 3986 all read the same host in it) and
// that host is on the list. Without the first check, "http:/evil.example/" would pass an RFC
// 3986 check (no host at all) and be fetched from evil.example by a browser.
func Example_allowlist() {
	g := urlgrammar.MustLookup("web-safe")
	allowed := map[string]bool{"example.com": true, "api.example.com": true}
	for _, u := range []string{
		"https://api.example.com/v1/items?id=7",
		"http:/evil.example/",
		"https://example.com@evil.example/",
		"https://0x7f.1/admin",
		"https://evil.example/",
	} {
		tree, err := g.Parse(u)
		if err != nil {
			fmt.Printf("refused %s: %v\n", u, err)
			continue
		}
		host := *tree.Components().Host
		fmt.Printf("%s: host %s, allowed %v\n", u, host, allowed[host])
	}
	// Output:
	// https://api.example.com/v1/items?id=7: host api.example.com, allowed true
	// refused http:/evil.example/: web-safe:1:7: unexpected 'e' in absolute-URL-with-fragment-string, expected "/"
	// refused https://example.com@evil.example/: web-safe:1:20: unexpected '@' in valid-domain-string, expected "#", "-", ".", "/", 0-9, ":", "?", A-Z, a-z, \xc2-\xf4 or EOF
	// refused https://0x7f.1/admin: web-safe:1:14: not a valid domain: it ends in a number, which the URL parser reads as an IPv4 address
	// https://evil.example/: host evil.example, allowed false
}
