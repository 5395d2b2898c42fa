package textin

import (
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf16"

	"github.com/stretchr/testify/require"
)

// whole is the text of in as a reading of all of it at once gives it: a UTF-16 input (by
// its mark) decoded by unicode/utf16 (a last half code unit is U+FFFD), a UTF-8 mark
// dropped: the oracle of NewReader.
func whole(in string) string {
	if len(in) < 2 || in[:2] != "\xff\xfe" && in[:2] != "\xfe\xff" {
		return strings.TrimPrefix(in, "\ufeff")
	}
	units := make([]uint16, 0, len(in)/2)
	for i := 2; i+1 < len(in); i += 2 {
		if in[0] == 0xff {
			units = append(units, uint16(in[i])|uint16(in[i+1])<<8)
		} else {
			units = append(units, uint16(in[i])<<8|uint16(in[i+1]))
		}
	}
	text := string(utf16.Decode(units))
	if len(in)%2 == 1 {
		text += "\ufffd"
	}
	return text
}

// readAll reads r one byte a call when small is set (a caller's buffer shorter than a
// character: the decoder keeps the rest for the next call).
func readAll(t testing.TB, r io.Reader, small bool) string {
	if small {
		r = iotest.OneByteReader(r)
	}
	b, err := io.ReadAll(r)
	require.NoError(t, err)
	return string(b)
}

func TestNewReader(t *testing.T) {
	for in, want := range map[string]string{
		"":                                 "",
		"http://a/\n":                      "http://a/\n",
		"\ufeffhttp://a/":                  "http://a/",
		"\ufeff\ufeff":                     "\ufeff",
		"\xff\n":                           "\xff\n",
		"\xfe":                             "\xfe",
		"\xff\xfea\x00\n\x00":              "a\n",
		"\xfe\xff\x00a\x00\n":              "a\n",
		"\xff\xfe=\xd8\x00\xde":            "😀",
		"\xff\xfe\x00\xd8a\x00":            "\ufffda",      // a high surrogate without its pair
		"\xff\xfe0\xdc0\xdc":               "\ufffd\ufffd", // two low ones: one U+FFFD each
		"\xff\xfea\x00b":                   "a\ufffd",      // half a code unit at the end
		"\xfe\xff\x00\xe9\x65\xe5\x67\x2c": "é日本",
	} {
		for _, small := range []bool{false, true} {
			require.Equal(t, want, readAll(t, NewReader(strings.NewReader(in)), small), "%q", in)
			require.Equal(t, whole(in), want, "the oracle, %q", in)
		}
	}
}

// A read error of the input comes after the text decoded before it, whatever it is (an
// io.ErrUnexpectedEOF once read as half a code unit, again and again), and also when it
// comes where the decoder looks for the second half of a surrogate pair.
func TestNewReaderError(t *testing.T) {
	for in, want := range map[string]string{"\xff\xfea\x00b\x00": "ab", "\xff\xfea\x00\x00\xd8": "a\ufffd", "\xff\xfea": ""} {
		for _, boom := range []error{io.ErrUnexpectedEOF, io.ErrClosedPipe} {
			r := NewReader(io.MultiReader(strings.NewReader(in), iotest.ErrReader(boom)))
			b, err := io.ReadAll(r)
			require.ErrorIs(t, err, boom, "%q", in)
			require.Equal(t, want, string(b), "%q", in)
		}
	}
}

// FuzzNewReader holds NewReader to the reading of the whole input at once (whole), read in
// buffers of any size and of one byte.
func FuzzNewReader(f *testing.F) {
	f.Add("\xff\xfeh\x00\n\x00\r\x00\n\x00\x00\xd8")
	f.Add("\xfe\xff\x00a\xd8=\xde\x00")
	f.Add("\ufeffhttp://a/")
	f.Fuzz(func(t *testing.T, in string) {
		want := whole(in)
		require.Equal(t, want, readAll(t, NewReader(strings.NewReader(in)), false), "%q", in)
		require.Equal(t, want, readAll(t, NewReader(iotest.HalfReader(strings.NewReader(in))), true), "%q", in)
		// Every byte of UTF-8 text is at its FileOffset in the input; UTF-16 has none.
		r := NewReader(strings.NewReader(in))
		text, err := io.ReadAll(r)
		require.NoError(t, err)
		for i := range len(text) {
			if off := r.FileOffset(int64(i)); r.Encoding() == UTF16 {
				require.Equal(t, int64(-1), off)
			} else if off < 0 || off >= int64(len(in)) || in[off] != text[i] {
				t.Fatalf("%q: byte %d of the text is not byte %d of the input", in, i, off)
			}
		}
	})
}

// A Reader says what the start of its input was, and where a byte of its text is in the
// input: 3 bytes on past a UTF-8 mark, unknown (-1) in UTF-16.
func TestEncodingAndFileOffset(t *testing.T) {
	for in, want := range map[string]Encoding{"ab": UTF8, "": UTF8, "\ufeffab": UTF8WithBOM, "\xff\xfea\x00b\x00": UTF16,
		"\xfe\xff\x00a\x00b": UTF16, "\xefab": UTF8} {
		r := NewReader(strings.NewReader(in))
		text, err := io.ReadAll(r)
		require.NoError(t, err)
		require.Equal(t, want, r.Encoding(), "%q", in)
		off := r.FileOffset(1)
		switch want {
		case UTF16:
			require.Equal(t, int64(-1), off, "%q", in)
		default:
			if len(text) > 1 {
				require.Equal(t, text[1], in[off], "%q: byte 1 of the text is byte %d of the input", in, off)
			}
		}
	}
}
