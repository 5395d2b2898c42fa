// Package testgc sets the garbage collector of a test binary whose tests allocate much and
// keep little: the differential tests of the root package, whose oracles (pigeon's parsers,
// go-abnf's recognizer and ABNF parser) allocate gigabytes over a run of a few hundred
// megabytes live. At the default GOGC=100 the collector was a fifth of the package's CPU.
//
// Only for go test's own runs: a benchmark keeps the default (the figures in docs/ are
// measured with it), and a GOGC or GOMEMLIMIT in the environment is left as it is.
package testgc

import (
	"flag"
	"os"
	"runtime/debug"
	"strconv"
	"testing"
)

// Percent is the collector's target for tests (GOGC), and Limit the soft memory limit
// beside it (GOMEMLIMIT), which makes the collector run more often where the heap nears it:
// the root package's tests peaked at about 650 MB with both, 400-580 MB at GOGC=100, and
// took a fifth less CPU (go test -count=1 ., 2-core VM, 2026-11-28).
const (
	Percent = 400
	Limit   = 768 << 20
)

// Main runs m's tests with the collector set by Set and exits with their status: a
// package's TestMain.
func Main(m *testing.M) {
	flag.Parse()
	Set(lookup("test.bench"), os.Getenv)
	os.Exit(m.Run())
}

// Set sets the collector to Percent and Limit unless bench (the -test.bench pattern) asks
// for benchmarks or the environment (getenv) sets GOGC or GOMEMLIMIT. It returns whether it
// set them.
func Set(bench string, getenv func(string) string) bool {
	if bench != "" || getenv("GOGC") != "" || getenv("GOMEMLIMIT") != "" {
		return false
	}
	debug.SetGCPercent(Percent)
	debug.SetMemoryLimit(Limit)
	return true
}

// Env returns what a test adds to the environment of a child process that allocates as the
// tests do (the go command building and testing a scratch module; its compiler): GOGC at
// Percent, unless the environment (getenv) sets GOGC or GOMEMLIMIT.
func Env(getenv func(string) string) []string {
	if getenv("GOGC") != "" || getenv("GOMEMLIMIT") != "" {
		return nil
	}
	return []string{"GOGC=" + strconv.Itoa(Percent)}
}

func lookup(name string) string {
	if f := flag.Lookup(name); f != nil {
		return f.Value.String()
	}
	return ""
}
