//go:build race

package resolve_test

// raceDetector is set when the tests run under the race detector, whose instrumentation
// makes allocations of its own (and which empties sync.Pools at random): the tests that
// count allocations skip then.
const raceDetector = true
