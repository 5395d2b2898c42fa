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
	typed := fs.Bool("typed", false, "print the typed tree (ast.URIReference and the others) instead of the grammar's own parse; with --json it is the ast object")
	fs.Bool("generic", false, "the grammar's own parse: the default (kept for scripts that ask for it)")
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
		var tree ast.Root
		err := tooLongInput(in)
		if err == nil {
			if *typed {
				tree, err = g.ParseTyped(in.text)
			} else {
				var t ast.Tree
				if t, err = p.Parse(in.text); err == nil {
					tree = t
				}
			}
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
			fmt.Fprintln(&b, report(err))
		default:
			ast.Fprint(&b, tree)
		}
		e.out.Write(b.Bytes())
		return true
	}); code != 0 {
		return code
	}
	return status
}

// report returns an error as the text output shows it: a syntax error with the input and a
// caret under the offending byte (SyntaxError.Report), wrapped or not; any other on one line.
func report(err error) string {
	var se *urlgrammar.SyntaxError
	if errors.As(err, &se) {
		return err.Error() + "\n" + se.Caret()
	}
	return err.Error()
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
	if code := e.eachInput(pos[1:], func(in input) bool {
		err := tooLongInput(in)
		if err == nil {
			err = g.Match(rule, in.text)
		}
		if err != nil {
			status = exitInvalid
			fmt.Fprintln(e.out, report(err))
		} else {
			fmt.Fprintf(e.out, "%s: %q matches %s\n", g.ID(), in.text, rule)
		}
		return true
	}); code != 0 {
		return code
	}
	return status
}

func runRules(e *env, args []string) int {
	fs := e.flags()
	gid := grammarFlag(fs)
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
	for _, r := range g.Rules() {
		fmt.Fprintln(e.out, r)
	}
	return exitOK
}

func runGrammars(e *env, args []string) int {
	fs := e.flags()
	pos, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 0 {
		return e.usageError("grammars takes no arguments")
	}
	tw := tabwriter.NewWriter(e.out, 0, 0, 2, ' ', 0)
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		fmt.Fprintf(tw, "%s\tstart %s\t%s\n", id, g.Start(), g.Title())
	}
	tw.Flush()
	return exitOK
}
