package resolve_test

import (
	"fmt"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/resolve"
)

// Resolving a stream of references against one base: the Resolver takes the base's
// components once.
func ExampleResolver() {
	g := urlgrammar.MustLookup("rfc3986")
	base, err := g.Parse("http://a/b/c/d;p?q")
	if err != nil {
		panic(err)
	}
	rs, err := resolve.NewResolver(base, resolve.Options{Grammar: g, Algorithm: resolve.DefaultAlgorithm(g)})
	if err != nil {
		panic(err)
	}
	for _, ref := range []string{"g", "../g", "../../../g", "#s", "g?y#s", "a b"} {
		res, err := rs.ResolveString(ref)
		if err != nil {
			fmt.Println("error:", err.(*urlgrammar.SyntaxError).Msg())
			continue
		}
		fmt.Println(res, res.SameDocument)
	}
	// Output:
	// http://a/b/c/g false
	// http://a/b/g false
	// http://a/g false
	// http://a/b/c/d;p?q#s true
	// http://a/b/c/g?y#s false
	// error: unexpected ' ' in segment, expected "!", "#", "$", "%", "&", "'", "(", ")", "*", "+", ",", "-", ".", "/", 0-9, ":", ";", "=", "?", "@", A-Z, "_", a-z, "~" or EOF
}

// A normal form, the rewrites that led to it, and the components of the result's tree.
func ExampleNormalizeString() {
	n, changes, err := resolve.NormalizeString("HTTP://Example.COM:80/a/./b/../%7ec", resolve.NormalizeOptions{Level: resolve.LevelScheme})
	if err != nil {
		panic(err)
	}
	fmt.Println(n)
	for _, c := range changes {
		fmt.Println(c)
	}
	sp := n.Spans()
	fmt.Println(sp.Host.In(n.Src()), sp.HostKind, sp.Path.In(n.Src()))
	// Output:
	// http://example.com/a/~c
	// escape-case: path "/a/./b/../%7ec" -> "/a/./b/../%7Ec"
	// escape-decode: path "/a/./b/../%7Ec" -> "/a/./b/../~c"
	// case: scheme "HTTP" -> "http"
	// case: host "Example.COM" -> "example.com"
	// dot-segments: path "/a/./b/../~c" -> "/a/~c"
	// port: authority "example.com:80" -> "example.com"
	// example.com hostname /a/~c
}

// The texts alone, for a stream: Target and NormalForm return a reference that is its own
// result as it is, without allocating, and build no tree of any result.
func ExampleNormalForm() {
	g := urlgrammar.MustLookup("rfc3986")
	base, err := g.Parse("http://a/b/c/d;p?q")
	if err != nil {
		panic(err)
	}
	rs, err := resolve.NewResolver(base, resolve.Options{Grammar: g, Algorithm: resolve.DefaultAlgorithm(g)})
	if err != nil {
		panic(err)
	}
	opt := resolve.NormalizeOptions{Grammar: g, Level: resolve.LevelScheme}
	for _, ref := range []string{"../g?y#s", "https://example.com/a", "HTTP://Example.COM:80/a/./b/../%7ec"} {
		target, err := rs.Target(ref)
		if err != nil {
			panic(err)
		}
		normal, err := resolve.NormalForm(target, opt)
		if err != nil {
			panic(err)
		}
		fmt.Println(target, normal)
	}
	// Output:
	// http://a/b/g?y#s http://a/b/g?y#s
	// https://example.com/a https://example.com/a
	// HTTP://Example.COM:80/a/%7ec http://example.com/a/~c
}
