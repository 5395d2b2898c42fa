// Package jsonformat checks JSON Schema's string formats that name a URI or IRI production
// (JSON Schema 2020-12, section 7.3.5): "uri" is RFC 3986's URI, "uri-reference" its
// URI-reference, "iri" RFC 3987's IRI and "iri-reference" its IRI-reference. Each check is
// the grammar's DFA, exact and without allocation on a valid string, and a string that is not
// one is a *urlgrammar.SyntaxError that says where and why.
//
// A validator whose formats are functions of any takes Validator directly; for
// github.com/santhosh-tekuri/jsonschema/v6:
//
//	c := jsonschema.NewCompiler()
//	c.RegisterFormat(&jsonschema.Format{Name: "uri", Validate: jsonformat.Validator("uri")})
package jsonformat

import (
	"fmt"
	"slices"

	"github.com/urlgrammar/urlgrammar"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc3986" // registers the grammar it looks up by id
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc3987" // registers the grammar it looks up by id
)

// A format is a grammar and the rule a string must match.
type format struct {
	grammar, rule string
}

var formats = map[string]format{
	"uri":           {urlgrammar.RFC3986, "URI"},
	"uri-reference": {urlgrammar.RFC3986, "URI-reference"},
	"iri":           {urlgrammar.RFC3987, "IRI"},
	"iri-reference": {urlgrammar.RFC3987, "IRI-reference"},
}

// Names returns the formats this package checks, sorted.
func Names() []string {
	var names []string
	for n := range formats {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// UnknownFormatError is the error of a format this package does not check.
type UnknownFormatError struct{ Format string }

func (e *UnknownFormatError) Error() string {
	return fmt.Sprintf("jsonformat: unknown format %q (%v)", e.Format, Names())
}

// Check returns nil when s is a string of the format, and otherwise the
// *urlgrammar.SyntaxError of the grammar's rule: where s stops matching and what was expected
// there. An unknown format is an *UnknownFormatError.
func Check(name, s string) error {
	f, ok := formats[name]
	if !ok {
		return &UnknownFormatError{name}
	}
	g := urlgrammar.MustLookup(f.grammar)
	if f.rule == g.Start() {
		if g.Valid(s) {
			return nil
		}
		_, err := g.Parse(s)
		return err
	}
	return g.Match(f.rule, s)
}

// Validator returns the check of a format as JSON Schema validators call it: a value that is
// not a string is valid (a format applies to strings only), a string is checked with Check.
// It panics on an unknown format, as a schema compiler's registration is a program's setup.
func Validator(name string) func(v any) error {
	if _, ok := formats[name]; !ok {
		panic(&UnknownFormatError{name})
	}
	return func(v any) error {
		s, ok := v.(string)
		if !ok {
			return nil
		}
		return Check(name, s)
	}
}
