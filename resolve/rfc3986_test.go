package resolve_test

import (
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/spectest"
	"github.com/urlgrammar/urlgrammar/resolve"
)

var g3986 = urlgrammar.MustLookup("rfc3986")

// example3986 is one line of grammars/rfc3986/testdata/resolution.txt.
type example3986 struct {
	base, ref string
	results   []string // the strict result, then for "http:g" the backward compatible one
	line      string
}

var quoted = regexp.MustCompile(`"([^"]*)"`)

func readResolution3986(t *testing.T) []example3986 {
	t.Helper()
	lines, err := spectest.Lines("../grammars/rfc3986/testdata/resolution.txt")
	require.NoError(t, err)
	spec, err := os.ReadFile("../testdata/spec/rfc3986.txt")
	require.NoError(t, err)
	specLines := map[string]bool{}
	for _, l := range strings.Split(string(spec), "\n") {
		specLines[strings.TrimSpace(l)] = true
	}
	var out []example3986
	var base string
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "base "):
			base = strings.TrimPrefix(l, "base ")
			assert.True(t, specLines[base], "the base is a line of the RFC")
		case strings.HasPrefix(l, "["):
		case strings.HasPrefix(l, "/"):
			assert.True(t, specLines[l], "%q is a line of the RFC, copied verbatim", l)
			m := quoted.FindStringSubmatch(l)
			require.NotNil(t, m, l)
			out[len(out)-1].results = append(out[len(out)-1].results, m[1])
		default:
			assert.True(t, specLines[l], "%q is a line of the RFC, copied verbatim", l)
			m := quoted.FindAllStringSubmatch(l, -1)
			require.Len(t, m, 2, l)
			out = append(out, example3986{base, m[0][1], []string{m[1][1]}, l})
		}
	}
	return out
}

// Every example of RFC 3986 section 5.4 resolves, with the grammar's default algorithm, to
// the RFC's result: strict, and for "http:g" non-strict (Compat) too.
func TestRFC3986Resolution(t *testing.T) {
	examples := readResolution3986(t)
	require.Len(t, examples, 23+19, "5.4.1 has 23 examples, 5.4.2 19")
	require.Equal(t, resolve.Algorithm3986, resolve.DefaultAlgorithm(g3986))
	for _, ex := range examples {
		for i, want := range ex.results {
			opt := resolve.Options{Grammar: g3986, Algorithm: resolve.DefaultAlgorithm(g3986), Compat: i == 1}
			r, err := resolve.ResolveString(ex.base, ex.ref, opt)
			if !assert.NoError(t, err, ex.line) {
				continue
			}
			assert.Equal(t, want, r.String(), "%s (compat %v)", ex.line, opt.Compat)
			assert.Equal(t, ex.ref == "" || strings.HasPrefix(ex.ref, "#"), r.SameDocument, ex.line)
			require.NoError(t, g3986.Match("URI", r.String()), "the result is a URI")
		}
	}
}

// The same table through the other grammars' algorithms shows where the 2003 draft and RFC
// 3986 differ: only where 5.2.4 now removes dot segments the draft kept.
func TestRFC3986AgainstDraft(t *testing.T) {
	differ := map[string]string{}
	for _, ex := range readResolution3986(t) {
		r, err := resolve.ResolveString(ex.base, ex.ref, resolve.Options{})
		require.NoError(t, err, ex.line)
		if r.String() != ex.results[0] {
			differ[ex.ref] = r.String()
		}
	}
	assert.Equal(t, map[string]string{
		"../../../g":    "http://a/../g",
		"../../../../g": "http://a/../../g",
		"/./g":          "http://a/./g",
		"/../g":         "http://a/../g",
	}, differ)
}

// remove_dot_segments as section 5.2.4 shows it step by step, and on paths that no table has.
func TestRFC3986RemoveDotSegments(t *testing.T) {
	for _, c := range []struct{ base, ref, want string }{
		// The two traces of section 5.2.4.
		{"http://a/b/c/d;p?q", "/a/b/c/./../../g", "http://a/a/g"},
		{"http://a/b/c/d;p?q", "mid/content=5/../6", "http://a/b/c/mid/6"},
		// A reference with a scheme or an authority has its dot segments removed too.
		{"http://a/b", "http://x/./y/../z", "http://x/z"},
		{"http://a/b", "//x/../y", "http://x/y"},
		// merge of 5.2.3: a base with an authority and an empty path.
		{"http://a", "g", "http://a/g"},
		{"http://a?q", "../g", "http://a/g"},
		// a base without an authority and with a rootless path.
		{"a:b/c", "d", "a:b/d"},
		{"a:b", "c", "a:c"},
		{"a:b/c/d", "..", "a:b/"},
		{"a:", "b", "a:b"},
		// A path that would begin with "//" keeps "/." in front so that it is no authority.
		{"a:/b", ".//c", "a:/.//c"},
	} {
		r, err := resolve.ResolveString(c.base, c.ref, resolve.Options{Grammar: g3986, Algorithm: resolve.Algorithm3986})
		if assert.NoError(t, err, "%q against %q", c.ref, c.base) {
			assert.Equal(t, c.want, r.String(), "%q against %q", c.ref, c.base)
		}
	}
	// DotsError refuses what 5.2.4 would remove above the root.
	for _, ref := range []string{"../../../g", "/../g", "http://x/.."} {
		_, err := resolve.ResolveString("http://a/b/c/d;p?q", ref, resolve.Options{Grammar: g3986, Algorithm: resolve.Algorithm3986, Dots: resolve.DotsError})
		assert.True(t, errors.Is(err, resolve.ErrAboveRoot), "%q: %v", ref, err)
	}
	r, err := resolve.ResolveString("http://a/b/c/d;p?q", "../../g", resolve.Options{Grammar: g3986, Algorithm: resolve.Algorithm3986, Dots: resolve.DotsError})
	require.NoError(t, err)
	assert.Equal(t, "http://a/g", r.String())
}

// Section 6: the equivalences RFC 3986 names, at the rung it names them.
func TestRFC3986Normalization(t *testing.T) {
	eq := func(a, b string, level resolve.Level) bool {
		t.Helper()
		ra, rb := parseWith(t, g3986, a), parseWith(t, g3986, b)
		ok, err := resolve.Equal(ra, rb, level, resolve.CompareOptions{Grammar: g3986})
		require.NoError(t, err)
		return ok
	}
	// 6.2.2
	assert.True(t, eq("example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", resolve.LevelSyntax))
	assert.False(t, eq("example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", resolve.LevelString))
	// 6.2.2.1
	assert.True(t, eq("HTTP://www.EXAMPLE.com/", "http://www.example.com/", resolve.LevelSyntax))
	// 6.2.3: the four URIs, of which the second is the normal form.
	four := []string{"http://example.com", "http://example.com/", "http://example.com:/", "http://example.com:80/"}
	for _, u := range four {
		assert.True(t, eq(u, four[1], resolve.LevelScheme), u)
		n, _, err := resolve.Normalize(parseWith(t, g3986, u), resolve.NormalizeOptions{Level: resolve.LevelScheme, Grammar: g3986})
		require.NoError(t, err)
		assert.Equal(t, four[1], n.String(), "the normal form of %q", u)
	}
	assert.False(t, eq(four[0], four[1], resolve.LevelSyntax), "the empty path is scheme-based")
	assert.True(t, eq("a:b/./c", "a:b/c", resolve.LevelSyntax), "dot segments of a rootless path")
	// RFC 9110 4.2.3: https's default port is 443 (4.2.2), as http's is 80.
	assert.True(t, eq("HTTPS://Example.COM:443/~smith", "https://example.com/%7Esmith", resolve.LevelScheme))
	assert.False(t, eq("https://example.com:80/", "https://example.com/", resolve.LevelScheme))
	assert.True(t, eq("wss://h:443/", "wss://h/", resolve.LevelScheme), "RFC 6455 3")
	// 6.2.2.2: every unreserved character is decoded, "-" and "." too (the 2003 draft's marks
	// were not), and nothing else; a decoded "." makes a dot segment that is then removed.
	for in, want := range map[string]string{
		"http://a/%41%2D%2E%5F%7E":  "http://a/A-._~",
		"http://a/b/%2E%2E/c":       "http://a/c",
		"http://a/%2F%3A%21":        "http://a/%2F%3A%21",
		"http://%C3%A9.EXAMPLE/%7a": "http://%C3%A9.example/z",
		"http://[::ABCD]/":          "http://[::abcd]/",
		"http://a/./b/../c/./":      "http://a/c/",
		// 6.2.2.3: remove_dot_segments applies to a rootless path too.
		"a:b/./c":               "a:b/c",
		"scheme:./path1:/path2": "scheme:path1:/path2",
		"a:b/../../c":           "a:/c",
		"a:.///b":               "a:/.//b", // the authority guard
	} {
		n, _, err := resolve.Normalize(parseWith(t, g3986, in), resolve.NormalizeOptions{Level: resolve.LevelSyntax, Grammar: g3986})
		require.NoError(t, err)
		assert.Equal(t, want, n.String(), in)
	}
	// An escaped dot is a dot segment to normalization, not to resolution (5.2.4): the URI
	// resolved normalizes otherwise (Normalize's documentation).
	in := "http://a/b/%2E/../c"
	n, _, err := resolve.Normalize(parseWith(t, g3986, in), resolve.NormalizeOptions{Grammar: g3986})
	require.NoError(t, err)
	assert.Equal(t, "http://a/c", n.String())
	res, err := resolve.ResolveString("http://x/y", in, resolve.Options{Grammar: g3986, Algorithm: resolve.Algorithm3986})
	require.NoError(t, err)
	assert.Equal(t, "http://a/b/c", res.Target.String())
	n, _, err = resolve.Normalize(res.Target, resolve.NormalizeOptions{Grammar: g3986})
	require.NoError(t, err)
	assert.Equal(t, "http://a/b/c", n.String())
	// The 2003 draft keeps "-" and "." escaped and keeps ".." above the root.
	n, _, err = resolve.Normalize(parseWith(t, urlgrammar.MustLookup("rfc2396bis-01"), "http://a/%2E%2E/%2D"), resolve.NormalizeOptions{})
	require.NoError(t, err)
	assert.Equal(t, "http://a/%2E%2E/%2D", n.String())
}

func parseWith(t *testing.T, g *urlgrammar.Grammar, s string) ast.Tree {
	t.Helper()
	r, err := g.Parse(s)
	require.NoError(t, err, s)
	return r
}

// RFC 3987: IRI references resolve as RFC 3986 says (section 6.5), IRIs compare by their URIs
// (5.3.2.3), and character normalization (5.3.2.2) is applied only on request.
func TestRFC3987ResolveAndCompare(t *testing.T) {
	g3987 := urlgrammar.MustLookup("rfc3987")
	require.Equal(t, resolve.Algorithm3986, resolve.DefaultAlgorithm(g3987))
	for _, ex := range readResolution3986(t) { // the RFC 3986 table, through the IRI grammar
		r, err := resolve.ResolveString(ex.base, ex.ref, resolve.Options{Grammar: g3987, Algorithm: resolve.DefaultAlgorithm(g3987)})
		require.NoError(t, err, ex.line)
		assert.Equal(t, ex.results[0], r.String(), ex.line)
	}
	r, err := resolve.ResolveString("http://例え.テスト/a/b", "../ü?€#ℌ", resolve.Options{Grammar: g3987, Algorithm: resolve.Algorithm3986})
	require.NoError(t, err)
	assert.Equal(t, "http://例え.テスト/ü?€#ℌ", r.String())

	eq := func(a, b string) bool {
		t.Helper()
		ok, err := resolve.Equal(parseWith(t, g3987, a), parseWith(t, g3987, b), resolve.LevelSyntax, resolve.CompareOptions{Grammar: g3987})
		require.NoError(t, err)
		return ok
	}
	// 5.3.2.3's example, and a character against its percent-encoded UTF-8.
	assert.True(t, eq("http://example.org/~user", "http://example.org/%7euser"))
	assert.True(t, eq("http://example.org/%7Euser", "http://example.org/%7euser"))
	assert.True(t, eq("http://example.org/ü", "http://example.org/%c3%bc"))
	assert.True(t, eq("http://résumé.example.org/", "http://r%C3%A9sum%C3%A9.example.org/"))
	// 5.3.2.2: "r&#xE9;sum&#xE9;" and "re&#x301;sume&#x301;" are canonically equivalent, but IRIs
	// are compared as they are.
	nfc, decomposed := "http://www.example.org/résumé.html", "http://www.example.org/re\u0301sume\u0301.html"
	assert.False(t, eq(nfc, decomposed))
	n, changes, err := resolve.Normalize(parseWith(t, g3987, decomposed), resolve.NormalizeOptions{Level: resolve.LevelSyntax, Grammar: g3987, NFC: true})
	require.NoError(t, err)
	assert.Equal(t, nfc, n.String())
	require.NotEmpty(t, changes)
	assert.Equal(t, "nfc", changes[0].Rule)
	n, changes, err = resolve.Normalize(parseWith(t, g3987, decomposed), resolve.NormalizeOptions{Level: resolve.LevelSyntax, Grammar: g3987})
	require.NoError(t, err)
	assert.Equal(t, decomposed, n.String(), "no NFC unless asked")
	assert.Empty(t, changes)
}
