package extract

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// textCase is one case of testdata/cases.txt.
type textCase struct {
	line     int // where it starts in the file
	notes    []string
	text     string
	opts     Options
	expected []string // "DELIM[:KEY] TEXT"
}

// readCases reads testdata/cases.txt (its header says the format).
func readCases(t testing.TB) []textCase {
	f, err := os.Open("testdata/cases.txt")
	require.NoError(t, err)
	defer f.Close()
	var cases []textCase
	var c textCase
	var lines []string
	flush := func() {
		if lines != nil {
			c.text = strings.Join(lines, "\n") + "\n"
			cases = append(cases, c)
		}
		c, lines = textCase{}, nil
	}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		if c.line == 0 {
			c.line = n
		}
		switch {
		case l == "":
			flush()
		case strings.HasPrefix(l, "#"):
			c.notes = append(c.notes, l)
		case l == "@ relative":
			c.opts.Relative = true
		case l == "<" || strings.HasPrefix(l, "< "):
			in := strings.TrimPrefix(strings.TrimPrefix(l, "<"), " ")
			if s, ok := strings.CutSuffix(in, `\r`); ok {
				in = s + "\r"
			}
			lines = append(lines, in)
		case strings.HasPrefix(l, "> "):
			c.expected = append(c.expected, l[2:])
		default:
			t.Fatalf("testdata/cases.txt:%d: unknown line %q", n, l)
		}
	}
	require.NoError(t, sc.Err())
	flush()
	return cases
}

func describe(r Ref) string {
	d := string(r.Delimiter)
	if r.Key != "" {
		d += ":" + r.Key
	}
	return d + " " + r.Text
}

func TestTextCases(t *testing.T) {
	cases := readCases(t)
	assert.GreaterOrEqual(t, len(cases), 200, "the table has at least 200 cases")
	for _, c := range cases {
		t.Run(fmt.Sprintf("line%d", c.line), func(t *testing.T) {
			got := []string{}
			refs := Find(c.text, c.opts)
			for _, r := range refs {
				got = append(got, describe(r))
			}
			want := append([]string{}, c.expected...)
			assert.Equal(t, want, got, "testdata/cases.txt:%d\n%s", c.line, c.text)
			checkPlaces(t, c.text, refs)
			// The same through a reader that gives one byte at a time, and one that fails
			// after the text: the window and the error path change nothing.
			assert.Equal(t, refs, collect(t, iotest.OneByteReader(strings.NewReader(c.text)), c.opts, nil))
			assert.Equal(t, refs, collect(t, iotest.DataErrReader(strings.NewReader(c.text)), c.opts, nil))
		})
	}
}

func collect(t testing.TB, r interface{ Read([]byte) (int, error) }, opts Options, wantErr error) []Ref {
	var refs []Ref
	var last error
	for ref, err := range References(r, opts) {
		if err != nil {
			last = err
			continue
		}
		require.NoError(t, last, "a reference after the error")
		refs = append(refs, ref)
	}
	assert.Equal(t, wantErr, last)
	return refs
}

// checkPlaces checks that every reference is where it says: Raw is text[Offset:End], the
// line and column agree with the offset, Text is Raw without its whitespace (angle brackets,
// hyphen-continued) or Raw itself, and the references come in order without overlapping.
func checkPlaces(t testing.TB, text string, refs []Ref) {
	t.Helper()
	prevEnd := int64(0)
	for _, r := range refs {
		if r.Offset < prevEnd || r.End < r.Offset || r.End > int64(len(text)) {
			t.Fatalf("%q: span [%d,%d) out of order or outside the text (previous end %d)", r.Text, r.Offset, r.End, prevEnd)
		}
		prevEnd = r.End
		if !r.Truncated && text[r.Offset:r.End] != r.Raw {
			t.Fatalf("Raw %q is not the text at [%d,%d): %q", r.Raw, r.Offset, r.End, text[r.Offset:r.End])
		}
		line := 1 + strings.Count(text[:r.Offset], "\n")
		col := int(r.Offset) - (strings.LastIndexByte(text[:r.Offset], '\n') + 1) + 1
		if line != r.Line || col != r.Column {
			t.Fatalf("%q at offset %d: line:column %d:%d, want %d:%d", r.Text, r.Offset, r.Line, r.Column, line, col)
		}
		if r.Text == "" {
			t.Fatalf("empty reference at offset %d", r.Offset)
		}
		var stripped []byte
		for _, c := range []byte(r.Raw) {
			if !isSpace(c) {
				stripped = append(stripped, c)
			}
		}
		unescaped := r.Raw
		if r.Delimiter == DoubleQuote {
			unescaped = strings.ReplaceAll(r.Raw, `\/`, "/") // JSON's escaped solidus
		}
		decoded := r.Raw // what the document's syntax escapes, decoded (TestDecodedReferences checks the decoding)
		switch r.Delimiter {
		case Markdown:
			decoded = unescapeMarkdown(r.Raw)
		case Attribute:
			decoded = unescapeAttribute(r.Raw)
		}
		if r.Text != r.Raw && r.Text != string(stripped) && r.Text != unescaped && r.Text != decoded {
			t.Fatalf("Text %q is neither Raw %q, nor Raw without whitespace, nor a JSON string unescaped, nor Raw decoded", r.Text, r.Raw)
		}
		if !r.Hyphenated && r.Unhyphenated != "" || r.Hyphenated && len(r.Unhyphenated) >= len(r.Text) {
			t.Fatalf("%q: Hyphenated %v, Unhyphenated %q", r.Text, r.Hyphenated, r.Unhyphenated)
		}
	}
}

func TestHyphenated(t *testing.T) {
	refs := Find("<http://example.com/very-\n  long-\n path> and http://e.org/a-\nb-c\n", Options{})
	require.Len(t, refs, 2)
	assert.Equal(t, "http://example.com/very-long-path", refs[0].Text)
	assert.Equal(t, "http://example.com/verylongpath", refs[0].Unhyphenated)
	assert.True(t, refs[0].Hyphenated)
	assert.Equal(t, "http://e.org/a-b-c", refs[1].Text)
	assert.Equal(t, "http://e.org/ab-c", refs[1].Unhyphenated)
	// A hyphen in the middle of a line is no hyphen at a line break.
	r := Find("<http://a.org/x-y>", Options{})
	require.Len(t, r, 1)
	assert.False(t, r[0].Hyphenated)
	assert.Equal(t, "", r[0].Unhyphenated)
}

func TestSchemesOption(t *testing.T) {
	text := "see spotify:track:6rqhFgbbKwnb9MLmUQDhG6 and info:x"
	assert.Empty(t, Find(text, Options{}))
	refs := Find(text, Options{Schemes: []string{"Spotify"}})
	require.Len(t, refs, 1)
	assert.Equal(t, "spotify:track:6rqhFgbbKwnb9MLmUQDhG6", refs[0].Text)
	// The default list is not changed by a scanner's extra schemes.
	assert.Empty(t, Find(text, Options{}))
}

// TestReadError: the references before a read error are all reported, then the error.
func TestReadError(t *testing.T) {
	r := iotest.TimeoutReader(iotest.HalfReader(strings.NewReader("http://a.example/ <http://b.example/> x")))
	refs := collect(t, r, Options{}, iotest.ErrTimeout)
	// HalfReader gives half of what is asked; the timeout comes on the second read, so what
	// the first read brought is scanned in full.
	for _, ref := range refs {
		assert.Contains(t, []string{"http://a.example/", "http://b.example/"}, ref.Text)
	}
}

// TestTruncated: a bare reference longer than MaxLength is reported with its first MaxLength
// bytes, Truncated, and the rest of it is skipped, not scanned again.
func TestTruncated(t *testing.T) {
	long := "http://example.com/" + strings.Repeat("a", 100) + "?u=http://inner.example/"
	text := "x " + long + " http://after.example/"
	refs := Find(text, Options{MaxLength: 50})
	require.Len(t, refs, 2)
	assert.True(t, refs[0].Truncated)
	assert.Equal(t, long[:50], refs[0].Text)
	assert.Equal(t, "http://after.example/", refs[1].Text)
	assert.False(t, refs[1].Truncated)
	// In brackets or quotes, a candidate that long is not taken as delimited.
	refs = Find("<"+long+">", Options{MaxLength: 50})
	require.Len(t, refs, 1)
	assert.Equal(t, None, refs[0].Delimiter)
	assert.True(t, refs[0].Truncated)
}

// scanWhole scans text with a window that holds all of it, so that it never slides.
func scanWhole(text string, opts Options) []Ref {
	s := NewScanner(strings.NewReader(text), opts)
	s.buf = make([]byte, 0, len(text)+2*s.need())
	var refs []Ref
	for s.Scan() {
		refs = append(refs, s.Ref())
	}
	return refs
}

// TestSmallWindow: with a small MaxLength the window is a few hundred bytes, so a long text
// makes it slide many times, read one byte at a time; the references are the same as with a
// window over the whole text. (Every decision about a candidate looks at most MaxLength plus
// a few bytes ahead; one that needs a byte the window does not hold yet waits for it.)
func TestSmallWindow(t *testing.T) {
	var b strings.Builder
	for _, c := range readCases(t) {
		b.WriteString(c.text)
	}
	text := b.String()
	for _, rel := range []bool{false, true} {
		opts := Options{MaxLength: 300, Relative: rel}
		require.Greater(t, len(text), 10*(lookBehind+2*(300+slack)), "the text is long enough to slide the window")
		small := collect(t, iotest.OneByteReader(strings.NewReader(text)), opts, nil)
		checkPlaces(t, text, small)
		assert.Equal(t, scanWhole(text, opts), small)
	}
}

// FuzzFind: Find returns on every input, every reference is where it says (checkPlaces), and
// the scanner with a small window fed one byte at a time finds exactly what a window over
// the whole text finds.
func FuzzFind(f *testing.F) {
	for _, s := range []string{"a > b", "<http://a/b>", "<URL: http://a/\n b>", "\"http://q/\"", "x http://e/f-\n  g.",
		"<<<>>>\"\"\"", "<", ">", "\"", "http://a/b-\n", "-\n-\n-", "(http://w/Foo_(bar)).", "<a href='../x'>",
		"[a](http://x/(y)) url=http://k/v {\"u\": \"mailto:x@y\"}", "http://\xff\xfe/", "a:a:a:a:a:a:a:a",
		"<a href=href=x href=http://a/b=c>", "](](](((((a)))))"} {
		f.Add(s, false)
	}
	for _, c := range readCases(f) {
		f.Add(c.text, c.opts.Relative)
	}
	f.Fuzz(func(t *testing.T, text string, relative bool) {
		checkPlaces(t, text, Find(text, Options{Relative: relative}))
		opts := Options{Relative: relative, MaxLength: 40}
		// The run cache of unquoted attribute values changes nothing but time.
		uncached := NewScanner(strings.NewReader(text), opts)
		uncached.noRunCache = true
		var want []Ref
		for uncached.Scan() {
			want = append(want, uncached.Ref())
		}
		assert.Equal(t, want, scanWhole(text, opts), "with and without the run cache")
		small := collect(t, iotest.OneByteReader(strings.NewReader(text)), opts, nil)
		checkPlaces(t, text, small)
		if whole := scanWhole(text, opts); !assert.Equal(t, whole, small) {
			t.FailNow()
		}
	})
}

// An HTML attribute's value is a URL after its character references are decoded, and a
// Markdown destination after its backslash escapes and references are: Text is what a
// browser and a CommonMark renderer take, Raw what the document holds.
func TestDecodedReferences(t *testing.T) {
	for in, want := range map[string]string{
		`<a href="http://example.com/?q=&lt;script&gt;">x</a>`: "http://example.com/?q=<script>",
		`<a href="http://a/?x=1&#38;y=2&#x26;z=3">`:            "http://a/?x=1&y=2&z=3",
		`<a href="http://a/?x=1&amp;y=2&amp">`:                 "http://a/?x=1&y=2&",
		`<a href=http://a/?x=1&amp;y=2>`:                       "http://a/?x=1&y=2",
		`<a href="http://a/?a=1&copy=2&copy;&copyx&nosuch;">`:  "http://a/?a=1&copy=2©&copyx&nosuch;",
		`<a href="http://a/?&#;&#x;&">`:                        "http://a/?&#;&#x;&",
		`[l](http://a/b\_c\)d "t")`:                            "http://a/b_c)d",
		`[l](http://a/?x=1&amp;y=2\a)`:                         `http://a/?x=1&y=2\a`,
		`[l](http://a/?x=&copy)`:                               "http://a/?x=&copy",
		`"http://a/?x=1&amp;y"`:                                "http://a/?x=1&amp;y", // not HTML: as written
	} {
		refs := Find(in, Options{})
		require.Len(t, refs, 1, in)
		assert.Equal(t, want, refs[0].Text, in)
		assert.Equal(t, in[refs[0].Offset:refs[0].End], refs[0].Raw, "Raw is the text as found")
	}
}
