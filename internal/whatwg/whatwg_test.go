package whatwg

import (
	"math/rand"
	"strings"
	"testing"
)

// The standard's ends-in-a-number checker and IPv4 parser, on the cases its text gives and
// their edges.
func TestHostAlgorithms(t *testing.T) {
	for s, want := range map[string]bool{"1.2.3.4": true, "a.1": true, "a.1.": true, "a.0x": true, "a.0XfF": true,
		"a.09": true, "a": false, "1.a": false, "a.0xg": false, "a.": false, "": false, ".": false} {
		if got := EndsInANumber(s); got != want {
			t.Errorf("EndsInANumber(%q) = %v", s, got)
		}
	}
	for s, want := range map[string]string{"1.2.3.4": "1.2.3.4", "0x7f.1": "127.0.0.1", "127.1": "127.0.0.1",
		"0177.0.0.1": "127.0.0.1", "2130706433": "127.0.0.1", "1.2.3.4.": "1.2.3.4", "0x": "0.0.0.0",
		"0x.0x.0x.0x": "0.0.0.0", "255.255.255.255": "255.255.255.255", "4294967295": "255.255.255.255"} {
		if got, ok := IPv4(s); !ok || got != want {
			t.Errorf("IPv4(%q) = %q, %v; want %q", s, got, ok, want)
		}
	}
	for _, s := range []string{"1.2.3.256", "1.2.3.4.5", "4294967296", "09", "a.1", "1..2", "", "0x1g", "1.2.65536"} {
		if got, ok := IPv4(s); ok {
			t.Errorf("IPv4(%q) = %q, want a failure", s, got)
		}
	}
}

// EndsInANumber, as the standard writes it with string trimming: the tests' reference for
// its byte loops.
func endsInANumberTrim(s string) bool {
	last := strings.TrimSuffix(s, ".")
	last = last[strings.LastIndexByte(last, '.')+1:]
	switch {
	case last == "":
		return false
	case strings.Trim(last, "0123456789") == "":
		return true
	case len(last) >= 2 && last[0] == '0' && (last[1] == 'x' || last[1] == 'X'):
		return strings.Trim(last[2:], "0123456789abcdefABCDEF") == ""
	}
	return false
}

func TestEndsInANumber(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	const bytes = "0123456789abcdefgxXAFG.-\x80"
	for range 100000 {
		b := make([]byte, rng.Intn(10))
		for i := range b {
			b[i] = bytes[rng.Intn(len(bytes))]
		}
		if got, want := EndsInANumber(string(b)), endsInANumberTrim(string(b)); got != want {
			t.Fatalf("EndsInANumber(%q) = %v, want %v", b, got, want)
		}
	}
}
