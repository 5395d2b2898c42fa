package check

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
