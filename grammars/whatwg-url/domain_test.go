package whatwgurl

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar/internal/spectest"
)

// ValidDomain on the standard's own cases: UTS 46 ToASCII with the strict flags, then the
// ends-in-a-number check.
func TestValidDomain(t *testing.T) {
	for s, want := range map[string]bool{
		"example.com": true, "EXAMPLE.com": true, "example.com.": false, "a.b.c.d": true,
		"xn--53h.example": true, "☕.example": true, "ß.de": true, "ｗｗｗ.example": true,
		"ex\u00adample.com": true, "a-b.c": true, "a.0x1g": true, "a.1b": true, "localhost": true,
		"": false, ".": false, "a..b": false, ".a": false, "a-.com": false, "-a.com": false,
		"ab--c.com": false, "a_b.com": false, "exa%41mple.com": false, "xn--8i7caa": false,
		"xn--a.example": false, strings.Repeat("a", 64) + ".com": false,
		"1.2.3.256": false, "1.2.3": false, "test.42": false, "a.0x": false, "a.0XFF.": false,
		"127.0.0x0.1": false, "a.09": false, "\u00a0.example": false, "a\ue000.example": false,
		strings.Repeat("a.", 126) + "a": true, strings.Repeat("a.", 126) + "ab": false,
		strings.Repeat("a.", 126) + "a.": false, "a..": false, "é..": false, "é.": false, "a.b.c.": false,
	} {
		err := ValidDomain(s)
		if (err == nil) != want {
			t.Errorf("ValidDomain(%q) = %v, want valid %v", s, err, want)
		}
	}
}

// The ASCII fast path gives the library's verdict (libraryToASCII) on ASCII domains: random
// labels of the characters that matter (letters, digits, "-", ".", and a few that STD3
// refuses), of every length around the limits. And the one-pass test (plainValid) accepts
// only what the checks made apart (checkedToASCII) accept, and all of it that they decide
// without the library.
func TestFastPathMatchesLibrary(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	const alphabet = "aZ09-..-_%xn"
	for range 200_000 {
		b := make([]byte, rng.Intn(12))
		for i := range b {
			b[i] = alphabet[rng.Intn(len(alphabet))]
		}
		checkFastPath(t, string(b))
	}
	for _, n := range []int{62, 63, 64, 252, 253, 254, 255, 256, 257} {
		checkFastPath(t, strings.Repeat("a", n))
		checkFastPath(t, strings.Repeat("ab.", n/3)+"c")
		checkFastPath(t, strings.Repeat("ab.", n/3)+"c.")
	}
}

func checkFastPath(t *testing.T, s string) {
	t.Helper()
	_, checked := checkedToASCII(s)
	if plainValid(s) && checked != nil {
		t.Fatalf("%q: plainValid accepts it, checkedToASCII says %v", s, checked)
	}
	if !plainValid(s) && checked == nil && plainOneLabel(s) {
		t.Fatalf("%q: checkedToASCII accepts it without the library, plainValid does not", s)
	}
	if !plainASCII(s) {
		return
	}
	_, fast := toASCII(s)
	_, lib := libraryToASCII(s)
	if (fast == nil) != (lib == nil) {
		t.Fatalf("%q: the fast path says %v, the library %v", s, fast, lib)
	}
}

// FuzzValidDomain: ValidDomain never panics, places its error inside the input, and its fast
// path agrees with the library on every ASCII input.
func FuzzValidDomain(f *testing.F) {
	for _, s := range []string{"example.com", "a..b", "xn--53h.example", "1.2.3.4", "a-.b", "ab--c", "a.0x", "☕.example", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if err := ValidDomain(s); err != nil {
			if pe, ok := err.(interface{ Error() string }); !ok || pe.Error() == "" {
				t.Fatalf("%q: an error without a message", s)
			}
		}
		checkFastPath(t, s)
	})
}

// plainOneLabel reports whether checkedToASCII decides s without the library, so that
// plainValid must agree with it: s is of letters, digits, "-" and ".", and no label of it
// begins with "xn--" (in any case).
func plainOneLabel(s string) bool {
	for _, l := range strings.Split(s, ".") {
		if len(l) >= 4 && strings.EqualFold(l[:4], "xn--") {
			return false
		}
		for i := 0; i < len(l); i++ {
			if c := l[i] | 0x20; !('a' <= c && c <= 'z' || '0' <= l[i] && l[i] <= '9' || l[i] == '-') {
				return false
			}
		}
	}
	return true
}

// A host that the URL parser's domain to ASCII fails on (web-platform-tests' toascii.json,
// IdnaTestV2.json and IdnaTestV2-removed.json, testdata/whatwg of the module, with their
// source and license) is no valid domain: the standard's valid domain runs the same domain to
// ASCII, with beStrict true (every host agrees with x/net/idna's Unicode 15.0 tables too:
// those whose mapping changed since fail with either).
func TestValidDomainRefusesToASCIIFailures(t *testing.T) {
	for _, f := range []string{"toascii.json", "IdnaTestV2.json", "IdnaTestV2-removed.json"} {
		tests, err := spectest.ToASCIITests("../../testdata/whatwg/" + f)
		if err != nil {
			t.Fatal(err)
		}
		failures := 0
		for _, c := range tests {
			if c.Output != nil {
				continue
			}
			failures++
			if ValidDomain(c.Input) == nil {
				t.Errorf("%s: ValidDomain(%+q) accepts a host the URL parser fails on", f, c.Input)
			}
		}
		if failures < 15 {
			t.Fatalf("%s: only %d failures read", f, failures)
		}
	}
}
