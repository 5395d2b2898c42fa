// Package peg holds the types shared by the generator, the grammars' packages, the one
// recognizer (grammarkit/pegvm) and the urlgrammar package that drives them: a grammar's
// header (Info), a failure of its PEG, and the registry of pigeon's parsers that the tests
// hold the recognizer to (RegisterReference).
package peg

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// Rule is a rule of a grammar: its ABNF name and its PEG rule name.
type Rule struct{ ABNF, PEG string }

// Failure says why a parser did not match its input.
type Failure struct {
	Offset   int      // byte offset of the farthest point the parser reached
	Expected []string // what the grammar allows there: literals quoted, classes as written, "EOF"
	Rule     string   // ABNF name of the innermost named rule being matched there
	Limit    bool     // the expression limit stopped the parser: the input was not fully examined
}

// Expected turns pigeon's list of failed terminals into a sorted set: "!." (the end of input)
// becomes "EOF" and goes last; the other negated terminals, which come from lookaheads, are
// dropped unless nothing else is left.
func Expected(raw []string) []string {
	set := map[string]bool{}
	eof := false
	for _, e := range raw {
		switch {
		case e == "!.":
			eof = true
		case !strings.HasPrefix(e, "!"):
			set[e] = true
		}
	}
	if len(set) == 0 && !eof {
		for _, e := range raw {
			set[e] = true
		}
	}
	out := make([]string, 0, len(set)+1)
	for e := range set {
		out = append(out, e)
	}
	sort.Strings(out)
	if eof {
		out = append(out, "EOF")
	}
	return out
}

// NextChars folds pigeon's expected terminals into the set of characters that may come next:
// a literal contributes its first character, a character class its members. It returns the
// set as sorted items: single characters quoted ("%"), runs of three or more as ranges
// ("0-9"), and "EOF" last when the input may end there. A terminal it cannot read (a Unicode
// class, the any-character matcher) is kept as written.
func NextChars(expected []string) []string {
	var set [256]bool
	var other []string
	eof := false
	for _, e := range expected {
		switch {
		case e == "EOF":
			eof = true
		case strings.HasPrefix(e, `"`):
			if s, err := strconv.Unquote(e); err == nil && s != "" && s[0] < utf8.RuneSelf {
				set[s[0]] = true
				if up := s[0] &^ 0x20; up >= 'A' && up <= 'Z' && strings.HasSuffix(e, `"i`) {
					set[up], set[up|0x20] = true, true
				}
				continue
			}
			other = append(other, e)
		case strings.HasPrefix(e, "[") && strings.HasSuffix(e, "]") && classInto(&set, e[1:len(e)-1]):
		default:
			other = append(other, e)
		}
	}
	out := RenderSet(&set, false)
	out = append(out, other...)
	if eof {
		out = append(out, "EOF")
	}
	return out
}

// classInto adds the members of an ASCII character class body (pigeon's syntax, without the
// brackets) to set. It reports false, adding nothing, for a class it does not read: negated,
// Unicode classes, non-ASCII members.
func classInto(set *[256]bool, body string) bool {
	if strings.HasPrefix(body, "^") || strings.Contains(body, `\p`) {
		return false
	}
	var chars []byte
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c >= utf8.RuneSelf {
			return false
		}
		if c == '\\' && i+1 < len(body) {
			i++
			switch body[i] {
			case 'n':
				c = '\n'
			case 't':
				c = '\t'
			case 'r':
				c = '\r'
			default:
				c = body[i]
			}
		}
		chars = append(chars, c)
	}
	var add [256]bool
	for i := 0; i < len(chars); i++ {
		// A "-" between two members is a range (pigeon reads "a-z"); first or last, a member.
		if i+2 < len(chars) && chars[i+1] == '-' && !(i+1 == len(chars)-1) {
			for c := int(chars[i]); c <= int(chars[i+2]); c++ {
				add[c] = true
			}
			i += 2
			continue
		}
		add[chars[i]] = true
	}
	for c, ok := range add {
		if ok {
			set[c] = true
		}
	}
	return true
}

// kind groups the characters that NextChars writes as ranges: digits, upper case, lower case.
func kind(c int) int {
	switch {
	case c >= '0' && c <= '9':
		return 1
	case c >= 'A' && c <= 'Z':
		return 2
	case c >= 'a' && c <= 'z':
		return 3
	case c >= 0x80:
		return 4
	}
	return 0
}

// RenderSet writes a set of bytes as sorted items: single characters quoted ("%"), runs of
// three or more digits or letters of one case as ranges ("0-9"), and "EOF" last when eof is
// set. Bytes outside ASCII are quoted as Go escapes, a run of three or more of them as a
// range of escapes (\xc2-\xdf: the UTF-8 lead bytes of a grammar over code points).
func RenderSet(set *[256]bool, eof bool) []string {
	var out []string
	for c := 0; c < 256; {
		if !set[c] {
			c++
			continue
		}
		// A run of three or more digits or letters of one case is a range; punctuation is
		// listed character by character.
		end := c
		for end+1 < 256 && set[end+1] && kind(end+1) == kind(c) && kind(c) != 0 {
			end++
		}
		switch {
		case end-c >= 2 && c >= utf8.RuneSelf:
			out = append(out, fmt.Sprintf(`\x%02x-\x%02x`, c, end))
		case end-c >= 2:
			out = append(out, fmt.Sprintf("%c-%c", c, end))
		default:
			for ; c <= end; c++ {
				out = append(out, quoteByte(byte(c)))
			}
		}
		c = end + 1
	}
	if eof {
		out = append(out, "EOF")
	}
	return out
}

// quoteByte returns c quoted as an item of an expected set.
func quoteByte(c byte) string { return quotedBytes[c] }

// quotedBytes is every byte quoted: an ASCII character as a Go string literal, any other
// byte as a Go escape. Rendering an expected set is on the path of every error.
var quotedBytes = func() (q [256]string) {
	for c := range q {
		if c < utf8.RuneSelf {
			q[c] = strconv.Quote(string(rune(c)))
		} else {
			q[c] = fmt.Sprintf(`"\\x%02x"`, c)
		}
	}
	return q
}()

// RunFunc is pigeon's parser of a grammar's PEG (Run in grammars/ID/pigeon): the rule's
// value for src, or its failure.
type RunFunc = func(rule, src string, maxExpr uint64) (any, *Failure)

var (
	referencesMu sync.Mutex
	references   = map[string]RunFunc{}
)

// RegisterReference registers pigeon's parser of the grammar id, as its package
// (grammars/ID/pigeon, imported by internal/pigeonref) does when it is initialized: the
// reference the tests hold the grammar's recognizer to. No library path or command imports
// it. It returns id.
func RegisterReference(id string, run RunFunc) string {
	referencesMu.Lock()
	defer referencesMu.Unlock()
	if _, dup := references[id]; dup || run == nil {
		panic("peg: RegisterReference of " + id + " twice, or nil")
	}
	references[id] = run
	return id
}

// Reference returns pigeon's parser of the grammar id, or false when its package is not
// imported.
func Reference(id string) (RunFunc, bool) {
	referencesMu.Lock()
	defer referencesMu.Unlock()
	run, ok := references[id]
	return run, ok
}
