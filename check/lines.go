package check

import (
	"bufio"
	"bytes"
	"io"
	"unicode/utf16"
	"unicode/utf8"
)

// EachLine calls fn for every line of r, numbered from 1, without its line ending ("\n" or
// "\r\n"). A line longer than max bytes is passed truncated to max with tooLong set, so
// memory stays bounded by max whatever the input. A last line without a newline is still a
// line; an empty input has none. A UTF-8 byte order mark at the start of r (as Windows
// editors write one) is not part of the first line, and an input that begins with a UTF-16
// byte order mark (as Windows PowerShell's redirections and Notepad's "Unicode" write) is
// read as the UTF-8 it decodes to, a code unit that is no character (an unpaired surrogate)
// as U+FFFD. The slice passed to fn is valid only during the call.
//
// It returns the first error of r other than io.EOF, after the whole lines before it (a line
// cut short by the error is not passed), or the first error fn returns.
func EachLine(r io.Reader, max int, fn func(n int, line []byte, tooLong bool) error) error {
	br := bufio.NewReaderSize(r, 64*1024)
	// A mark is looked for only in an input that begins with one of its first bytes: Peek(3)
	// waits for three bytes, which a terminal's first line of one character does not give.
	if b, _ := br.Peek(1); len(b) == 1 {
		switch b[0] {
		case byteOrderMark[0]:
			if b, _ := br.Peek(3); bytes.Equal(b, byteOrderMark) {
				br.Discard(3)
			}
		case 0xff, 0xfe: // never in UTF-8
			if big, ok := utf16Order(br); ok {
				br.Discard(2)
				br = bufio.NewReaderSize(&utf16Reader{r: br, big: big}, 64*1024)
			}
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

// utf16Order returns the byte order of the UTF-16 byte order mark br begins with (FF FE:
// little-endian; FE FF: big-endian), ok false when it begins with none.
func utf16Order(br *bufio.Reader) (big, ok bool) {
	switch b, _ := br.Peek(2); {
	case bytes.Equal(b, []byte{0xff, 0xfe}):
		return false, true
	case bytes.Equal(b, []byte{0xfe, 0xff}):
		return true, true
	}
	return false, false
}

// utf16Reader reads UTF-16 code units from r and gives the UTF-8 of their characters: a
// surrogate that is not half of a pair, and a last byte that is half a code unit, are
// each U+FFFD (as the WHATWG Encoding Standard's decoder and unicode/utf16.Decode read
// them).
type utf16Reader struct {
	r       *bufio.Reader
	big     bool
	pending []byte // the UTF-8 of a character that did not fit in the last Read's buffer
	err     error  // r's error, returned once what came before it is read
}

func (u *utf16Reader) Read(p []byte) (int, error) {
	n := copy(p, u.pending)
	u.pending = u.pending[n:]
	for n < len(p) && u.err == nil {
		if n > 0 && u.r.Buffered() < 2 {
			break // what is decoded goes now: the next unit may not have come yet
		}
		c, err := u.next()
		if err != nil {
			u.err = err
			break
		}
		var buf [utf8.UTFMax]byte
		w := utf8.EncodeRune(buf[:], c)
		k := copy(p[n:], buf[:w])
		u.pending = append(u.pending, buf[k:w]...)
		n += k
	}
	if n > 0 || len(u.pending) > 0 {
		return n, nil
	}
	return 0, u.err
}

// next reads one character.
func (u *utf16Reader) next() (rune, error) {
	c, err := u.unit()
	switch {
	case err == io.ErrUnexpectedEOF:
		return utf8.RuneError, nil // half a code unit; the next read ends the input
	case err != nil:
		return 0, err
	case utf16.IsSurrogate(rune(c)) && c < 0xdc00:
		if b, _ := u.r.Peek(2); len(b) == 2 {
			if lo := u.order(b[0], b[1]); lo >= 0xdc00 && lo < 0xe000 {
				u.r.Discard(2)
				return utf16.DecodeRune(rune(c), rune(lo)), nil
			}
		}
		return utf8.RuneError, nil
	case utf16.IsSurrogate(rune(c)):
		return utf8.RuneError, nil
	}
	return rune(c), nil
}

// unit reads one code unit: io.ErrUnexpectedEOF after a last single byte.
func (u *utf16Reader) unit() (uint16, error) {
	b0, err := u.r.ReadByte()
	if err != nil {
		return 0, err
	}
	b1, err := u.r.ReadByte()
	if err == io.EOF {
		return 0, io.ErrUnexpectedEOF
	} else if err != nil {
		return 0, err
	}
	return u.order(b0, b1), nil
}

func (u *utf16Reader) order(b0, b1 byte) uint16 {
	if u.big {
		return uint16(b0)<<8 | uint16(b1)
	}
	return uint16(b1)<<8 | uint16(b0)
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
