package check

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/urlgrammar/urlgrammar"
)

// Summary counts the records of a run.
//
// Its JSON form (--summary-format json) is what Merge adds: the summaries of the shards of an
// input, merged in the shards' order, are the summary of one run over the whole input.
type Summary struct {
	Lines    int `json:"lines"`    // input lines checked
	Valid    int `json:"valid"`    // lines some grammar accepts
	Invalid  int `json:"invalid"`  // lines no grammar accepts
	IOErrors int `json:"ioErrors"` // inputs that could not be opened or read completely
	// Grammars has the counts of each grammar, in Config.Grammars order.
	Grammars []GrammarCount `json:"grammars"`
	// Failures counts the invalid lines by cause (see Cause); with several grammars, by
	// "GRAMMAR: cause" for each grammar that rejects a line no grammar accepts.
	Failures map[string]int `json:"failures"`
	// Examples holds, for each cause of Failures, the first line that had it.
	Examples map[string]string `json:"examples"`
	// Warnings counts the warnings by kind.
	Warnings map[string]int `json:"warnings"`
	// Interrupted is set when the run was stopped by its context before the end of input.
	Interrupted bool `json:"interrupted"`

	// causes counts the failures during a run, one look-up a cause (Failures and Examples
	// took two); settle moves them there.
	causes map[string]*causeCount
	// byID holds the counts of causes by the index their worker's causeTable gives them
	// (byID[worker][id]): a cause seen before costs no hash of its text.
	byID [][]*causeCount
	// noFailures counts no causes (Config.NoFailures).
	noFailures bool
}

// causeCount is a cause's count during a run, and the first line that had it.
type causeCount struct {
	n       int
	example string
}

// Merge adds the counts of o, the summary of the input that follows s's, to s. The grammars
// must be the same, in the same order.
func (s *Summary) Merge(o *Summary) error {
	if len(s.Grammars) != len(o.Grammars) {
		return fmt.Errorf("check: merging the summary of %d grammar(s) into one of %d", len(o.Grammars), len(s.Grammars))
	}
	for i := range s.Grammars {
		if s.Grammars[i].Grammar != o.Grammars[i].Grammar {
			return fmt.Errorf("check: merging a summary of grammar %s into one of %s", o.Grammars[i].Grammar, s.Grammars[i].Grammar)
		}
		s.Grammars[i].Accepted += o.Grammars[i].Accepted
		s.Grammars[i].Rejected += o.Grammars[i].Rejected
	}
	s.Lines += o.Lines
	s.Valid += o.Valid
	s.Invalid += o.Invalid
	s.IOErrors += o.IOErrors
	s.Interrupted = s.Interrupted || o.Interrupted
	if s.Failures == nil {
		s.Failures = map[string]int{}
	}
	if s.Examples == nil {
		s.Examples = map[string]string{}
	}
	if s.Warnings == nil {
		s.Warnings = map[string]int{}
	}
	for k, n := range o.Failures {
		s.Failures[k] += n
	}
	for k, e := range o.Examples {
		if _, ok := s.Examples[k]; !ok { // the first line with the cause is the earlier shard's
			s.Examples[k] = e
		}
	}
	for k, n := range o.Warnings {
		s.Warnings[k] += n
	}
	return nil
}

// GrammarCount is how many lines one grammar accepted and rejected.
type GrammarCount struct {
	Grammar  string `json:"grammar"`
	Accepted int    `json:"accepted"`
	Rejected int    `json:"rejected"`
}

func newSummary(gs []*urlgrammar.Grammar) *Summary {
	s := &Summary{Failures: map[string]int{}, Examples: map[string]string{}, Warnings: map[string]int{}}
	for _, g := range gs {
		s.Grammars = append(s.Grammars, GrammarCount{Grammar: g.ID()})
	}
	return s
}

func (s *Summary) add(r *Record) {
	if r.IOErr != nil {
		s.IOErrors++
		return
	}
	s.Lines++
	for _, w := range r.Warnings {
		s.Warnings[string(w.Kind)]++
	}
	valid := false
	for i, res := range r.Results {
		if res.Err == nil {
			s.Grammars[i].Accepted++
			valid = true
		} else {
			s.Grammars[i].Rejected++
		}
	}
	if valid {
		s.Valid++
		return
	}
	s.Invalid++
	if s.noFailures {
		return
	}
	for _, c := range r.causes {
		var cc *causeCount
		if c.id >= 0 && int(r.worker) < len(s.byID) && int(c.id) < len(s.byID[r.worker]) {
			cc = s.byID[r.worker][c.id]
		}
		if cc == nil {
			cc = s.countOf(c, r)
		}
		cc.n++
	}
}

// countOf returns the count of cause c, of record r, found by its text, and notes it under
// its index.
func (s *Summary) countOf(c cause, r *Record) *causeCount {
	cc := s.causes[c.text]
	if cc == nil {
		if s.causes == nil {
			s.causes = map[string]*causeCount{}
		}
		cc = &causeCount{example: example(r.Input)}
		s.causes[c.text] = cc
	}
	if c.id >= 0 {
		if int(r.worker) >= len(s.byID) {
			s.byID = append(s.byID, make([][]*causeCount, int(r.worker)+1-len(s.byID))...)
		}
		ids := s.byID[r.worker]
		if int(c.id) >= len(ids) {
			ids = append(ids, make([]*causeCount, int(c.id)+1-len(ids))...)
			s.byID[r.worker] = ids
		}
		ids[c.id] = cc
	}
	return cc
}

// settle adds the failures counted during a run to Failures and Examples.
func (s *Summary) settle() {
	for c, cc := range s.causes {
		s.Failures[c] += cc.n
		if _, ok := s.Examples[c]; !ok {
			s.Examples[c] = cc.example
		}
	}
	s.causes, s.byID = nil, nil
}

// Print writes the summary for people: the counts (per grammar when there are several), the
// ten most frequent causes of failure, the warnings, and whether inputs failed or the run
// was interrupted.
func (s *Summary) Print(w io.Writer) error {
	ew := &errWriter{w: w}
	if len(s.Grammars) == 1 {
		fmt.Fprintf(ew, "%s: %s, %d valid, %d invalid\n", s.Grammars[0].Grammar, Lines(s.Lines), s.Valid, s.Invalid)
	} else {
		fmt.Fprintf(ew, "%s, %d accepted by some grammar, %d rejected by every grammar\n", Lines(s.Lines), s.Valid, s.Invalid)
		width := 0
		for _, g := range s.Grammars {
			width = max(width, len(g.Grammar))
		}
		for _, g := range s.Grammars {
			fmt.Fprintf(ew, "  %-*s  %8d accepted  %8d rejected\n", width, g.Grammar, g.Accepted, g.Rejected)
		}
	}
	printTop(ew, "most frequent failures:", s.Failures, 10)
	printTop(ew, "warnings:", s.Warnings, len(s.Warnings))
	if s.IOErrors > 0 {
		fmt.Fprintf(ew, "%d input(s) could not be read completely (see the error records)\n", s.IOErrors)
	}
	if s.Interrupted {
		fmt.Fprintf(ew, "interrupted: the counts cover the %s checked before the signal\n", Lines(s.Lines))
	}
	return ew.err
}

func printTop(w io.Writer, title string, counts map[string]int, max int) {
	type kv struct {
		k string
		n int
	}
	var top []kv
	for k, n := range counts {
		top = append(top, kv{k, n})
	}
	sort.Slice(top, func(i, j int) bool {
		if top[i].n != top[j].n {
			return top[i].n > top[j].n
		}
		return top[i].k < top[j].k
	})
	if len(top) > 0 {
		fmt.Fprintln(w, title)
	}
	for i, f := range top {
		if i == max {
			break
		}
		fmt.Fprintf(w, "%8d  %s\n", f.n, f.k)
	}
}

// example is an input as a summary keeps it: at most its first 256 bytes, not cutting a
// character.
func example(s string) string {
	if len(s) <= 256 {
		return s
	}
	n := 256
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// Lines writes a count of lines: "1 line", "2 lines".
func Lines(n int) string {
	if n == 1 {
		return "1 line"
	}
	return strconv.Itoa(n) + " lines"
}

// Cause is the summary key of an error: the rule and the class of the unexpected character,
// "RULE: unexpected CLASS", where CLASS is "letter", "digit", "space", "control character",
// "non-ASCII character", "invalid UTF-8", "end of input", or the punctuation character
// itself ('\\'). Errors that differ only in the character or the expected set share a key.
// A nil error (a valid line's) has the empty key.
func Cause(err error) string {
	se, ok := asSyntaxError(err)
	if !ok {
		if err == nil {
			return ""
		}
		return err.Error()
	}
	return se.Cause()
}

// asSyntaxError returns err as a *urlgrammar.SyntaxError, as errors.As would find it, without
// errors.As's reflection for the error of Parse itself (a line's error, on every invalid line).
func asSyntaxError(err error) (*urlgrammar.SyntaxError, bool) {
	if se, ok := err.(*urlgrammar.SyntaxError); ok {
		return se, true
	}
	if err == nil {
		return nil, false // without errors.As, whose target escapes: the tsv of a valid line
	}
	var se *urlgrammar.SyntaxError
	ok := errors.As(err, &se)
	return se, ok
}

// errWriter remembers the first write error.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}
