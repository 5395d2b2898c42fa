// Package testscale sizes the oracle tests for go test -short, the quick loop of
// docs/testing.md: they check a quarter of their inputs there, and all of them in go test
// without -short (make test, CI). Only for tests: it reads testing.Short.
package testscale

import "testing"

// Factor is how many times fewer inputs a test checks with -short.
const Factor = 4

// Short returns n, or n/Factor (at least 1) with -short.
func Short(n int) int {
	if testing.Short() {
		return max(1, n/Factor)
	}
	return n
}

// Inputs returns in, or one input in Factor of it with -short.
func Inputs(in []string) []string {
	if !testing.Short() {
		return in
	}
	out := make([]string, 0, (len(in)+Factor-1)/Factor)
	for i := 0; i < len(in); i += Factor {
		out = append(out, in[i])
	}
	return out
}
