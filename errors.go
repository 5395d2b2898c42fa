package urlgrammar

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/urlgrammar/urlgrammar/internal/dfa"
	"github.com/urlgrammar/urlgrammar/internal/jsontext"
	"github.com/urlgrammar/urlgrammar/internal/tsvtext"
)

// SyntaxError reports an input that is not in a grammar's language: where the parser could
// go no further (Offset, Line, Column) and, through its methods, what the grammar allowed
// there (Expected), the rule being matched (Rule) and a one-line description (Msg).
//
// The position is exact and costs little. The explanation can cost several times a parse
// (the rule is named from a tree of the input continued validly past the error), so an error
// of a grammar's start rule computes it when one of the methods first asks for it, once, safe
// for concurrent use: a caller that only rejects invalid input (or counts them, or reports
// where) pays for none of it. Error computes it.
type SyntaxError struct {
	Grammar string // the grammar id
	Input   string // the whole input
	Offset  int    // byte offset of the first byte that could not be matched (len(Input) at the end)
	Line    int    // 1-based line of Offset
	Column  int    // 1-based byte column of Offset within its line

	why *syntaxWhy
	// scheme is set when the grammar of the input's scheme rejected it, for a grammar that
	// checks schemes (Scheme).
	scheme string
}

// Scheme returns the URI scheme whose grammar rejected the input (Grammar is that grammar's
// id) when a grammar that checks schemes (the grammar "uri") was asked, or "".
func (e *SyntaxError) Scheme() string { return e.scheme }

// syntaxWhy is the explanation of a SyntaxError: given when the error is made, or computed
// on first use from the start DFA's state at the offset (newStartError).
type syntaxWhy struct {
	once      sync.Once
	described bool // then st is set (beside once's 12 bytes: the block is 256, not 264)
	// pegNamed says that the error is of a rule other than the start rule, whose name rule
	// holds until fill names the error's rule: the rule the PEG parser failed in at the
	// offset, or the matched rule's.
	pegNamed bool
	rule     string
	expected []string // shared with the grammar's cache when computed: Expected copies it
	// st is the explanation of the DFA state the error is described from (its expected set,
	// the message's end, and their JSON, made once for the state), or nil for an error
	// given when it was made (AppendExpectedJSON then writes expected).
	st *stateError
	// msg is the message as given, or, once Msg asks for it, as described: a computed
	// explanation describes what is at descAt in input, with the DFA state's expected suffix,
	// when it is written (AppendMsg) and not before, so that a caller that writes the message
	// into its output makes no string of it.
	msg     string
	descAt  int
	msgOnce sync.Once
	// blamed is set when the error is blamed on an earlier byte than the offset (At): at
	// that byte, its line and column.
	blamed            bool
	at, atLine, atCol int

	// For a computed explanation: the grammar, the DFA of the rule (the start rule's, or
	// the one named by rule when pegNamed) and its state at the offset; nil g for one given
	// when the error was made.
	g     *Grammar
	d     *dfa.DFA
	state int
	input string
	off   int
}

// syntaxErrorBlock holds an error and its explanation in one allocation.
type syntaxErrorBlock struct {
	e   SyntaxError
	why syntaxWhy
}

// newErrorBlock returns an error at offset of input, its position set, its explanation empty.
func newErrorBlock(grammar, input string, offset int) *syntaxErrorBlock {
	b := new(syntaxErrorBlock)
	b.set(grammar, input, offset)
	return b
}

// reset makes b an error at offset of input, as newErrorBlock makes one: what a Parser does
// with its own block.
func (b *syntaxErrorBlock) reset(grammar, input string, offset int) {
	*b = syntaxErrorBlock{}
	b.set(grammar, input, offset)
}

// set gives an empty block its error at offset of input, field by field (a block written
// whole costs a write barrier for each of its pointers).
func (b *syntaxErrorBlock) set(grammar, input string, offset int) {
	b.e.Grammar, b.e.Input, b.e.Offset = grammar, input, offset
	b.e.why = &b.why
	b.e.Line, b.e.Column = lineColumn(input, offset)
}

// newSyntaxError returns the error with its explanation given; an empty msg is made from
// the rule and the expected set.
func newSyntaxError(grammar, rule, input string, offset int, expected []string, msg string) *SyntaxError {
	b := newErrorBlock(grammar, input, offset)
	if msg == "" {
		msg = describe(input, offset, rule, expectedSuffix(expected))
	}
	b.why.rule, b.why.expected, b.why.msg = rule, expected, msg
	return &b.e
}

// newStartError returns the error of s at offset off, where g's start DFA d is in state
// state: its explanation is computed on first use (fill).
// The error is made in b when b is not nil (a Parser's block).
func newStartError(g *Grammar, d *dfa.DFA, s string, off, state int, b *syntaxErrorBlock) *SyntaxError {
	if b == nil {
		b = new(syntaxErrorBlock)
		b.set(g.id, s, off)
	} else {
		b.reset(g.id, s, off)
	}
	b.why.g, b.why.d, b.why.state, b.why.input, b.why.off = g, d, state, s, off
	return &b.e
}

// newRuleError is newStartError for an error of rule, which is not the start rule, where its
// DFA d is in state state: fill names the error's rule from the PEG parser's failure there
// (not from a tree of the input continued, which only the start rule's builder makes).
func newRuleError(g *Grammar, d *dfa.DFA, rule, s string, off, state int, b *syntaxErrorBlock) *SyntaxError {
	e := newStartError(g, d, s, off, state, b)
	e.why.pegNamed, e.why.rule = true, rule
	return e
}

// Clone returns a copy of the error that stays as it is, with its explanation computed: what
// to keep of an error of Parser.Parse, which the Parser's next call overwrites.
func (e *SyntaxError) Clone() *SyntaxError { return e.cloneInto(new(syntaxErrorBlock)) }

// cloneInto is Clone, the copy made in b, an empty block.
func (e *SyntaxError) cloneInto(b *syntaxErrorBlock) *SyntaxError {
	w := e.explained()
	b.e.Grammar, b.e.Input, b.e.Offset, b.e.Line, b.e.Column, b.e.scheme = e.Grammar, e.Input, e.Offset, e.Line, e.Column, e.scheme
	b.e.why = &b.why
	b.why.rule, b.why.expected = w.rule, w.expected
	if !w.described {
		b.why.msg = w.msg // a described message is described again by the copy, when asked: msg may be being written
	}
	b.why.described, b.why.descAt, b.why.st, b.why.input = w.described, w.descAt, w.st, w.input
	b.why.blamed, b.why.at, b.why.atLine, b.why.atCol = w.blamed, w.at, w.atLine, w.atCol
	return &b.e
}

// fill computes a start error's explanation (it has none to compute when it was given).
func (w *syntaxWhy) fill() {
	if w.g == nil {
		return
	}
	st := w.g.errorIn(w.d, w.state)
	if w.pegNamed {
		name := w.d.Rule
		if pe, failed := w.g.pegFailure(w.rule, w.input); failed && pe.Offset == w.off && pe.Rule != "" {
			name = pe.Rule
		}
		w.rule, w.expected, w.st = name, st.expected, st
		w.described, w.descAt = true, w.off
		return
	}
	var b blame
	w.rule, b = w.g.errorRuleBlame(w.input, w.off, st.continuation, w.d.Rule)
	w.expected, w.st = st.expected, st
	w.described, w.descAt = true, w.off
	if b.ok {
		w.blame(b)
	}
}

// blame explains the error where the grammar's header blames it (Tree.Blame): the error of
// the input with b.text inserted at b.insert, when that is at a byte of the input up to the
// offset (at the offset itself only its rule and expected set change: "file://C:\x" fails at
// the backslash either way, in the port, not in a userinfo). "http://localhost:80x/" is valid up to the "/" read as the end of a
// userinfo, which only an "@" could end; with the "@" it would need, the error is the x, in
// the port, where a person puts it.
func (w *syntaxWhy) blame(b blame) {
	s2 := w.input[:b.insert] + b.text + w.input[b.insert:]
	d := w.g.startDecider(s2)
	if d == nil {
		return
	}
	valid, off2, state := d.MatchState(s2)
	at := off2 - len(b.text)
	if valid || off2 < b.insert+len(b.text) || at > w.off {
		return // the error is not in the input's bytes up to the offset
	}
	st := w.g.errorIn(d, state)
	w.rule = w.g.errorRule(s2, off2, st.continuation, d.Rule)
	w.expected, w.st = st.expected, st
	w.descAt = at
	if at < w.off {
		w.blamed, w.at = true, at
		w.atLine, w.atCol = lineColumn(w.input, at)
	}
}

// explained returns the error's explanation, computed if it must be.
func (e *SyntaxError) explained() *syntaxWhy {
	if e.why == nil {
		return &syntaxWhy{} // a SyntaxError made by hand
	}
	e.why.once.Do(e.why.fill)
	return e.why
}

// At returns where a person would put the error: Offset, Line and Column, unless the grammar
// blames the error on an earlier byte (its header's blame declarations: in RFC 3986,
// "http://localhost:80x/" is valid up to the "/", as a userinfo that an "@" would end, and the
// error is blamed on the x, in the port). Msg, Rule, Expected, Found, Cause, Error and Caret
// describe the error at At; Offset stays the exact end of the longest valid prefix.
func (e *SyntaxError) At() (offset, line, column int) {
	if w := e.explained(); w.blamed {
		return w.at, w.atLine, w.atCol
	}
	return e.Offset, e.Line, e.Column
}

// Rule returns the innermost rule being matched at At, as the grammar names it.
func (e *SyntaxError) Rule() string { return e.explained().rule }

// Expected returns what the grammar allowed at At: literals quoted, character classes
// as written, EOF. The slice is the caller's.
func (e *SyntaxError) Expected() []string { return slices.Clone(e.explained().expected) }

// AppendExpectedJSON appends Expected to b as a JSON array of strings, byte for byte as
// encoding/json writes it ("[]" when nothing was expected), and returns the extended buffer:
// what the check command's jsonl records hold, made once for each place in the grammar where
// an error can be, not for each error.
func (e *SyntaxError) AppendExpectedJSON(b []byte) []byte {
	w := e.explained()
	if w.st != nil {
		return append(b, w.st.expectedJSON...)
	}
	return jsontext.AppendStrings(b, w.expected)
}

// Msg returns the one-line description of the error, without its position: what was found
// at At, in which rule, and what was expected.
// The error of a scheme's grammar says so first: "the http scheme (rfc9110): unexpected ...".
func (e *SyntaxError) Msg() string {
	if e.scheme != "" {
		return "the " + e.scheme + " scheme (" + e.Grammar + "): " + e.explained().message()
	}
	return e.explained().message()
}

// AppendMsg appends Msg to b and returns the extended buffer: the check command writes
// the messages of its invalid lines this way, without a string of each.
func (e *SyntaxError) AppendMsg(b []byte) []byte {
	if e.scheme != "" {
		b = append(b, "the "...)
		b = append(b, e.scheme...)
		b = append(b, " scheme ("...)
		b = append(b, e.Grammar...)
		b = append(b, "): "...)
	}
	w := e.explained()
	if w.described {
		return appendDescription(b, w.input, w.descAt, w.rule, w.st.suffix)
	}
	return append(b, w.msg...)
}

// AppendMsgJSON appends Msg to b as a JSON string, byte for byte as the records' writer
// writes it (encoding/json's escaping, HTML escaping off, with U+FFFD as \ufffd), and
// returns the extended buffer: what the check command's jsonl records hold. The list of
// what was expected is escaped once for each place in the grammar where an error can be,
// not for each error.
func (e *SyntaxError) AppendMsgJSON(b []byte) []byte {
	w := e.explained()
	if e.scheme != "" || !w.described {
		return jsontext.AppendString(b, e.Msg())
	}
	// What was found and the rule, then the state's suffix, escaped apart: the first part
	// ends in ASCII (a rule name, a quote, a digit) and the suffix begins with ", ", so no
	// character spans the two. The first part is Go's quoting of a character and ASCII, so
	// valid UTF-8 where only '"' and '\\' need escaping; a byte that would need more (a
	// control character, the first byte of U+2028 or U+2029, or of U+FFFD) takes Msg's way.
	var buf [128]byte // on the stack
	mark := len(b)
	b = append(b, '"')
	for _, c := range appendDescription(buf[:0], w.input, w.descAt, w.rule, "") {
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < 0x20 || c == 0xe2 || c == 0xef:
			return jsontext.AppendString(b[:mark], e.Msg())
		default:
			b = append(b, c)
		}
	}
	b = append(b, w.st.suffixJSON...)
	return append(b, '"')
}

// AppendMsgTSV appends Msg to b as a field of check's tsv format (tab-separated values with
// "\\", "\t", "\n", "\r" and "\xHH" escapes: check.AppendTSV), and returns the extended
// buffer. The list of what was expected is escaped once for each place in the grammar where
// an error can be, not for each error.
func (e *SyntaxError) AppendMsgTSV(b []byte) []byte {
	w := e.explained()
	if e.scheme != "" || !w.described {
		return tsvtext.Append(b, e.Msg())
	}
	// What was found and the rule, written in place, then the state's suffix: the first
	// part ends in ASCII (a rule name, a quote, a digit) and the suffix begins with ", ", so
	// no character spans the two.
	mark := len(b)
	b = appendDescription(b, w.input, w.descAt, w.rule, "")
	if tsvtext.Plain(b[mark:]) != len(b)-mark {
		// A byte to escape, or a character past ASCII that is written as it is: escaped
		// from a copy.
		var buf [64]byte
		head := append(buf[:0], b[mark:]...)
		b = tsvtext.AppendBytes(b[:mark], head)
	}
	return append(b, w.st.suffixTSV...)
}

// message returns the explanation's message, described once when it is first asked for.
func (w *syntaxWhy) message() string {
	if w.described {
		w.msgOnce.Do(func() { w.msg = describe(w.input, w.descAt, w.rule, w.st.suffix) })
	}
	return w.msg
}

// lineColumn returns the 1-based line and byte column of offset in s.
func lineColumn(s string, offset int) (line, col int) {
	if offset > len(s) {
		offset = len(s)
	}
	prefix := s[:offset]
	if strings.IndexByte(prefix, '\n') < 0 {
		// One line, as nearly every input is: IndexByte reads many bytes a step, where
		// LastIndexByte reads one (it took 7% of an invalid line through a Parser).
		return 1, offset + 1
	}
	line = 1 + strings.Count(prefix, "\n")
	col = offset - (strings.LastIndexByte(prefix, '\n') + 1) + 1
	return line, col
}

// describe says what was found at offset and, with suffix (expectedSuffix), what was
// expected.
func describe(s string, offset int, rule string, suffix string) string {
	var buf [256]byte // on the stack: the string is the one allocation
	return string(appendDescription(buf[:0], s, offset, rule, suffix))
}

// appendDescription appends describe's message to b.
func appendDescription(b []byte, s string, offset int, rule string, suffix string) []byte {
	if offset >= len(s) {
		b = append(b, "unexpected end of input"...)
	} else if r, start, ok := charAt(s, offset); ok && start < offset {
		// The grammar leaves a valid character in its middle (a grammar over code points
		// that allows some characters with the same first bytes): name the character.
		b = fmt.Appendf(b, "unexpected %q (U+%04X, its byte 0x%02x)", r, r, s[offset])
	} else if r, n := utf8.DecodeRuneInString(s[offset:]); r == utf8.RuneError && n <= 1 {
		b = fmt.Appendf(b, "unexpected byte 0x%02x", s[offset])
	} else {
		b = append(b, "unexpected "...)
		b = strconv.AppendQuoteRune(b, r)
	}
	if rule != "" {
		b = append(b, " in "...)
		b = append(b, rule...)
	}
	return append(b, suffix...)
}

// expectedSuffix is the part of an error's message that lists what was expected:
// ", expected A, B or C", or "" when nothing was.
func expectedSuffix(expected []string) string {
	if len(expected) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(", expected ")
	for i, e := range expected {
		switch {
		case i == 0:
		case i == len(expected)-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(e)
	}
	return b.String()
}

// Found names the class of what the grammar met at At: "letter", "digit", "space",
// "control character", "non-ASCII character", "invalid UTF-8", "end of input", or the ASCII
// punctuation character itself, quoted ('[').
func (e *SyntaxError) Found() string {
	s := e.Input
	offset, _, _ := e.At()
	if offset >= len(s) {
		return "end of input"
	}
	c := s[offset]
	switch {
	case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		return "letter"
	case c >= '0' && c <= '9':
		return "digit"
	case c == ' ':
		return "space"
	case c < 0x20 || c == 0x7f:
		return "control character"
	case c < 0x80:
		return quotedASCII[c]
	}
	if r, n := utf8.DecodeRuneInString(s[offset:]); r == utf8.RuneError && n <= 1 {
		if _, start, ok := charAt(s, offset); ok && start < offset {
			return "non-ASCII character" // a byte inside a valid character
		}
		return "invalid UTF-8"
	}
	return "non-ASCII character"
}

// quotedASCII are the ASCII characters as strconv.QuoteRune quotes them ("'<'" for <):
// Found's class of a punctuation character, without formatting one on every error.
var quotedASCII = func() (q [0x80]string) {
	for c := range q {
		q[c] = strconv.QuoteRune(rune(c))
	}
	return q
}()

// charAt returns the character of s that covers the byte at offset, where it starts, and
// whether the bytes there are a valid UTF-8 encoding: offset may be a continuation byte of
// a character that starts up to three bytes before it.
func charAt(s string, offset int) (rune, int, bool) {
	for start := offset; start >= 0 && start > offset-utf8.UTFMax; start-- {
		if utf8.RuneStart(s[start]) {
			r, n := utf8.DecodeRuneInString(s[start:])
			if (r != utf8.RuneError || n > 1) && start+n > offset {
				return r, start, true
			}
			return 0, 0, false
		}
	}
	return 0, 0, false
}

// Cause is the error's summary key, as `urlgrammar check` and `diff` count reasons: the rule
// and the class of what was found there, "RULE: unexpected CLASS" (see Found), or
// "RULE: message" for an error that is no unexpected character ("input too long"); the rule
// of a scheme's grammar (Scheme) is "GRAMMAR/RULE". Errors
// that differ only in the character or the expected set share a key.
func (e *SyntaxError) Cause() string {
	var buf [128]byte // on the stack: the string is the one allocation
	return string(e.AppendCause(buf[:0]))
}

// AppendCause appends Cause's text to b: a caller that counts causes can look the bytes up
// in a map (m[string(b)] allocates nothing) and make a string only of a new one.
func (e *SyntaxError) AppendCause(b []byte) []byte {
	why := e.explained()
	if e.scheme != "" {
		b = append(b, e.Grammar...) // the scheme's grammar's rule, as diff names it
		b = append(b, '/')
	}
	if why.rule == "" {
		b = append(b, "input"...)
	} else {
		b = append(b, why.rule...)
	}
	if !why.described && !strings.HasPrefix(why.msg, "unexpected") {
		b = append(b, ": "...)
		return append(b, why.msg...)
	}
	b = append(b, ": unexpected "...)
	return append(b, e.Found()...)
}

// Error returns "GRAMMAR:LINE:COLUMN: message", on one line, so that a library that wraps it
// prints it well; Report adds the input and a caret under the offending character. The line
// and column are At's.
func (e *SyntaxError) Error() string {
	var buf [256]byte // on the stack: the string is the one allocation
	return string(e.AppendError(buf[:0]))
}

// AppendError appends Error's text to b and returns the extended buffer.
func (e *SyntaxError) AppendError(b []byte) []byte {
	_, line, col := e.At()
	b = append(b, e.Grammar...)
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(line), 10)
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(col), 10)
	b = append(b, ": "...)
	return e.AppendMsg(b)
}

// Report returns the error for a person at a terminal: Error's line, then Caret's two lines
// (the input and a caret under the offending byte).
func (e *SyntaxError) Report() string { return e.Error() + "\n" + e.Caret() }

// CaretWindow is how many bytes of the input line Caret shows on each side of the offset, at
// most: the text of an error stays short whatever the length of the input.
const CaretWindow = 60

// Caret returns the two-line rendering of the error: the input line and a caret under the
// offending byte (At's). Characters that would not print are shown as Go escapes, and the caret
// follows them. Of a longer line only CaretWindow bytes on each side of the offset are
// shown, and "..." marks what was cut.
func (e *SyntaxError) Caret() string { return string(e.AppendCaret(nil)) }

// AppendCaret appends Caret's two lines to b (without a newline after the caret), as the
// check command writes them into its output, and returns the extended buffer.
func (e *SyntaxError) AppendCaret(b []byte) []byte {
	blamed, _, _ := e.At()
	start, end, from, to, at := caretWindow(e.Input, blamed)
	if from > start {
		b = append(b, "..."...)
	}
	var width int
	if shown := e.Input[from:to]; printableASCII(shown) == len(shown) {
		// The usual window, printable ASCII: shown as it is, a column a byte.
		b = append(b, shown...)
		width = at - from
	} else {
		// No character crosses at (it is where one starts, or the bytes there are shown
		// one by one), so the shown line is the text before it displayed, then the text
		// after it: the caret's column is the width of the first part.
		mark := len(b)
		b = appendDisplay(b, e.Input[from:at])
		width = utf8.RuneCount(b[mark:])
		b = appendDisplay(b, e.Input[at:to])
	}
	if from > start {
		width += len("...")
	}
	if to < end {
		b = append(b, "..."...)
	}
	b = append(b, '\n')
	for width > 0 {
		n := min(width, len(spaces))
		b = append(b, spaces[:n]...)
		width -= n
	}
	return append(b, '^')
}

// spaces are what the caret's line is indented with.
const spaces = "                                                                "

// caretWindow returns what Caret shows of s for an error at offset off: the line holding
// it [start, end), the part of the line shown [from, to) (CaretWindow bytes on each side,
// whole characters), and at, where the caret goes: off, or the start of the character off
// is inside of. No character crosses at (it is where one starts, or the bytes there are
// shown one by one). The line's start is looked for in the window only (a byte-by-byte
// search back, over the whole input, was 2% of the checker): when it is before the window,
// start is a byte before from (off-CaretWindow-1), which is all that Caret asks of it
// (from > start: the line is cut).
func caretWindow(s string, off int) (start, end, from, to, at int) {
	off = min(max(off, 0), len(s))
	lo := max(off-CaretWindow-1, 0)
	start = lo + strings.LastIndexByte(s[lo:off], '\n') + 1 // lo when there is none
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
	// An offset inside a character (the error is at its second or later byte) puts the
	// caret under the character, which Display may write as one escape (\ufffe).
	at = off
	for at > from && at < len(s) && !utf8.RuneStart(s[at]) {
		at--
	}
	if r, n := utf8.DecodeRuneInString(s[at:]); at < off && (r == utf8.RuneError && n <= 1 || at+n <= off) {
		at = off // not one valid character across the offset: its bytes are shown one by one
	}
	return start, end, from, to, at
}

// Display returns s with every rune that would not print as itself (controls, invalid UTF-8,
// non-graphic runes) written as a Go escape (\x00, \xff, \u200e), so that an input shown in
// a line of text stays on its line and shows its exact bytes. Error carets, check, extract
// and diff show inputs with it.
func Display(s string) string {
	i := printableASCII(s)
	if i == len(s) {
		return s
	}
	b := make([]byte, 0, len(s)+8)
	return string(appendDisplay(b, s))
}

// printableASCII returns the length of the prefix of s that is printable ASCII, which
// Display shows as it is.
func printableASCII(s string) int {
	// Eight bytes at a time: a byte below ' ' borrows when ' ' is taken from it, 0x7f carries
	// into the high bit when 1 is added, and a byte from 0x80 has it; in a word with no such
	// byte no borrow or carry crosses bytes, so a high bit set means one of them is there. A
	// borrow or carry only reaches the bytes above the one it comes from: the lowest high
	// bit set is that of the first such byte. The last bytes, fewer than eight, are read in
	// the eight that end s (a byte-by-byte tail's exit was a branch mispredicted a line).
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for i := 0; len(s) >= 8 && i < len(s); i += 8 {
		j := min(i, len(s)-8) // the last word ends s: its bytes before i are printable
		b := s[j : j+8]       // one bounds check, and the eight loads are one
		w := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		if m := ((w - ' '*ones) | (w + ones) | w) & highs; m != 0 {
			return j + bits.TrailingZeros64(m)>>3
		}
	}
	if len(s) >= 8 {
		return len(s)
	}
	i := 0
	for i < len(s) && s[i] >= ' ' && s[i] < 0x7f {
		i++
	}
	return i
}

// appendDisplay appends Display(s) to b.
func appendDisplay(b []byte, s string) []byte {
	i := printableASCII(s)
	b = append(b, s[:i]...)
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			b = append(b, `\x`...)
			b = append(b, hexDigits[s[i]>>4], hexDigits[s[i]&0xf])
		case r == ' ' || (r > ' ' && r != 0x7f && (r < 0x80 || isGraphic(r))):
			b = utf8.AppendRune(b, r)
		default:
			q := strconv.QuoteToASCII(string(r)) // what %+q writes
			b = append(b, q[1:len(q)-1]...)
		}
		i += n
	}
	return b
}

const hexDigits = "0123456789abcdef"

func isGraphic(r rune) bool { return unicode.IsGraphic(r) }
