package warn_test

import (
	"cmp"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/internal/spectest"
	"github.com/urlgrammar/urlgrammar/warn"
)

func kinds(t *testing.T, s string) []warn.Kind {
	t.Helper()
	tree, err := urlgrammar.MustLookup("rfc2396bis-01").Parse(s)
	require.NoError(t, err, s)
	all, _ := warn.ParseSet("all")
	var ks []warn.Kind
	for _, w := range warn.Check(tree, all) {
		ks = append(ks, w.Kind)
	}
	return ks
}

func TestCheck(t *testing.T) {
	for s, want := range map[string][]warn.Kind{
		"http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm": {warn.Userinfo, warn.HTTPUserinfo}, // 7.5's example (and RFC 9110's)
		"ftp://user:secret@h/":        {warn.Userinfo, warn.Password},
		"http://@h/":                  {warn.Userinfo, warn.HTTPUserinfo},
		"http://127.1/":               {warn.RareIP, warn.Confusion},
		"http://0x7f.1/":              {warn.RareIP, warn.Confusion},
		"http://0177.0.0.1/":          {warn.RareIP, warn.Confusion},
		"http://2130706433/":          {warn.RareIP, warn.Confusion},
		"http://127.0.0.1/":           nil,              // an IPv4address
		"http://256.1.1.1/":           {warn.Confusion}, // neither; the WHATWG parser rejects it
		"http://1.2.3.4.5/":           {warn.Confusion},
		"http://example.com/":         nil,
		"http://09.1/":                {warn.Confusion}, // 09 is no octal number: resolvers, and the WHATWG parser, refuse it
		"telnet://h/%0D%0Aquit":       {warn.EscapedControl, warn.EscapedControl},
		"http://h/?a=%00":             {warn.EscapedControl},
		"http://h:80/":                nil,
		"http://h:080/":               nil,
		"http://h:25/":                {warn.Port},
		"gopher://h:25/":              {warn.Port},
		"foo://h:25/":                 nil, // no known default
		"http://h:/":                  nil, // an empty port is the default
		"//h:25/":                     nil, // no scheme
		"http://u:p@0x7f.1:25/%0a":    {warn.Userinfo, warn.Password, warn.RareIP, warn.EscapedControl, warn.Port, warn.HTTPUserinfo, warn.Confusion},
		"mailto:John.Doe@example.com": nil, // opaque: no userinfo
	} {
		assert.Equal(t, want, kinds(t, s), s)
	}
}

func TestInetAton(t *testing.T) {
	for host, want := range map[string]string{
		"127.1": "127.0.0.1", "0x7f.1": "127.0.0.1", "0177.0.0.1": "127.0.0.1",
		"2130706433": "127.0.0.1", "10.1.256": "10.1.1.0", "0": "0.0.0.0", "1.2.3": "1.2.0.3",
	} {
		got, ok := warn.InetAton(host)
		assert.True(t, ok, host)
		assert.Equal(t, want, got, host)
	}
	for _, host := range []string{"127.0.0.1", "256.1.1.1", "1.2.3.4.5", "a.b", "1.2.65536", "4294967296", "09", "0x", "1..2"} {
		_, ok := warn.InetAton(host)
		assert.False(t, ok, host)
	}
}

func TestParseSet(t *testing.T) {
	s, err := warn.ParseSet("port,userinfo")
	require.NoError(t, err)
	assert.Equal(t, warn.Set{warn.Port: true, warn.Userinfo: true}, s)
	s, err = warn.ParseSet("all")
	require.NoError(t, err)
	assert.Len(t, s, len(warn.All))
	_, err = warn.ParseSet("bogus")
	assert.EqualError(t, err, `unknown warning "bogus" (all, none, bidi-component, bidi-formatting, confusion, data-base64, data-media-type, escaped-control, file-host, geo-location, geo-parameters, host-encoding, http-empty-host, http-userinfo, mailto-encoding, mailto-header, mixed-script, overlong-escape, password, port, rare-ip, tel-parameters, urn-namespace, urn-r-component, userinfo, ws-fragment, zone-id)`)
}

// With grammar rfc3986 a reg-name host is checked for rare IP formats, and the warnings cite
// RFC 3986's sections, which its 7.3 "Back-End Transcoding" shifted: section 7.6's own
// example is a semantic attack, a password is 7.5's sensitive information.
func TestCheckIn3986(t *testing.T) {
	g := urlgrammar.MustLookup("rfc3986")
	all, _ := warn.ParseSet("all")
	sections := func(s string) map[warn.Kind][]string {
		tree, err := g.Parse(s)
		require.NoError(t, err, s)
		out := map[warn.Kind][]string{}
		for _, w := range warn.CheckIn(g, tree, all) {
			out[w.Kind] = append(out[w.Kind], w.Section)
		}
		return out
	}
	assert.Equal(t, map[warn.Kind][]string{warn.Userinfo: {"7.6"}},
		sections("ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm"), "7.6's example")
	assert.Equal(t, map[warn.Kind][]string{warn.Userinfo: {"7.6"}, warn.Password: {"7.5"}, warn.RareIP: {"7.4"},
		warn.EscapedControl: {"7.2", "7.3"}, warn.Port: {"7.2"}, warn.HTTPUserinfo: {"RFC 9110 4.2.4"}, warn.Confusion: {"WHATWG URL"}},
		sections("http://u:p@0x7f.1:25/%0a%00"))
	// RFC 3986 7.2 is about the well-known range only: 8080 and 3000 are fine there, not in
	// the 2003 draft (any port other than the default).
	for s, want := range map[string][]string{
		"http://h:8080/": nil, "http://h:3000/": nil, "http://h:1024/": nil, "http://h:65536/": nil,
		"http://h:1023/": {"7.2"}, "http://h:25/": {"7.2"}, "http://h:0/": {"7.2"}, "http://h:0080/": nil,
		"gopher://h:80/": {"7.2"}, "https://h:443/": nil, "https://h:80/": {"7.2"},
	} {
		assert.Equal(t, want, sections(s)[warn.Port], s)
		tree, err := g.Parse(s)
		require.NoError(t, err)
		assert.Equal(t, s != "http://h:0080/" && s != "https://h:443/", len(warn.Check(tree, warn.Set{warn.Port: true})) == 1, "the 2003 draft: %s", s)
	}
	for _, host := range []string{"127.1", "0x7f.1", "0177.0.0.1", "2130706433"} {
		assert.Equal(t, map[warn.Kind][]string{warn.RareIP: {"7.4"}, warn.Confusion: {"WHATWG URL"}}, sections("http://"+host+"/"), host)
	}
	for _, s := range []string{"http://127.0.0.1/", "http://[::1]/", "http://example.com/", "file:///x"} {
		assert.Empty(t, sections(s), s)
	}
	// The same tree through Check cites the 2003 draft's numbers.
	tree, err := g.Parse("ftp://u:p@h/")
	require.NoError(t, err)
	ws := warn.Check(tree, all)
	require.Len(t, ws, 2)
	assert.Equal(t, "7.5", ws[0].Section)
	assert.Equal(t, "7.4", ws[1].Section)
}

// RFC 3987's own warnings (sections 4.1, 4.2, 8), and RFC 3986's cited as such.
func TestCheckIn3987(t *testing.T) {
	g := urlgrammar.MustLookup("rfc3987")
	all, _ := warn.ParseSet("all")
	found := func(s string) map[warn.Kind][]int {
		tree, err := g.Parse(s)
		require.NoError(t, err, s)
		out := map[warn.Kind][]int{}
		for _, w := range warn.CheckIn(g, tree, all) {
			out[w.Kind] = append(out[w.Kind], w.Offset)
		}
		return out
	}
	for s, want := range map[string]map[warn.Kind][]int{
		// 4.1: the seven formatting characters, wherever they are.
		"http://a/\u200eb":         {warn.BidiFormatting: {9}},
		"http://a/?\u202eq#\u202a": {warn.BidiFormatting: {10, 15}},
		// 4.2: a component with right-to-left characters starts and ends with one and has no
		// left-to-right ones; each label, segment, query name and value is a component.
		"http://a/\u05d0\u05d1":          {},
		"http://a/\u05d0b":               {warn.BidiComponent: {9}},
		"http://a/\u05d01":               {warn.BidiComponent: {9}},
		"http://a/1\u05d0":               {warn.BidiComponent: {9}},
		"http://a/\u05d0/b":              {},
		"http://example.\u05d0\u05d1/":   {},
		"http://\u05d0\u05d1example.com": {warn.BidiComponent: {7}, warn.MixedScript: {7}, warn.Confusion: {7}}, // the bidi rule: browsers reject it
		"http://a/?\u05d0=b&c=\u05d1":    {},
		"http://a/?\u05d0b":              {warn.BidiComponent: {10}},
		"http://a/#\u0627\u0644":         {},
		// 8: spoofing by mixed scripts in a host label; the scripts one language writes
		// together are fine.
		"http://p\u0430ypal.com/":                 {warn.MixedScript: {7}},
		"http://\u03b1\u03b2c.example/":           {warn.MixedScript: {7}},
		"http://\u4f8b\u3048.\u30c6\u30b9\u30c8/": {},
		"http://abc\u4f8b.jp/":                    {},
		"http://r\u00e9sum\u00e9.example.org/":    {},
		"http://\ud55c\uad6d\uc5b4abc.kr/":        {},
		// 8: escapes of an overlong "/" and of a surrogate.
		"http://a/%C0%AF..":           {warn.OverlongEscape: {9}},
		"http://a/%e0%80%af":          {warn.OverlongEscape: {9}},
		"http://a/%ED%A0%80":          {warn.OverlongEscape: {9}},
		"http://a/%C3%A9%F0%9F%98%80": {},
		"http://a/%C0":                {},
	} {
		got := found(s)
		for k := range got {
			if k == warn.Userinfo || k == warn.Port {
				delete(got, k)
			}
		}
		assert.Equal(t, want, got, "%q", s)
	}
	// RFC 3986's warnings apply too, cited as RFC 3986's.
	tree, err := g.Parse("ftp://u:p@h/")
	require.NoError(t, err)
	ws := warn.CheckIn(g, tree, all)
	require.Len(t, ws, 2)
	assert.Equal(t, "RFC 3986 7.6", ws[0].Section)
	// The IRI warnings are RFC 3987's: rfc3986 has only the overlong escapes (its 7.3).
	g6 := urlgrammar.MustLookup("rfc3986")
	tree, err = g6.Parse("http://a/%C0%AF")
	require.NoError(t, err)
	ws = warn.CheckIn(g6, tree, all)
	require.Len(t, ws, 1)
	assert.Equal(t, warn.OverlongEscape, ws[0].Kind)
	assert.Equal(t, "7.3", ws[0].Section)
}

// The scheme RFCs' advice, in any generic grammar's tree: mailto's header fields (RFC 6068
// section 4), a file: URI's host (RFC 8089), a data: URL without a media type (RFC 2397), a
// geo: URI's location and parameters (RFC 5870), a tel: URI's parameters (RFC 3966), and an
// IPv6 zone identifier (RFC 9844).
func TestSchemeAdvice(t *testing.T) {
	all, _ := warn.ParseSet("all")
	for _, c := range []struct {
		grammar, s string
		want       []warn.Kind
		offsets    []int
	}{
		{"uri", "mailto:a@example.org?subject=hi&body=x&Keywords=k&to=b@c&CC=d@e&In-Reply-To=%3Cx%3E", nil, nil},
		{"uri", "mailto:a@example.org?bcc=spy@example.org", []warn.Kind{warn.MailtoHeader}, []int{21}},
		{"uri", "mailto:?subject=x&From=me&b%63c=x", []warn.Kind{warn.MailtoHeader, warn.MailtoHeader}, []int{18, 26}},
		{"rfc3986", "MAILTO:a@b?x-custom=1", []warn.Kind{warn.MailtoHeader}, []int{11}},
		{"uri", "file://host.example.com/x", []warn.Kind{warn.FileHost}, []int{7}},
		{"uri", "file://LOCALHOST/x", nil, nil},
		{"uri", "file:///x", nil, nil},
		{"uri", "file:/x", nil, nil},
		{"uri", "data:,A%20brief%20note", []warn.Kind{warn.DataMediaType}, []int{5}},
		{"uri", "data:;BASE64,SGk=", []warn.Kind{warn.DataMediaType}, []int{5}},
		// Base64 data as RFC 2045 section 6.8 writes it (RFC 2397 section 2).
		{"uri", "data:text/plain;base64,SGVsbG8=", nil, nil},
		{"uri", "data:text/plain;base64,SGVsbG8%3D", nil, nil},     // "=" escaped
		{"uri", "data:text/plain;base64,SG%20Vs%20bG8=", nil, nil}, // white space, skipped
		{"uri", "data:text/plain;base64,", nil, nil},               // no data
		{"uri", "data:text/plain;base64,SGk=#f", nil, nil},         // the fragment is no data
		{"uri", "data:text/plain,SGVsbG8", nil, nil},               // not base64
		{"uri", "data:text/plain;base64x=1,SGVsbG8", nil, nil},     // a parameter, not the marker
		{"uri", "data:;base64,SGVsbG8", []warn.Kind{warn.DataMediaType, warn.DataBase64}, []int{5, 20}},
		{"uri", "data:text/plain;BASE64,SGV!bG8=", []warn.Kind{warn.DataBase64}, []int{26}},
		{"uri", "data:text/plain;base64,SGk=SGk=", []warn.Kind{warn.DataBase64}, []int{27}},
		{"uri", "data:text/plain;base64,SG===", []warn.Kind{warn.DataBase64}, []int{27}},
		{"uri", "data:text/plain;base64,SGk%3F", []warn.Kind{warn.DataBase64}, []int{26}}, // "?" escaped
		{"uri", "data:text/plain;base64,SGk?x=", []warn.Kind{warn.DataBase64}, []int{26}}, // "?" is data
		{"uri", "data:text/plain,x", nil, nil},
		{"uri", "data:;charset=utf-8,x", nil, nil},
		{"rfc6874", "http://[fe80::1%25eth0]:80/", []warn.Kind{warn.ZoneID, warn.Confusion}, []int{7, 7}}, // browsers reject zone identifiers
		{"rfc6874", "http://[fe80::1]/", nil, nil},
		{"rfc3986", "http://example.com/?bcc=x", nil, nil}, // not mailto
		// RFC 6068's characters that must be percent-encoded (section 2), its examples (6.1,
		// 6.2) and the one it calls wrong (6.1).
		{"uri", "mailto:joe@example.com?cc=bob@example.com&body=hello", nil, nil},
		{"uri", "mailto:gorby%25kremvax@example.com", nil, nil},
		{"uri", "mailto:unlikely%3Faddress@example.com?blat=foop", []warn.Kind{warn.MailtoHeader}, []int{38}},
		{"uri", "mailto:Mike%26family@example.org", nil, nil},
		{"rfc3986", "mailto:joe@example.com?cc=bob@example.com?body=hello", []warn.Kind{warn.MailtoEncoding}, []int{41}},
		{"uri", "mailto:a/b@example.org,c&d@example.org", []warn.Kind{warn.MailtoEncoding, warn.MailtoEncoding}, []int{8, 24}},
		{"uri", "mailto:a@example.org?subject=a;b", []warn.Kind{warn.MailtoEncoding}, []int{30}},
		{"rfc3986", "mailto:a@example.org?subject=a=b&x;y=1", []warn.Kind{warn.MailtoHeader, warn.MailtoEncoding, warn.MailtoEncoding}, []int{33, 30, 34}},
		{"rfc3986", "mailto://example.org/a;b", nil, nil}, // no mailto: URI: an authority
		// RFC 5870's examples (sections 1, 6.1, 6.2, 6.4), and its invalid location (9.1).
		{"uri", "geo:13.4125,103.8667", nil, nil},
		{"uri", "geo:48.2010,16.3695,183", nil, nil},
		{"uri", "geo:48.198634,16.371648;crs=wgs84;u=40", nil, nil},
		{"uri", "geo:90,-22.43;crs=WGS84", nil, nil},
		{"uri", "geo:94,0", []warn.Kind{warn.GeoLocation}, []int{4}},
		{"uri", "geo:-90,180", nil, nil},
		{"uri", "geo:-90.000,-180.0", nil, nil},
		{"uri", "geo:0090,0", nil, nil},
		{"uri", "geo:90.0000000000000001,0", []warn.Kind{warn.GeoLocation}, []int{4}}, // a float64 reads 90
		{"uri", "geo:0,-180.5", []warn.Kind{warn.GeoLocation}, []int{6}},
		{"uri", "geo:-91,181;u=5", []warn.Kind{warn.GeoLocation, warn.GeoLocation}, []int{4, 8}},
		{"uri", "geo:94,0;crs=ETRS89", nil, nil}, // another reference system: its ranges are not known
		{"uri", "geo:1,2;u=1;u=2", []warn.Kind{warn.GeoParameters}, []int{12}},
		{"uri", "GEO:1,2;U=1;u=2", []warn.Kind{warn.GeoParameters}, []int{12}},
		{"uri", "geo:1,2;u=1;crs=wgs84", []warn.Kind{warn.GeoParameters}, []int{12}},
		{"uri", "geo:1,2;foo=1;u=2", []warn.Kind{warn.GeoParameters}, []int{14}},
		{"uri", "geo:1,2;CRS=wgs84;U=2;foo=bar", nil, nil},
		{"uri", "geo:94,0;foo=1;crs=wgs84;crs=x", []warn.Kind{warn.GeoLocation, warn.GeoParameters, warn.GeoParameters}, []int{4, 15, 25}},
		// A crs or u whose value the syntax reads as another parameter's (section 3.3's rules).
		{"uri", "geo:1,2;u=-1", []warn.Kind{warn.GeoParameters}, []int{8}},
		{"uri", "geo:1,2;u=1e3", []warn.Kind{warn.GeoParameters}, []int{8}},
		{"uri", "geo:1,2;u", []warn.Kind{warn.GeoParameters}, []int{8}},
		{"uri", "geo:1,2;u=%31.5", nil, nil}, // "1.5", escaped (section 3.5 recommends it is not)
		{"uri", "geo:1,2;crs=a.b", []warn.Kind{warn.GeoParameters}, []int{8}},
		{"uri", "geo:1,2;crs", []warn.Kind{warn.GeoParameters}, []int{8}},
		{"uri", "geo:1,2;crs=etrs-89;u=0.5;v=-1", nil, nil},
		// RFC 3966's examples (section 6), and parameters out of its order (section 3).
		{"uri", "tel:+1-201-555-0123", nil, nil},
		{"uri", "tel:7042;phone-context=example.com", nil, nil},
		{"uri", "tel:863-1234;phone-context=+1-914-555", nil, nil},
		{"uri", "tel:+1-201-555-0123;isub=1;ext=2;a=1;B=2;c", nil, nil},
		{"uri", "tel:+1-201-555-0123;a=1;ext=2", []warn.Kind{warn.TelParameters}, []int{24}},
		{"uri", "tel:7042;b=1;phone-context=example.com;a=2", []warn.Kind{warn.TelParameters, warn.TelParameters}, []int{13, 39}},
		{"uri", "tel:+1-201-555-0123;ext=1;EXT=2", []warn.Kind{warn.TelParameters}, []int{26}},
		{"rfc3986", "tel:+1-201-555-0123;b;a", []warn.Kind{warn.TelParameters}, []int{22}},
		// An isub, ext or phone-context whose value the syntax reads as another parameter's.
		{"uri", "tel:+1-201-555-0123;ext=12a", []warn.Kind{warn.TelParameters}, []int{20}},
		{"uri", "tel:+1-201-555-0123;ext", []warn.Kind{warn.TelParameters}, []int{20}},
		{"uri", "tel:+1-201-555-0123;ext=", nil, nil}, // 1*phonedigit may be empty
		{"uri", "tel:+1-201-555-0123;ext=%31(2)", nil, nil},
		{"uri", "tel:+1-201-555-0123;isub", []warn.Kind{warn.TelParameters}, []int{20}},
		{"uri", "tel:+1-201-555-0123;isub=%5B1", nil, nil},
		{"uri", "tel:+1-201-555-0123;phone-context=example_com", []warn.Kind{warn.TelParameters}, []int{20}},
		{"uri", "tel:+1-201-555-0123;phone-context=%2B1", []warn.Kind{warn.TelParameters}, []int{20}}, // "+" is a delimiter: not its escape
		{"uri", "tel:+1-201-555-0123;phone-context=+1-914", nil, nil},
		{"uri", "tel:863-1234;phone-context=a-1.b2.", nil, nil},
		{"rfc3986", "http://example.com/x;u=1;u=2", nil, nil}, // neither tel nor geo
		// RFC 9110's empty host (sections 4.2.1, 4.2.2) and RFC 6455's fragment (section 3).
		{"uri", "http:///x", []warn.Kind{warn.HTTPEmptyHost, warn.Confusion}, []int{7, 8}},
		{"uri", "HTTPS://:443/", []warn.Kind{warn.HTTPEmptyHost, warn.Confusion}, []int{8, 8}},
		{"uri", "http://a/", nil, nil},
		// RFC 9110's userinfo (section 4.2.4), beside RFC 3986's warnings of any scheme's.
		{"uri", "https://www.example.com@evil.example/", []warn.Kind{warn.Userinfo, warn.HTTPUserinfo}, []int{8, 8}},
		{"uri", "http://@a/", []warn.Kind{warn.Userinfo, warn.HTTPUserinfo}, []int{7, 7}},
		{"uri", "ftp://user@a/", []warn.Kind{warn.Userinfo}, []int{6}},
		{"rfc3986", "http:x", []warn.Kind{warn.Confusion}, []int{5}}, // no authority, no empty host: no http-URI at all (grammar uri rejects it)
		// RFC 8141's namespace identifiers (sections 5.1, 5.2) and r-component (2.3.1).
		{"uri", "urn:example:a", nil, nil},
		{"uri", "urn:ISBN:0451450523", nil, nil},
		{"uri", "urn:urn-7:a", nil, nil},
		{"uri", "urn:urn-123:a", nil, nil},
		{"uri", "urn:urn-07:a", []warn.Kind{warn.URNNamespace}, []int{4}},
		{"uri", "URN:Urn-x:a", []warn.Kind{warn.URNNamespace}, []int{4}},
		{"uri", "urn:ab:x", []warn.Kind{warn.URNNamespace}, []int{4}},
		{"uri", "urn:a1:x", []warn.Kind{warn.URNNamespace}, []int{4}},
		{"uri", "urn:X-foo:x", []warn.Kind{warn.URNNamespace}, []int{4}},
		{"uri", "urn:de-gov:x", []warn.Kind{warn.URNNamespace}, []int{4}},
		{"uri", "urn:xn--p1ai:x", []warn.Kind{warn.URNNamespace}, []int{4}},
		{"uri", "urn:a-b:x", nil, nil}, // three characters, not two letters and "-"
		{"uri", "urn:example:a?+r?=q#f", []warn.Kind{warn.URNRComponent}, []int{13}},
		{"uri", "urn:example:a?=q?+r", nil, nil}, // "?+" inside the q-component
		{"rfc3986", "ws://example.com/chat#f", []warn.Kind{warn.WSFragment}, []int{21}},
		{"uri", "wss://example.com/chat%23f", nil, nil},
		{"uri", "http://example.com/chat#f", nil, nil},
	} {
		g := urlgrammar.MustLookup(c.grammar)
		tree, err := g.Parse(c.s)
		require.NoError(t, err, c.s)
		var ks []warn.Kind
		var offs []int
		for _, w := range warn.CheckIn(g, tree, all) {
			ks = append(ks, w.Kind)
			offs = append(offs, w.Offset)
			assert.NotEmpty(t, w.Section, c.s)
		}
		assert.Equal(t, c.want, ks, c.s)
		assert.Equal(t, c.offsets, offs, c.s)
	}
}

// The examples of RFC 5870, RFC 3966, RFC 6068, RFC 9110 and RFC 6455 (their grammars'
// examples.txt, verbatim
// from the RFCs) give no warning of what their RFC requires beyond its syntax, but for the
// invalid location of RFC 5870 section 9.1.
func TestSchemeAdviceOnTheRFCsExamples(t *testing.T) {
	all, _ := warn.ParseSet("all")
	g := urlgrammar.MustLookup("uri")
	n := 0
	for _, id := range []string{"rfc5870", "rfc3966", "rfc6068", "rfc9110", "rfc6455", "rfc8141"} {
		lines, err := spectest.Lines("../grammars/" + id + "/testdata/examples.txt")
		require.NoError(t, err)
		for _, l := range lines {
			s, _, _ := strings.Cut(l, " -- ")
			tree, err := g.Parse(s)
			require.NoError(t, err, s)
			var got []warn.Kind
			for _, w := range warn.CheckIn(g, tree, all) {
				if w.Kind == warn.GeoLocation || w.Kind == warn.GeoParameters || w.Kind == warn.TelParameters || w.Kind == warn.MailtoEncoding ||
					w.Kind == warn.HTTPEmptyHost || w.Kind == warn.HTTPUserinfo || w.Kind == warn.WSFragment ||
					w.Kind == warn.URNNamespace || w.Kind == warn.URNRComponent {
					got = append(got, w.Kind)
				}
			}
			var want []warn.Kind
			switch {
			case s == "geo:94,0":
				want = []warn.Kind{warn.GeoLocation}
			case strings.Contains(s, "?+"): // RFC 8141's examples of the r-component it says not to use yet
				want = []warn.Kind{warn.URNRComponent}
			}
			assert.Equal(t, want, got, s)
			n++
		}
	}
	assert.Equal(t, 11+9+17+7+1+19, n)
}

// FuzzSchemeParameters: for any tel:, geo:, mailto:, http:, urn: or ws: URI that grammar uri (or,
// for a ws: fragment, rfc3986) accepts, the warnings of the scheme RFCs point into it (a
// parameter's warning at the name after a ";", an encoding's at the character, an empty
// host's where the host begins, a fragment's at its "#", a host's encoding at a "%", a URN
// namespace's after "urn:", an r-component's at its "?+"), and
// the same tel: URI with its parameters put in RFC 3966's order (isub and ext, then
// phone-context, then the others sorted, each name once) has no TelParameters warning but
// those of a value.
func FuzzSchemeParameters(f *testing.F) {
	for _, s := range []string{"tel:7042;b=1;phone-context=example.com;a=2", "tel:+1-201-555-0123;ext=1;EXT=2;isub=3",
		"geo:94,0;foo=1;crs=wgs84;crs=x", "geo:1,2;u=1;u=2", "geo:-90.000,-180.0001", "tel:+1;b;a;phone-context=+1", "tel:+1;a;ext=1x;isub", "geo:1,2;u=-1;crs",
		"mailto:a/b@example.org,c&d@example.org?subject=a;b", "http://u@:80/", "ws://a/#f", "foo://a%C3%A9b%C3%28c/", "HTTPS://a:b@c", "urn:X-a:b?+c?=d", "data:;base64,SGk%3D=?", "data:text/plain;base64,SG%20k"} {
		f.Add(s)
	}
	all, _ := warn.ParseSet("all")
	g := urlgrammar.MustLookup("uri")
	g3986 := urlgrammar.MustLookup("rfc3986") // takes a fragment in any scheme
	f.Fuzz(func(t *testing.T, s string) {
		if tree, err := g3986.Parse(s); err == nil {
			for _, w := range warn.CheckIn(g3986, tree, all) {
				if w.Kind == warn.WSFragment && (w.Offset >= len(s) || s[w.Offset] != '#') {
					t.Fatalf("%q: %v at %d, not at the \"#\"", s, w, w.Offset)
				}
			}
		}
		tree, err := g.Parse(s)
		if err != nil {
			return
		}
		tel := false
		for _, w := range warn.CheckIn(g, tree, all) {
			switch w.Kind {
			case warn.HostEncoding:
				if w.Offset >= len(s) || s[w.Offset] != '%' {
					t.Fatalf("%q: %v at %d, not at a \"%%\"", s, w, w.Offset)
				}
			case warn.URNNamespace:
				if w.Offset != 4 {
					t.Fatalf("%q: %v at %d, not at the namespace identifier", s, w, w.Offset)
				}
			case warn.URNRComponent:
				if w.Offset+1 >= len(s) || s[w.Offset:w.Offset+2] != "?+" {
					t.Fatalf("%q: %v at %d, not at a \"?+\"", s, w, w.Offset)
				}
			case warn.HTTPUserinfo:
				if w.Offset < 3 || w.Offset > len(s) || s[w.Offset-2:w.Offset] != "//" {
					t.Fatalf("%q: %v at %d, not where a userinfo begins", s, w, w.Offset)
				}
			case warn.HTTPEmptyHost:
				if w.Offset < 1 || w.Offset > len(s) || !strings.ContainsAny(s[w.Offset-1:w.Offset], "/@") {
					t.Fatalf("%q: %v at %d, not where a host begins", s, w, w.Offset)
				}
			case warn.GeoParameters, warn.TelParameters:
				if w.Offset < 1 || w.Offset > len(s) || s[w.Offset-1] != ';' {
					t.Fatalf("%q: %v at %d, not after a \";\"", s, w, w.Offset)
				}
				tel = tel || w.Kind == warn.TelParameters
			case warn.MailtoEncoding:
				if w.Offset >= len(s) || !strings.ContainsAny(s[w.Offset:w.Offset+1], "/?&;=") {
					t.Fatalf("%q: %v at %d, not at a character to encode", s, w, w.Offset)
				}
			case warn.DataBase64:
				if w.Offset > len(s) || w.Offset < strings.Index(s, ",")+1 || strings.Contains(s[:w.Offset], "#") {
					t.Fatalf("%q: %v at %d, not in the data", s, w, w.Offset)
				}
			case warn.GeoLocation:
				if w.Offset >= len(s) || !strings.ContainsAny(s[w.Offset:w.Offset+1], "-0123456789") {
					t.Fatalf("%q: %v at %d, not at a number", s, w, w.Offset)
				}
			}
		}
		if !tel {
			return
		}
		tail := ""
		if i := strings.IndexAny(s, "?#"); i >= 0 {
			s, tail = s[:i], s[i:] // the path's parameters end before a query or fragment
		}
		head, params, _ := strings.Cut(s, ";")
		rank := func(p string) (int, string) {
			name, _, _ := strings.Cut(strings.ToLower(p), "=")
			switch name {
			case "isub", "ext":
				return 0, ""
			case "phone-context":
				return 1, ""
			}
			return 2, name
		}
		var ordered []string
		seen := map[string]bool{}
		for _, p := range strings.Split(params, ";") {
			name, _, _ := strings.Cut(strings.ToLower(p), "=")
			if !seen[name] {
				seen[name] = true
				ordered = append(ordered, p)
			}
		}
		slices.SortStableFunc(ordered, func(a, b string) int {
			ra, na := rank(a)
			rb, nb := rank(b)
			return cmp.Or(cmp.Compare(ra, rb), strings.Compare(na, nb))
		})
		fixed := head + ";" + strings.Join(ordered, ";") + tail
		tree, err = g.Parse(fixed)
		if err != nil {
			return // the order the grammar needs (a local number's phone-context) is not RFC 3966's prose order
		}
		for _, w := range warn.CheckIn(g, tree, all) {
			// A value its rule does not take ("ext=12a") is warned of in any order.
			if w.Kind == warn.TelParameters && !strings.Contains(w.Message, "\" with ") {
				t.Fatalf("%q, in RFC 3966's order %q: %v", s, fixed, w)
			}
		}
	})
}

// RFC 3986 section 3.2.2: percent-encoding in a registered name only for UTF-8.
func TestHostEncoding(t *testing.T) {
	all, _ := warn.ParseSet("all")
	for _, c := range []struct {
		grammar, s string
		offsets    []int // of the HostEncoding warnings
		section    string
	}{
		{"rfc3986", "foo://%FF.example/", []int{6}, "3.2.2"},
		{"rfc3986", "foo://caf%C3%A9.example/", nil, ""},
		{"rfc3986", "foo://caf%C3.example/x", []int{9}, "3.2.2"},
		{"rfc3986", "foo://a%C3%A9b%C3%28c/", []int{14}, "3.2.2"}, // the second run
		{"rfc3986", "foo://%41%42.example/", nil, ""},             // ASCII is UTF-8
		{"rfc3986", "foo://%C0%AF.example/", []int{6}, "3.2.2"},   // overlong: no UTF-8
		{"rfc3986", "foo://[::1]/%FF", nil, ""},                   // not in the host
		{"rfc3987", "foo://é%E9.example/", []int{8}, "RFC 3986 3.2.2"},
		{"rfc2396bis-01", "foo://%FF.example/", nil, ""}, // the 2003 draft says nothing of it
	} {
		g := urlgrammar.MustLookup(c.grammar)
		tree, err := g.Parse(c.s)
		require.NoError(t, err, c.s)
		var offs []int
		for _, w := range warn.CheckIn(g, tree, all) {
			if w.Kind == warn.HostEncoding {
				offs = append(offs, w.Offset)
				assert.Equal(t, c.section, w.Section, c.s)
			}
		}
		assert.Equal(t, c.offsets, offs, c.s)
	}
}

// A URI of a scheme grammar (or of web-safe, within RFC 3986) has the warnings of the same
// URI under rfc3986, RFC 3986's cited as such, and none when rfc3986 rejects it: on every
// table input of those grammars, their examples and their written-down differences from
// RFC 3986, and lines made to warn.
func TestSchemeGrammarsWarnAsRFC3986(t *testing.T) {
	all, _ := warn.ParseSet("all")
	r3986 := urlgrammar.MustLookup(urlgrammar.RFC3986)
	inputs := []string{"http://user:pw@:80/", "https://%FF.example:25/%0D", "mailto:a/b@example.org?bcc=x",
		"geo:94,0;u=1;u=2", "tel:+1;b=1;a=2", "file://host/x", "data:,x", "ws://a/#f", "urn:example:a%C0%AF"}
	for _, id := range urlgrammar.IDs() {
		for _, name := range []string{"valid.txt", "examples.txt", "rfc3986-differences.txt"} {
			path := "../grammars/" + id + "/testdata/" + name
			if _, err := os.Stat(path); err != nil {
				continue
			}
			if name == "rfc3986-differences.txt" {
				m, err := spectest.Differences(path)
				require.NoError(t, err)
				for w := range m {
					inputs = append(inputs, w)
				}
				continue
			}
			lines, err := spectest.Lines(path)
			require.NoError(t, err)
			for _, l := range lines {
				s, _, _ := strings.Cut(l, " -- ")
				inputs = append(inputs, s)
			}
		}
	}
	slices.Sort(inputs) // the differences come from a map
	cited := func(ws []warn.Warning) []warn.Warning {
		for i, w := range ws {
			if w.Section != "" && w.Section[0] >= '0' && w.Section[0] <= '9' {
				ws[i].Section = "RFC 3986 " + w.Section
			}
		}
		return ws
	}
	var read []string
	rejected, warned := 0, 0
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		assert.Equal(t, g.Generic() || warn.ReadsAsRFC3986(g), warn.Applies(g), id)
		if !warn.ReadsAsRFC3986(g) {
			continue
		}
		read = append(read, id)
		accepted := 0
		for _, s := range inputs {
			tree, err := g.Parse(s)
			if err != nil {
				continue
			}
			accepted++
			got := warn.CheckIn(g, tree, all)
			u, err := r3986.Parse(s)
			if err != nil {
				assert.Empty(t, got, "%s: %q, which rfc3986 rejects", id, s)
				rejected++
				continue
			}
			assert.Equal(t, cited(warn.CheckIn(r3986, u, all)), got, "%s: %q", id, s)
			if len(got) > 0 {
				warned++
			}
		}
		assert.NotZero(t, accepted, id)
	}
	assert.Equal(t, []string{"rfc2397", "rfc3966", "rfc5870", "rfc6068", "rfc6455", "rfc8089", "rfc8141", "rfc9110", "web-safe"}, read)
	assert.NotZero(t, rejected)
	assert.NotZero(t, warned)
	t.Logf("%d inputs; %d warned, %d rejected by rfc3986", len(inputs), warned, rejected)
}

// RFC 2396's section 7: a password, escaped CR and LF, a port other than the default; not the
// drafts' userinfo, rare IP or NUL warnings, which it does not give.
func TestRFC2396Warnings(t *testing.T) {
	all, _ := warn.ParseSet("all")
	g := urlgrammar.MustLookup("rfc2396")
	tree, err := g.Parse("ftp://u:p@a.example:8080/%0d%00%0A")
	require.NoError(t, err)
	var got []string
	for _, w := range warn.CheckIn(g, tree, all) {
		got = append(got, fmt.Sprintf("%s %s %d", w.Kind, w.Section, w.Offset))
	}
	assert.Equal(t, []string{"password 7 8", "escaped-control 7 25", "escaped-control 7 31", "port 7 20"}, got)
	// The 2003 draft's table gives all five kinds on the same URI.
	tree, err = urlgrammar.MustLookup("rfc2396bis-01").Parse("ftp://u:p@a.example:8080/%0d%00%0A")
	require.NoError(t, err)
	assert.Len(t, warn.CheckIn(urlgrammar.MustLookup("rfc2396bis-01"), tree, all), 6)
}
