package urlgrammar

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar/internal/jsontext"
	"github.com/urlgrammar/urlgrammar/internal/tsvtext"
)

// displayRune is Display rune by rune, the way it is defined: the tests' reference for its
// fast path over printable ASCII.
func displayRune(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == ' ' || (r > ' ' && r != 0x7f && (r < 0x80 || unicode.IsGraphic(r))):
			b.WriteRune(r)
		default:
			q := fmt.Sprintf("%+q", string(r))
			b.WriteString(q[1 : len(q)-1])
		}
		i += n
	}
	return b.String()
}

func TestDisplay(t *testing.T) {
	for in, want := range map[string]string{
		"":                     "",
		"http://a.com/p?q#f":   "http://a.com/p?q#f",
		"a b\tc\n":             `a b\tc\n`,
		"x\x00\x7f\xff":        `x\x00\x7f\xff`,
		"caf\u00e9 \u200e":     "caf\u00e9 \\u200e",
		"\xc3":                 `\xc3`,
		"http://\u0430.com/\\": "http://\u0430.com/\\",
	} {
		assert.Equal(t, want, Display(in), "%q", in)
	}
	rng := rand.New(rand.NewSource(5))
	const bytes = "a/:% \t\n\x00\x7f\x80\xc3\xa9\xe2\x80\x8e\xff~"
	for range 20000 {
		b := make([]byte, rng.Intn(12))
		for i := range b {
			b[i] = bytes[rng.Intn(len(bytes))]
		}
		assert.Equal(t, displayRune(string(b)), Display(string(b)), "%q", b)
	}
}

// Found's class of an ASCII character is fmt's %q of it.
func TestQuotedASCII(t *testing.T) {
	for c := 0; c < 0x80; c++ {
		assert.Equal(t, fmt.Sprintf("%q", rune(c)), quotedASCII[c])
	}
}

// caretWindowWhole is caretWindow as it was, looking for the line's start over the whole
// input: the reference that caretWindow's search within the window is held to.
func caretWindowWhole(s string, off int) (start, end, from, to, at int) {
	off = min(max(off, 0), len(s))
	start = strings.LastIndexByte(s[:off], '\n') + 1
	end = len(s)
	if i := strings.IndexByte(s[off:], '\n'); i >= 0 {
		end = off + i
	}
	from, to = max(start, off-CaretWindow), min(end, off+CaretWindow)
	for from > start && from < off && !utf8.RuneStart(s[from]) {
		from++
	}
	for to < end && to > off && !utf8.RuneStart(s[to]) {
		to--
	}
	at = off
	for at > from && at < len(s) && !utf8.RuneStart(s[at]) {
		at--
	}
	if r, n := utf8.DecodeRuneInString(s[at:]); at < off && (r == utf8.RuneError && n <= 1 || at+n <= off) {
		at = off
	}
	return start, end, from, to, at
}

// randomLine returns up to maxLen-1 random bytes: one in every of them (on average) from
// alphabet, the others 'a' (every is 1: all from alphabet).
func randomLine(rng *rand.Rand, maxLen int, alphabet string, every int) []byte {
	b := make([]byte, rng.Intn(maxLen))
	for i := range b {
		b[i] = 'a'
		if rng.Intn(every) == 0 {
			b[i] = alphabet[rng.Intn(len(alphabet))]
		}
	}
	return b
}

// caretWindow gives caretWindowWhole's window, caret and line end, and cuts the line where
// it does (from > start), at every offset of lines with breaks before, in and after the
// window, multi-byte characters at its edges.
func TestCaretWindow(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for range 3000 {
		s := string(randomLine(rng, 4*CaretWindow, "aaaa/\n\xc3\xa9\xe2\x80\x8e\xff", 8))
		for off := -1; off <= len(s)+1; off++ {
			start, end, from, to, at := caretWindow(s, off)
			wStart, wEnd, wFrom, wTo, wAt := caretWindowWhole(s, off)
			if end != wEnd || from != wFrom || to != wTo || at != wAt || (from > start) != (wFrom > wStart) || start > wFrom {
				t.Fatalf("caretWindow(%q, %d) = %d %d %d %d %d, want %d %d %d %d %d", s, off, start, end, from, to, at, wStart, wEnd, wFrom, wTo, wAt)
			}
		}
	}
}

// caretByStrings is Caret's rendering as it was written before AppendCaret, with strings
// (the window is caretWindowWhole's): the reference AppendCaret is held to.
func caretByStrings(e *SyntaxError) string {
	blamed, _, _ := e.At()
	start, end, from, to, at := caretWindowWhole(e.Input, blamed)
	var head, tail string
	if from > start {
		head = "..."
	}
	if to < end {
		tail = "..."
	}
	shown := displayRune(e.Input[from:to])
	width := len(head) + utf8.RuneCountInString(displayRune(e.Input[from:at]))
	return head + shown + tail + "\n" + strings.Repeat(" ", width) + "^"
}

// AppendCaret writes what the string rendering above does, at every offset of random lines
// of printable, control, multi-byte and invalid bytes, short and longer than the window.
func TestAppendCaret(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for range 3000 {
		b := randomLine(rng, 3*CaretWindow, "a/:% \t\n\x00\x7f\x80\xc3\xa9\xe2\x80\x8e\xff~", 1)
		for off := 0; off <= len(b); off += 1 + rng.Intn(7) {
			e := &SyntaxError{Input: string(b), Offset: off}
			want := caretByStrings(e)
			if got := string(e.AppendCaret([]byte("x"))); got != "x"+want {
				t.Fatalf("AppendCaret of %q at %d:\n%s\nwant\n%s", b, off, got, want)
			}
			if got := e.Caret(); got != want {
				t.Fatalf("Caret of %q at %d:\n%s\nwant\n%s", b, off, got, want)
			}
		}
	}
}

// AppendMsg writes Msg, AppendExpectedJSON what encoding/json writes of Expected, and Error
// is "GRAMMAR:LINE:COLUMN: " and Msg, for the errors of every grammar (those of a scheme's grammar too)
// on the table inputs and the corpus, from a Parser (whose error is described when asked)
// and from Clone, and Msg gives the same before and after it.
func TestAppendMsgIsMsg(t *testing.T) {
	inputs := append(recognizeInputs(t, 1000), "http://a b/", "mailto:a b", "http://[::1/", "\xff", "http://a/\x00", "tel:abc", "geo:x", "urn:a")
	n, schemes := 0, 0
	for _, id := range IDs() {
		g := MustLookup(id)
		p := g.NewParser()
		for _, s := range inputs {
			_, err := p.Parse(s)
			se, ok := err.(*SyntaxError)
			if !ok {
				continue
			}
			n++
			if se.Scheme() != "" {
				schemes++
			}
			got := string(se.AppendMsg([]byte("> ")))
			msg := se.Msg()
			if got != "> "+msg || se.Msg() != msg {
				t.Fatalf("%s on %q: AppendMsg wrote %q, Msg is %q", id, s, got, msg)
			}
			if _, line, col := se.At(); se.Error() != fmt.Sprintf("%s:%d:%d: %s", se.Grammar, line, col, msg) {
				t.Fatalf("%s on %q: Error is %q", id, s, se.Error())
			}
			var want bytes.Buffer
			enc := json.NewEncoder(&want)
			enc.SetEscapeHTML(false)
			expected := se.Expected()
			if expected == nil {
				expected = []string{}
			}
			if err := enc.Encode(expected); err != nil { // not require.NoError: its Helper walks the stack, for every error
				t.Fatal(err)
			}
			if got := string(se.AppendExpectedJSON(nil)) + "\n"; got != want.String() || string(se.Clone().AppendExpectedJSON(nil))+"\n" != got {
				t.Fatalf("%s on %q: AppendExpectedJSON wrote %s, encoding/json %s", id, s, got, want.String())
			}
			if c := se.Clone(); string(c.AppendMsg(nil)) != msg || c.Msg() != msg {
				t.Fatalf("%s on %q: its Clone's message is %q, not %q", id, s, c.AppendMsg(nil), msg)
			}
			want.Reset()
			if err := enc.Encode(msg); err != nil {
				t.Fatal(err)
			}
			// encoding/json's, with U+FFFD as \ufffd whatever Go built it (jsontext.EscapeReplacement).
			if got, want := string(se.AppendMsgJSON(nil))+"\n", string(jsontext.EscapeReplacement(want.Bytes())); got != want || string(se.Clone().AppendMsgJSON(nil))+"\n" != got {
				t.Fatalf("%s on %q: AppendMsgJSON wrote %s, encoding/json %s", id, s, got, want)
			}
			wantTSV := string(tsvtext.Append([]byte("x\t"), msg))
			if got := string(se.AppendMsgTSV([]byte("x\t"))); got != wantTSV || string(se.Clone().AppendMsgTSV([]byte("x\t"))) != got {
				t.Fatalf("%s on %q: AppendMsgTSV wrote %q, the TSV field of Msg is %q", id, s, got, wantTSV)
			}
		}
	}
	require.Greater(t, n, 10000)
	require.Greater(t, schemes, 2, "errors of a scheme's grammar")
}
