package urlgrammar_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
)

// ruleCases lists, per rule used as an anchored start symbol, inputs in its language and
// inputs not in it. Whole-reference acceptance cannot see errors in the authority rules
// (a "//x" string is also an abs-path), so those rules are tested here on their own.
var ruleCases = []struct {
	rule         string
	valid, wrong []string
}{
	{"IPv6address",
		[]string{
			// one per alternative of the ABNF, in order
			"1:2:3:4:5:6:7:8", "::2:3:4:5:6:7:8", "1::3:4:5:6:7:8", "1:2::4:5:6:7:8",
			"1:2:3::5:6:7:8", "1:2:3:4::6:7:8", "1:2:3:4:5::7:8", "1:2:3:4:5:6::8",
			"1:2:3:4:5:6:7::",
			// the empty left side of each "::" alternative
			"::3:4:5:6:7:8", "::4:5:6:7:8", "::5:6:7:8", "::6:7:8", "::7:8", "::8", "::",
			// an embedded IPv4 tail (ls32 = IPv4address)
			"1:2:3:4:5:6:1.2.3.4", "::3:4:5:6:1.2.3.4", "::1.2.3.4", "::ffff:1.2.3.4",
			"1:2:3:4:5::1.2.3.4", "1::255.255.255.255",
			// 7 pieces with "::"
			"1:2:3:4:5:6::7", "1::2:3:4:5:6:7", "::1:2:3:4:5:6:7",
			// h4 is 1 to 4 hex digits, either case
			"abcd:ABCD:0:00:000:0000:FfFf:1", "FEDC:BA98:7654:3210:FEDC:BA98:7654:3210",
			"1080:0:0:0:8:800:200C:417A", "1080::8:800:200C:417A", "::192.9.5.5",
			"::FFFF:129.144.52.38", "2010:836B:4179::836B:4179",
		},
		[]string{
			"", ":", ":::", "1", "1:", ":1", "1:2", "1:::2", "::1::2", "1::2::3",
			"1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7::8", "1::2:3:4:5:6:7:8", "::1:2:3:4:5:6:7:8",
			"12345::", "g::", "::g", "1:2:3:4:5:6:7:1.2.3.4", "::1.2.3.256", "::1.2.3",
			"::1.2.3.4.5", "::01.2.3.4", "1.2.3.4", "1:2:3:4:5:6:7:8:", "[::1]", " ::1",
		}},
	{"IPv6reference", []string{"[::1]", "[1:2:3:4:5:6:7:8]"}, []string{"::1", "[::1", "[]", "[v1.x]"}},
	{"dec-octet",
		[]string{"0", "9", "10", "99", "100", "199", "200", "249", "250", "255"},
		[]string{"256", "00", "01", "300", "", "1000", "260", "a", "-1"}},
	{"IPv4address",
		[]string{"0.0.0.0", "255.255.255.255", "1.2.3.4", "192.0.2.10"},
		[]string{"256.1.1.1", "1.2.3", "1.2.3.4.5", "01.2.3.4", "1.2.3.", "1..2.3", "0x7f.0.0.1"}},
	{"domainlabel",
		[]string{"a", "1", "a-b", "a--b", "0a", strings.Repeat("a", 63), "a" + strings.Repeat("-", 61) + "b"},
		[]string{"", "-a", "a-", "-", strings.Repeat("a", 64), "a.b", "a_b"}},
	{"toplabel",
		[]string{"a", "com", "a-1", "A" + strings.Repeat("1", 62)},
		[]string{"", "1a", "-a", "a-", strings.Repeat("a", 64), "1"}},
	{"hostname",
		[]string{"a", "a.b.c", "www.example.com", "x.com.", "256.1.1.1", "1.2.3.4", "a-b.c-d",
			strings.Repeat("a", 63) + ".b"},
		[]string{"", "a.", "a..b", ".a", "x.1com.", "a.b..", strings.Repeat("a", 64) + ".b", "a b", "a_b.c",
			"0.A..0", "a.b..c"}}, // found by FuzzDifferential: a toplabel "." then another label
	{"host", []string{"[::1]", "1.2.3.4", "example.com", "256.1.1.1"}, []string{"", "a.", "[::1", "ex%41"}},
	{"hostport", []string{"h", "h:", "h:80", "[::1]:443"}, []string{"h:80x", ":80", "h::80", "0.A..0"}},
	{"scheme",
		[]string{"http", "H", "HTTP", "a+b-c.d", "a1", "z"},
		[]string{"", "1a", "+a", "a_b", "a:b", "-"}},
	{"reg-name",
		[]string{"a@b@c", "h:80x", ";:@&=+$,", "%41", "a.b", "-_.!~*'()"},
		[]string{"", "a/b", "[x]", "a?b", "a#b", "%4", "a b"}},
	{"userinfo",
		[]string{"", "user", "user:pass", "a;b=c&d+e$f,g", "%40", "::"},
		[]string{"a@b", "a/b", "[", "%zz"}},
	{"server", []string{"", "h", "u@h", "@h", "u:p@h:1", "u@[::1]:0"}, []string{"u@", "a@b@c", "h:p"}},
	{"authority", []string{"", "h", "u@h:80", "a@b@c", "h:80x", "[::1]"}, []string{"[::1]x", "a/b", "[x"}},
	{"port", []string{"", "0", "80", "65536", "0080"}, []string{"8a", " 80", "-1"}},
	{"segment", []string{"", "a", "a;b=c", "%2F", ":@", "."}, []string{"a/b", "a?b", "%2", "a#", "[", "~\\"}},
	{"rel-segment", []string{"a", ";x", "g;x=1", ".."}, []string{"", "a:b", "a/b"}},
	{"path-segments", []string{"", "a", "a/b", "/", "a//b/"}, []string{"a?b", "%"}},
	{"abs-path", []string{"/", "/a/b", "//"}, []string{"", "a", "/a?"}},
	{"net-path", []string{"//", "//h", "//h/p", "//h:80/p"}, []string{"/h", "//h?q"}},
	{"rel-path", []string{"a", "a/b", "./g", "../.."}, []string{"", "/a", "a:b"}},
	{"opaque-part", []string{"b", "[bar]", "?x", "a/b", ":"}, []string{"", "/b", "a#b"}},
	{"query", []string{"", "a=b&c=d", "/?:@", "%20"}, []string{"#", "a b", "[", "%"}},
	{"fragment", []string{"", "s", "/./x", "?y"}, []string{"#", "a#b", "]"}},
	{"hier-part", []string{"", "//h", "/p", "?q", "//h/p?q"}, []string{"p", "#f"}},
	{"absolute-URI", []string{"a:", "a:b", "http://h/p?q", "foo:[bar]", "a:?x"}, []string{"", "/p", "a:b#f", "foo:/[bar]"}},
	{"relative-URI", []string{"", "g", "//g", "/g", "?y", "../g"}, []string{"g:h", "#s", "a:"}},
	{"absolute-URI-reference", []string{"a:b#f", "http:", "g:h"}, []string{"g", "#f"}},
	{"URI-reference", []string{"", "#", "g:h", "g", "http://a/b/c/d;p?q"}, []string{"##", " "}},
	{"uric", []string{"a", "/", "%41", "["}, []string{"#", "", "ab"}},
	{"reserved", []string{"[", "]", ";", "/", "?", ":", "@", "&", "=", "+", "$", ","}, []string{"a", "#"}},
	{"unreserved", []string{"a", "Z", "0", "-", "_", ".", "!", "~", "*", "'", "(", ")"}, []string{";", "%"}},
	{"mark", []string{"-", "_", ".", "!", "~", "*", "'", "(", ")"}, []string{"a"}},
	{"escaped", []string{"%41", "%7e", "%7E", "%00"}, []string{"%", "%4", "%g0", "%411"}},
	{"delims", []string{"<", ">", "#", "%", `"`}, []string{"a"}},
	{"unwise", []string{"{", "}", "|", `\`, "^", "`"}, []string{"a"}},
	{"h4", []string{"0", "ffff", "FFFF", "aB9"}, []string{"", "12345", "g"}},
	{"ls32", []string{"1:2", "1.2.3.4"}, []string{"1", "1:2:3"}},
	{"qualified", []string{"", ".a", ".a.b", ".a.b."}, []string{".", ".1a."}},
	{"alphanum", []string{"a", "0"}, []string{"-", ""}},
	{"path", []string{"", "/a", "a"}, []string{"a#"}},
	{"uric-no-slash", []string{"a", "[", "?"}, []string{"/"}},
	{"pchar", []string{"a", ":", "@", "%41"}, []string{"/", "?"}},
	{"ALPHA", []string{"a", "Z"}, []string{"1"}},
	{"DIGIT", []string{"0", "9"}, []string{"a"}},
	{"HEXDIG", []string{"0", "a", "F"}, []string{"g"}},
	{"DQUOTE", []string{`"`}, []string{"'"}},
}

func TestMatchRules(t *testing.T) {
	tested := map[string]bool{}
	for _, c := range ruleCases {
		tested[c.rule] = true
		for _, s := range c.valid {
			assert.NoError(t, g2396.Match(c.rule, s), "%s should match %q", c.rule, s)
		}
		for _, s := range c.wrong {
			err := g2396.Match(c.rule, s)
			if assert.Error(t, err, "%s should not match %q", c.rule, s) {
				var se *urlgrammar.SyntaxError
				assert.ErrorAs(t, err, &se)
			}
		}
	}
	// Every rule of the grammar is usable as a start symbol and is tested here.
	rules := g2396.Rules()
	assert.Len(t, rules, 43+4, "43 rules of the draft and 4 core rules")
	for _, r := range rules {
		assert.True(t, tested[r], "rule %s has no Match test", r)
	}
}

func TestMatchUnknownRule(t *testing.T) {
	err := g2396.Match("no-such-rule", "x")
	var ue *urlgrammar.UnknownRuleError
	require.ErrorAs(t, err, &ue)
	assert.Equal(t, `grammar rfc2396bis-01 has no rule "no-such-rule" (see: urlgrammar rules -g rfc2396bis-01)`, err.Error())
	assert.NoError(t, g2396.Match("ipv6ADDRESS", "::1"), "rule names are case-insensitive, as in ABNF")
}

func TestLookup(t *testing.T) {
	g, err := urlgrammar.Lookup("rfc2396bis-01")
	require.NoError(t, err)
	assert.Equal(t, "URI-reference", g.Start())
	_, err = urlgrammar.Lookup("rfc3986bis")
	assert.EqualError(t, err, `unknown grammar "rfc3986bis" (known grammars: `+strings.Join(urlgrammar.IDs(), ", ")+`)`)
}
