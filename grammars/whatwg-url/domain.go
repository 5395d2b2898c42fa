package whatwgurl

// Written by hand: the WHATWG URL Standard's "valid domain" (section "Host writing") is an
// algorithm, UTS 46 ToASCII with its strict flags and then the ends-in-a-number check, which
// no grammar rule can say. The grammar's valid-domain-string is the superset of what it can
// accept; this predicate decides each such node (the header's predicate line).

import (
	"fmt"
	"strings"

	"golang.org/x/net/idna"

	"github.com/urlgrammar/urlgrammar/grammarkit"
	"github.com/urlgrammar/urlgrammar/internal/whatwg"
)

func init() { grammarkit.RegisterPredicate("valid-domain", predicate) }

// strictToASCII is the standard's "domain parser ToASCII" with beStrict true: Unicode
// ToASCII with CheckHyphens, CheckBidi, CheckJoiners, UseSTD3ASCIIRules and VerifyDnsLength
// set, nontransitional processing, and invalid Punycode an error.
var strictToASCII = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.Transitional(false),
	idna.VerifyDNSLength(true), idna.CheckHyphens(true), idna.CheckJoiners(true), idna.StrictDomainName(true))

// ValidDomain reports whether s is a valid domain in the WHATWG URL Standard's sense: the
// domain parser with beStrict true (UTS 46 ToASCII, strict) accepts it, and its result does
// not end in a number (which the URL parser would read as an IPv4 address). It returns nil,
// or why not; the error is a *grammarkit.PredicateError whose Offset is the byte of s where
// the fault is, when it is one label's.
func ValidDomain(s string) error {
	ascii, err := toASCII(s)
	if err != nil {
		return err
	}
	if whatwg.EndsInANumber(ascii) {
		last := strings.LastIndexByte(strings.TrimSuffix(s, "."), '.') + 1
		return &grammarkit.PredicateError{Offset: last, Msg: "not a valid domain: it ends in a number, which the URL parser reads as an IPv4 address"}
	}
	return nil
}

// predicate is ValidDomain for the grammar: the same verdict.
func predicate(s string) error { return ValidDomain(s) }

var (
	errEmpty = &grammarkit.PredicateError{Msg: "not a valid domain: empty (UTS 46 VerifyDnsLength)"}
	errLong  = &grammarkit.PredicateError{Msg: "not a valid domain: over 253 bytes (UTS 46 VerifyDnsLength)"}
)

// toASCII is strictToASCII, without the library for an ASCII domain with no "xn--" label:
// such a domain maps to itself in lower case, and the checks are those below. Its result is
// then s itself, not lowered (no allocation), which is all whatwg.EndsInANumber needs.
func toASCII(s string) (string, error) {
	if plainValid(s) {
		return s, nil // what checkedToASCII returns for it, in one pass
	}
	return checkedToASCII(s)
}

// plainValid reports, in one pass over s, whether s is a domain that checkedToASCII accepts
// without the library: at most 253 bytes of letters, digits, "-" and ".", in labels of 1 to
// 63 bytes that neither begin nor end with "-" nor have "-" in both their third and fourth
// places (which also leaves every "xn--" label to checkedToASCII). False says nothing: the
// checks are made again, and the error found, by checkedToASCII.
func plainValid(s string) bool {
	if len(s) > 253 {
		return false
	}
	start := 0
	for i := 0; i < len(s); i++ {
		switch plainBytes[s[i]] {
		case plainByte:
		case plainDot:
			if !plainLabel(s[start:i]) {
				return false
			}
			start = i + 1
		default:
			return false
		}
	}
	return plainLabel(s[start:]) // empty after a final dot
}

// plainBytes says which bytes plainValid reads: a letter, digit or "-" of a label
// (plainByte), a dot between labels (plainDot), or any other (0).
var plainBytes = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c == '.':
			t[c] = plainDot
		case c == '-', '0' <= c && c <= '9', 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
			t[c] = plainByte
		}
	}
	return t
}()

const (
	plainByte = 1 + iota
	plainDot
)

// plainLabel is plainValid's test of one label of letters, digits and "-".
func plainLabel(l string) bool {
	n := len(l)
	return 0 < n && n <= 63 && l[0] != '-' && l[n-1] != '-' && (n < 4 || l[2] != '-' || l[3] != '-')
}

// checkedToASCII is toASCII with each check made apart and the error of the first that
// fails.
func checkedToASCII(s string) (string, error) {
	if s == "" {
		return "", errEmpty
	}
	if !plainASCII(s) {
		return libraryToASCII(s)
	}
	if strings.HasSuffix(s, ".") {
		return "", errRootLabel(s)
	}
	name := s
	if len(name) > 253 {
		return "", errLong
	}
	start := 0
	for i := 0; i <= len(name); i++ {
		if i < len(name) && name[i] != '.' {
			continue
		}
		if err := checkLabel(name[start:i]); err != "" {
			return "", &grammarkit.PredicateError{Offset: start, Msg: fmt.Sprintf("not a valid domain: the label %q %s", name[start:i], err)}
		}
		start = i + 1
	}
	return s, nil // ASCII letters in either case: whatwg.EndsInANumber does not mind
}

// libraryToASCII is strictToASCII.ToASCII, with a final dot refused: golang.org/x/net/idna
// (v0.62.0 built with Go 1.26; built with Go 1.27 it refuses it too) skips the empty root
// label of "a." (and of "a..", the one before it too), which UTS 46's VerifyDnsLength refuses.
func libraryToASCII(s string) (string, error) {
	a, err := strictToASCII.ToASCII(s)
	if err != nil {
		return "", &grammarkit.PredicateError{Msg: "not a valid domain: " + err.Error() + " (UTS 46 ToASCII)"}
	}
	if strings.HasSuffix(a, ".") {
		return "", errRootLabel(s)
	}
	return a, nil
}

// errRootLabel is the error of a domain that ends in a dot: its empty root label is an error
// of VerifyDnsLength (A4_2 in Unicode's IdnaTestV2.txt; jsdom's tr46 agrees), which
// golang.org/x/net/idna (v0.62.0) built with Go 1.26 does not report.
func errRootLabel(s string) error {
	return &grammarkit.PredicateError{Offset: len(s) - 1, Msg: "not a valid domain: it ends in a dot, an empty root label (UTS 46 VerifyDnsLength)"}
}

// plainASCII reports whether s is ASCII and has no label that starts with "xn--" in any case
// (a Punycode label, which only the library decodes).
func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
		if (i == 0 || s[i-1] == '.') && len(s)-i >= 4 && strings.EqualFold(s[i:i+4], "xn--") {
			return false
		}
	}
	return true
}

// checkLabel returns what is wrong with an ASCII label under UseSTD3ASCIIRules,
// VerifyDnsLength and CheckHyphens, or "".
func checkLabel(l string) string {
	switch {
	case l == "":
		return "is empty (UTS 46 VerifyDnsLength)"
	case len(l) > 63:
		return "is over 63 bytes (UTS 46 VerifyDnsLength)"
	case l[0] == '-' || l[len(l)-1] == '-':
		return `begins or ends with "-" (UTS 46 CheckHyphens)`
	case len(l) > 4 && l[2] == '-' && l[3] == '-':
		return `has "--" in its third and fourth places (UTS 46 CheckHyphens)`
	}
	for i := 0; i < len(l); i++ {
		if c := l[i] | 0x20; !('a' <= c && c <= 'z' || '0' <= l[i] && l[i] <= '9' || l[i] == '-') {
			return fmt.Sprintf("holds %q, which is no letter, digit or \"-\" (UTS 46 UseSTD3ASCIIRules)", l[i])
		}
	}
	return ""
}
