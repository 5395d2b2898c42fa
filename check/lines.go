package check

import (
	"bufio"
	"bytes"
	"io"
)

// EachLine calls fn for every line of r, numbered from 1, without its line ending ("\n" or
// "\r\n"). A line longer than max bytes is passed truncated to max with tooLong set, so
// memory stays bounded by max whatever the input. A last line without a newline is still a
// line; an empty input has none. A UTF-8 byte order mark at the start of r (as Windows
// editors write one) is not part of the first line. The slice passed to fn is valid only
// during the call.
//
// It returns the first error of r other than io.EOF, after the whole lines before it (a line
// cut short by the error is not passed), or the first error fn returns.
func EachLine(r io.Reader, max int, fn func(n int, line []byte, tooLong bool) error) error {
	br := bufio.NewReaderSize(r, 64*1024)
	// A mark is looked for only in an input that begins with its first byte: Peek(3) waits
	// for three bytes, which a terminal's first line of one character does not give.
	if b, _ := br.Peek(1); len(b) == 1 && b[0] == byteOrderMark[0] {
		if b, _ := br.Peek(3); bytes.Equal(b, byteOrderMark) {
			br.Discard(3)
		}
	}
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

// byteOrderMark is U+FEFF in UTF-8, which some editors write at the start of a text file.
var byteOrderMark = []byte("\xef\xbb\xbf")

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
