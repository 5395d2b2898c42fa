package urlgrammar_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
)

// Tests of grammar rfc3986 from the text of RFC 3986 (testdata/spec/rfc3986.txt).

var g3986 = urlgrammar.MustLookup("rfc3986")

func parse3986(t *testing.T, s string) ast.Tree {
	t.Helper()
	r, err := g3986.Parse(s)
	require.NoError(t, err, "%q", s)
	return r
}

// rfc3986Text returns the RFC's lines, trimmed of their indentation.
func rfc3986Lines(t *testing.T) map[string]bool {
	t.Helper()
	b, err := os.ReadFile("testdata/spec/rfc3986.txt")
	require.NoError(t, err)
	lines := map[string]bool{}
	for _, l := range strings.Split(string(b), "\n") {
		lines[strings.TrimSpace(l)] = true
	}
	return lines
}

// rfc3986Valid returns valid.txt and the URIs of examples.txt.
func rfc3986Valid(t *testing.T) []string {
	var in []string
	for _, l := range readTable(t, "grammars/rfc3986/testdata/valid.txt") {
		in = append(in, unempty(l))
	}
	for _, l := range readTable(t, "grammars/rfc3986/testdata/examples.txt") {
		u, _, _ := strings.Cut(l, " -- ")
		in = append(in, u)
	}
	return in
}

// Every example URI of the RFC is a line of its text and parses; the components of the two
// examples of section 3 are the ones its figure names.
func TestRFC3986Examples(t *testing.T) {
	lines := rfc3986Lines(t)
	examples := readTable(t, "grammars/rfc3986/testdata/examples.txt")
	require.Len(t, examples, 24)
	for _, l := range examples {
		u, _, ok := strings.Cut(l, " -- ")
		require.True(t, ok, l)
		assert.True(t, lines[u], "%q is a line of the RFC, copied verbatim", u)
		parse3986(t, u)
	}

	c := componentsOf(t, g3986, "foo://example.com:8042/over/there?name=ferret#nose")
	assert.Equal(t, [5]*string{ptr("foo"), ptr("example.com:8042"), ptr("/over/there"), ptr("name=ferret"), ptr("nose")},
		[5]*string{c.Scheme, c.Authority, c.Path, c.Query, c.Fragment})
	assert.Equal(t, "example.com", *c.Host)
	assert.Equal(t, "reg-name", *c.HostKind)
	assert.Equal(t, "8042", *c.Port)
	urn := parse3986(t, "urn:example:animal:ferret:nose")
	assert.Equal(t, strs("example:animal:ferret:nose"), ruleTexts(urn, "path-rootless"))
	assert.Nil(t, urn.Components().Authority)

	// Section 3.3: "the URI <mailto:fred@example.com> has a path of "fred@example.com",
	// whereas the URI <foo://info.example.com?fred> has an empty path."
	assert.Equal(t, "fred@example.com", *parse3986(t, "mailto:fred@example.com").Components().Path)
	empty := parse3986(t, "foo://info.example.com?fred")
	assert.Equal(t, strs(""), ruleTexts(empty, "path-abempty"))
	// Section 1.1.2: the IPv6 literal of the ldap example.
	ldap := parse3986(t, "ldap://[2001:db8::7]/c=GB?objectClass?one").Components()
	assert.Equal(t, "ipv6", *ldap.HostKind)
	assert.Equal(t, "[2001:db8::7]", *ldap.Host)
	assert.Equal(t, "objectClass?one", *ldap.Query)
	// Section 7.6: the userinfo that looks like a host.
	sem := parse3986(t, "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm").Components()
	assert.Equal(t, "cnn.example.com&story=breaking_news", *sem.Userinfo)
	assert.Equal(t, "ipv4", *sem.HostKind)
}

// The grammar has the 36 rules of Appendix A and 3 core rules.
func TestRFC3986Rules(t *testing.T) {
	assert.Len(t, g3986.Rules(), 36+3) // each with a case in rules.txt: TestTables
}

// The host of section 3.2.2: kinds, the first-match rule of IPv4address over reg-name, and
// the empty host.
func TestRFC3986Hosts(t *testing.T) {
	for _, c := range []struct {
		in, host, kind string
		part           string // the part the kind adds
	}{
		{"//[::1]", "[::1]", "ipv6", "IPv6address"},
		{"//[v1.fe]", "[v1.fe]", "ipvfuture", "IPvFuture"},
		{"//1.2.3.4", "1.2.3.4", "ipv4", "IPv4address"},
		{"//1.2.3.256", "1.2.3.256", "reg-name", "reg-name"},
		{"//1.2.3.4.5", "1.2.3.4.5", "reg-name", "reg-name"},
		{"//1.2.3.4%41", "1.2.3.4%41", "reg-name", "reg-name"},
		{"//example.com", "example.com", "reg-name", "reg-name"},
		{"///x", "", "reg-name", "reg-name"},
	} {
		comp := componentsOf(t, g3986, c.in)
		if assert.NotNil(t, comp.Host, c.in) {
			assert.Equal(t, c.host, *comp.Host, c.in)
			assert.Equal(t, c.kind, *comp.HostKind, c.in)
		}
		assert.Contains(t, comp.Parts, c.part, c.in)
	}
	// An absent authority, an empty one, and an empty host with a port are three things.
	assert.Nil(t, parse3986(t, "a:/x").Components().Authority)
	e := parse3986(t, "a:///x").Components()
	assert.Equal(t, [3]*string{ptr(""), ptr(""), nil}, [3]*string{e.Authority, e.Host, e.Port})
	p := parse3986(t, "//:80").Components()
	assert.Equal(t, [3]*string{ptr(":80"), ptr(""), ptr("80")}, [3]*string{p.Authority, p.Host, p.Port})
}

// The five paths of section 3.3 and their segments.
func TestRFC3986Paths(t *testing.T) {
	for _, c := range []struct {
		in, rule string
		segments []string
	}{
		{"http://a", "path-abempty", nil},
		{"http://a/", "path-abempty", []string{""}},
		{"http://a/b//c/", "path-abempty", []string{"b", "", "c", ""}},
		{"a:/", "path-absolute", nil}, // path-absolute = "/" [ segment-nz *( "/" segment ) ]
		{"/b/c", "path-absolute", []string{"b", "c"}},
		{"b/c:d", "path-noscheme", []string{"b", "c:d"}},
		{"a:b:c/d", "path-rootless", []string{"b:c", "d"}},
		{"a:", "path-empty", nil},
		{"?q", "path-empty", nil},
		{"", "path-empty", nil},
	} {
		tree := parse3986(t, c.in)
		var rules, segs []string
		for i := range tree.Len() {
			switch r := tree.RuleName(i); r {
			case "path-abempty", "path-absolute", "path-noscheme", "path-rootless", "path-empty":
				rules = append(rules, r)
			case "segment", "segment-nz", "segment-nz-nc":
				segs = append(segs, tree.Text(i))
			}
		}
		assert.Equal(t, []string{c.rule}, rules, c.in)
		assert.Equal(t, c.segments, segs, c.in)
	}
}

// RFC 3986 Appendix D names the changes from RFC 2396; those that the 2003 draft
// (rfc2396bis-01) had not yet made change a verdict, each shown here with both grammars'.
// `urlgrammar diff -g rfc2396bis-01 -g rfc3986` finds every such place.
func TestRFC3986AppendixD(t *testing.T) {
	g2003 := urlgrammar.MustLookup("rfc2396bis-01")
	for _, c := range []struct {
		in         string
		v2003, v05 bool
		why        string
	}{
		// D.1: "IPv6 (and later) literals ... a version flag to anticipate future versions".
		{"http://[v1.fe]/", false, true, "D.1 IPvFuture"},
		{"http://[::1]/", true, true, "D.1 IPv6 literals (in the 2003 draft already)"},
		// D.1: "Square brackets ... are not allowed outside their use as delimiters for an IP
		// literal within host": the draft's opaque-part allowed them.
		{"foo:[bar]", true, false, "D.1 square brackets only around an IP literal"},
		{"foo:?[bar]", true, false, "D.1 square brackets only around an IP literal"},
		// D.2: "Registry-based naming authorities ... are now defined within the host rule":
		// an authority is userinfo "@" host ":" port, no longer any reg-name.
		{"//a:b:c", true, false, "D.2 reg-name within host"},
		{"//a@b@c", true, false, "D.2 reg-name within host"},
		{"//%C3%A9.example:80", true, true, "D.2 a host may hold percent-encoded octets"},
		// D.2: "The ABNF has been corrected to allow the path component to be empty ...
		// nothing after the "scheme:"" (also in the draft).
		{"about:", true, true, "D.2 empty path"},
		// D.2: the mark characters moved to the reserved set: still allowed where they were.
		{"a:!*'()", true, true, "D.2 marks are sub-delims"},
	} {
		assert.Equal(t, c.v2003, g2003.Valid(c.in), "rfc2396bis-01 on %q (%s)", c.in, c.why)
		assert.Equal(t, c.v05, g3986.Valid(c.in), "rfc3986 on %q (%s)", c.in, c.why)
	}
	// "The server, hostport, hostname, domainlabel, toplabel, and alphanum rules have been
	// removed."
	for _, r := range []string{"server", "hostport", "hostname", "domainlabel", "toplabel", "alphanum", "opaque-part", "net-path", "abs-path", "rel-path", "mark", "uric"} {
		assert.True(t, g2003.HasRule(r), r)
		assert.False(t, g3986.HasRule(r), r)
	}
	// Every host the draft accepts, RFC 3986 accepts (the registry names took over).
	cmp, err := urlgrammar.Compare(urlgrammar.Language{Grammar: g2003, Rule: "host"}, urlgrammar.Language{Grammar: g3986, Rule: "host"}, 1)
	require.NoError(t, err)
	assert.True(t, cmp.AInB(), "rfc2396bis-01 host is a subset of rfc3986 host")
	assert.False(t, cmp.BInA())
}
