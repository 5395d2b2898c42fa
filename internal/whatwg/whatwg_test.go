package whatwg

import "testing"

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
