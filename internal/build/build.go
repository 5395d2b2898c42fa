// Package build holds the constructors that the actions of the generated parsers call to
// build typed trees. Grammar actions call nothing else, so the generated code stays a plain
// transcription of the grammar and the tree logic lives in ordinary Go.
package build

import "github.com/urlgrammar/urlgrammar/ast"

// At is the match of a grammar expression: the whole input and the byte range matched.
type At struct {
	Src         string
	Start, Stop int
}

// Span returns the matched byte range.
func (a At) Span() ast.Span { return ast.Span{Start: a.Start, Stop: a.Stop} }

// Text returns the matched text, a substring of the input (no copy).
func (a At) Text() string { return a.Src[a.Start:a.Stop] }

// Empty returns the empty match at the end of a.
func (a At) Empty() At { return At{Src: a.Src, Start: a.Stop, Stop: a.Stop} }
