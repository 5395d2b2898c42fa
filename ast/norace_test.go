//go:build !race

package ast_test

// raceDetector is set when the tests run under the race detector (race_test.go).
const raceDetector = false
