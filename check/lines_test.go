package check

import (
	"errors"
	"io"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar/internal/textin"
)

func TestEachLineLongLine(t *testing.T) {
	long := strings.Repeat("a", 100)
	var got []string
	var flags []bool
	err := EachLine(strings.NewReader("x\n"+long+"\ny\r\n\nlast"), 10, func(n int, line []byte, tooLong bool) error {
		got = append(got, string(line))
		flags = append(flags, tooLong)
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, []string{"x", long[:10], "y", "", "last"}, got)
	assert.Equal(t, []bool{false, true, false, false, false}, flags)
}

// A line longer than the reader's buffer is still one line, cut at max.
func TestEachLineLongerThanBuffer(t *testing.T) {
	long := strings.Repeat("b", 200*1024)
	var got []int
	err := EachLine(strings.NewReader("a\n"+long+"\nz\n"), 150*1024, func(n int, line []byte, tooLong bool) error {
		got = append(got, len(line))
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, []int{1, 150 * 1024, 1}, got)
}

// A read error ends the lines: the whole lines before it are passed, the line it cuts is not.
func TestEachLineReadError(t *testing.T) {
	boom := errors.New("boom")
	var got []string
	err := EachLine(&failAfter{s: "a\nbc\nd", err: boom}, 100, func(n int, line []byte, tooLong bool) error {
		got = append(got, string(line))
		return nil
	})
	assert.ErrorIs(t, err, boom)
	assert.Equal(t, []string{"a", "bc"}, got)
}

// failAfter reads s, then fails with err.
type failAfter struct {
	s   string
	err error
}

func (f *failAfter) Read(p []byte) (int, error) {
	if f.s == "" {
		return 0, f.err
	}
	n := copy(p, f.s)
	f.s = f.s[n:]
	return n, nil
}

// A UTF-8 byte order mark at the start of the input is not part of the first line; one
// anywhere else is a character of its line, and a file of only a mark has no line.
func TestEachLineByteOrderMark(t *testing.T) {
	for in, want := range map[string][]string{
		"\ufeffhttp://a/\r\nhttp://b/":     {"http://a/", "http://b/"},
		"\ufeffhttp://a/":                  {"http://a/"},
		"\ufeff":                           nil,
		"http://a/\n\ufeffhttp://b/":       {"http://a/", "\ufeffhttp://b/"},
		"\ufeff\ufeffx":                    {"\ufeffx"},
		"\xef\xbbx":                        {"\xef\xbbx"},
		"\ufeff" + strings.Repeat("a", 12): {strings.Repeat("a", 12)}, // not too long: the mark is not of the line
	} {
		var got []string
		require.NoError(t, EachLine(strings.NewReader(in), 12, func(n int, line []byte, tooLong bool) error {
			got = append(got, string(line))
			return nil
		}))
		assert.Equal(t, want, got, "%q", in)
	}
	// The same through the reader's slow path: a first line longer than its buffer.
	var got []int
	long := strings.Repeat("b", 200*1024)
	require.NoError(t, EachLine(strings.NewReader("\ufeff"+long+"\nz"), 300*1024, func(n int, line []byte, tooLong bool) error {
		got = append(got, len(line))
		return nil
	}))
	assert.Equal(t, []int{len(long), 1}, got)
}

// An input that begins with a UTF-16 byte order mark is read as the text it encodes, in
// either byte order: its lines, CRLF endings, characters past the BMP (surrogate pairs);
// an unpaired surrogate is U+FFFD, which no grammar allows. Bytes FF or FE not followed by
// the rest of a mark are a line's bytes, as before.
func TestEachLineUTF16(t *testing.T) {
	encode := func(s string, big bool, units ...uint16) string {
		u := append(utf16.Encode([]rune(s)), units...)
		var b []byte
		for _, c := range append([]uint16{0xfeff}, u...) {
			if big {
				b = append(b, byte(c>>8), byte(c))
			} else {
				b = append(b, byte(c), byte(c>>8))
			}
		}
		return string(b)
	}
	lines := func(in string) []string {
		var got []string
		require.NoError(t, EachLine(strings.NewReader(in), 1000, func(n int, line []byte, tooLong bool) error {
			got = append(got, string(line))
			return nil
		}))
		return got
	}
	text := "http://a/\r\nhttp://é.example/日本\nmailto:x@y?😀\n\nlast"
	want := []string{"http://a/", "http://é.example/日本", "mailto:x@y?😀", "", "last"}
	for _, big := range []bool{false, true} {
		assert.Equal(t, want, lines(encode(text, big)), "big-endian %v", big)
		assert.Equal(t, []string{"a\ufffd"}, lines(encode("a", big, 0xd800)), "big-endian %v", big)
		assert.Nil(t, lines(encode("", big)), "big-endian %v", big)
	}
	assert.Equal(t, []string{"\xff", "\xfe\xfex"}, lines("\xff\n\xfe\xfex"))
	assert.Equal(t, []string{"\xfe"}, lines("\xfe"))
}

// FuzzEachLine holds EachLine to a reading of the whole input at once: its text as
// textin.NewReader decodes it (held to unicode/utf16 by textin's FuzzNewReader), split at
// "\n", each line without the "\r" of a "\r\n" and cut at max bytes, and no last line when
// the input ends with "\n" (or is empty).
func FuzzEachLine(f *testing.F) {
	f.Add("\ufeffhttp://a/\r\nb\n", 8)
	f.Add("\xff\xfeh\x00\n\x00\r\x00\n\x00\x00\xd8", 4)
	f.Add("\xfe\xff\x00a\x00\r\x00\n", 100)
	f.Add("\xff\nx", 1)
	f.Fuzz(func(t *testing.T, in string, max int) {
		if max < 1 || max > 1<<16 {
			return
		}
		decoded, err := io.ReadAll(textin.NewReader(strings.NewReader(in)))
		require.NoError(t, err)
		text := string(decoded)
		var want []string
		if text != "" {
			ended := strings.HasSuffix(text, "\n") // the last line has its line ending
			want = strings.Split(strings.TrimSuffix(text, "\n"), "\n")
			for i, l := range want {
				if i < len(want)-1 || ended {
					l = strings.TrimSuffix(l, "\r")
				}
				if len(l) > max {
					l = l[:max]
				}
				want[i] = l
			}
		}
		var got []string
		require.NoError(t, EachLine(strings.NewReader(in), max, func(n int, line []byte, tooLong bool) error {
			require.Equal(t, len(got)+1, n)
			got = append(got, string(line))
			return nil
		}))
		require.Equal(t, want, got, "%q", in)
	})
}
