package check

import (
	"bufio"
	"io"

	"github.com/urlgrammar/urlgrammar/internal/textin"
)

// EachLine calls fn for every line of r, numbered from 1, without its line ending ("\n" or
// "\r\n"). A line longer than max bytes is passed truncated to max with tooLong set, so
// memory stays bounded by max whatever the input. A last line without a newline is still a
// line; an empty input has none. A UTF-8 byte order mark at the start of r (as Windows
// editors write one) is not part of the first line, and an input that begins with a UTF-16
// byte order mark (as Windows PowerShell's redirections and Notepad's "Unicode" write) is
// read as the UTF-8 it decodes to, a surrogate that is not half of a pair as U+FFFD. The
// slice passed to fn is valid only during the call.
//
// It returns the first error of r other than io.EOF, after the whole lines before it (a line
// cut short by the error is not passed), or the first error fn returns.
func EachLine(r io.Reader, max int, fn func(n int, line []byte, tooLong bool) error) error {
	br := textin.Sniff(bufio.NewReaderSize(r, 64*1024))
	var buf []byte
	n := 0
	for {
		chunk, err := br.ReadSlice('\n')
		full := err == bufio.ErrBufferFull
		if err != nil && !full && err != io.EOF {
			// A line cut short by a read error is not a line: the error stands in its place.
			return err
		}
		if !full && len(buf) == 0 && len(chunk) <= max+2 {
			// The common case: the whole line is in the reader's buffer.
			if len(chunk) > 0 || err == nil {
				n++
				line, tooLong := trimLine(chunk, max)
				if ferr := fn(n, line, tooLong); ferr != nil {
					return ferr
				}
			}
		} else {
			if room := max + 2 - len(buf); room > 0 { // room for "\r\n"
				buf = append(buf, chunk[:min(room, len(chunk))]...)
			}
			if full {
				continue
			}
			if len(buf) > 0 || err == nil {
				n++
				line, tooLong := trimLine(buf, max)
				if ferr := fn(n, line, tooLong); ferr != nil {
					return ferr
				}
			}
			buf = buf[:0]
		}
		if err == io.EOF {
			return nil
		}
	}
}

// trimLine removes the line ending and cuts the line to max bytes.
func trimLine(b []byte, max int) ([]byte, bool) {
	if len(b) > 0 && b[len(b)-1] == '\n' {
		b = b[:len(b)-1]
		if len(b) > 0 && b[len(b)-1] == '\r' {
			b = b[:len(b)-1]
		}
	}
	if len(b) > max {
		return b[:max], true
	}
	return b, false
}
