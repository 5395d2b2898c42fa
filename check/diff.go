package check

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/internal/jsontext"
)

// Partition is where a line of a corpus falls when two grammars check it (urlgrammar diff
// -g A -g B FILE...).
type Partition string

const (
	Both    Partition = "both"    // both grammars accept the line
	OnlyA   Partition = "only-a"  // the first grammar accepts it, the second does not
	OnlyB   Partition = "only-b"  // the second accepts it, the first does not
	Neither Partition = "neither" // neither accepts it
)

// PartitionOf returns the partition of a record of a Run with two grammars.
func PartitionOf(r *Record) Partition {
	a, b := r.Results[0].Err == nil, r.Results[1].Err == nil
	switch {
	case a && b:
		return Both
	case a:
		return OnlyA
	case b:
		return OnlyB
	}
	return Neither
}

// A DiffSummary counts the lines of a Run with two grammars by partition, and the reasons
// of the rejecting grammar (Cause) for the lines that only one grammar accepts.
type DiffSummary struct {
	A, B     string // the names of the two grammars (or rules)
	Lines    int
	Counts   map[Partition]int
	IOErrors int
	// ReasonsOnlyA counts, for the lines only A accepts, why B rejects them (Cause of B's
	// error); ReasonsOnlyB the other way round.
	ReasonsOnlyA, ReasonsOnlyB map[string]int
	Interrupted                bool
}

// NewDiffSummary returns the empty summary of a Run with two grammars, named a and b (their
// ids, or ID/RULE when Config.Rules names other rules).
func NewDiffSummary(a, b string) *DiffSummary {
	return &DiffSummary{A: a, B: b, Counts: map[Partition]int{},
		ReasonsOnlyA: map[string]int{}, ReasonsOnlyB: map[string]int{}}
}

// Add counts a record.
func (s *DiffSummary) Add(r *Record) {
	if r.IOErr != nil {
		s.IOErrors++
		return
	}
	s.Lines++
	p := PartitionOf(r)
	s.Counts[p]++
	switch p {
	case OnlyA:
		s.ReasonsOnlyA[Cause(r.Results[1].Err)]++
	case OnlyB:
		s.ReasonsOnlyB[Cause(r.Results[0].Err)]++
	}
}

// Differ reports whether some line is accepted by one grammar only.
func (s *DiffSummary) Differ() bool { return s.Counts[OnlyA]+s.Counts[OnlyB] > 0 }

// Print writes the summary for people: the counts, and the ten most frequent reasons each
// way.
func (s *DiffSummary) Print(w io.Writer) error {
	ew := &errWriter{w: w}
	fmt.Fprintf(ew, "%s: %d accepted by both, %d only by %s, %d only by %s, %d by neither\n",
		Lines(s.Lines), s.Counts[Both], s.Counts[OnlyA], s.A, s.Counts[OnlyB], s.B, s.Counts[Neither])
	printTop(ew, fmt.Sprintf("why %s rejects the lines only %s accepts:", s.B, s.A), s.ReasonsOnlyA, 10)
	printTop(ew, fmt.Sprintf("why %s rejects the lines only %s accepts:", s.A, s.B), s.ReasonsOnlyB, 10)
	if s.IOErrors > 0 {
		fmt.Fprintf(ew, "%d input(s) could not be read completely (see the error records)\n", s.IOErrors)
	}
	if s.Interrupted {
		fmt.Fprintf(ew, "interrupted: the counts cover the %s checked before the signal\n", Lines(s.Lines))
	}
	return ew.err
}

// AppendDiffRecord appends the rendering of a record of a Run with two grammars, in format f
// (Text or JSONL): its partition, the grammars that accept it, and the error of each one
// that does not, the grammars named as names says (their ids, or ID/RULE). An I/O error
// record renders as in check.
func AppendDiffRecord(b []byte, f Format, r *Record, names [2]string) []byte {
	if r.IOErr != nil {
		rd := renderer{cfg: Config{Format: f}}
		return rd.render(b, r, nil)
	}
	p := PartitionOf(r)
	if f == JSONL {
		return appendDiffJSON(b, r, p, names)
	}
	b = append(b, TextName(r.File)...)
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(r.Line), 10)
	b = append(b, ": "...)
	switch p {
	case OnlyA:
		b = append(b, "only "+names[0]...)
	case OnlyB:
		b = append(b, "only "+names[1]...)
	default:
		b = append(b, p...)
	}
	b = append(b, ": "...)
	b = append(b, urlgrammar.Display(r.Input)...)
	b = append(b, '\n')
	for i, res := range r.Results {
		if res.Err == nil {
			continue
		}
		b = append(b, "    "...)
		if se, ok := asSyntaxError(res.Err); ok {
			_, line, col := se.At()
			b = fmt.Appendf(b, "%s:%d:%d: %s", names[i], line, col, se.Msg())
		} else {
			b = append(b, names[i]+": "+res.Err.Error()...)
		}
		b = append(b, '\n')
	}
	return b
}

// NewErrorDetail returns the "error" object of the JSON contract for an error of Parse or
// Match; for nil (no error), an empty one.
func NewErrorDetail(err error) ErrorDetail { return errorDetail(err, true) }

// AppendErrorJSON appends the JSON of NewErrorDetail(err), as encoding/json writes it
// (without HTML escaping, as AppendJSON), for a command's record that holds an "error" object:
// the expected set and the message of a *urlgrammar.SyntaxError are written from the error,
// without the detail's copies of them.
func AppendErrorJSON(b []byte, err error) []byte {
	se, _ := asSyntaxError(err)
	d := errorDetail(err, false)
	return appendErrorDetail(b, &d, se)
}

// errorDetail is NewErrorDetail, with Message "" and Expected nil for a SyntaxError unless
// expected.
func errorDetail(err error, expected bool) ErrorDetail {
	se, ok := asSyntaxError(err)
	if !ok {
		if err == nil {
			return ErrorDetail{Expected: []string{}}
		}
		d := ErrorDetail{Expected: []string{}, Message: err.Error()}
		var tl *TooLongError
		if errors.As(err, &tl) { // where the line was cut
			d.Offset, d.Line, d.Column = tl.Max, 1, tl.Max+1
		}
		return d
	}
	d := ErrorDetail{Offset: se.Offset, Line: se.Line, Column: se.Column, Rule: se.Rule()}
	if !expected {
		// The message and the expected set are written from the error (appendErrObject):
		// neither is made.
	} else if d.Message, d.Expected = se.Msg(), se.Expected(); d.Expected == nil {
		d.Expected = []string{}
	}
	if sc := se.Scheme(); sc != "" {
		d.Scheme, d.Grammar = sc, se.Grammar
	}
	if off, line, col := se.At(); off != se.Offset {
		d.At = &Position{off, line, col}
	}
	return d
}

// appendDiffJSON appends the jsonl record of a line of a diff of a corpus, in partition p:
// the bytes encoding/json writes of the object {file, line, input, inputBase64 (omitted
// when empty), inputTruncated (omitted when false), partition, acceptedBy, rejectedBy (each
// {grammar, error})}, without its reflection, and with each error's expected set and message
// written as check's records write them (TestAppendDiffRecordMatchesJSON).
func appendDiffJSON(b []byte, r *Record, p Partition, names [2]string) []byte {
	b = append(b, `{"file":`...)
	b = jsontext.AppendString(b, r.File)
	b = append(b, `,"line":`...)
	b = strconv.AppendInt(b, int64(r.Line), 10)
	b = appendInputFields(append(b, ','), r.Input, r.TooLong)
	b = append(b, `,"partition":`...)
	b = jsontext.AppendString(b, string(p))
	b = append(b, `,"acceptedBy":`...)
	b = appendAccepted(b, r.Results, func(i int) string { return names[i] })
	b = append(b, `,"rejectedBy":[`...)
	sep := false
	for i, res := range r.Results {
		if res.Err != nil {
			if sep {
				b = append(b, ',')
			}
			se, _ := asSyntaxError(res.Err)
			d := errorDetail(res.Err, se == nil) // a SyntaxError's expected set and message from se
			b = append(b, `{"grammar":`...)
			b = jsontext.AppendString(b, names[i])
			b = append(b, `,"error":`...)
			b, sep = append(appendErrorDetail(b, &d, se), '}'), true
		}
	}
	return append(b, "]}\n"...)
}
