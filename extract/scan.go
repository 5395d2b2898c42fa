package extract

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Byte classes of the scan loop: a plain byte starts nothing; a letter may start a scheme.
const (
	cPlain = iota
	cLetter
	cSpecial // < > " ' ( =
)

var class = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = cLetter, cLetter
	}
	for _, c := range []byte(`<>"'(=`) {
		t[c] = cSpecial
	}
	return t
}()

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isAlnum(c byte) bool  { return isLetter(c) || isDigit(c) }
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// schemeChar: scheme = alpha *( alpha / digit / "+" / "-" / "." ).
func schemeChar(c byte) bool { return isAlnum(c) || c == '+' || c == '-' || c == '.' }

// nameChar is a byte of an attribute or key name.
func nameChar(c byte) bool { return isAlnum(c) || c == '-' || c == '_' || c == '.' || c == ':' }

// trailing reports whether c, at the end of a bare reference, is sentence punctuation
// rather than part of it.
func trailing(c byte) bool {
	switch c {
	case '.', ',', ';', ':', '!', '?', '\'', '"', '*':
		return true
	}
	return false
}

// bareChar reports whether b starts with a character of a bare reference, and its size.
// ASCII: anything but whitespace, controls, < > " and `. Beyond ASCII: letters, marks,
// digits, currency and other symbols ("€", "✪", emoji), so that a URI written with them is
// found and the grammar says whether it is valid; but not punctuation, spaces or
// mathematical symbols ("»", "”", "。", "–", "→", "｜"), nor bytes that are not UTF-8. It returns 0, false when b ends inside a rune and more input may come.
func bareChar(b []byte, eof bool) (int, bool) {
	c := b[0]
	if c < utf8.RuneSelf {
		return 1, c > ' ' && c != 0x7f && c != '<' && c != '>' && c != '"' && c != '`'
	}
	if !utf8.FullRune(b) && !eof {
		return 0, false
	}
	r, size := utf8.DecodeRune(b)
	if r == utf8.RuneError && size <= 1 {
		return 1, false
	}
	return size, unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.So, unicode.Sc)
}

// schemeAt reports whether b[i:k] followed by b[k] == ':' is a believable scheme, looking at
// what follows in b: "scheme://" and a character, for a scheme of two characters or more;
// or a scheme of the known list and a character.
func (s *Scanner) schemeAt(b []byte, i, k int) bool {
	if k-i >= 2 && k+3 < len(b) && b[k+1] == '/' && b[k+2] == '/' {
		if _, ok := bareChar(b[k+3:], true); ok {
			return true
		}
	}
	if k+1 >= len(b) || k-i > maxScheme {
		return false
	}
	if _, ok := bareChar(b[k+1:], true); !ok {
		return false
	}
	var lower [maxScheme]byte
	for j := i; j < k; j++ {
		lower[j-i] = b[j] | 0x20 // letters to lower case; digits, "+", "-" and "." keep
	}
	return s.known[string(lower[:k-i])]
}

// mention reports whether rest, what follows "scheme:" in a candidate, is nothing, "/" or
// "//": "the http:// prefix" mentions a scheme and refers to nothing.
func mention(rest []byte) bool {
	return len(rest) == 0 || len(rest) <= 2 && rest[0] == '/' && rest[len(rest)-1] == '/'
}

// believable reports whether b (a whole delimited candidate) starts with a believable
// scheme.
func (s *Scanner) believable(b []byte) bool {
	if len(b) == 0 || !isLetter(b[0]) {
		return false
	}
	k := 1
	for k < len(b) && k <= maxScheme && schemeChar(b[k]) {
		k++
	}
	return k < len(b) && b[k] == ':' && s.schemeAt(b, 0, k) && !mention(b[k+1:])
}

func skipSpace(b []byte, i, end int) int {
	for i < end && isSpace(b[i]) {
		i++
	}
	return i
}

func hasSpace(b []byte) bool {
	for _, c := range b {
		if isSpace(c) {
			return true
		}
	}
	return false
}

func hasPrefixFold(b []byte, p string) bool {
	if len(b) < len(p) {
		return false
	}
	for i := 0; i < len(p); i++ {
		if b[i]|0x20 != p[i]|0x20 {
			return false
		}
	}
	return true
}

// angle tries a candidate in angle brackets at w[i] == '<' (Appendix E).
func (s *Scanner) angle(i int) bool {
	w := s.buf
	lim := min(len(w), i+1+s.max+slack/2)
	j := i + 1
	for j < lim && w[j] != '<' && w[j] != '>' {
		j++
	}
	if j >= lim || w[j] != '>' {
		s.cut(j) // past the window: the ">" may yet come
		return false
	}
	k := skipSpace(w, i+1, j)
	prefix := hasPrefixFold(w[k:j], "URL:")
	if prefix {
		k = skipSpace(w, k+4, j)
	}
	end := j
	for end > k && isSpace(w[end-1]) {
		end--
	}
	if end == k || end-k > s.max {
		return false
	}
	body := w[k:end]
	if !prefix && !s.believable(body) && !(s.opts.Relative && relativeInAngle(body)) {
		return false
	}
	s.emit(k, end, Angle, "", true, false)
	s.i = j + 1
	return true
}

// relativeInAngle reports whether b, in angle brackets, reads as a relative reference
// rather than a tag: "/path" (but not "/name" alone, a closing tag), "./x", "../x", "#frag".
func relativeInAngle(b []byte) bool {
	switch {
	case b[0] == '#':
		return len(b) > 1
	case b[0] == '.':
		return len(b) > 2 && b[1] == '/' || len(b) > 3 && b[1] == '.' && b[2] == '/'
	case b[0] == '/':
		k := 1
		for k < len(b) && (isAlnum(b[k]) || b[k] == '-' || b[k] == '_' || b[k] == ':') {
			k++
		}
		return k > 1 && skipSpace(b, k, len(b)) < len(b) || k == 1 && len(b) > 1
	}
	return false
}

// quoted tries a candidate in quotes at w[i] (Appendix E's double quotes; single quotes; an
// HTML attribute's quoted value).
func (s *Scanner) quoted(i int) bool {
	w := s.buf
	q := w[i]
	lim := min(len(w), i+1+s.max+slack/2)
	j := i + 1
	for j < lim && w[j] != q && w[j] != '\n' {
		j++
	}
	if j >= lim || w[j] != q {
		s.cut(j) // past the window: the closing quote may yet come
		return false
	}
	key, sep := s.keyBefore(i)
	if s.inTag && sep == '=' {
		k, end := skipSpace(w, i+1, j), j
		for end > k && isSpace(w[end-1]) {
			end--
		}
		if end == k || end-k > s.max {
			return false
		}
		if !s.believable(w[k:end]) && !(s.opts.Relative && s.urlAttr[lowerASCII(key)]) {
			return false
		}
		s.emit(k, end, Attribute, key, false, false)
		s.i = j + 1
		return true
	}
	body := w[i+1 : j]
	// JSON's escaped solidus: PHP's json_encode writes "http:\/\/a\/b".
	var unescaped []byte
	if q == '"' && bytes.Contains(body, []byte(`\/`)) {
		unescaped = bytes.ReplaceAll(body, []byte(`\/`), []byte("/"))
		body = unescaped
	}
	if len(body) > s.max || hasSpace(body) || !s.believable(body) {
		return false
	}
	d := DoubleQuote
	if q == '\'' {
		d = SingleQuote
	}
	s.emit(i+1, j, d, key, false, false)
	if unescaped != nil {
		s.ref.Text = string(unescaped)
	}
	s.i = j + 1
	return true
}

// keyBefore returns the name of the attribute or key whose value starts at w[i] (the value's
// first byte, or its opening quote): "name=" or "name =" (sep '='), or a quoted JSON or
// YAML key, "\"name\": " (sep ':'); or "", 0.
func (s *Scanner) keyBefore(i int) (string, byte) {
	w := s.buf
	j := i - 1
	for j >= 0 && i-j <= 8 && (w[j] == ' ' || w[j] == '\t') {
		j--
	}
	if j < 0 || w[j] != '=' && w[j] != ':' {
		return "", 0
	}
	sep := w[j]
	j--
	for j >= 0 && i-j <= 16 && (w[j] == ' ' || w[j] == '\t') {
		j--
	}
	quotedName := sep == ':'
	if quotedName {
		if j < 0 || w[j] != '"' {
			return "", 0
		}
		j--
	}
	end := j + 1
	for j >= 0 && end-j <= maxKey && nameChar(w[j]) {
		j--
	}
	if j+1 == end || end-(j+1) > maxKey || quotedName && (j < 0 || w[j] != '"') {
		return "", 0
	}
	return string(w[j+1 : end]), sep
}

func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for k := i; k < len(b); k++ {
				if b[k] >= 'A' && b[k] <= 'Z' {
					b[k] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// maxParens is the deepest nesting of parentheses in a Markdown destination (CommonMark asks
// for at least three levels).
const maxParens = 32

// markdown tries a Markdown link or image destination at w[i] == '(' after ']'.
func (s *Scanner) markdown(i int) bool {
	w := s.buf
	if s.cut(i+1) || i+1 < len(w) && w[i+1] == '<' {
		return false // <destination>: an angle-bracket candidate
	}
	// The scheme first: text that cannot be a candidate is not scanned far.
	if !s.opts.Relative && !s.schemePrefix(i+1) {
		return false
	}
	lim := min(len(w), i+1+s.max)
	j := i + 1
	depth := 0
loop:
	for ; j < lim; j++ {
		switch c := w[j]; {
		case c <= ' ' || c == 0x7f:
			break loop
		case c == '\\' && s.cut(j+1):
			return false
		case c == '\\' && j+1 < lim && w[j+1] > ' ':
			j++ // an escaped character
		case c == '(':
			if depth++; depth > maxParens {
				break loop // as CommonMark allows, a limit: a scan from every "(" stays linear
			}
		case c == ')':
			if depth == 0 {
				break loop
			}
			depth--
		}
	}
	if j >= lim && lim < len(w) {
		// Longer than MaxLength: report its first MaxLength bytes, skip the rest.
		s.emit(i+1, j, Markdown, "", false, true)
		s.i, s.skipping = j, true
		return true
	}
	if s.cut(j) {
		return false
	}
	if j >= lim || j == i+1 || w[j] != ')' && !isSpace(w[j]) {
		return false
	}
	if !s.opts.Relative && !s.believable(w[i+1:j]) {
		return false
	}
	s.emit(i+1, j, Markdown, "", false, false)
	s.i = j
	return true
}

// unquotedAttribute tries an unquoted value of a URL attribute at w[i] == '=' inside a tag,
// with Options.Relative (a value with a scheme is a bare candidate anyway).
func (s *Scanner) unquotedAttribute(i int) bool {
	w := s.buf
	key, _ := s.keyBefore(i + 1)
	if key == "" || !s.urlAttr[lowerASCII(key)] {
		return false
	}
	k := i + 1
	for k < len(w) && k-i <= 8 && (w[k] == ' ' || w[k] == '\t') {
		k++
	}
	if s.cut(k) {
		return false
	}
	lim := min(len(w), k+s.max)
	j := k
	if at := s.base + int64(k); !s.noRunCache && at >= s.runStart && at < s.runEnd {
		// Inside the run of value bytes an earlier "=" scanned ("href=href=..."): it ends
		// where that one did. Scanning it again from every "=" would take quadratic time.
		j = min(int(s.runEnd-s.base), lim)
	} else {
		for j < lim && w[j] > ' ' && w[j] != '>' && w[j] != '"' && w[j] != '\'' && w[j] != '`' && w[j] != '<' && w[j] != 0x7f {
			j++
		}
		if j < lim || j == len(w) && s.eof {
			s.runStart, s.runEnd = at, s.base+int64(j)
		}
	}
	if s.cut(j) {
		return false
	}
	if j == k || j >= lim && lim == len(w) {
		return false
	}
	truncated := j >= lim
	s.emit(k, j, Attribute, key, false, truncated)
	s.i, s.skipping = j, truncated
	return true
}

// schemePrefix reports whether a believable scheme starts at w[i] (see schemeAt).
func (s *Scanner) schemePrefix(i int) bool {
	w := s.buf
	if s.cut(i) || i >= len(w) || !isLetter(w[i]) {
		return false
	}
	k := i + 1
	for k < len(w) && k-i <= maxScheme && schemeChar(w[k]) {
		k++
	}
	if s.cut(k) || k >= len(w) || w[k] != ':' || s.cut(k+schemeAhead) {
		return false
	}
	return s.schemeAt(w, i, k)
}

// schemeAhead is how far past a scheme's ":" schemeAt looks: "//" and a rune of up to four
// bytes.
const schemeAhead = 6

// bare tries a bare reference whose scheme starts at w[i], a letter after no letter or
// digit. When it finds none, it moves the scan past the scheme-like run.
func (s *Scanner) bare(i int) bool {
	w := s.buf
	k := i + 1
	for k < len(w) && k-i <= maxScheme && schemeChar(w[k]) {
		k++
	}
	if k < len(w) && w[k] != ':' { // a word, the common case
		s.i = k
		return false
	}
	if s.cut(k) || s.cut(k+schemeAhead) {
		return false
	}
	if k >= len(w) || !s.schemeAt(w, i, k) {
		s.i = k
		return false
	}
	lim := min(len(w), i+s.max)
	j, hyphenated := i, false
	var depth [3]int // ( [ {: a closing bracket that closes nothing ends the reference
	for {
	run:
		for j < lim {
			size, ok := bareChar(w[j:], s.eof)
			if !ok {
				if size == 0 { // a rune cut by the window's end
					s.short = true
					return false
				}
				break
			}
			if p := strings.IndexByte("([{)]}", w[j]); p >= 0 {
				if p < 3 {
					depth[p]++
				} else if depth[p-3]--; depth[p-3] < 0 {
					break run
				}
			}
			j += size
		}
		if j >= lim {
			if j < len(w) {
				size, ok := bareChar(w[j:], s.eof)
				if size == 0 { // a rune cut by the window's end: is it one of the reference's?
					s.short = true
					return false
				}
				if ok {
					// Longer than MaxLength: report the first MaxLength bytes, skip the rest.
					s.emit(i, j, s.delimiterBefore(i), s.keyIf(i), hyphenated, true)
					s.i, s.skipping = j, true
					return true
				}
			}
			if s.cut(j) {
				return false // the reference may go on
			}
			break
		}
		// Appendix E: a hyphen at a line break, with whitespace around it.
		if w[j-1] != '-' {
			break
		}
		m := j
		for m < lim && (w[m] == ' ' || w[m] == '\t' || w[m] == '\r') {
			m++
		}
		if s.cut(m) {
			return false
		}
		if m >= lim || w[m] != '\n' {
			break
		}
		m++
		for m < lim && (w[m] == ' ' || w[m] == '\t') {
			m++
		}
		if s.cut(m) {
			return false
		}
		if m >= lim {
			break
		}
		if size, ok := bareChar(w[m:], s.eof); !ok {
			if size == 0 {
				s.short = true
				return false
			}
			break
		}
		j, hyphenated = m, true
	}
	end := trimEnd(w, i, j)
	if end <= k || mention(w[k+1:end]) {
		s.i = j
		return false
	}
	s.emit(i, end, s.delimiterBefore(i), s.keyIf(i), hyphenated, false)
	s.i = end
	return true
}

// trimEnd returns the end of the bare reference w[i:j] without the sentence punctuation
// after it: trailing . , ; : ! ? ' " *, closing brackets that close nothing inside it, and an
// HTML entity such as "&gt;".
func trimEnd(w []byte, i, j int) int {
	var open, close [3]int // ( [ {
	for _, c := range w[i:j] {
		switch c {
		case '(':
			open[0]++
		case ')':
			close[0]++
		case '[':
			open[1]++
		case ']':
			close[1]++
		case '{':
			open[2]++
		case '}':
			close[2]++
		}
	}
	for j > i {
		c := w[j-1]
		p := -1
		switch c {
		case ')':
			p = 0
		case ']':
			p = 1
		case '}':
			p = 2
		}
		switch {
		case c == ';' && entityBefore(w, i, j-1) >= 0:
			// "&gt;": an HTML entity after the reference, as GitHub's autolinks read it.
			j = entityBefore(w, i, j-1) + 1
		case trailing(c):
		case p >= 0 && close[p] > open[p]:
			close[p]--
		default:
			return j
		}
		j--
	}
	return j
}

// entityBefore returns where "&" is when w[i:semi] ends in "&" and letters or digits, or -1.
func entityBefore(w []byte, i, semi int) int {
	k := semi - 1
	for k > i && isAlnum(w[k]) {
		k--
	}
	if k < semi-1 && k > i && w[k] == '&' {
		return k
	}
	return -1
}

// delimiterBefore names what stands before a bare reference at w[i].
func (s *Scanner) delimiterBefore(i int) Delimiter {
	if i == 0 {
		return None
	}
	switch s.buf[i-1] {
	case '(':
		return Parenthesis
	case '[', '{':
		return Bracket
	case '=':
		if key, _ := s.keyBefore(i); key != "" {
			if s.inTag {
				return Attribute
			}
			return KeyValue
		}
	}
	return None
}

// keyIf returns the key of a bare value after "key=".
func (s *Scanner) keyIf(i int) string {
	if i == 0 || s.buf[i-1] != '=' {
		return ""
	}
	key, _ := s.keyBefore(i)
	return key
}
