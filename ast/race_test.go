//go:build race

package ast_test

// raceDetector is set when the tests run under the race detector, whose sync.Pool drops
// what is put in it at random: the tests that count allocations skip then.
const raceDetector = true
