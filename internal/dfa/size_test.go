package dfa

import (
	"os"
	"testing"
	"time"
)

func TestSizes(t *testing.T) {
	src, _ := os.ReadFile("../../grammar/rfc2396bis-01.abnf")
	g, err := Read(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []string{"dec-octet", "IPv4address", "IPv6address", "domainlabel", "hostname", "host", "authority", "reg-name", "server", "absolute-URI", "relative-URI", "URI-reference"} {
		t0 := time.Now()
		d, err := Build(g, r)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%-14s states=%5d classes=%3d %v", r, d.NumStates(), d.NClasses, time.Since(t0))
	}
}
