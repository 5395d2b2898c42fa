package jsontext

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// AppendString writes what encoding/json writes for the same string (HTML escaping off), with
// U+FFFD escaped (EscapeReplacement), and a Plain string and each of its substrings are
// written as AppendPlain writes them.
func FuzzAppendString(f *testing.F) {
	f.Add("a\x00\b\f\n\r\t\"\\\xff\u2028\u2029é<>&😀\x7f")
	f.Add("\ufffd \xed\xa0\x80 \\ufffd") // U+FFFD, a surrogate's bytes, the escape's text
	f.Add("http://u@a.example:80/p/q;x?y=1&z#f")
	f.Add("~ !$'()*+,-./:;=?@[]^_`{|}")
	f.Fuzz(func(t *testing.T, s string) {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		require.NoError(t, enc.Encode(s))
		require.Equal(t, string(EscapeReplacement(want.Bytes())), string(AppendString([]byte("x"), s)[1:])+"\n")
		if !Plain(s) {
			require.False(t, isASCII(s) && want.String() == `"`+s+`"`+"\n", "%q is not Plain, and written as itself", s)
			return
		}
		for i := 0; i <= len(s); i++ {
			for _, j := range []int{i, (i + len(s)) / 2, len(s)} {
				sub := s[i:j]
				require.Equal(t, string(AppendString(nil, sub)), string(AppendPlain(nil, sub)), "substring %q of %q", sub, s)
				require.Equal(t, string(AppendString(nil, sub)), string(AppendStringOf(nil, sub, true)))
			}
		}
	})
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func TestPlain(t *testing.T) {
	for s, want := range map[string]bool{
		"": true, "http://a/b?c#d": true, "~!$&'()*+,;=:@[]%20\x7f": true, "a\"b": false, "a\\b": false,
		"a\tb": false, "é": false, "\x7f": true, " ": true, "<>&": true,
	} {
		require.Equal(t, want, Plain(s), "%q", s)
	}
}

// Plain agrees with a byte by byte reading on every length and every byte in every position
// of a word (the eight-byte test's edges: 0x1f, 0x20, 0x7f, 0x80, '"', '\\').
func TestPlainEveryByte(t *testing.T) {
	for n := 1; n <= 20; n++ {
		for pos := 0; pos < n; pos++ {
			for c := 0; c < 256; c++ {
				b := []byte(strings.Repeat("a", n))
				b[pos] = byte(c)
				want := c >= 0x20 && c < 0x80 && c != '"' && c != '\\'
				require.Equal(t, want, Plain(string(b)), "byte %#x at %d of %d", c, pos, n)
			}
		}
	}
}

func BenchmarkPlain(b *testing.B) {
	s := "http://user@www.example.com:8080/a/b/c/index.html?q=1&r=2#frag"
	for b.Loop() {
		Plain(s)
	}
}

// U+FFFD is written \ufffd whether the text held it or a byte of invalid UTF-8, and
// EscapeReplacement makes encoding/json's JSON so (whose writing of invalid UTF-8 depends on
// the Go it is built with); an escape's text is left as it is.
func TestReplacementEscaped(t *testing.T) {
	for in, want := range map[string]string{
		"a\ufffdb":     `"a\ufffdb"`,
		"a\xffb":       `"a\ufffdb"`,
		"\xed\xa0\x80": `"\ufffd\ufffd\ufffd"`, // a surrogate's three bytes, each invalid
		`\ufffd`:       `"\\ufffd"`,
	} {
		require.Equal(t, want, string(AppendString(nil, in)), "%q", in)
		b, err := json.Marshal(in)
		require.NoError(t, err)
		require.Equal(t, want, string(EscapeReplacement(b)), "%q", in)
	}
	plain := []byte(`{"a":"b"}`)
	require.Equal(t, &plain[0], &EscapeReplacement(plain)[0], "rewritten without a U+FFFD")
}
