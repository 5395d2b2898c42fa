package main

import (
	"errors"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
)

func runParse(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("parse", "[-g ID] [--json] INPUT...", stderr)
	gid := grammarFlag(fs)
	asJSON := fs.Bool("json", false, "print one JSON object per input, one per line")
	inputs, g, ok := setup(fs, args, gid, stderr, func(n int) bool { return n > 0 })
	if !ok {
		return exitUsage
	}
	status := exitOK
	for _, in := range inputs {
		tree, err := g.Parse(in)
		if err != nil {
			status = exitInvalid
		}
		if *asJSON {
			if werr := writeJSON(stdout, record(g, in, tree, err)); werr != nil {
				fmt.Fprintln(stderr, "urlgrammar:", werr)
				return exitUsage
			}
			continue
		}
		if err != nil {
			fmt.Fprintln(stdout, err)
			continue
		}
		if err := ast.Fprint(stdout, tree); err != nil {
			fmt.Fprintln(stderr, "urlgrammar:", err)
			return exitUsage
		}
	}
	return status
}

func runMatch(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("match", "[-g ID] RULE INPUT...", stderr)
	gid := grammarFlag(fs)
	pos, g, ok := setup(fs, args, gid, stderr, func(n int) bool { return n >= 2 })
	if !ok {
		return exitUsage
	}
	rule, inputs := pos[0], pos[1:]
	status := exitOK
	for _, in := range inputs {
		err := g.Match(rule, in)
		var ue *urlgrammar.UnknownRuleError
		switch {
		case errors.As(err, &ue):
			fmt.Fprintln(stderr, "urlgrammar:", err)
			return exitUsage
		case err != nil:
			status = exitInvalid
			fmt.Fprintln(stdout, err)
		default:
			fmt.Fprintf(stdout, "%s: %q matches %s\n", g.ID(), in, rule)
		}
	}
	return status
}

func runRules(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("rules", "[-g ID]", stderr)
	gid := grammarFlag(fs)
	_, g, ok := setup(fs, args, gid, stderr, func(n int) bool { return n == 0 })
	if !ok {
		return exitUsage
	}
	for _, r := range g.Rules() {
		fmt.Fprintln(stdout, r)
	}
	return exitOK
}

func runGrammars(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) != 0 {
		fmt.Fprintln(stderr, "usage: urlgrammar grammars")
		return exitUsage
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		fmt.Fprintf(tw, "%s\tstart %s\t%s\n", id, g.Start(), g.Title())
	}
	if err := tw.Flush(); err != nil {
		fmt.Fprintln(stderr, "urlgrammar:", err)
		return exitUsage
	}
	return exitOK
}
