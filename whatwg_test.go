package urlgrammar_test

import (
	"encoding/json"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/idna"

	"github.com/urlgrammar/urlgrammar"
)

// urlTest is an entry of web-platform-tests' urltestdata.json (testdata/whatwg): an input,
// its base (or none), and the URL parser's result: failure, or the record's parts.
type urlTest struct {
	Input    string  `json:"input"`
	Base     *string `json:"base"`
	Failure  bool    `json:"failure"`
	Protocol string  `json:"protocol"`
	Hostname string  `json:"hostname"`
	Port     string  `json:"port"`
}

func readURLTests(t *testing.T) []urlTest {
	t.Helper()
	b, err := os.ReadFile("testdata/whatwg/urltestdata.json")
	require.NoError(t, err)
	var raw []json.RawMessage
	require.NoError(t, json.Unmarshal(b, &raw))
	var out []urlTest
	for _, r := range raw {
		if r[0] != '{' {
			continue // a comment
		}
		var u urlTest
		require.NoError(t, json.Unmarshal(r, &u))
		out = append(out, u)
	}
	return out
}

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
// web-platform-tests' urltestdata.json: every input the parser rejects is no valid URL string
// (with its base's kind of relative form, when it has a base), and of the inputs without a
// base that the grammar accepts, the parser's record has the scheme, host and port the
// grammar splits (the host through UTS 46, an IPv6 address compared as an address, a
// default port elided as the parser elides it).
func TestWHATWGURLTestData(t *testing.T) {
	g := urlgrammar.MustLookup(urlgrammar.WHATWGURL)
	tests := readURLTests(t)
	require.Greater(t, len(tests), 800)
	var rejected, accepted, valid, checked int
	for _, u := range tests {
		if u.Failure {
			rejected++
			assert.False(t, g.Valid(u.Input), "the parser rejects %q: no valid URL string", u.Input)
			if u.Base != nil {
				rule := relativeRule(t, g, *u.Base)
				assert.Error(t, g.Match(rule, u.Input), "the parser rejects %q against %q: no %s", u.Input, *u.Base, rule)
			}
			continue
		}
		accepted++
		if u.Base != nil {
			continue
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
	t.Logf("urltestdata.json: %d inputs the parser rejects, all invalid here; %d it accepts, %d of them without a base, %d valid URL strings (%d hosts compared)",
		rejected, accepted, accepted-countWithBase(tests), valid, checked)
	assert.Greater(t, valid, 100)
}

func countWithBase(tests []urlTest) int {
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
