package extract

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestExtractAppendixE(t *testing.T) {
	// Appendix E's example. The draft's copy lost the text inside angle brackets; the URIs it
	// lists afterwards are the ones below, delimited as in RFC 2396's version of the example.
	text := "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n" +
		"but you can probably pick it up from <ftp://ds.internic.net/rfc/>.\n" +
		"Note the warning in <http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING>.\n"
	var got []string
	for _, f := range Find(text) {
		got = append(got, f.Text)
	}
	assert.Equal(t, []string{"http://www.w3.org/Addressing/", "ftp://ds.internic.net/rfc/",
		"http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING"}, got)
}

func TestExtractDelimiters(t *testing.T) {
	text := "see <URL:http://a/b> and <URL: http://c/d>, (http://e/f). Also <http://example.com/very-\n" +
		"   long/path> and <http://x.org/a b\n c>.\n" +
		"Broken bare http://g.org/long-\n  name here. Not URIs: <b>, \"hello\", Note: 10:30 e.g. time:\n" +
		"mailto:John.Doe@example.com, \"news:comp.lang\" <#frag> <../rel>"
	fs := Find(text)
	var got []string
	for _, f := range fs {
		got = append(got, f.Delimiter+" "+f.Text)
	}
	assert.Equal(t, []string{
		"angle http://a/b", "angle http://c/d", "none http://e/f",
		"angle http://example.com/very-long/path", "angle http://x.org/abc",
		"none http://g.org/long-name",
		"none mailto:John.Doe@example.com", "quote news:comp.lang", "angle #frag", "angle ../rel",
	}, got)
	assert.Equal(t, [2]int{1, 10}, [2]int{fs[0].Line, fs[0].Column}, "after <URL:")
	assert.Equal(t, [2]int{1, 32}, [2]int{fs[1].Line, fs[1].Column}, "after <URL: and a space")
	assert.Equal(t, [2]int{1, 46}, [2]int{fs[2].Line, fs[2].Column}, "after (")
	assert.Equal(t, [2]int{4, 13}, [2]int{fs[5].Line, fs[5].Column})
	assert.Equal(t, [2]int{6, 1}, [2]int{fs[6].Line, fs[6].Column})
}

// FuzzFind: Find returns on every input (the scan consumes a byte at every step), and every
// reference it reports is where it says: its offset, line and column agree with the text.
func FuzzFind(f *testing.F) {
	for _, s := range []string{"a > b", "<http://a/b>", "<URL: http://a/\n b>", "\"http://q/\"", "x http://e/f-\n  g.",
		"<<<>>>\"\"\"", "<", ">", "\"", "http://a/b-\n", "-\n-\n-", "(http://w/Foo_(bar))."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, r := range Find(text) {
			if r.Offset < 0 || r.Offset > len(text) {
				t.Fatalf("offset %d outside the text", r.Offset)
			}
			line := 1 + strings.Count(text[:r.Offset], "\n")
			col := r.Offset - (strings.LastIndexByte(text[:r.Offset], '\n') + 1) + 1
			if line != r.Line || col != r.Column {
				t.Fatalf("%q at offset %d: line:column %d:%d, want %d:%d", r.Text, r.Offset, r.Line, r.Column, line, col)
			}
			if r.Text == "" {
				t.Fatalf("empty reference at offset %d", r.Offset)
			}
		}
	})
}
