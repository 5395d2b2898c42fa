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
