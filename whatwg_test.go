package urlgrammar_test

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/idna"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/internal/difftest"
	"github.com/urlgrammar/urlgrammar/internal/spectest"
)

// readURLTests reads web-platform-tests' urltestdata.json and ada's cases in its format
// (testdata/whatwg), in that order.
func readURLTests(t *testing.T) []spectest.URLTest {
	t.Helper()
	var all []spectest.URLTest
	for _, file := range urlTestFiles {
		tests, err := spectest.URLTests("testdata/whatwg/" + file)
		require.NoError(t, err)
		all = append(all, tests...)
	}
	return all
}

var urlTestFiles = []string{"urltestdata.json", "ada_extra_urltestdata.json"}

// relativeRule is the rule a reference against base must match besides the absolute form,
// by the kind of base (the standard's "relative-URL-with-fragment string").
func relativeRule(t *testing.T, g *urlgrammar.Grammar, base string) string {
	tree, err := g.ParseRule("absolute-URL-string", strings.SplitN(base, "#", 2)[0])
	if err != nil {
		// A base that is no valid URL string still has a kind: read its scheme.
		scheme, _, _ := strings.Cut(base, ":")
		tree, err = g.ParseRule("absolute-URL-string", scheme+"://h/")
		if err != nil {
			return "relative-URL-with-fragment-string-other"
		}
	}
	c := tree.Components()
	switch {
	case strings.EqualFold(*c.Scheme, "file"):
		return "relative-URL-with-fragment-string-file"
	case tree.Find("special-scheme") >= 0:
		return "relative-URL-with-fragment-string-special"
	case tree.Find("opaque-path-URL-string") >= 0 && c.Authority == nil:
		return "relative-URL-with-fragment-string-opaque"
	}
	return "relative-URL-with-fragment-string-other"
}

// The WHATWG URL Standard's parser and its writing grammar, held together on
// web-platform-tests' urltestdata.json and ada's ada_extra_urltestdata.json (the same format):
// every input the parser rejects is no valid URL string (with its base's kind of relative
// form, when it has a base), and of the absolute inputs that the grammar accepts (with a base
// or without: an absolute valid URL string's record does not depend on its base), the
// parser's record has the scheme, host and port the grammar splits (the host through UTS 46,
// an IPv6 address compared as an address, a default port elided as the parser elides it).
// A failure against a base may be the base's (ada's "https://www.google.com" against
// "http://[0:0:0:0:0:0:0:0"): where the input is a valid absolute URL string, the parser could
// only have failed on the base, and the test holds that the base is no valid URL string.
func TestWHATWGURLTestData(t *testing.T) {
	for _, file := range urlTestFiles {
		t.Run(file, func(t *testing.T) {
			tests, err := spectest.URLTests("testdata/whatwg/" + file)
			require.NoError(t, err)
			whatwgURLTestData(t, file, tests)
		})
	}
}

func whatwgURLTestData(t *testing.T, file string, tests []spectest.URLTest) {
	g := urlgrammar.MustLookup(urlgrammar.WHATWGURL)
	require.Greater(t, len(tests), 20)
	var rejected, accepted, valid, checked, baseFailed int
	for _, u := range tests {
		if u.Failure {
			rejected++
			if u.Base != nil && g.Match("absolute-URL-with-fragment-string", u.Input) == nil {
				baseFailed++
				assert.False(t, g.Valid(*u.Base), "%q is valid, so the parser failed on its base %q: no valid URL string", u.Input, *u.Base)
				continue
			}
			assert.False(t, g.Valid(u.Input), "the parser rejects %q: no valid URL string", u.Input)
			if u.Base != nil {
				rule := relativeRule(t, g, *u.Base)
				assert.Error(t, g.Match(rule, u.Input), "the parser rejects %q against %q: no %s", u.Input, *u.Base, rule)
			}
			continue
		}
		accepted++
		if u.Base != nil && g.Match("absolute-URL-with-fragment-string", u.Input) != nil {
			continue // a relative input: its record is the base's too
		}
		tree, err := g.Parse(u.Input)
		if err != nil {
			continue // valid for the parser, with validation errors: no valid URL string
		}
		valid++
		c := tree.Components()
		assert.Equal(t, strings.ToLower(*c.Scheme)+":", u.Protocol, "%q: scheme", u.Input)
		if c.Host != nil && c.HostKind != nil {
			checked++
			switch *c.HostKind {
			case "domain":
				want, err := idna.Lookup.ToASCII(*c.Host)
				require.NoError(t, err)
				if want = strings.ToLower(want); want == "localhost" && strings.EqualFold(*c.Scheme, "file") {
					want = "" // the file host state makes localhost the empty host
				}
				assert.Equal(t, want, u.Hostname, "%q: host", u.Input)
			case "ipv4":
				assert.Equal(t, *c.Host, u.Hostname, "%q: host", u.Input)
			case "opaque":
				// The parser percent-encodes the bytes of an opaque host's non-ASCII code points.
				assert.Equal(t, percentEncodeNonASCII(*c.Host), u.Hostname, "%q: host", u.Input)
			case "ipv6":
				a, err1 := netip.ParseAddr(strings.Trim(*c.Host, "[]"))
				b, err2 := netip.ParseAddr(strings.Trim(u.Hostname, "[]"))
				if assert.NoError(t, err1) && assert.NoError(t, err2) {
					assert.Equal(t, a, b, "%q: host", u.Input)
				}
			}
		}
		port := ""
		if c.Port != nil {
			port = strings.TrimLeft(*c.Port, "0")
			if port == "" && *c.Port != "" {
				port = "0"
			}
			if p, ok := urlgrammar.DefaultPort(*c.Scheme); ok && port == strconv.Itoa(p) && tree.Find("special-scheme") >= 0 {
				port = ""
			}
		}
		assert.Equal(t, port, u.Port, "%q: port", u.Input)
	}
	t.Logf("%s: %d inputs the parser rejects, all invalid here (%d of them valid against a base the parser fails on); %d it accepts, %d of them without a base, %d valid URL strings (%d hosts compared)",
		file, rejected, baseFailed, accepted, accepted-countWithBase(tests), valid, checked)
	assert.Greater(t, valid, 3)
}

func countWithBase(tests []spectest.URLTest) int {
	n := 0
	for _, u := range tests {
		if !u.Failure && u.Base != nil {
			n++
		}
	}
	return n
}

// percentEncodeNonASCII is s with every byte of its non-ASCII code points percent-encoded.
func percentEncodeNonASCII(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 {
			b.WriteString("%" + strings.ToUpper(strconv.FormatUint(uint64(c), 16)))
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// jsdomDivergences are the inputs where jsdom/whatwg-url's isValidURLString and the grammar
// whatwg-url disagree, each with why (a divergence of the standard's sections, or of the
// implementation). None is known: the map is here so that one found gets its reason.
var jsdomDivergences = map[string]string{}

// The grammar whatwg-url gives jsdom/whatwg-url's isValidURLString (an independent, hand-written
// checker of the same section of the standard) on every input of urltestdata.json, with its
// base where it has one, on the grammar's own tables, and on 4,000 corpus and text lines with
// two near misses of each. Node and the module are test-only
// tools: make node-tools installs them; without them this test is skipped, saying so.
func TestWHATWGURLMatchesJsdom(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed (make node-tools installs Debian's nodejs): the comparison with jsdom/whatwg-url is skipped")
	}
	modules, err := filepath.Abs(filepath.Join(".cache", "node", "node_modules"))
	require.NoError(t, err)
	if _, err := os.Stat(filepath.Join(modules, "whatwg-url", "package.json")); err != nil {
		t.Skip("jsdom/whatwg-url is not installed in .cache/node (make node-tools installs it): the comparison is skipped")
	}
	g := urlgrammar.MustLookup(urlgrammar.WHATWGURL)
	type pair struct {
		Input string  `json:"input"`
		Base  *string `json:"base"`
	}
	var pairs []pair
	for _, u := range readURLTests(t) {
		pairs = append(pairs, pair{u.Input, u.Base})
	}
	for _, l := range tableLines(t, urlgrammar.WHATWGURL, "valid.txt", "examples.txt") {
		pairs = append(pairs, pair{l, nil})
	}
	var others []string
	for _, c := range readInvalid(t, "grammars/whatwg-url/testdata/invalid.txt") {
		others = append(others, c.input)
	}
	rng := rand.New(rand.NewSource(9))
	for _, s := range append(corpus.Lines(3000, 3), corpus.TextLines(1000, 4)...) {
		others = append(others, s, difftest.Mutate(rng, s), difftest.Mutate(rng, s))
	}
	for _, s := range others {
		if utf8.ValidString(s) { // a JavaScript string holds no invalid UTF-8
			pairs = append(pairs, pair{s, nil})
		}
	}
	in, err := json.Marshal(pairs)
	require.NoError(t, err)
	cmd := exec.Command(node, filepath.Join("testdata", "whatwg", "isvalid.js"))
	cmd.Env = append(os.Environ(), "NODE_PATH="+modules)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "node: %s", stderr.String())
	var verdicts []bool
	require.NoError(t, json.Unmarshal(out, &verdicts))
	require.Len(t, verdicts, len(pairs))
	agree := 0
	for i, p := range pairs {
		ours := g.Valid(p.Input)
		if p.Base != nil && !ours {
			ours = g.Match(relativeRule(t, g, *p.Base), p.Input) == nil
		}
		if ours == verdicts[i] {
			agree++
			continue
		}
		if why, ok := jsdomDivergences[p.Input]; ok {
			t.Logf("%q: jsdom says %v, whatwg-url %v: %s", p.Input, verdicts[i], ours, why)
			continue
		}
		t.Errorf("%q (base %v): jsdom/whatwg-url's isValidURLString says %v, the grammar %v", p.Input, p.Base, verdicts[i], ours)
	}
	t.Logf("jsdom/whatwg-url and whatwg-url agree on %d of %d inputs", agree, len(pairs))
}

// web-safe is exactly the URLs whatwg-url and rfc3986 both accept and split alike (their
// components compared here through Components, independently of the grammar's own check),
// on the corpus, text-shaped lines, near misses, urltestdata.json and the tables; and its
// language, by the automata, is inside both.
func TestWebSafe(t *testing.T) {
	ws, wu, r3986 := urlgrammar.MustLookup(urlgrammar.WebSafe), urlgrammar.MustLookup(urlgrammar.WHATWGURL), urlgrammar.MustLookup(urlgrammar.RFC3986)
	assert.Equal(t, []string{urlgrammar.RFC3986}, ws.Within())
	rng := rand.New(rand.NewSource(5))
	var inputs []string
	for _, s := range append(corpus.Lines(3000, 5), corpus.TextLines(1000, 6)...) {
		inputs = append(inputs, s, difftest.Mutate(rng, s))
	}
	for _, u := range readURLTests(t) {
		inputs = append(inputs, u.Input)
	}
	inputs = append(inputs, tableLines(t, urlgrammar.WHATWGURL, "valid.txt")...)
	inputs = append(inputs, tableLines(t, urlgrammar.RFC3986, "valid.txt")...)
	both, splitOtherwise, safe := 0, 0, 0
	for _, s := range inputs {
		want := wu.Valid(s) && r3986.Valid(s)
		if want {
			both++
			a, err1 := wu.Parse(s)
			b, err2 := r3986.Parse(s)
			require.NoError(t, err1)
			require.NoError(t, err2)
			ca, cb := a.Components(), b.Components()
			if !reflect.DeepEqual([8]*string{ca.Scheme, ca.Authority, ca.Userinfo, ca.Host, ca.Port, ca.Path, ca.Query, ca.Fragment},
				[8]*string{cb.Scheme, cb.Authority, cb.Userinfo, cb.Host, cb.Port, cb.Path, cb.Query, cb.Fragment}) {
				splitOtherwise++
				want = false
			}
		}
		got := ws.Valid(s)
		require.Equal(t, want, got, "%q", s)
		_, err := ws.Parse(s)
		require.Equal(t, got, err == nil, "%q: Valid and Parse", s)
		if got {
			safe++
		}
	}
	t.Logf("%d inputs: %d in both whatwg-url and rfc3986, %d of them split otherwise, %d web-safe", len(inputs), both, splitOtherwise, safe)
	assert.Greater(t, safe, 2000)
	for _, other := range []*urlgrammar.Grammar{wu, r3986} {
		c, err := urlgrammar.Compare(urlgrammar.Language{Grammar: ws}, urlgrammar.Language{Grammar: other}, 1)
		require.NoError(t, err)
		assert.True(t, c.AInB(), "web-safe's automaton is inside %s's", other.ID())
		assert.False(t, c.BInA(), "and smaller than %s's", other.ID())
	}
}

// The standard's table of validation errors gives inputs that trigger one: none is a valid
// URL string (each example quoted as "<code>...</code>" between the table's tags that has a
// scheme; its escapes \[ and <br>, a line break in the input, read as the text says).
func TestWHATWGValidationErrorExamples(t *testing.T) {
	g := urlgrammar.MustLookup(urlgrammar.WHATWGURL)
	b, err := os.ReadFile("testdata/spec/whatwg-url.bs")
	require.NoError(t, err)
	text := string(b)
	start := strings.Index(text, "<table class=yesno>")
	end := start + strings.Index(text[start:], "</table>")
	require.True(t, start >= 0 && end > start)
	n := 0
	for _, m := range regexp.MustCompile(`"<code>(.*?)</code>"`).FindAllStringSubmatch(text[start:end], -1) {
		in := strings.NewReplacer(`\[`, "[", "<br>", "\n", "&lt;", "<", "&gt;", ">", "&amp;", "&").Replace(m[1])
		if !strings.Contains(in, ":") {
			continue // a host or a word of the prose, no input
		}
		n++
		assert.False(t, g.Valid(in), "%q triggers a validation error: no valid URL string", in)
	}
	assert.Equal(t, 40, n, "the table's inputs with a scheme")
}
