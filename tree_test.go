package urlgrammar_test

import (
	"errors"
	"math/rand"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
)

// componentsOf2396 parses s with rfc2396bis-01 and returns its tree and components.
func componentsOf2396(t *testing.T, s string) (ast.Tree, ast.Components) {
	t.Helper()
	tree := parseRef(t, s)
	return tree, tree.Components()
}

func TestTreeHostKinds(t *testing.T) {
	tree, c := componentsOf2396(t, "http://256.1.1.1/")
	assert.Equal(t, "hostname", *c.HostKind, "256 is no dec-octet, so 256.1.1.1 is a hostname")
	assert.Len(t, ruleTexts(tree, "domainlabel"), 4)

	tree, c = componentsOf2396(t, "http://192.0.2.10:8080/")
	require.Equal(t, "ipv4", *c.HostKind, "IPv4address wins over hostname")
	assert.Equal(t, strs("192", "0", "2", "10"), ruleTexts(tree, "dec-octet"))
	assert.Equal(t, "8080", *c.Port)

	for _, s := range []string{"//1.2.3.4.5", "//1.2.3.4x", "//1.2.3.4-5"} {
		_, c := componentsOf2396(t, s)
		assert.Equal(t, "hostname", *c.HostKind, s)
	}

	tree, c = componentsOf2396(t, "//u@[::FFFF:129.144.52.38]:80")
	require.Equal(t, "ipv6", *c.HostKind)
	assert.Equal(t, "[::FFFF:129.144.52.38]", *c.Host, "the host keeps its brackets")
	assert.Equal(t, strs("::FFFF:129.144.52.38"), ruleTexts(tree, "IPv6address"))
	assert.Equal(t, "u", *c.Userinfo)

	tree, c = componentsOf2396(t, "//x.com.")
	assert.Equal(t, "x.com.", *c.Host, "a trailing dot")
	assert.Equal(t, strs("x"), ruleTexts(tree, "domainlabel"))
	assert.Equal(t, strs("com"), ruleTexts(tree, "toplabel"))
}

func TestTreeRegName(t *testing.T) {
	cases := map[string]string{
		"http://" + strings.Repeat("a", 64) + ".com/": "a 64-character label is no domainlabel",
		"http://host:80x/":                            "a non-digit port",
		"//a@b@c":                                     "two @",
		"//a.":                                        "a trailing dot needs a toplabel after a first label",
		"//1.2.3.":                                    "the last label before a trailing dot must be a toplabel",
		"//%41":                                       "an escape",
		"//u@":                                        "userinfo with no host",
		"//0.A..0":                                    "a toplabel's trailing dot ends the hostname (FuzzDifferential)",
	}
	for s, why := range cases {
		tree, c := componentsOf2396(t, s)
		assert.Nil(t, ruleTexts(tree, "server"), "%s: %s", s, why)
		assert.Equal(t, []string{*c.Authority}, ruleTexts(tree, "reg-name"), "%s: %s", s, why)
		assert.Equal(t, "reg-name", *c.HostKind, s)
		assert.Equal(t, *c.Authority, *c.Host, s)
		assert.Nil(t, c.Userinfo, s)
		assert.Nil(t, c.Port, s)
	}
	assert.NotNil(t, ruleTexts(parseRef(t, "http://"+strings.Repeat("a", 63)+".com/"), "server"), "63 characters is a label")
}

// Absent and present-but-empty components are kept apart everywhere.
func TestTreeUndefinedVersusEmpty(t *testing.T) {
	_, c := componentsOf2396(t, "a")
	assert.Nil(t, c.Query)
	assert.Nil(t, c.Fragment)
	_, c = componentsOf2396(t, "a?#")
	assert.Equal(t, [2]*string{ptr(""), ptr("")}, [2]*string{c.Query, c.Fragment})

	_, c = componentsOf2396(t, "//h")
	assert.Nil(t, c.Port)
	assert.Nil(t, c.Userinfo)
	_, c = componentsOf2396(t, "//@h:")
	assert.Equal(t, [2]*string{ptr(""), ptr("")}, [2]*string{c.Port, c.Userinfo})

	tree, c := componentsOf2396(t, "file:///etc/hosts")
	assert.Equal(t, strs(""), ruleTexts(tree, "server"), "the empty authority is the empty server")
	assert.Equal(t, "", *c.Authority)
	assert.Nil(t, c.Host)
	assert.Nil(t, c.HostKind)

	_, c = componentsOf2396(t, "/p")
	assert.Nil(t, c.Authority)
}

func TestTreeAbsoluteForms(t *testing.T) {
	for _, s := range []string{"http:", "about:", "DAV:"} { // Appendix G.2
		tree, c := componentsOf2396(t, s)
		assert.NotNil(t, c.Scheme, s)
		assert.Nil(t, ruleTexts(tree, "opaque-part"), s)
		assert.Nil(t, c.Authority, s)
		assert.Equal(t, "", *c.Path, s)
		assert.Nil(t, c.Query, s)
	}
	assert.Equal(t, strs("[bar]"), ruleTexts(parseRef(t, "foo:[bar]"), "opaque-part"))
	_, err := g2396.Parse("foo:/[bar]")
	assert.Error(t, err, `"[" is not a pchar, and an opaque-part cannot start with "/"`)

	tree, c := componentsOf2396(t, "a:?x")
	assert.Nil(t, ruleTexts(tree, "opaque-part"), "a hier-part when both parse, as Appendix B splits")
	assert.Equal(t, "x", *c.Query)

	tree, c = componentsOf2396(t, "urn:a:b?c")
	assert.NotNil(t, ruleTexts(tree, "opaque-part"))
	assert.Equal(t, "a:b", *c.Path, "Appendix B splits an opaque-part at its first ?")
	assert.Equal(t, "c", *c.Query)

	_, c = componentsOf2396(t, "//g")
	assert.Equal(t, "g", *c.Authority, "the authority wins over a path that starts with // (4.3)")
	assert.Equal(t, "", *c.Path)

	_, c = componentsOf2396(t, "HTTP://h/")
	assert.Equal(t, "HTTP", *c.Scheme, "a scheme may start with an upper-case letter")
}

func TestTreePaths(t *testing.T) {
	for s, want := range map[string][]string{
		"/":          {""},
		"/a/b":       {"a", "b"},
		"/a//b/":     {"a", "", "b", ""},
		"a/b":        {"a", "b"},
		"./g":        {".", "g"},
		"http://h":   nil,
		"g;x=1/../y": {"g;x=1", "..", "y"},
	} {
		tree := parseRef(t, s)
		assert.Equal(t, want, append(ruleTexts(tree, "rel-segment"), ruleTexts(tree, "segment")...), s)
	}
}

// Printing a parsed tree gives back the input byte for byte, every node's span covers
// exactly its text, and parsing the print gives the same tree.
func TestPrintRoundTrip(t *testing.T) {
	for _, s := range validInputs(t) {
		tree, err := g2396.Parse(s)
		require.NoError(t, err, s)
		assert.Equal(t, s, tree.String(), "print(parse(%q))", s)
		checkStructure(t, tree)
		for i := range tree.Len() {
			n := tree.Node(i)
			assert.Equal(t, s[n.Start():n.End()], tree.Text(i))
		}
		again, err := g2396.Parse(tree.String())
		require.NoError(t, err)
		assert.Equal(t, tree, again, "parse(print(t)) = t")
	}
}

func TestSyntaxErrorMessages(t *testing.T) {
	for input, want := range map[string]string{
		"http://a/%zz": "rfc2396bis-01:1:11: unexpected 'z' in segment, expected 0-9, A-F or a-f\n" +
			"http://a/%zz\n" +
			"          ^",
		"http://[::1x]/": "rfc2396bis-01:1:12: unexpected 'x' in IPv6reference, expected \".\", 0-9, \":\", A-F, \"]\" or a-f\n" +
			"http://[::1x]/\n" +
			"           ^",
		"a:b#c#": "rfc2396bis-01:1:6: unexpected '#' in fragment, expected \"!\", \"$\", \"%\", \"&\", \"'\", \"(\", \")\", \"*\", \"+\", \",\", \"-\", \".\", \"/\", 0-9, \":\", \";\", \"=\", \"?\", \"@\", A-Z, \"_\", a-z, \"~\" or EOF\n" +
			"a:b#c#\n" +
			"     ^",
		"http://a/\tb": "rfc2396bis-01:1:10: unexpected '\\t' in segment, expected \"!\", \"#\", \"$\", \"%\", \"&\", \"'\", \"(\", \")\", \"*\", \"+\", \",\", \"-\", \".\", \"/\", 0-9, \":\", \";\", \"=\", \"?\", \"@\", A-Z, \"_\", a-z, \"~\" or EOF\n" +
			"http://a/\\tb\n" +
			"         ^",
		"http://h/\xff": "rfc2396bis-01:1:10: unexpected byte 0xff in segment, expected \"!\", \"#\", \"$\", \"%\", \"&\", \"'\", \"(\", \")\", \"*\", \"+\", \",\", \"-\", \".\", \"/\", 0-9, \":\", \";\", \"=\", \"?\", \"@\", A-Z, \"_\", a-z, \"~\" or EOF\n" +
			"http://h/\\xff\n" +
			"         ^",
	} {
		_, err := g2396.Parse(input)
		var se *urlgrammar.SyntaxError
		require.ErrorAs(t, err, &se, input)
		assert.Equal(t, want, se.Report(), "message for %q", input)
		first, _, _ := strings.Cut(want, "\n")
		assert.Equal(t, first, err.Error(), "Error is one line: %q", input)
	}
	// An error inside a character (at its second or third byte) puts the caret under the
	// character, shown as one escape; bytes of no character are shown one by one.
	g3987 := urlgrammar.MustLookup("rfc3987")
	for input, caret := range map[string]string{
		"http://a/b\ufffe/c":     "http://a/b\\ufffe/c\n          ^",
		"http://a/b\U000E0001/c": "http://a/b\\U000e0001/c\n          ^",
		"http://a/b\xe2\x82/c":   "http://a/b\\xe2\\x82/c\n                  ^",
		"http://a/bü\ufffe/c":    "http://a/bü\\ufffe/c\n           ^",
	} {
		_, err := g3987.Parse(input)
		var se *urlgrammar.SyntaxError
		require.ErrorAs(t, err, &se, "%q", input)
		assert.Equal(t, caret, se.Caret(), "caret of %q (offset %d)", input, se.Offset)
	}
	err := g2396.Match("dec-octet", "256")
	var se *urlgrammar.SyntaxError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, 2, se.Offset)
	assert.Equal(t, "dec-octet", se.Rule())
	assert.Equal(t, []string{"0-5", "EOF"}, se.Expected(), `"25" is a dec-octet, so the input may end there`)

	long := strings.Repeat("a", urlgrammar.MaxInputLength+1)
	_, err = g2396.Parse(long)
	require.ErrorAs(t, err, &se)
	assert.Equal(t, urlgrammar.MaxInputLength, se.Offset)
	assert.Contains(t, se.Msg(), "input too long")
}

// A start rule's error explains itself when first asked, once: goroutines that ask at the
// same time (its Clone and its Append methods too) all get the same explanation (run with
// -race), the one Match gives (whose
// errors are explained when made), and Expected is the caller's to change.
func TestSyntaxErrorExplainedOnce(t *testing.T) {
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		for _, in := range []string{"http://a b/", "http://[::1x]/", "%", "a:b#c#", "http://h/\xff"} {
			_, err := g.Parse(in)
			var se *urlgrammar.SyntaxError
			if !errors.As(err, &se) {
				continue
			}
			var want *urlgrammar.SyntaxError
			require.ErrorAs(t, g.Match(g.Start(), in), &want)
			var wg sync.WaitGroup
			got := make([]string, 8)
			for i := range got {
				wg.Add(1)
				go func() {
					defer wg.Done()
					var c *urlgrammar.SyntaxError
					if i%2 == 1 {
						c = se.Clone() // before this goroutine asks for the message, while others may
					}
					got[i] = se.Rule() + "|" + se.Msg() + "|" + strings.Join(se.Expected(), " ") + "|" + se.Error()
					if c == nil {
						c = se.Clone()
					}
					// The Append forms and a Clone, asked at the same time, say the same.
					if string(se.AppendMsg(nil)) != c.Msg() || string(se.AppendExpectedJSON(nil)) != string(c.AppendExpectedJSON(nil)) ||
						string(se.AppendCaret(nil)) != c.Caret() {
						got[i] = "the Append forms or the Clone differ"
					}
				}()
			}
			wg.Wait()
			for _, s := range got {
				require.Equal(t, want.Rule()+"|"+want.Msg()+"|"+strings.Join(want.Expected(), " ")+"|"+want.Error(), s, "%s %q", id, in)
			}
			if exp := se.Expected(); len(exp) > 0 {
				exp[0] = "changed"
				assert.NotEqual(t, "changed", se.Expected()[0], "%s %q: Expected is a copy", id, in)
			}
		}
	}
	var zero urlgrammar.SyntaxError
	assert.Equal(t, "", zero.Rule()+zero.Msg(), "an error made by hand has no explanation, and no panic")
	assert.Empty(t, zero.Expected())
}

// Random strings over the URI alphabet and a few hostile bytes, for every grammar: Parse never
// panics, Valid agrees with Parse, a valid input prints back and its spans hold, an invalid
// one has an error inside the input.
func TestRandomInputs(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		g        *urlgrammar.Grammar
		prefixes []string // put before a third of the inputs, to reach deeper rules
		minValid int
	}{
		{g2396, []string{"http://", "//", "a:", "//[", "//[::", "/"}, 1000},
		{g1738, []string{"http://h/", "ftp://u@h/", "gopher://h/", "news:", "wais://h/", "x-a:",
			"prospero://h/", "file:///", "nntp://h/g", "mailto:", "telnet://"}, 300},
		{g97, []string{"http://", "//", "a:", "//u:p@", "/", "//1.2.3.4:"}, 1000},
		{g93, []string{"http://h/", "ftp://h/", "news:", "wais://h/d", "prospero://h/", "telnet://",
			"gopher://h/", "afs://c/", "x:"}, 300},
	} {
		t.Run(c.g.ID(), func(t *testing.T) {
			randomInputs(t, c.g, c.prefixes, c.minValid)
		})
	}
}

func randomInputs(t *testing.T, g *urlgrammar.Grammar, prefixes []string, minValid int) {
	const alphabet = "aZ09:/?#[]@!$&'()*+,;=-._~%fF. \x00\xff<>\"{}|\\^`\n"
	rng := rand.New(rand.NewSource(1))
	valid := 0
	for i := 0; i < 20000; i++ {
		b := make([]byte, rng.Intn(24))
		for j := range b {
			b[j] = alphabet[rng.Intn(len(alphabet))]
		}
		s := string(b)
		if i%3 == 0 {
			s = prefixes[i%len(prefixes)] + s
		}
		tree, err := g.Parse(s)
		assert.Equal(t, err == nil, g.Valid(s), "Valid agrees with Parse on %q", s)
		if err != nil {
			var se *urlgrammar.SyntaxError
			require.ErrorAs(t, err, &se, "%q", s)
			require.LessOrEqual(t, se.Offset, len(s))
			continue
		}
		valid++
		require.Equal(t, s, tree.String())
		checkStructure(t, tree)
	}
	t.Logf("%s: %d of 20000 random inputs valid", g.ID(), valid)
	assert.Greater(t, valid, minValid, "the generator reaches valid inputs")
}

func FuzzParse(f *testing.F) {
	for _, s := range allTableInputs(f) {
		f.Add(s)
	}
	// url-1993's article look-ahead was quadratic: this valid generic address ran out of the
	// expression budget, and Parse refused what Valid accepted.
	f.Add("news:" + strings.Repeat("a@", 149) + "/")
	var grammars []*urlgrammar.Grammar
	for _, id := range urlgrammar.IDs() {
		grammars = append(grammars, urlgrammar.MustLookup(id))
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4096 {
			return
		}
		for _, g := range grammars {
			tree, err := g.Parse(s)
			if valid := g.Valid(s); valid != (err == nil) {
				t.Fatalf("%s: Valid(%q) = %v, Parse error %v", g.ID(), s, valid, err)
			}
			if err != nil {
				var se *urlgrammar.SyntaxError
				if !assert.ErrorAs(t, err, &se) || se.Offset > len(s) {
					t.Fatalf("%s: bad error for %q: %v", g.ID(), s, err)
				}
				if at, _, _ := se.At(); at > se.Offset || at < 0 || (at < se.Offset && strings.Contains(s, "@")) {
					t.Fatalf("%s: %q blamed at %d, the valid prefix ends at %d", g.ID(), s, at, se.Offset)
				}
				continue
			}
			if tree.String() != s {
				t.Fatalf("%s: print(parse(%q)) = %q", g.ID(), s, tree.String())
			}
			checkStructure(t, tree)
			again, err := g.Parse(tree.String())
			require.NoError(t, err)
			require.Equal(t, tree, again)
		}
	})
}
