package check

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/internal/spectest"
	"github.com/urlgrammar/urlgrammar/internal/testscale"
	"github.com/urlgrammar/urlgrammar/warn"
)

// jsonInputs are the inputs of every grammar's tables and of the corpora, each once (a third
// of the lines are in several tables, or in a corpus too).
func jsonInputs(t testing.TB) []string {
	lines := testscale.Short(3000) // every table line, fewer corpus lines with -short
	inputs := append(corpus.Lines(lines, 3), corpus.TextLines(lines, 4)...)
	files, err := filepath.Glob("../testdata/*/*.txt")
	require.NoError(t, err)
	tables, err := filepath.Glob("../grammars/*/testdata/*.txt")
	require.NoError(t, err)
	files = append(files, tables...)
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, l := range strings.Split(string(src), "\n") {
			inputs = append(inputs, l)
			if _, in, ok := strings.Cut(l, "\t"); ok {
				inputs = append(inputs, in)
			}
		}
	}
	// An IRI with U+2028 (a ucschar, escaped in JSON): a valid input whose components are
	// not jsontext.Plain.
	inputs = append(inputs, "http://a/\u2028?\u2029#\u2028", "a\x00\b\f\u2028\u2029\"\\\xff<>&", "http://u:p@[::1]:8/a;x/b?q#f", "//1.2.3.4/%7e", "http://u:p@0x7f.1:25/%0d")
	return spectest.Unique(inputs)
}

// The direct encoder writes what encoding/json writes, for every grammar's records.
func TestAppendRecordMatchesJSON(t *testing.T) {
	inputs := jsonInputs(t)
	all := warn.Set{}
	for _, k := range warn.All {
		all[k] = true
	}
	var want, got []byte // used again for each record
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		for i, in := range inputs {
			tree, err := g.Parse(in)
			rec := ParseRecord(g, in, tree, err)
			place := &Record{File: "f\t\"", Line: i + 1}
			if i%3 == 0 {
				place.Columns = []string{"id\"1", "", "\xff"}
			}
			setPlace(rec, place)
			if err == nil && g.Generic() {
				setWarnings(rec, warn.CheckIn(g, tree, all))
			}
			want = AppendJSON(want[:0], rec)
			got = appendRecord(got[:0], rec)
			sameJSON(t, want, got, "%s %q", id, in)
			if err != nil {
				// The record check writes, without the copy of the expected set.
				er := errRecordOf(g, in, err, false)
				setPlace(&er, place)
				got = append(appendErrObject(got[:0], &er), '\n')
				sameJSON(t, want, got, "%s %q", id, in)
			}
		}
	}
}

// AppendErrorJSON writes what encoding/json writes of NewErrorDetail: syntax errors of three
// grammars (uri's with the scheme and the grammar of the scheme's rule), a line cut for its
// length, and other errors, whose message is all there is.
func TestAppendErrorJSON(t *testing.T) {
	errs := []error{nil, ErrTooLong, &TooLongError{Max: 12}, fmt.Errorf("resolve %q: %w", "a\"\xff\n<>", ErrTooLong), errors.New("")}
	schemeErrors := 0
	for _, id := range []string{"rfc3986", "uri", "url-1993"} {
		g := urlgrammar.MustLookup(id)
		for _, in := range jsonInputs(t) {
			if _, err := g.Parse(in); err != nil {
				errs = append(errs, err)
				if NewErrorDetail(err).Scheme != "" {
					schemeErrors++
				}
			}
		}
	}
	require.Positive(t, schemeErrors, "no error of a scheme's grammar")
	for _, err := range errs {
		want := AppendJSON(nil, NewErrorDetail(err))
		require.Equal(t, string(want[:len(want)-1]), string(AppendErrorJSON(nil, err)), "%v", err)
	}
}

// The record of several grammars is what encoding/json writes of allRecord, for every input
// (each grammar's record as ParseRecord makes it), with and without warnings.
func TestAppendAllRecordMatchesJSON(t *testing.T) {
	var gs []*urlgrammar.Grammar
	for _, id := range urlgrammar.IDs() {
		gs = append(gs, urlgrammar.MustLookup(id))
	}
	ws := []warn.Warning{{Kind: warn.Port, Section: "7", Offset: 3, Message: "m\"<"}}
	var want, got []byte // used again for each record
	for i, in := range jsonInputs(t) {
		rec := &Record{File: "f\t\"", Line: i + 1, Input: in, TooLong: i%7 == 3}
		if i%3 == 0 {
			rec.Columns = []string{"key", "\"x\""}
		}
		if i%2 == 0 {
			rec.Warnings = ws
		}
		trees := make([]ast.Tree, len(gs))
		all := allRecord{File: rec.File, Line: rec.Line, Columns: rec.Columns, Input: in, InputBase64: InputBase64(in), Truncated: rec.TooLong,
			Accepted: []string{}, Warnings: rec.Warnings}
		for j, g := range gs {
			tree, err := g.Parse(in)
			trees[j] = tree
			rec.Results = append(rec.Results, Result{Grammar: g, Err: err})
			if err == nil {
				all.Accepted = append(all.Accepted, g.ID())
			}
			all.Results = append(all.Results, ParseRecord(g, in, tree, err))
		}
		want = AppendJSON(want[:0], all)
		got = appendAllRecord(got[:0], rec, func(j int) (ast.Tree, error) { return trees[j], nil }, nil)
		sameJSON(t, want, got, "%q", in)
	}
}

// sameJSON fails the test when got is not want, with the two as strings and msgAndArgs; it
// compares the bytes first, so that the oracle tests, which compare millions of bytes, do
// not pay testify's reflection and stack walk (nor Helper's) for each record that agrees.
func sameJSON(t *testing.T, want, got []byte, msgAndArgs ...any) {
	if !bytes.Equal(want, got) {
		t.Helper() // only then: it walks the stack
		require.Equal(t, string(want), string(got), msgAndArgs...)
	}
}
