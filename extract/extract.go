// Package extract finds URI references in plain text, as Appendix E of
// draft-fielding-uri-rfc2396bis-01 ("Delimiting a URI in Context") describes, for
// `urlgrammar extract`. It only delimits candidates; checking them is the grammar's job
// (urlgrammar.Grammar.Parse).
//
// Find takes time linear in the text for any input: every step of its scan consumes at
// least one byte.
package extract

import (
	"sort"
	"strings"
)

// A Ref is a URI reference found in text.
type Ref struct {
	Offset, Line, Column int    // where the reference starts in the text (line and column 1-based, column in bytes)
	Text                 string // the reference, delimiters and embedded whitespace removed
	Delimiter            string // "angle", "quote" or "none"
}

// Find finds URI references in plain text as Appendix E of the 2003 draft describes:
//   - in angle brackets, "<http://example.com/>": the brackets are not part of the URI; a
//     "URL:" prefix (with or without a space) is dropped, and so is whitespace inside the
//     brackets, line breaks included, so a URI broken across lines is joined (a hyphen before
//     a line break is kept: it "may or may not" belong to the URI, and the grammar decides);
//   - in double quotes on one line, "http://example.com/", when the text starts with a scheme;
//   - delimited by whitespace, when the token starts with a scheme and has something after
//     its ":"; punctuation around it ("(", ".", ",", ...) is not part of it, and a token that
//     ends in "-" at the end of a line continues on the next line.
//
// Text in angle brackets or quotes that does not look like a URI reference (<b>, "hello") is
// skipped, as are bare words without a scheme, which would otherwise all be relative
// references.
func Find(text string) []Ref {
	var out []Ref
	add := func(offset int, s, delim string) {
		out = append(out, Ref{Offset: offset, Text: s, Delimiter: delim})
	}
	for i := 0; i < len(text); {
		switch c := text[i]; {
		case c == '<':
			j := strings.IndexAny(text[i+1:], "<>")
			if j < 0 || text[i+1+j] != '>' {
				i++
				continue
			}
			raw := text[i+1 : i+1+j]
			start := i + 1 + leadingSpace(raw)
			body := raw[start-i-1:]
			if rest, ok := strings.CutPrefix(body, "URL:"); ok {
				start += 4 + leadingSpace(rest)
				body = rest
			}
			s := removeSpace(body)
			if s != "" && (hasScheme(s) || strings.ContainsAny(s[:1], "/.#?") || strings.HasPrefix(raw, "URL:")) {
				add(start, s, "angle")
			}
			i += j + 2
		case c == '"':
			j := strings.IndexAny(text[i+1:], "\"\n")
			if j < 0 || text[i+1+j] != '"' {
				i++
				continue
			}
			if s := text[i+1 : i+1+j]; hasScheme(s) && !strings.ContainsAny(s, " \t") {
				add(i+1, s, "quote")
			}
			i += j + 2
		case isSpace(c):
			i++
		default:
			j := i
			for j < len(text) && !isSpace(text[j]) && !strings.ContainsRune(`<>"`, rune(text[j])) {
				j++
			}
			if j == i {
				// A '>', or a '<' or '"' that opens nothing: not part of any token.
				i++
				continue
			}
			tok, start := text[i:j], i
			// A token ending in "-" at a line break continues after the break.
			for strings.HasSuffix(tok, "-") {
				k := j
				for k < len(text) && (text[k] == ' ' || text[k] == '\t') {
					k++
				}
				if k >= len(text) || text[k] != '\n' {
					break
				}
				k++
				for k < len(text) && isSpace(text[k]) {
					k++
				}
				m := k
				for m < len(text) && !isSpace(text[m]) && !strings.ContainsRune(`<>"`, rune(text[m])) {
					m++
				}
				if m == k {
					break
				}
				tok += text[k:m]
				j = m
			}
			lead := len(tok) - len(strings.TrimLeft(tok, "([{'"))
			tok = strings.TrimRight(tok[lead:], ".,;:!?)]}'")
			if hasScheme(tok) && !strings.HasSuffix(tok, ":") {
				add(start+lead, tok, "none")
			}
			i = j
		}
	}
	// Line and column of each start.
	lineStarts := []int{0}
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			lineStarts = append(lineStarts, i+1)
		}
	}
	for k := range out {
		l := sort.SearchInts(lineStarts, out[k].Offset+1) - 1
		out[k].Line, out[k].Column = l+1, out[k].Offset-lineStarts[l]+1
	}
	return out
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

func leadingSpace(s string) int {
	n := 0
	for n < len(s) && isSpace(s[n]) {
		n++
	}
	return n
}

func removeSpace(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x80 && isSpace(byte(r)) {
			return -1
		}
		return r
	}, s)
}

// hasScheme reports whether s starts with scheme ":".
func hasScheme(s string) bool {
	i := strings.IndexByte(s, ':')
	if i <= 0 || !(s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z') {
		return false
	}
	for _, c := range []byte(s[1:i]) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}
