package main

import (
	"bytes"
	"errors"
	"fmt"
	"text/tabwriter"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/check"
)

func runParse(e *env, args []string) int {
	fs := e.flags()
	gid := grammarFlag(fs)
	asJSON := fs.Bool("json", false, "print one JSON object per input, one per line")
	fs.Bool("generic", false, "the grammar's own parse: the default (kept for scripts that ask for it)")
	exitZero := exitZeroFlag(fs)
	inputs, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	g, ok := e.lookupGrammar(*gid)
	if !ok {
		return exitUsage
	}
	p := g.NewParser()
	status := exitOK
	var b bytes.Buffer
	if code := e.eachInput(inputs, func(in input) bool {
		var tree ast.Tree
		err := tooLongInput(in)
		if err == nil {
			tree, err = p.Parse(in.text)
		}
		if err != nil {
			status = exitInvalid
		}
		b.Reset()
		switch {
		case *asJSON:
			check.WriteJSON(e.out, check.ParseRecord(g, in.text, tree, err)) // written in pieces: a long input's tree is never held whole
			return true
		case err != nil:
			b.Write(appendReport(b.AvailableBuffer(), err))
		default:
			tree.Fprint(&b)
		}
		e.out.Write(b.Bytes())
		return true
	}); code != 0 {
		return code
	}
	return answered(status, *exitZero)
}

// appendReport appends an error as the text output shows it, and a newline: a syntax error
// with the input and a caret under the offending byte (SyntaxError.Report), wrapped or not;
// any other on one line.
func appendReport(b []byte, err error) []byte {
	if se, ok := syntaxErrorOf(err); ok {
		if se == err {
			b = se.AppendError(b)
		} else {
			b = append(b, err.Error()...) // the wrapper's text
		}
		return append(se.AppendCaret(append(b, '\n')), '\n')
	}
	return append(append(b, err.Error()...), '\n')
}

// syntaxErrorOf returns err's *urlgrammar.SyntaxError, wrapped or not: a type assertion
// first, as nearly every error is one, unwrapped (errors.As, which reflects, took a tenth of
// match's time).
func syntaxErrorOf(err error) (*urlgrammar.SyntaxError, bool) {
	if se, ok := err.(*urlgrammar.SyntaxError); ok {
		return se, true
	}
	var se *urlgrammar.SyntaxError
	return se, errors.As(err, &se)
}

// tooLongInput returns the error of an input cut at urlgrammar.MaxInputLength, or nil.
func tooLongInput(in input) error {
	if in.tooLong {
		return tooLongError(in)
	}
	return nil
}

func runMatch(e *env, args []string) int {
	fs := e.flags()
	gid := grammarFlag(fs)
	asJSON := jsonFlag(fs)
	exitZero := exitZeroFlag(fs)
	pos, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if len(pos) == 0 {
		return e.usageError("missing RULE")
	}
	g, ok := e.lookupGrammar(*gid)
	if !ok {
		return exitUsage
	}
	rule := pos[0]
	if err := g.Match(rule, ""); err != nil {
		var ue *urlgrammar.UnknownRuleError
		if errors.As(err, &ue) {
			return e.usageError("%v", err)
		}
	}
	status := exitOK
	// Each input's error is written before the next input is matched: the errors are made in
	// one memory, used again for each (no allocation an invalid input).
	m, mem := g.NewMatcher(), new(urlgrammar.ErrorMemory)
	var b []byte
	if code := e.eachInput(pos[1:], func(in input) bool {
		mem.Reset()
		err := tooLongInput(in)
		if err == nil {
			err = m.MatchIn(mem, rule, in.text)
		}
		if err != nil {
			status = exitInvalid
		}
		b = b[:0]
		switch {
		case *asJSON:
			b = appendMatchRecord(b, in.text, g.ID(), rule, err)
		case err != nil:
			b = appendReport(b, err)
		default:
			b = fmt.Appendf(b, "%s: %q matches %s\n", g.ID(), in.text, rule)
		}
		e.out.Write(b)
		return true
	}); code != 0 {
		return code
	}
	return answered(status, *exitZero)
}

func runRules(e *env, args []string) int {
	fs := e.flags()
	gid := grammarFlag(fs)
	asJSON := fs.Bool("json", false, "print one JSON array of the rule names")
	pos, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 0 {
		return e.usageError("rules takes no arguments")
	}
	g, ok := e.lookupGrammar(*gid)
	if !ok {
		return exitUsage
	}
	if *asJSON {
		e.out.Write(check.AppendJSON(nil, g.Rules()))
		return exitOK
	}
	for _, r := range g.Rules() {
		fmt.Fprintln(e.out, r)
	}
	return exitOK
}

// grammarRecord is a grammar in grammars --json.
type grammarRecord struct {
	ID      string `json:"id"`
	Title   string `json:"title"`
	Start   string `json:"start"`
	Generic bool   `json:"generic"` // resolve, normalize, equal and --warn take it
	Default bool   `json:"default"` // the one used without -g
	// Schemes are the URI schemes whose syntax the grammar defines (its header's scheme lines).
	Schemes []string `json:"schemes,omitempty"`
}

func runGrammars(e *env, args []string) int {
	fs := e.flags()
	asJSON := fs.Bool("json", false, "print one JSON array of the grammars")
	schemes := fs.Bool("schemes", false, "list the URI schemes whose grammar is registered, each with its grammar and rule (what -g uri checks)")
	pos, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 0 {
		return e.usageError("grammars takes no arguments")
	}
	if *schemes {
		entries, err := urlgrammar.SchemeGrammars()
		if err != nil {
			return e.fail(err)
		}
		tw := tabwriter.NewWriter(e.out, 0, 0, 2, ' ', 0)
		for _, s := range entries {
			with := "without the fragment"
			if s.Fragment {
				with = "with the fragment"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", s.Scheme, s.Grammar.ID(), s.Rule, with)
		}
		tw.Flush()
		return exitOK
	}
	if *asJSON {
		var recs []grammarRecord
		for _, id := range urlgrammar.IDs() {
			g := urlgrammar.MustLookup(id)
			rec := grammarRecord{ID: id, Title: g.Title(), Start: g.Start(), Generic: g.Generic(), Default: id == urlgrammar.DefaultGrammar}
			for _, s := range g.Schemes() {
				rec.Schemes = append(rec.Schemes, s.Scheme)
			}
			recs = append(recs, rec)
		}
		e.out.Write(check.AppendJSON(nil, recs))
		return exitOK
	}
	tw := tabwriter.NewWriter(e.out, 0, 0, 2, ' ', 0)
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		fmt.Fprintf(tw, "%s\tstart %s\t%s\n", id, g.Start(), g.Title())
	}
	tw.Flush()
	return exitOK
}
