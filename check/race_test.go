//go:build race

package check

// raceDetector is set when the tests run under the race detector, whose instrumentation
// makes allocations of its own: the tests that count allocations skip then.
const raceDetector = true
