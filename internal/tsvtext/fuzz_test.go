package tsvtext_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urlgrammar/urlgrammar/check"
	"github.com/urlgrammar/urlgrammar/internal/tsvtext"
)

// FuzzAppend: a field holds no tab or line break and is valid UTF-8, UnescapeTSV gives back
// the bytes, the bytes written of a []byte are those of its string, and Plain's prefix is
// written as it is and ends at a byte that is escaped or past ASCII (or at the end).
func FuzzAppend(f *testing.F) {
	for _, s := range []string{"", "http://a/b", "a\tb\\c\nd\re", "\x00\x7f\xff", "ü\u200e日本", strings.Repeat("ab\\", 7)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		field := string(tsvtext.Append([]byte("x"), s))[1:]
		if strings.ContainsAny(field, "\t\n\r") || !utf8.ValidString(field) {
			t.Fatalf("Append(%q) = %q: a tab, a line break or invalid UTF-8", s, field)
		}
		if back, err := check.UnescapeTSV(field); err != nil || back != s {
			t.Fatalf("UnescapeTSV(Append(%q)) = %q, %v", s, back, err)
		}
		if b := string(tsvtext.AppendBytes(nil, []byte(s))); b != field {
			t.Fatalf("AppendBytes(%q) = %q, Append %q", s, b, field)
		}
		n := tsvtext.Plain(s)
		if n < 0 || n > len(s) || !strings.HasPrefix(field, s[:n]) {
			t.Fatalf("Plain(%q) = %d: not a prefix written as it is (%q)", s, n, field)
		}
		if n < len(s) && s[n] >= 0x20 && s[n] < 0x7f && s[n] != '\\' {
			t.Fatalf("Plain(%q) = %d stops at %q", s, n, s[n])
		}
		if n != tsvtext.Plain([]byte(s)) {
			t.Fatalf("Plain(%q) of the string and of its bytes differ", s)
		}
	})
}
