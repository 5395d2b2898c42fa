package resolve

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
	gencorpus "github.com/urlgrammar/urlgrammar/internal/corpus"
)

func TestKeyExamples(t *testing.T) {
	g := urlgrammar.MustLookup("rfc3986")
	opt := NormalizeOptions{Grammar: g}
	for _, c := range []struct{ in, surt, domain string }{
		{"http://www.example.com/a?q#f", "http://(com,example,www,)/a?q", "example.com"},
		{"HTTP://WWW.Example.COM:80/%7Ea/./b", "http://(com,example,www,)/~a/b", "example.com"},
		{"https://u:p@a.b.example.co.uk:8443", "https://(uk,co,example,b,a,:8443@u:p)/", "example.co.uk"},
		{"http://192.0.2.1/x", "http://(192.0.2.1,)/x", "192.0.2.1"},
		{"http://[2001:db8::1]/", "http://([2001:db8::1],)/", "[2001:db8::1]"},
		{"file:///etc/hosts", "file://(,)/etc/hosts", ""},
		{"mailto:a@example.com", "mailto:a@example.com", ""},
		{"http://a,b(c).example/", "http://(example,a%2Cb%28c%29,)/", "a,b(c).example"},
		{"http://com/", "http://(com,)/", "com"},
	} {
		k, err := KeyString(c.in, KeySURT, opt)
		require.NoError(t, err, c.in)
		assert.Equal(t, c.surt, k, c.in)
		d, err := KeyString(c.in, KeyDomain, opt)
		if c.domain == "" {
			assert.Error(t, err, "%s: no host", c.in)
			continue
		}
		require.NoError(t, err, c.in)
		assert.Equal(t, c.domain, d, c.in)
	}
	_, err := KeyString("/relative", KeySURT, opt)
	assert.ErrorIs(t, err, ErrNoKey)
	_, err = KeyString("http://a b/", KeySURT, opt)
	var se *urlgrammar.SyntaxError
	assert.ErrorAs(t, err, &se)
}

// keyProblem says what is wrong with the SURT key of s (a reference g accepts): it must be
// the key of s's normal form too (one key per equivalence class of section 6.2), and read
// back to that normal form without its fragment (so two references with different normal
// forms never share a key).
func keyProblem(g *urlgrammar.Grammar, s string) string {
	opt := NormalizeOptions{Grammar: g}
	k, err := KeyString(s, KeySURT, opt)
	if err != nil {
		return ""
	}
	opt.Level = LevelScheme
	n, _, err := NormalizeString(s, opt)
	if err != nil {
		return "normalizes with an error: " + err.Error()
	}
	tree, err := g.Parse(s)
	if err != nil {
		return "parses with an error: " + err.Error()
	}
	for _, kind := range []KeyKind{KeySURT, KeyDomain} {
		k1, err1 := Key(tree, kind, opt)
		k2, err2 := KeyString(s, kind, opt)
		if k1 != k2 || (err1 == nil) != (err2 == nil) || (err1 != nil && err1.Error() != err2.Error()) {
			return fmt.Sprintf("Key of its tree, %s: %q (%v), KeyString %q (%v)", kind, k1, err1, k2, err2)
		}
	}
	if k2, err := KeyString(n.String(), KeySURT, opt); err != nil || k2 != k {
		return "the key of the normal form " + n.String() + " is " + k2
	}
	want, _, _ := strings.Cut(n.String(), "#")
	if got := decodeSURT(k); got != want {
		return "the key " + k + " reads back as " + got + ", not " + want
	}
	return ""
}

// decodeSURT reads a SURT key back to the reference it was made from (without fragment).
func decodeSURT(k string) string {
	scheme, rest, _ := strings.Cut(k, ":")
	if !strings.HasPrefix(rest, "//(") {
		return k
	}
	rest = rest[3:]
	end := strings.IndexByte(rest, ')')
	hostPart, tail := rest[:end], rest[end+1:]
	unescape := strings.NewReplacer("%2C", ",", "%28", "(", "%29", ")", "%25", "%")
	var userinfo, port string
	hasUser, hasPort := false, false
	if i := strings.IndexByte(hostPart, '@'); i >= 0 {
		hostPart, userinfo, hasUser = hostPart[:i], hostPart[i+1:], true
	}
	if i := strings.LastIndex(hostPart, ",:"); i >= 0 {
		hostPart, port, hasPort = hostPart[:i+1], hostPart[i+2:], true
	}
	hostPart = strings.TrimSuffix(hostPart, ",")
	var host string
	if strings.HasPrefix(hostPart, "[") || isIPv4(hostPart) {
		host = unescape.Replace(hostPart)
	} else {
		labels := strings.Split(hostPart, ",")
		for i, j := 0, len(labels)-1; i < j; i, j = i+1, j-1 {
			labels[i], labels[j] = labels[j], labels[i]
		}
		for i := range labels {
			labels[i] = unescape.Replace(labels[i])
		}
		host = strings.Join(labels, ".")
	}
	out := scheme + "://"
	if hasUser {
		out += unescape.Replace(userinfo) + "@"
	}
	out += host
	if hasPort {
		out += ":" + port
	}
	return out + tail
}

func isIPv4(s string) bool {
	return s != "" && strings.Trim(s, "0123456789.") == "" && strings.Count(s, ".") == 3
}

// TestKeyProperties: on 3,000 corpus lines, every grammar with RFC 3986's semantics.
func TestKeyProperties(t *testing.T) {
	lines := gencorpus.Lines(3000, 5)
	for _, id := range []string{"rfc3986", "rfc3987"} {
		g := urlgrammar.MustLookup(id)
		checked := 0
		for _, s := range lines {
			if p := keyProblem(g, s); p != "" {
				t.Errorf("%s %q: %s", id, s, p)
			}
			if _, err := KeyString(s, KeySURT, NormalizeOptions{Grammar: g}); err == nil {
				checked++
			}
		}
		assert.Greater(t, checked, 1000, id)
	}
}

// FuzzKey: for any input rfc3986 accepts, the key is its normal form's and reads back to it.
func FuzzKey(f *testing.F) {
	for _, s := range gencorpus.Lines(50, 7) {
		f.Add(s)
	}
	f.Add("http://a,b(c).example:8/%41?x#y")
	f.Add("http://u%2C@h/")
	g := urlgrammar.MustLookup("rfc3986")
	f.Fuzz(func(t *testing.T, s string) {
		if p := keyProblem(g, s); p != "" {
			t.Errorf("%q: %s", s, p)
		}
		_, _ = KeyString(s, KeyDomain, NormalizeOptions{Grammar: g})
	})
}
