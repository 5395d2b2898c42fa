package warn_test

import (
	"net/netip"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/idna"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/internal/spectest"
	"github.com/urlgrammar/urlgrammar/warn"
)

// The WHATWG parser's reading of the host of a URL of a special scheme, against RFC 3986's:
// the confusion warning names the other host (or the failure) and where it starts.
func TestConfusion(t *testing.T) {
	g := urlgrammar.MustLookup(urlgrammar.RFC3986)
	for _, c := range []struct {
		in     string
		offset int    // -1: no warning
		says   string // in the message
	}{
		{"http:evil.com/x", 5, `reads the host "evil.com", where the grammar reads no host`},
		{"http:/evil.com", 6, `reads the host "evil.com", where the grammar reads no host`},
		{"HTTPS:///evil.com/", 9, `reads the host "evil.com", where the grammar reads the host ""`},
		{"ws:////a.b?x", 7, `reads the host "a.b"`},
		{"http://0x7f.1/", 7, `reads the IPv4 address 127.0.0.1, where the grammar reads the host "0x7f.1", a name`},
		{"http://127.1/", 7, `reads the IPv4 address 127.0.0.1`},
		{"http://0177.0.0.1/", 7, `reads the IPv4 address 127.0.0.1`},
		{"http://%65vil.com/", -1, ""}, // the same host once normalized
		{"http://u@%31%32%37.0.0.1:80/", 9, `reads the IPv4 address 127.0.0.1`},
		{"http://a.0x/", 7, `rejects this URL`},
		{"http://1.2.3.256/", 7, `rejects this URL, where the grammar reads the host "1.2.3.256": its host "1.2.3.256" ends in a number but is no IPv4 address`},
		{"http://a%2Fb/", 7, `rejects this URL`},
		{"http://[v1.x]/", 7, `rejects this URL, where the grammar reads the host "[v1.x]": its IPv6 parser rejects`},
		{"http://example.com:99999/", 19, `rejects this URL, where the grammar reads the port "99999": a port is at most 65535`},
		{"http://u@a:65536", 11, `the port "65536"`},
		{"wss://[::1]:100000/", 12, `the port "100000"`},
		{"http://a:0065535/", -1, ""},
		{"http://a:65535", -1, ""},
		{"http://a:/", -1, ""},
		{"foo://a:99999/", -1, ""},                                                 // not a special scheme
		{"http:a:99999", 5, `reads the host "a", where the grammar reads no host`}, // the host's warning first
		{"http://example.com/", -1, ""},
		{"HTTP://EXAMPLE.com:8080/a", -1, ""},
		{"http://example.com./", -1, ""},
		{"http://1.2.3.4/", -1, ""},
		{"http://[::1]/", -1, ""},
		{"http://xn--53h.example/", -1, ""},
		{"foo:evil.com", -1, ""},
		{"foo:///evil.com", -1, ""},
		{"file:///etc/passwd", -1, ""},
		{"mailto:a@b", -1, ""},
		{"/relative/path", -1, ""},
	} {
		tree, err := g.Parse(c.in)
		require.NoError(t, err, c.in)
		ws := warn.CheckIn(g, tree, warn.Set{warn.Confusion: true})
		if c.offset < 0 {
			assert.Empty(t, ws, c.in)
			continue
		}
		if assert.Len(t, ws, 1, c.in) {
			assert.Equal(t, warn.Confusion, ws[0].Kind)
			assert.Equal(t, c.offset, ws[0].Offset, c.in)
			assert.Contains(t, ws[0].Message, c.says, c.in)
			assert.Equal(t, "WHATWG URL", ws[0].Section)
		}
	}
}

// WHATWGHost is the standard's host parser for special schemes, on its own examples.
func TestWHATWGHost(t *testing.T) {
	for in, want := range map[string]string{
		"EXAMPLE.com": "example.com", "0x7f.1": "127.0.0.1", "2130706433": "127.0.0.1", "1.2.3.4.": "1.2.3.4",
		"%65xample.com": "example.com", "☕.example": "xn--53h.example", "[::1]": "[::1]", "0x": "0.0.0.0", "[0:0::1]": "[0:0::1]", "0x.0.0.1": "0.0.0.1", "1.2.3.4": "1.2.3.4",
	} {
		got, _, err := warn.WHATWGHost(in)
		if assert.NoError(t, err, in) {
			assert.Equal(t, want, got, in)
		}
	}
	for _, in := range []string{"", "1.2.3.256", "a%2Fb", "a%00b", "1.2.3.4.5", "0x100000000", "a.0x", "[v1.x]", "[fe80::1%25eth0]"} {
		_, _, err := warn.WHATWGHost(in)
		assert.Error(t, err, in)
	}
}

// FuzzWHATWGHost: the host parser never panics, and what it returns it returns again
// (a host it made is one it reads as itself).
func FuzzWHATWGHost(f *testing.F) {
	for _, s := range []string{"example.com", "0x7f.1", "%65vil.com", "[::1]", "1.2.3.256", "☕.example", "a.0x", "0x.0x.0x.0x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h, ipv4, err := warn.WHATWGHost(s)
		if err != nil {
			return
		}
		again, ipv4Again, err := warn.WHATWGHost(h)
		if err != nil || again != h || ipv4Again != ipv4 {
			t.Fatalf("%q -> %q (ipv4 %v), then %q (ipv4 %v, %v)", s, h, ipv4, again, ipv4Again, err)
		}
	})
}

// The confusion warning against the WHATWG parser's own answers: web-platform-tests'
// urltestdata.json (testdata/whatwg of the module, with its source and license). For every
// input of a special scheme that RFC 3986 accepts as a URI, but one that a base of its scheme
// makes relative ("http:a", not "http://a"): the parser fails exactly where the
// warning says it rejects the URL, where the warning names another host it is the parser's,
// and where it says nothing the parser reads the grammar's host.
func TestConfusionAgainstURLTestData(t *testing.T) {
	tests, err := spectest.URLTests("../testdata/whatwg/urltestdata.json")
	require.NoError(t, err)
	g := urlgrammar.MustLookup(urlgrammar.RFC3986)
	another := regexp.MustCompile(`reads (?:the host "([^"]*)"|the IPv4 address ([0-9.]+)),`)
	checked, failures, same := 0, 0, 0
	for _, u := range tests {
		tree, err := g.ParseRule("URI", u.Input)
		if err != nil {
			continue
		}
		scheme := *tree.Components().Scheme
		relative := u.Base != nil && strings.HasPrefix(strings.ToLower(*u.Base), strings.ToLower(scheme)+":") &&
			!strings.HasPrefix(u.Input[len(scheme)+1:], "//") // the standard's "special relative or authority state"
		if !slices.Contains([]string{"ftp", "http", "https", "ws", "wss"}, strings.ToLower(scheme)) || relative {
			continue
		}
		checked++
		var says string
		for _, w := range warn.CheckIn(g, tree, warn.Set{warn.Confusion: true}) {
			says = w.Message
		}
		if u.Failure {
			failures++
			assert.Contains(t, says, "rejects this URL", "%q: the parser fails", u.Input)
			continue
		}
		assert.NotContains(t, says, "rejects this URL", "%q: the parser reads the host %q", u.Input, u.Hostname)
		if m := another.FindStringSubmatch(says); m != nil {
			assert.Equal(t, u.Hostname, m[1]+m[2], "%q: %s", u.Input, says)
		} else if host := tree.Components().Host; says == "" && host != nil {
			// No warning: the parser reads the grammar's host, spelt as it writes hosts (an
			// IPv6 literal compressed, which WHATWGHost leaves as it is).
			theirs, _, err := warn.WHATWGHost(*host)
			assert.NoError(t, err, u.Input)
			if inner, ok := strings.CutPrefix(theirs, "["); ok {
				a, err := netip.ParseAddr(strings.TrimSuffix(inner, "]"))
				assert.NoError(t, err, u.Input)
				require.False(t, a.Is4In6(), "%q: netip writes ::ffff:a.b.c.d, the standard hex pieces", u.Input)
				theirs = "[" + a.String() + "]" // RFC 5952's compression, as the standard's serializer
			}
			assert.Equal(t, u.Hostname, theirs, "%q: no warning, and the grammar reads the host %q", u.Input, *host)
			same++
		}
	}
	t.Logf("%d inputs of a special scheme, %d of them failures of the parser, %d read with the grammar's host", checked, failures, same)
	require.Greater(t, checked, 100)
	require.Greater(t, failures, 10)
}

// WHATWGHost against web-platform-tests' toascii.json (testdata/whatwg of the module, with
// its source and license): each host as the URL parser's domain to ASCII gives it, or its
// failure.
func TestWHATWGHostToASCII(t *testing.T) {
	tests, err := spectest.ToASCIITests("../testdata/whatwg/toascii.json")
	require.NoError(t, err)
	holdToASCII(t, tests, 50)
}

// WHATWGHost against web-platform-tests' IdnaTestV2.json and IdnaTestV2-removed.json
// (testdata/whatwg): Unicode's UTS 46 conformance cases that apply to the URL Standard, 2,691
// hosts and the URL parser's answer for each. The empty host is left out, as
// web-platform-tests leaves it out (ToASCII of "" is "", but a URL of a special scheme cannot
// have an empty host: WHATWGHost fails on it, as the parser does).
func TestWHATWGHostIdnaTestV2(t *testing.T) {
	var all []spectest.ToASCIITest
	for _, f := range []string{"IdnaTestV2.json", "IdnaTestV2-removed.json"} {
		tests, err := spectest.ToASCIITests("../testdata/whatwg/" + f)
		require.NoError(t, err)
		for _, c := range tests {
			if c.Input != "" {
				all = append(all, c)
			}
		}
	}
	holdToASCII(t, all, 2600)
}

// holdToASCII holds WHATWGHost to the URL parser's answers, at least min of them. A host
// that gets another answer is forgiven (and counted in the log) only while x/net/idna's
// tables are Unicode 15.0's, and only when it has a code point whose UTS 46 mapping changed
// after 15.0; with newer tables every host must agree (checked with Go 1.27 and x/net
// v0.62.0, whose tables are Unicode 17's).
func holdToASCII(t *testing.T, tests []spectest.ToASCIITest, min int) {
	n, skipped := 0, 0
	for _, c := range tests {
		n++
		h, _, err := warn.WHATWGHost(c.Input)
		agrees := (err != nil) == (c.Output == nil) && (c.Output == nil || h == *c.Output)
		if !agrees && idna.UnicodeVersion == "15.0.0" && spectest.UTS46ChangedAfter15(c.Input) {
			skipped++
			continue
		}
		if c.Output == nil {
			assert.Error(t, err, "%+q: the parser fails, WHATWGHost gives %q", c.Input, h)
		} else if assert.NoError(t, err, "%+q: the parser gives %q", c.Input, *c.Output) {
			assert.Equal(t, *c.Output, h, "%+q", c.Input)
		}
	}
	require.Greater(t, n, min)
	if skipped > 0 {
		t.Logf("%d of %d hosts get another answer, each with a code point whose UTS 46 mapping changed after Unicode %s, the version of x/net/idna's tables with this Go (spectest.UTS46ChangedAfter15)", skipped, n, idna.UnicodeVersion)
	}
}
