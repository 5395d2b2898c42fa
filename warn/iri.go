package warn

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/bidi"
)

// overlong is one run of escapes whose octets are an overlong or surrogate UTF-8 sequence.
type overlong struct {
	offset int    // of the first "%"
	text   string // the escapes, "%C0%AF"
	what   string // "an overlong form" or "a surrogate"
	lax    string // what a decoder that does not check reads
}

// overlongEscapes finds the escapes of s that decode to an overlong UTF-8 sequence (a lead
// byte C0 or C1; E0 followed by 80-9F; F0 followed by 80-8F) or to a surrogate (ED followed
// by A0-BF), with their continuation bytes.
func overlongEscapes(s string) []overlong {
	var out []overlong
	for i := 0; i+2 < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		lead, ok := hexByte(s[i+1 : i+3])
		if !ok {
			continue
		}
		n := 0
		switch {
		case lead&0xE0 == 0xC0:
			n = 2
		case lead&0xF0 == 0xE0:
			n = 3
		case lead&0xF8 == 0xF0:
			n = 4
		default:
			continue
		}
		// The octets of the sequence, as far as escapes of continuation bytes go.
		b := []byte{lead}
		for k := 1; k < n && i+3*k+2 < len(s) && s[i+3*k] == '%'; k++ {
			c, ok := hexByte(s[i+3*k+1 : i+3*k+3])
			if !ok || c&0xC0 != 0x80 {
				break
			}
			b = append(b, c)
		}
		if len(b) != n {
			continue
		}
		var v rune
		switch n {
		case 2:
			v = rune(b[0]&0x1F)<<6 | rune(b[1]&0x3F)
		case 3:
			v = rune(b[0]&0x0F)<<12 | rune(b[1]&0x3F)<<6 | rune(b[2]&0x3F)
		case 4:
			v = rune(b[0]&0x07)<<18 | rune(b[1]&0x3F)<<12 | rune(b[2]&0x3F)<<6 | rune(b[3]&0x3F)
		}
		var what string
		switch {
		case n == 2 && v < 0x80, n == 3 && v < 0x800, n == 4 && v < 0x10000:
			what = "an overlong form"
		case v >= 0xD800 && v <= 0xDFFF:
			what = "a surrogate"
		default:
			continue
		}
		out = append(out, overlong{i, s[i : i+3*n], what, string(v)})
		i += 3*n - 1
	}
	return out
}

func hexByte(h string) (byte, bool) {
	var v byte
	for i := 0; i < 2; i++ {
		c := h[i]
		switch {
		case c >= '0' && c <= '9':
			v = v<<4 | (c - '0')
		case c >= 'a' && c <= 'f':
			v = v<<4 | (c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			v = v<<4 | (c - 'A' + 10)
		default:
			return 0, false
		}
	}
	return v, true
}

// bidiFormatting reports the characters section 4.1 of RFC 3987 forbids.
func bidiFormatting(r rune) bool { return r == 0x200E || r == 0x200F || r >= 0x202A && r <= 0x202E }

// checkIRI adds the warnings of RFC 3987 sections 4.1, 4.2 and 8 for an IRI. Each is of a
// character outside ASCII (a bidirectional formatting character; a right-to-left one, which
// section 4.2's rules are about; a letter of a script other than Latin, since ASCII's are
// Latin), so an IRI in ASCII, as most are, has none (TestASCIIHasNoIRIWarning holds
// checkIRIText to it).
func checkIRI(h *hostParts, add func(Kind, string, int, string, ...any)) {
	if isASCII(h.src) {
		return
	}
	checkIRIText(h, add)
}

// checkIRIText is checkIRI without its shortcut for ASCII.
func checkIRIText(h *hostParts, add func(Kind, string, int, string, ...any)) {
	for i, c := range h.src {
		if bidiFormatting(c) {
			add(BidiFormatting, "4.1", i, "bidirectional formatting character U+%04X, which IRIs must not contain", c)
		}
	}
	eachComponent(h, func(rule, text string, offset int) {
		if msg := bidiRule(text); msg != "" {
			add(BidiComponent, "4.2", offset, "%s %q %s", rule, text, msg)
		}
	})
	if h.regName {
		eachPiece(h.Host.In(h.src), h.Host.Start, ".", func(label string, offset int) {
			if scripts := mixedScripts(label); scripts != "" {
				add(MixedScript, "8", offset, "host label %q mixes the scripts %s, a way to spoof another name", label, scripts)
			}
		})
	}
}

// eachPiece calls f with each piece of s between the bytes of seps (the empty ones too) and
// its offset, s starting at offset off.
func eachPiece(s string, off int, seps string, f func(text string, offset int)) {
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || strings.IndexByte(seps, s[i]) >= 0 {
			f(s[start:i], off+start)
			start = i + 1
		}
	}
}

// eachComponent calls f with each component of section 4.2 (see BidiComponent), its rule and
// its offset, the empty ones left out: the isegments are the path's pieces between its
// slashes (isegment has no "/").
func eachComponent(h *hostParts, f func(rule, text string, offset int)) {
	named := func(rule string) func(string, int) {
		return func(text string, offset int) {
			if text != "" {
				f(rule, text, offset)
			}
		}
	}
	if r := h.Userinfo; r.Defined {
		named("iuserinfo")(r.In(h.src), r.Start)
	}
	if h.regName {
		eachPiece(h.Host.In(h.src), h.Host.Start, ".", named("ireg-name label"))
	}
	if r := h.Path; r.Defined {
		eachPiece(r.In(h.src), r.Start, "/", named("isegment"))
	}
	if r := h.Query; r.Defined {
		eachPiece(r.In(h.src), r.Start, "&=", named("iquery part"))
	}
	if r := h.Fragment; r.Defined {
		named("ifragment")(r.In(h.src), r.Start)
	}
}

// bidiRule checks the two restrictions of RFC 3987 section 4.2 on a component and says which
// it breaks, or returns "".
func bidiRule(s string) string {
	hasRTL, hasLTR := false, false
	for _, c := range s {
		switch direction(c) {
		case rtl:
			hasRTL = true
		case ltr:
			hasLTR = true
		}
	}
	if !hasRTL {
		return ""
	}
	if hasLTR {
		return "uses both right-to-left and left-to-right characters"
	}
	first, _ := utf8.DecodeRuneInString(s)
	last, _ := utf8.DecodeLastRuneInString(s)
	if direction(first) != rtl || direction(last) != rtl {
		return "uses right-to-left characters but does not start and end with one"
	}
	return ""
}

const (
	neutral = iota
	ltr
	rtl
)

// direction is a character's strong direction in the Unicode Bidirectional Algorithm: R and
// AL are right-to-left, L left-to-right, every other class neither.
func direction(c rune) int {
	p, _ := bidi.LookupRune(c)
	switch p.Class() {
	case bidi.R, bidi.AL:
		return rtl
	case bidi.L:
		return ltr
	}
	return neutral
}

// mixedScripts returns the scripts of the letters of a label, joined by ", ", when there
// are more than the highly restrictive profile of UTS #39 allows; "" otherwise. Percent
// escapes are skipped (they are ASCII, and what they encode is not seen).
func mixedScripts(label string) string {
	var seen []string
	for _, c := range label {
		if !unicode.IsLetter(c) {
			continue
		}
		name := scriptOf(c)
		if name == "" {
			continue
		}
		found := false
		for _, s := range seen {
			found = found || s == name
		}
		if !found {
			seen = append(seen, name)
		}
	}
	if len(seen) < 2 {
		return ""
	}
	for _, allowed := range [][]string{
		{"Latin", "Han", "Hiragana", "Katakana"},
		{"Latin", "Han", "Bopomofo"},
		{"Latin", "Han", "Hangul"},
	} {
		if subset(seen, allowed) {
			return ""
		}
	}
	return strings.Join(seen, ", ")
}

func subset(xs, of []string) bool {
	for _, x := range xs {
		found := false
		for _, o := range of {
			found = found || x == o
		}
		if !found {
			return false
		}
	}
	return true
}

// scriptOf returns the script of a letter ("Latin", "Cyrillic", ...), or "" for Common and
// Inherited characters, which belong to every script.
func scriptOf(c rune) string {
	for _, name := range scriptNames {
		if unicode.Is(unicode.Scripts[name], c) {
			return name
		}
	}
	for name, t := range unicode.Scripts {
		if name != "Common" && name != "Inherited" && unicode.Is(t, c) {
			return name
		}
	}
	return ""
}

// scriptNames are the scripts looked up first, the common ones of host names.
var scriptNames = []string{"Latin", "Cyrillic", "Greek", "Han", "Hiragana", "Katakana", "Hangul", "Arabic", "Hebrew"}
