package testgc

import (
	"math"
	"runtime/debug"
	"slices"
	"testing"
)

// Set changes the collector only for a test run whose environment leaves it alone.
func TestSet(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	for _, c := range []struct {
		bench string
		vars  map[string]string
		set   bool
	}{
		{"", nil, true},
		{".", nil, false},
		{"", map[string]string{"GOGC": "100"}, false},
		{"", map[string]string{"GOMEMLIMIT": "1GiB"}, false},
	} {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
		if got := Set(c.bench, env(c.vars)); got != c.set {
			t.Errorf("Set(%q, %v) = %v, want %v", c.bench, c.vars, got, c.set)
		}
		wantPercent, wantLimit := 100, int64(math.MaxInt64)
		if c.set {
			wantPercent, wantLimit = Percent, Limit
		}
		if p := debug.SetGCPercent(100); p != wantPercent {
			t.Errorf("Set(%q, %v): GOGC %d, want %d", c.bench, c.vars, p, wantPercent)
		}
		if l := debug.SetMemoryLimit(-1); l != wantLimit {
			t.Errorf("Set(%q, %v): memory limit %d, want %d", c.bench, c.vars, l, wantLimit)
		}
		if c.bench == "" {
			var want []string
			if c.set {
				want = []string{"GOGC=400"}
			}
			if got := Env(env(c.vars)); !slices.Equal(got, want) {
				t.Errorf("Env(%v) = %q, want %q", c.vars, got, want)
			}
		}
	}
}
