package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/urlgrammar/urlgrammar/diagram"
)

const helpDiagram = `Draws railroad diagrams from the grammar's ABNF (grammars/ID/ID.abnf): sequences left to right,
alternatives stacked, optional parts with a way around, repetitions with a loop back and
their bounds, literals in rounded boxes ("..." case-insensitive, %s"..." case-sensitive),
rule references in square boxes linked to their own diagrams.

With no RULE, one self-contained HTML page with every rule of the grammar goes to standard
output; with one RULE, its SVG. With -o DIR, each RULE (or every rule) is written to
DIR/RULE.svg, linking to the others, with DIR/index.html the page of all rules.`

func runDiagram(e *env, args []string) int {
	fs := e.flags()
	gid := grammarFlag(fs)
	dir := fs.String("o", "", "write RULE.svg files and index.html into `DIR`")
	rules, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	g, ok := e.lookupGrammar(*gid)
	if !ok {
		return exitUsage
	}
	d, err := diagram.Read(g.ABNF())
	if err != nil {
		return e.fail(fmt.Errorf("grammars/%s/%[1]s.abnf:%w", g.ID(), err))
	}
	for _, r := range rules {
		if d.Rule(r) == nil {
			return e.usageError("grammar %s has no rule %q (see: urlgrammar rules -g %s)", g.ID(), r, g.ID())
		}
	}
	if *dir == "" {
		switch len(rules) {
		case 0:
			e.out.Write(d.HTML(g.Title(), g.ABNF()))
		case 1:
			svg, err := d.SVG(rules[0], diagram.Options{})
			if err != nil {
				return e.fail(err)
			}
			e.out.Write(svg)
		default:
			return e.usageError("several rules need -o DIR (one SVG file each)")
		}
		return exitOK
	}
	if len(rules) == 0 {
		for _, r := range d.Rules {
			rules = append(rules, r.Name)
		}
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		return e.fail(err)
	}
	for _, r := range rules {
		svg, err := diagram.SVG(d, r)
		if err != nil {
			return e.fail(err)
		}
		name := filepath.Join(*dir, d.Rule(r).Name+".svg")
		if err := os.WriteFile(name, svg, 0o644); err != nil {
			return e.fail(err)
		}
		fmt.Fprintln(e.out, name)
	}
	name := filepath.Join(*dir, "index.html")
	if err := os.WriteFile(name, d.HTML(g.Title(), g.ABNF()), 0o644); err != nil {
		return e.fail(err)
	}
	fmt.Fprintln(e.out, name)
	return exitOK
}
