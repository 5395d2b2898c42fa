package extract

import (
	"bytes"
	"html"
	"io"
	"strings"
)

// A Scanner reads the references of an io.Reader one at a time, as bufio.Scanner reads
// lines: Scan finds the next one, Ref returns it, and Err the read error that ended the scan.
//
// It holds a window of the input of about twice Options.MaxLength bytes and nothing else
// that grows with the input: the scan is one pass, and every step consumes input. It decides
// about a candidate as soon as the bytes that decide it are in the window, so a slow input
// (a pipe that tail -f feeds) gets each reference as soon as the text after it shows where
// it ends; a decision that needs more waits for twice as many bytes (at most
// Options.MaxLength and a few more), so that a candidate is taken again a logarithmic
// number of times however the input is cut into reads.
type Scanner struct {
	r       io.Reader
	opts    Options
	max     int             // Options.MaxLength, or the default
	known   map[string]bool // believable schemes without "//", lower case
	urlAttr map[string]bool

	buf  []byte // the window: the input from offset base on
	base int64
	i    int  // where the scan is, in buf
	eof  bool // nothing more to read (also after a read error)
	err  error

	counted   int   // the newlines of buf[:counted] are counted
	line      int   // the line of buf[counted]
	lineStart int64 // the offset where that line starts

	inTag    bool // inside an HTML tag: after "<name", before ">"
	skipping bool // in the rest of a truncated reference
	ref      Ref

	// want is how many bytes from the scan position the window must hold (unless the
	// input ends first) before the scan goes on; short is set by a decision about a
	// candidate that needed bytes past the end of the window, which is taken again once
	// they have come.
	want  int
	short bool

	// runStart and runEnd are the input offsets of the last run of unquoted attribute
	// value bytes scanned to its end (unquotedAttribute); noRunCache turns that off (tests).
	runStart, runEnd int64
	noRunCache       bool
}

const (
	// lookBehind is how many bytes before the scan position stay in the window, for the
	// delimiter and the key before a reference.
	lookBehind = 128
	// slack is how many bytes a delimiter and a "URL:" prefix add to a reference.
	slack = 64
	// maxScheme is the longest scheme taken for one (IANA's longest are under 32).
	maxScheme = 40
	// maxKey is the longest attribute or key name reported.
	maxKey = 64
)

var (
	defaultKnown = setOf(Schemes)
	urlAttrs     = setOf(URLAttributes)
)

func setOf(names []string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[strings.ToLower(n)] = true
	}
	return m
}

// NewScanner returns a Scanner of the references in r.
func NewScanner(r io.Reader, opts Options) *Scanner {
	s := &Scanner{r: r, opts: opts, max: opts.MaxLength, known: defaultKnown, urlAttr: urlAttrs, line: 1, want: 1}
	if s.max <= 0 {
		s.max = DefaultMaxLength
	}
	if len(opts.Schemes) > 0 {
		s.known = setOf(append(append([]string(nil), Schemes...), opts.Schemes...))
	}
	s.buf = make([]byte, 0, lookBehind+2*s.need())
	return s
}

// need is how many bytes from the scan position the window holds (unless the input ends
// first): every decision about a candidate starting there is made within them.
func (s *Scanner) need() int { return s.max + slack }

// Ref returns the reference the last successful Scan found.
func (s *Scanner) Ref() Ref { return s.ref }

// Err returns the error that ended the input, or nil at the end of the input.
func (s *Scanner) Err() error { return s.err }

// fill reads until the window holds n bytes from the scan position, or the input ends.
func (s *Scanner) fill(n int) {
	empty := 0
	for len(s.buf)-s.i < n && !s.eof {
		if cap(s.buf)-len(s.buf) < n-(len(s.buf)-s.i) {
			keep := max(s.i-lookBehind, 0)
			s.count(keep)
			m := copy(s.buf, s.buf[keep:])
			s.buf = s.buf[:m]
			s.base += int64(keep)
			s.i -= keep
			s.counted -= keep
		}
		m, err := s.r.Read(s.buf[len(s.buf):cap(s.buf)])
		s.buf = s.buf[:len(s.buf)+m]
		switch {
		case err == io.EOF:
			s.eof = true
		case err != nil:
			s.err, s.eof = err, true
		case m == 0:
			if empty++; empty >= 100 {
				s.err, s.eof = io.ErrNoProgress, true
			}
		}
	}
}

// count counts the newlines of the window up to k.
func (s *Scanner) count(k int) {
	for s.counted < k {
		j := bytes.IndexByte(s.buf[s.counted:k], '\n')
		if j < 0 {
			s.counted = k
			return
		}
		s.counted += j + 1
		s.line++
		s.lineStart = s.base + int64(s.counted)
	}
}

// Scan finds the next reference; it returns false at the end of the input or after a read
// error (see Err).
func (s *Scanner) Scan() bool {
	n := s.need()
	for {
		if !s.eof && len(s.buf)-s.i < s.want {
			s.fill(s.want)
		}
		if s.skipping {
			s.skipRest()
			s.want = 1
			if s.skipping {
				s.want = len(s.buf) - s.i + 1 // a rune cut by the window's end
			}
			continue
		}
		w := s.buf
		i := s.i
		for i < len(w) {
			k := class[w[i]]
			if k == cPlain || k == cLetter && i > 0 && isAlnum(w[i-1]) {
				i++
				continue
			}
			break
		}
		s.i = i
		if i >= len(w) {
			if s.eof {
				return false
			}
			s.want = 1
			continue
		}
		// What starts at w[i]: a decision that needs bytes past the window's end sets
		// s.short and changes nothing else.
		s.short = false
		found := false
		switch c := w[i]; {
		case c == '<':
			if found = s.angle(i); found || s.short || s.cut(i+1) {
				break
			}
			if i+1 < len(w) && isLetter(w[i+1]) {
				s.inTag = true
			}
			s.i = i + 1
		case c == '>':
			s.inTag = false
			s.i = i + 1
		case c == '"' || c == '\'' && !(i > 0 && isAlnum(w[i-1])):
			if found = s.quoted(i); !found {
				s.i = i + 1
			}
		case c == '(':
			if found = i > 0 && w[i-1] == ']' && s.markdown(i); !found {
				s.i = i + 1
			}
		case c == '=':
			if found = s.opts.Relative && s.inTag && s.unquotedAttribute(i); !found {
				s.i = i + 1
			}
		case isLetter(c):
			found = s.bare(i)
		default:
			s.i = i + 1
		}
		if s.short {
			// Undecided until more of the input is in: take it again with twice the bytes.
			s.i, s.want = i, min(n, 2*(len(w)-i))
			continue
		}
		s.want = 1
		if found {
			return true
		}
	}
}

// cut reports whether offset j of the window is past its end while more input may come, and
// then sets s.short: what is at j is not known yet.
func (s *Scanner) cut(j int) bool {
	if j >= len(s.buf) && !s.eof {
		s.short = true
		return true
	}
	return false
}

// skipRest skips the rest of a truncated bare reference.
func (s *Scanner) skipRest() {
	w := s.buf
	for s.i < len(w) {
		size, ok := bareChar(w[s.i:], s.eof)
		if size == 0 && !ok {
			// A rune cut by the end of the window: read more.
			return
		}
		if !ok {
			s.skipping = false
			return
		}
		s.i += size
	}
	if s.eof {
		s.skipping = false
	}
}

// emit makes the reference at buf[start:end]; strip removes its whitespace (angle brackets
// and hyphen-continued references).
func (s *Scanner) emit(start, end int, d Delimiter, key string, strip, truncated bool) {
	s.count(start)
	raw := s.buf[start:end]
	off := s.base + int64(start)
	r := Ref{Offset: off, End: s.base + int64(end), Line: s.line, Column: int(off-s.lineStart) + 1,
		Delimiter: d, Key: key, Raw: string(raw), Truncated: truncated}
	r.Text = r.Raw
	if strip && bytes.ContainsAny(raw, spaces) {
		r.Text, r.Unhyphenated, r.Hyphenated = stripSpace(raw)
	}
	// What the document's syntax escapes is decoded: the reference is what a browser or a
	// Markdown renderer takes.
	switch d {
	case Attribute:
		r.Text, r.Unhyphenated = unescapeAttribute(r.Text), unescapeAttribute(r.Unhyphenated)
	case Markdown:
		r.Text, r.Unhyphenated = unescapeMarkdown(r.Text), unescapeMarkdown(r.Unhyphenated)
	}
	s.ref = r
}

const spaces = " \t\n\r\f\v"

// stripSpace returns b without its whitespace and, when a hyphen stood at the end of a line
// in b, the same without those hyphens (Appendix E: the hyphen "may or may not actually be
// part of the URI").
func stripSpace(b []byte) (text, unhyphenated string, hyphenated bool) {
	t := make([]byte, 0, len(b))
	for _, c := range b {
		if !isSpace(c) {
			t = append(t, c)
		}
	}
	text = string(t)
	t = t[:0]
	for i, c := range b {
		if isSpace(c) {
			continue
		}
		if c == '-' && atLineEnd(b, i+1) {
			hyphenated = true
			continue
		}
		t = append(t, c)
	}
	if !hyphenated {
		return text, "", false
	}
	return text, string(t), true
}

// atLineEnd reports whether b[i:] starts with blanks and a line break.
func atLineEnd(b []byte, i int) bool {
	for ; i < len(b); i++ {
		switch b[i] {
		case ' ', '\t', '\r':
			continue
		case '\n':
			return true
		}
		return false
	}
	return false
}

// unescapeAttribute decodes the character references of an HTML attribute's value, as a
// browser does before it takes the value as a URL: "&amp;" is "&", "&lt;" is "<", "&#38;" and
// "&#x26;" are "&". A legacy named reference without ";" (as "&copy") is decoded only when
// what follows is neither a letter, a digit nor "=" (HTML's rule for attributes, so that
// "?a=1&copy=2" keeps its parameter); an unknown name stays as it is.
func unescapeAttribute(s string) string {
	if !strings.Contains(s, "&") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '&' {
			b.WriteByte(s[i])
			i++
			continue
		}
		j := i + 1
		if j < len(s) && s[j] == '#' { // numeric: decimal or hexadecimal, ";" optional
			k := j + 1
			hex := k < len(s) && s[k]|0x20 == 'x'
			if hex {
				k++
			}
			start := k
			for k < len(s) && (isDigit(s[k]) || hex && isHexDigit(s[k])) {
				k++
			}
			if k == start {
				b.WriteByte('&')
				i++
				continue
			}
			if k < len(s) && s[k] == ';' {
				k++
			}
			b.WriteString(html.UnescapeString(s[i:k]))
			i = k
			continue
		}
		k := j
		for k < len(s) && isAlnum(s[k]) {
			k++
		}
		switch {
		case k == j:
		case k < len(s) && s[k] == ';':
			b.WriteString(html.UnescapeString(s[i : k+1]))
			i = k + 1
			continue
		case (k == len(s) || s[k] != '=') && html.UnescapeString(s[i:k]) == html.UnescapeString(s[i:k]+";") &&
			html.UnescapeString(s[i:k]) != s[i:k]:
			// A legacy name, whole: what follows is no letter or digit (the loop took them all).
			b.WriteString(html.UnescapeString(s[i:k]))
			i = k
			continue
		}
		b.WriteByte('&')
		i++
	}
	return b.String()
}

// unescapeMarkdown decodes a CommonMark link destination: a backslash before an ASCII
// punctuation character stands for that character, and an entity or numeric character
// reference (with its ";", as CommonMark requires) for what it names.
func unescapeMarkdown(s string) string {
	if !strings.ContainsAny(s, `\&`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && isASCIIPunct(s[i+1]):
			b.WriteByte(s[i+1])
			i++
		case c == '&':
			end := strings.IndexByte(s[i:], ';')
			if end > 1 && end <= 33 && refName(s[i+1:i+end]) {
				if dec := html.UnescapeString(s[i : i+end+1]); dec != s[i:i+end+1] {
					b.WriteString(dec)
					i += end
					continue
				}
			}
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// refName reports whether s is the inside of a character reference: a name of letters and
// digits, or # and decimal digits, or #x and hexadecimal digits.
func refName(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == '#' {
		s = s[1:]
		hex := s != "" && s[0]|0x20 == 'x'
		if hex {
			s = s[1:]
		}
		if s == "" {
			return false
		}
		for i := 0; i < len(s); i++ {
			if !isDigit(s[i]) && !(hex && isHexDigit(s[i])) {
				return false
			}
		}
		return true
	}
	for i := 0; i < len(s); i++ {
		if !isAlnum(s[i]) {
			return false
		}
	}
	return true
}

func isHexDigit(c byte) bool { return isDigit(c) || 'a' <= c|0x20 && c|0x20 <= 'f' }

func isASCIIPunct(c byte) bool {
	return strings.IndexByte("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", c) >= 0
}
