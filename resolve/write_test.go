package resolve

import (
	"math/rand"
	"testing"
)

// recomposes is c.String() == s: on components drawn from a few strings that hold the
// delimiters, against their own string and a string one byte off.
func TestRecomposes(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	texts := []string{"", "a", "//", ":", "?", "#", "a:b", "/x?y", "h#"}
	opt := func() *string {
		if rng.Intn(3) == 0 {
			return nil
		}
		s := texts[rng.Intn(len(texts))]
		return &s
	}
	for range 20000 {
		c := parts{Scheme: opt(), Authority: opt(), Path: texts[rng.Intn(len(texts))], Query: opt(), Fragment: opt()}
		s := c.String()
		if !recomposes(c, s) {
			t.Fatalf("%+v does not recompose %q, its own String", c, s)
		}
		other := parts{Scheme: opt(), Authority: opt(), Path: texts[rng.Intn(len(texts))], Query: opt(), Fragment: opt()}
		if got, want := recomposes(c, other.String()), other.String() == s; got != want {
			t.Fatalf("recomposes(%+v, %q) = %v, want %v", c, other.String(), got, want)
		}
		if len(s) > 0 && recomposes(c, s[:len(s)-1]) {
			t.Fatalf("%+v recomposes %q, one byte short of %q", c, s[:len(s)-1], s)
		}
	}
}
