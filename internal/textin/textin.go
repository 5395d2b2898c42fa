// Package textin reads text input as the commands take it: UTF-8, with a byte order mark at
// its start dropped, or UTF-16 by its byte order mark, decoded to UTF-8 as it is read.
// Windows editors write a UTF-8 mark; Windows PowerShell's ">" and Notepad's "Unicode"
// write UTF-16 with one.
package textin

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"unicode/utf16"
	"unicode/utf8"
)

// utf8Mark is U+FEFF in UTF-8.
var utf8Mark = []byte("\xef\xbb\xbf")

// Sniff reads the start of br: past a UTF-8 byte order mark, if it begins with one, and
// returns br; for a UTF-16 mark (FF FE, little-endian; FE FF, big-endian: never UTF-8) a
// reader of the UTF-8 its text decodes to, over br; br as it is otherwise. It reads more
// than one byte only of an input that begins with a mark's first byte, so that a terminal's
// first line of one character is not held back.
func Sniff(br *bufio.Reader) *bufio.Reader {
	out, _ := sniff(br)
	return out
}

// An Encoding is what an input's start said of its text.
type Encoding int

const (
	UTF8        Encoding = iota // no byte order mark: UTF-8, read as it is
	UTF8WithBOM                 // UTF-8 after its byte order mark (3 bytes, dropped)
	UTF16                       // UTF-16 by its byte order mark, decoded to UTF-8
)

// sniff is Sniff, which also says what it found.
func sniff(br *bufio.Reader) (*bufio.Reader, Encoding) {
	b, _ := br.Peek(1)
	if len(b) == 0 {
		return br, UTF8
	}
	switch b[0] {
	case utf8Mark[0]:
		if b, _ := br.Peek(3); bytes.Equal(b, utf8Mark) {
			br.Discard(3)
			return br, UTF8WithBOM
		}
	case 0xff, 0xfe:
		if big, ok := utf16Order(br); ok {
			br.Discard(2)
			return bufio.NewReaderSize(&utf16Reader{r: br, big: big}, br.Size()), UTF16
		}
	}
	return br, UTF8
}

// NewReader returns a reader of r's text as Sniff reads it, sniffed at the first Read.
func NewReader(r io.Reader) *Reader { return &Reader{r: r} }

// A Reader reads text as Sniff reads it.
type Reader struct {
	r   io.Reader
	br  *bufio.Reader
	enc Encoding
}

func (t *Reader) Read(p []byte) (int, error) {
	if t.br == nil {
		t.br, t.enc = sniff(bufio.NewReaderSize(t.r, 4096))
	}
	return t.br.Read(p) // a Read of its size or more, once its buffer is empty, reads into p
}

// Encoding says what the input's start said, once Read has been called.
func (t *Reader) Encoding() Encoding { return t.enc }

// FileOffset returns where in the input the byte at offset off of the text read is: off
// itself, or 3 bytes further after a UTF-8 byte order mark; -1 for UTF-16, whose offsets
// the decoded text does not keep.
func (t *Reader) FileOffset(off int64) int64 {
	switch t.enc {
	case UTF8WithBOM:
		return off + int64(len(utf8Mark))
	case UTF16:
		return -1
	}
	return off
}

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
	case err == errHalfUnit:
		return utf8.RuneError, nil // the next read ends the input
	case err != nil:
		return 0, err
	case utf16.IsSurrogate(rune(c)) && c < 0xdc00:
		b, err := u.r.Peek(2)
		if err != nil && err != io.EOF {
			u.err = err // Peek does not keep it for the next read: the input ends here
		}
		if len(b) == 2 {
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

// errHalfUnit is unit's error for an input that ends in the middle of a code unit.
var errHalfUnit = errors.New("half a UTF-16 code unit")

// unit reads one code unit: errHalfUnit after a last single byte.
func (u *utf16Reader) unit() (uint16, error) {
	b0, err := u.r.ReadByte()
	if err != nil {
		return 0, err
	}
	b1, err := u.r.ReadByte()
	if err == io.EOF {
		return 0, errHalfUnit
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
