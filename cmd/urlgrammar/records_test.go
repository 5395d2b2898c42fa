package main

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/check"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/iri"
	"github.com/urlgrammar/urlgrammar/resolve"
)

// The records as structs, written by encoding/json (check.AppendJSON): the oracle of the
// appenders in records.go, and the shape of each command's --json line.

// matchRecord is the --json record of match: the error object is parse --json's.
type matchRecord struct {
	Input   string             `json:"input"`
	Grammar string             `json:"grammar"`
	Rule    string             `json:"rule"`
	OK      bool               `json:"ok"`
	Error   *check.ErrorDetail `json:"error,omitempty"`
}

// resolveRecord is the --json record of resolve. Error is the error object of the JSON
// contract, as parse --json gives it: where a syntax error is and what was expected there; a
// resolution error has its message only.
type resolveRecord struct {
	Base         string             `json:"base"`
	Reference    string             `json:"reference"`
	OK           bool               `json:"ok"`
	Result       *string            `json:"result,omitempty"`
	SameDocument bool               `json:"sameDocument"`
	Error        *check.ErrorDetail `json:"error,omitempty"`
}

// keyRecord is the --json record of key: the key, or the error object of parse --json.
type keyRecord struct {
	Input string             `json:"input"`
	OK    bool               `json:"ok"`
	Kind  string             `json:"kind"`
	Key   *string            `json:"key,omitempty"`
	Error *check.ErrorDetail `json:"error,omitempty"`
}

// normalRecord is the --json record of normalize: the normal form and the rewrites that made
// it, or the error object of parse --json.
type normalRecord struct {
	Input   string             `json:"input"`
	OK      bool               `json:"ok"`
	Normal  *string            `json:"normal,omitempty"`
	Changes []resolve.Change   `json:"changes"`
	Error   *check.ErrorDetail `json:"error,omitempty"`
}

// mapRecord is the --json record of iri2uri and uri2iri.
type mapRecord struct {
	Input  string    `json:"input"`
	OK     bool      `json:"ok"`
	Result *string   `json:"result,omitempty"`
	Error  *mapError `json:"error,omitempty"`
}

type mapError struct {
	Offset  int    `json:"offset"`
	Message string `json:"message"`
}

// errorOf is the "error" object of a record of err, nil for none.
func errorOf(err error) *check.ErrorDetail {
	if err == nil {
		return nil
	}
	d := check.NewErrorDetail(err)
	return &d
}

// okString is the string of a record's optional key: s when err is nil.
func okString(s string, err error) *string {
	if err != nil {
		return nil
	}
	return &s
}

// Each record appender writes what encoding/json writes of its struct, on the corpora's lines
// (valid and invalid), lines of JSON's special characters and invalid UTF-8, lines cut for
// their length, and resolution errors; with two grammars where the command takes one. Each
// kind of record is asserted to occur, valid and in error.
func TestRecordsMatchJSON(t *testing.T) {
	inputs := append(corpus.Lines(1500, 3), corpus.TextLines(1500, 4)...)
	inputs = append(inputs, "", "http://a/\u2028?\u2029#\u2028", "a\x00\b\f\"\\\xff<>&", "http://r\u00e9sum\u00e9.example.org/%7e",
		"HTTP://A/./b/%7e", "foo:/.//b", "%6Aavascript:x", "#s", "?y", "../../../g", "http://www.Example.com:80", "http://a/%C3%BC")
	rc := newRecordCheck(t)
	for _, in := range inputs {
		rc.input(in)
	}
	tooLong := tooLongError(input{line: 3})
	for _, g := range rc.grammars {
		rc.same("match", false, matchRecord{Input: "x", Grammar: g.ID(), Rule: "r", Error: errorOf(tooLong)}, appendMatchRecord(nil, "x", g.ID(), "r", tooLong))
	}
	for _, err := range []error{tooLong, errors.New("two\nlines")} {
		rc.same("map", false, mapRecord{Input: "x", Error: &mapError{Message: oneLine(err)}}, appendMapRecord(nil, "x", "", err))
	}
	for _, kind := range []string{"match", "resolve", "normalize", "key", "map"} {
		require.Positive(t, rc.seen[kind+" true"], "no valid %s record", kind)
		require.Positive(t, rc.seen[kind+" false"], "no %s record of an error", kind)
	}
	require.Positive(t, rc.seen["changes"], "no normal form with changes")
}

// FuzzRecords: for any input, each record appender writes what encoding/json writes of its
// struct (TestRecordsMatchJSON's check of one input).
func FuzzRecords(f *testing.F) {
	f.Add("http://www.Example.com:80/a/../b?q#f")
	f.Add("a\x00\b\f\"\\\xff<>&\u2028")
	f.Add("../g;x?y#s")
	rc := newRecordCheck(f)
	f.Fuzz(func(t *testing.T, in string) {
		rc.t = t
		rc.input(in)
	})
}

// recordCheck holds the records of inputs to encoding/json's writing of their structs: the
// answers of two grammars (a Resolver of each against a base and an opaque base, for the
// resolution errors), and of the IRI mappings; seen counts the records by kind and verdict.
type recordCheck struct {
	t         testing.TB
	grammars  []*urlgrammar.Grammar
	resolvers [][2]*resolve.Resolver
	seen      map[string]int
}

func newRecordCheck(t testing.TB) *recordCheck {
	rc := &recordCheck{t: t, seen: map[string]int{}}
	for _, id := range []string{"rfc3986", "rfc2396bis-01"} {
		g := urlgrammar.MustLookup(id)
		var rs [2]*resolve.Resolver
		for i, base := range []string{"http://a/b/c/d;p?q", "mailto:x@y"} {
			tree, err := g.Parse(base)
			require.NoError(t, err)
			rs[i], err = resolve.NewResolver(tree, resolve.Options{Grammar: g, Algorithm: resolve.DefaultAlgorithm(g)})
			require.NoError(t, err)
		}
		rc.grammars, rc.resolvers = append(rc.grammars, g), append(rc.resolvers, rs)
	}
	return rc
}

// same holds got, the appender's record of kind (in error unless ok), to want's JSON.
func (rc *recordCheck) same(kind string, ok bool, want any, got []byte) {
	rc.t.Helper()
	if w := check.AppendJSON(nil, want); string(w) != string(got) {
		require.Equal(rc.t, string(w), string(got), kind)
	}
	rc.seen[fmt.Sprintf("%s %t", kind, ok)]++
}

// input checks the records of every command of in.
func (rc *recordCheck) input(in string) {
	rc.t.Helper()
	for i, g := range rc.grammars {
		id := g.ID()
		err := g.Match(g.Start(), in)
		rc.same("match", err == nil, matchRecord{Input: in, Grammar: id, Rule: g.Start(), OK: err == nil, Error: errorOf(err)},
			appendMatchRecord(nil, in, id, g.Start(), err))
		for _, r := range rc.resolvers[i] {
			res, err := r.ResolveString(in)
			rec := resolveRecord{Base: "b", Reference: in, OK: err == nil, Error: errorOf(err)}
			var target string
			if err == nil {
				target = res.String()
				rec.Result, rec.SameDocument = &target, res.SameDocument
			}
			rc.same("resolve", err == nil, rec, appendResolveRecord(nil, "b", in, target, rec.SameDocument, err))
		}
		n, changes, err := resolve.NormalizeString(in, resolve.NormalizeOptions{Grammar: g, Level: resolve.LevelScheme})
		normal := n.String()
		rc.same("normalize", err == nil, normalRecord{Input: in, OK: err == nil, Normal: okString(normal, err), Changes: append([]resolve.Change{}, changes...), Error: errorOf(err)},
			appendNormalRecord(nil, in, normal, changes, err))
		if len(changes) > 0 {
			rc.seen["changes"]++
		}
		for _, kind := range []resolve.KeyKind{resolve.KeySURT, resolve.KeyDomain} {
			key, err := resolve.KeyString(in, kind, resolve.NormalizeOptions{Grammar: g})
			rc.same("key", err == nil, keyRecord{Input: in, OK: err == nil, Kind: kind.String(), Key: okString(key, err), Error: errorOf(err)},
				appendKeyRecord(nil, in, kind.String(), key, err))
		}
	}
	for _, conv := range []func(string) (string, error){iri.ToIRI, func(s string) (string, error) { return iri.ToURI(s, iri.Options{}) }} {
		out, err := conv(in)
		rec := mapRecord{Input: in, OK: err == nil, Result: okString(out, err)}
		if err != nil {
			rec.Error = &mapError{Message: oneLine(err)}
			var ie *iri.Error
			if errors.As(err, &ie) {
				rec.Error.Offset, rec.Error.Message = ie.Offset, ie.Msg
			}
		}
		rc.same("map", err == nil, rec, appendMapRecord(nil, in, out, err))
	}
}
