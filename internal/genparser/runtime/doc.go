// Package runtime is the code genparser copies into every generated parser package
// (glue.go: Run, Rules and the failure of a parse; recognize.go: Recognize), compiled and
// tested here, once, against the pigeon parser of a small grammar (tiny.peg, parser.go). The
// code must live beside each pigeon parser because it uses pigeon's unexported types, which
// every generated package declares anew; genparser writes the two files verbatim, with only
// the package clause changed.
package runtime

//go:generate go run .. -runtime -peg tiny.peg -o .
