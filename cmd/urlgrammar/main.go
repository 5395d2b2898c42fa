// Command urlgrammar parses, validates and checks URLs against the grammars of the URL
// specifications.
//
//	urlgrammar parse [-g ID] [--json] INPUT...
//	urlgrammar check [-g ID] [--format text|jsonl|tsv] [--summary-only] [FILE|-]...
//	urlgrammar extract [-g ID] [--format text|jsonl] [FILE|-]
//	urlgrammar match -g ID RULE INPUT...
//	urlgrammar resolve [-g ID] [--algorithm 2003|1997] [--dots keep|remove|error] [--compat] [--json] BASE REF...
//	urlgrammar normalize [-g ID] [--level syntax|scheme] [--changes] INPUT...
//	urlgrammar equal [--level string|syntax|scheme] [--ignore-fragment] A B
//	urlgrammar rules [-g ID]
//	urlgrammar grammars
//
// Exit status: 0 when every input is valid, 1 when some input is invalid, 2 on a usage error.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urlgrammar/urlgrammar"
)

// Exit statuses.
const (
	exitOK      = 0
	exitInvalid = 1
	exitUsage   = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

var commands []command

func init() {
	commands = []command{
		{"parse", "parse inputs and print their trees (--json: one JSON object per input)", runParse},
		{"check", "check every line of files (or stdin) against a grammar", runCheck},
		{"extract", "find URI references in plain text (Appendix E) and check each", runExtract},
		{"match", "check inputs against one rule of a grammar", runMatch},
		{"resolve", "resolve references against a base URI (section 5.2)", runResolve},
		{"normalize", "print the normal form of each input (section 6.2.2, 6.2.3)", runNormalize},
		{"equal", "compare two URIs on the comparison ladder; exit 0 when equivalent (section 6.2)", runEqual},
		{"rules", "list the rules of a grammar", runRules},
		{"grammars", "list the grammars", runGrammars},
	}
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stderr)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(args[1:], stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "urlgrammar: unknown command %q\n", args[0])
	usage(stderr)
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: urlgrammar COMMAND [flags] [args]")
	fmt.Fprintln(w, "\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "\ngrammars (-g): %s (default %s)\n", strings.Join(urlgrammar.IDs(), ", "), urlgrammar.DefaultGrammar)
	fmt.Fprintln(w, "exit status: 0 all inputs valid, 1 some input invalid, 2 usage error")
}

// newFlags returns a flag set for a command that reports to stderr.
func newFlags(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: urlgrammar %s %s\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// grammarFlag adds -g to fs.
func grammarFlag(fs *flag.FlagSet) *string {
	return fs.String("g", urlgrammar.DefaultGrammar, "grammar `ID` ("+strings.Join(urlgrammar.IDs(), ", ")+")")
}

// parseFlags parses args, allowing flags after the positional arguments too ("parse URL
// --json"); everything after "--" is positional. It reports false after a usage error.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, bool) {
	var pos, rest []string
	for i, a := range args {
		if a == "--" {
			args, rest = args[:i], args[i+1:]
			break
		}
	}
	for {
		if err := fs.Parse(args); err != nil {
			return nil, false
		}
		args = fs.Args()
		if len(args) == 0 {
			return append(pos, rest...), true
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// setup parses a command's flags and arguments, checks the number of arguments with want, and
// looks up the -g grammar. It reports false after printing a usage error.
func setup(fs *flag.FlagSet, args []string, gid *string, stderr io.Writer, want func(n int) bool) ([]string, *urlgrammar.Grammar, bool) {
	pos, ok := parseFlags(fs, args)
	if !ok {
		return nil, nil, false
	}
	if !want(len(pos)) {
		fs.Usage()
		return nil, nil, false
	}
	g, ok := lookupGrammar(*gid, stderr)
	return pos, g, ok
}

// requireGeneric reports whether g's trees are generic URI references, which resolve,
// normalize and equal need, and prints the usage error when they are not.
func requireGeneric(fs *flag.FlagSet, g *urlgrammar.Grammar, stderr io.Writer) bool {
	if g.Generic() {
		return true
	}
	var generic []string
	for _, id := range urlgrammar.IDs() {
		if urlgrammar.MustLookup(id).Generic() {
			generic = append(generic, id)
		}
	}
	fmt.Fprintf(stderr, "urlgrammar %s: grammar %s does not define references to resolve, normalize or compare; use %s\n",
		fs.Name(), g.ID(), strings.Join(generic, " or "))
	return false
}

// lookupGrammar resolves -g, printing an error for an unknown id.
func lookupGrammar(id string, stderr io.Writer) (*urlgrammar.Grammar, bool) {
	g, err := urlgrammar.Lookup(id)
	if err != nil {
		fmt.Fprintln(stderr, "urlgrammar:", err)
		return nil, false
	}
	return g, true
}
