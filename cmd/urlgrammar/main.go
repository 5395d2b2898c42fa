// Command urlgrammar parses, validates and checks URLs against the grammars of the URL
// specifications.
//
//	urlgrammar parse [-g ID] [--json] [--exit-zero] [INPUT|-]...
//	urlgrammar check [-g ID[,ID...]|all] [--format text|jsonl|tsv|sarif|github] [--warn LIST [--fail-on-warning]] [--rule RULE] [-j N] [--summary-only] [--ast] [--exit-zero] [--no-header] [--no-place] [--column N] [--input lines|cdx|cdxj|warc|parquet [--parquet-column NAME]] [--summary-format text|json] [--progress] [FILE|-]...
//	urlgrammar extract [-g ID] [--format text|jsonl|sarif|github] [--ast] [--exit-zero] [--only valid|invalid] [--relative] [--scheme LIST] [--max-length N] [--progress] [FILE|-]...
//	urlgrammar diff [-g A] [-g B] [--rule R|--rules RA,RB] [--scheme S] [--witnesses N] [--format text|jsonl] [--only PARTITION] [-j N] [--progress] [FILE|-]...
//	urlgrammar summary merge [--json] FILE...
//	urlgrammar match [-g ID] [--json] [--exit-zero] RULE [INPUT|-]...
//	urlgrammar resolve [-g ID] [--algorithm 2003|1997|2396|3986] [--dots keep|remove|error] [--compat] [--json] [--exit-zero] BASE [REF|-]...
//	urlgrammar normalize [-g ID] [--level syntax|scheme] [--dots keep|remove|error] [--nfc] [--changes] [--json] [--exit-zero] [INPUT|-]...
//	urlgrammar key [-g ID] [--kind surt|domain] [--json] [--exit-zero] [INPUT|-]...
//	urlgrammar equal [-g ID] [--level string|syntax|scheme] [--ignore-fragment] [--json] A B
//	urlgrammar iri2uri [--encode-ascii] [--idna] [--json] [--exit-zero] [INPUT|-]...
//	urlgrammar uri2iri [--json] [--exit-zero] [INPUT|-]...
//	urlgrammar rules [-g ID] [--json]
//	urlgrammar diagram [-g ID] [-o DIR] [RULE...]
//	urlgrammar serve [--addr ADDRESS]
//	urlgrammar grammars [--json|--schemes]
//	urlgrammar help [COMMAND]
//	urlgrammar version
//	urlgrammar completion bash|zsh|fish
//	urlgrammar man
//
// A command that takes inputs reads them from standard input, one per line, when given none
// or "-" (diff with no FILE compares two grammars). Exit status, the same in every command: 0
// when every input is valid (equal: the two are equivalent; diff: the grammars agree), 1 when
// some input is invalid (equal: different, or not comparable; diff: they differ), 2 on a
// usage error or I/O trouble (an input that cannot be read, a failed write), 130 when
// interrupted by SIGINT or SIGTERM. A closed output pipe ends a command quietly, as it ends
// other Unix filters.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/urlgrammar/urlgrammar"
	_ "github.com/urlgrammar/urlgrammar/grammars/all" // every bundled grammar, by its id
	"golang.org/x/net/idna"
)

// Exit statuses.
const (
	exitOK          = 0
	exitInvalid     = 1
	exitUsage       = 2 // also I/O trouble
	exitInterrupted = 130
	exitPipe        = 128 + 13 // what a shell reports for a filter killed by SIGPIPE
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := runContext(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// env is what a command runs with.
type env struct {
	ctx    context.Context
	stdin  io.Reader
	out    *output // standard output
	stderr io.Writer
	cmd    *command
	// writeReported is set once a failed write has been reported.
	writeReported bool
	// onHelp, when set, receives a command's flags instead of the help being printed: the
	// completion scripts and the man page are made from the commands' own flags.
	onHelp func(fs *flag.FlagSet)
}

type command struct {
	name     string
	synopsis string // the arguments after the name
	summary  string // one line
	help     string // paragraphs after the summary in `help NAME`
	run      func(e *env, args []string) int
}

var commands []*command

func init() {
	commands = []*command{
		{"parse", "[-g ID] [--json] [--exit-zero] [INPUT|-]...", "parse inputs and print their trees (--json: one JSON object per input)", helpInputs, runParse},
		{"check", "[-g ID[,ID...]|all] [--format text|jsonl|tsv|sarif|github] [--warn LIST [--fail-on-warning]] [--rule RULE] [-j N] [--summary-only] [--ast] [--exit-zero] [--no-header] [--no-place] [--column N] [--input lines|cdx|cdxj|warc|parquet [--parquet-column NAME]] [--summary-format text|json] [--progress] [FILE|-]...",
			"check every line of files (or stdin) against a grammar", helpCheck, runCheck},
		{"extract", "[-g ID] [--format text|jsonl|sarif|github] [--ast] [--exit-zero] [--only valid|invalid] [--relative] [--scheme LIST] [--max-length N] [--progress] [FILE|-]...",
			"find the URI references in text (Appendix E, Markdown, HTML, logs) and check each", helpExtract, runExtract},
		{"diff", "[-g A] [-g B] [--rule R|--rules RA,RB] [--scheme S] [--witnesses N] [--format text|jsonl] [--only PARTITION] [-j N] [--progress] [FILE|-]...",
			"compare two grammars exactly (shortest witnesses each way), or on the lines of files", helpDiff, runDiff},
		{"summary", "merge [--json] FILE...", "add up the JSON summaries of check runs over the shards of an input (check --summary-format json)", helpSummary, runSummary},
		{"match", "[-g ID] [--json] [--exit-zero] RULE [INPUT|-]...", "check inputs against one rule of a grammar", helpInputs, runMatch},
		{"resolve", "[-g ID] [--algorithm 2003|1997|2396|3986] [--dots keep|remove|error] [--compat] [--json] [--exit-zero] BASE [REF|-]...",
			"resolve references against a base URI (section 5.2)", helpInputs, runResolve},
		{"normalize", "[-g ID] [--level syntax|scheme] [--dots keep|remove|error] [--nfc] [--changes] [--json] [--exit-zero] [INPUT|-]...",
			"print the normal form of each input (section 6.2.2, 6.2.3)", helpInputs, runNormalize},
		{"key", "[-g ID] [--kind surt|domain] [--json] [--exit-zero] [INPUT|-]...",
			"print a dedup key of each absolute URI: its SURT, or its registrable domain", helpKey, runKey},
		{"equal", "[-g ID] [--level string|syntax|scheme] [--ignore-fragment] [--json] A B",
			"compare two URIs on the comparison ladder; exit 0 when equivalent (section 6.2)",
			"Exit status 1 when they differ, or when one of them is not a valid absolute URI.", runEqual},
		{"iri2uri", "[--encode-ascii] [--idna] [--json] [--exit-zero] [INPUT|-]...", "map IRIs to URIs (RFC 3987 section 3.1)", helpIRI2URI, runIRI2URI},
		{"uri2iri", "[--json] [--exit-zero] [INPUT|-]...", "convert URIs to IRIs (RFC 3987 section 3.2)", helpURI2IRI, runURI2IRI},
		{"rules", "[-g ID] [--json]", "list the rules of a grammar", "", runRules},
		{"diagram", "[-g ID] [-o DIR] [RULE...]", "draw railroad diagrams of a grammar's rules (SVG, or one HTML page)", helpDiagram, runDiagram},
		{"serve", "[--addr ADDRESS]", "serve the playground page: parse, check, resolve and diagrams in a browser", helpServe, runServe},
		{"grammars", "[--json|--schemes]", "list the grammars", "", runGrammars},
		{"help", "[COMMAND]", "show the help of urlgrammar or of a command", "", runHelp},
		{"version", "", "print the version of urlgrammar", "", runVersion},
		{"completion", "bash|zsh|fish", "print a shell completion script, made from the commands' own flags", helpCompletion, runCompletion},
		{"man", "", "print the manual page, urlgrammar(1), made from the commands' own help", helpMan, runMan},
	}
}

const helpInputs = "With no INPUT, or with \"-\", the inputs are read from standard input, one per line."

const helpKey = `surt (the default): the normal form (normalize --level scheme) without the fragment, the
host's labels reversed, as Heritrix and the Internet Archive write a SURT:
http://(com,example,www,:8080@user)/a?q. References equal by RFC 3986 section 6.2 get one key;
references with different normal forms never share one. domain: the registrable domain of
the host (the Public Suffix List), an IP address as it is: a grouping key, not a dedup key.
` + helpInputs

const helpCheck = `Every input line gets exactly one record, in input order, also with -j workers. A file that
cannot be opened or read gets one error record at its place and the other files are still
checked; a summary goes to standard error. With several grammars (-g all, every registered
one, or -g ID,ID,...), a line is valid when some grammar accepts it, and the summary counts
each grammar.`

const exitStatusHelp = "exit status: 0 all inputs valid, 1 some input invalid, 2 usage or I/O trouble, 130 interrupted"

// exitHelp is the exit-status line of a command's help: what its statuses mean for it.
func exitHelp(name string) string {
	switch name {
	case "diff":
		return "exit status: 0 the grammars agree (as languages, or on every line), 1 they differ, 2 usage or I/O trouble, 130 interrupted"
	case "equal":
		return "exit status: 0 equivalent, 1 different (or an input that is not a valid absolute URI), 2 usage trouble"
	case "serve":
		return "exit status: 130 interrupted (the way to stop it), 2 usage trouble or an address it cannot listen on"
	case "rules", "grammars", "version", "help", "diagram", "completion", "man":
		return "exit status: 0 done, 2 usage or I/O trouble"
	}
	return exitStatusHelp
}

// run is runContext without cancellation (tests).
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runContext(context.Background(), args, stdin, stdout, stderr)
}

// runContext runs the command line args. Cancelling ctx (SIGINT, SIGTERM) stops the command
// between records: what was done is flushed, and the status is 130.
func runContext(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{ctx: ctx, stdin: stdin, out: newOutput(stdout), stderr: stderr}
	code := e.dispatch(args)
	if err := e.out.Flush(); err != nil && code != exitPipe {
		code = e.writeFailed(err)
	}
	if code != exitPipe && code != exitUsage && ctx.Err() != nil {
		code = exitInterrupted
	}
	return code
}

func (e *env) dispatch(args []string) int {
	if len(args) == 0 {
		usage(e.stderr)
		return exitUsage
	}
	switch args[0] {
	case "-h", "--help":
		usage(e.out)
		return exitOK
	case "--version":
		args = []string{"version"}
	}
	c := lookupCommand(args[0])
	if c == nil {
		fmt.Fprintf(e.stderr, "urlgrammar: unknown command %q\nRun 'urlgrammar help' for the list of commands.\n", args[0])
		return exitUsage
	}
	e.cmd = c
	return c.run(e, args[1:])
}

// streamingGC sets the collector's target to 400% (GOGC=400) for a command that streams
// lines (check, diff, extract), unless the user set GOGC, and returns what restores it. Such a
// command holds little (a few batches of lines), so at the default 100% the collector ran
// every few megabytes and took a third of the time: on 1,000,000 text-shaped lines, check -j 1
// took 0.60-0.62 s at 100% and 0.41-0.42 s at 400% (jsonl 0.86-0.88 s and 0.78 s, extract
// 1.03 s and 0.93 s), for 10 to 15 MB more of RSS (24 MB and 34-37 MB).
func streamingGC() (restore func()) {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	old := debug.SetGCPercent(400)
	return func() { debug.SetGCPercent(old) }
}

func lookupCommand(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: urlgrammar COMMAND [flags] [args]")
	fmt.Fprintln(w, "\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "\ngrammars (-g): %s (default %s)\n", strings.Join(urlgrammar.IDs(), ", "), urlgrammar.DefaultGrammar)
	fmt.Fprintln(w, "Run 'urlgrammar help COMMAND' for the flags and the exit statuses of a command.")
	fmt.Fprintln(w, exitStatusHelp)
}

func runHelp(e *env, args []string) int {
	fs := e.flags()
	pos, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	switch len(pos) {
	case 0:
		usage(e.out)
		return exitOK
	case 1:
		c := lookupCommand(pos[0])
		if c == nil {
			return e.usageError("unknown command %q", pos[0])
		}
		e.cmd = c
		return c.run(e, []string{"--help"})
	}
	return e.usageError("help takes at most one command")
}

func runVersion(e *env, args []string) int {
	fs := e.flags()
	pos, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return e.usageError("version takes no arguments")
	}
	// The Unicode version of the IDNA tables: what the WHATWG host reading (--warn
	// confusion, whatwg-url's valid-domain, iri2uri --idna) maps by, which depends on the Go
	// it was built with.
	fmt.Fprintf(e.out, "urlgrammar %s (%s, UTS 46 of Unicode %s)\n", version(), runtime.Version(), idna.UnicodeVersion)
	return exitOK
}

// version is the module version from the build information: a release tag for an
// installed release, a pseudo-version or "(devel)" for a build from a checkout, with the VCS
// revision when the build recorded one.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = "+dirty"
			}
		}
	}
	if rev != "" && !strings.Contains(v, rev[:min(12, len(rev))]) {
		v += " " + rev[:min(12, len(rev))] + modified
	}
	return v
}

// flags returns the flag set of the running command. Its own output is discarded: parse
// prints help and errors.
func (e *env) flags() *flag.FlagSet {
	fs := flag.NewFlagSet(e.cmd.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parse parses a command's flags, allowing flags after the positional arguments too
// ("parse URL --json"); everything after "--" is positional. It reports false, with the exit
// status, after printing the help (-h, --help: on stdout, status 0) or a usage error.
func (e *env) parse(fs *flag.FlagSet, args []string) ([]string, int, bool) {
	var pos, rest []string
	for i, a := range args {
		if a == "--" {
			args, rest = args[:i], args[i+1:]
			break
		}
	}
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				e.printHelp(fs)
				return nil, exitOK, false
			}
			return nil, e.usageError("%v", err), false
		}
		args = fs.Args()
		if len(args) == 0 {
			return append(pos, rest...), 0, true
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func (e *env) printHelp(fs *flag.FlagSet) {
	if e.onHelp != nil {
		e.onHelp(fs)
		return
	}
	c := e.cmd
	fmt.Fprintf(e.out, "usage: %s\n\n%s.\n", strings.TrimSpace("urlgrammar "+c.name+" "+c.synopsis), capitalize(c.summary))
	if c.help != "" {
		fmt.Fprintf(e.out, "\n%s\n", c.help)
	}
	has := false
	fs.VisitAll(func(*flag.Flag) { has = true })
	if has {
		fmt.Fprintln(e.out, "\nflags:")
		fs.SetOutput(e.out)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	fmt.Fprintf(e.out, "\n%s\n", exitHelp(c.name))
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// usageError prints a usage error of the running command and returns exitUsage.
func (e *env) usageError(format string, args ...any) int {
	name := "urlgrammar"
	if e.cmd != nil {
		name += " " + e.cmd.name
	}
	fmt.Fprintf(e.stderr, "%s: %s\n", name, fmt.Sprintf(format, args...))
	if e.cmd != nil {
		fmt.Fprintf(e.stderr, "usage: %s\nRun 'urlgrammar help %s' for details.\n", strings.TrimSpace("urlgrammar "+e.cmd.name+" "+e.cmd.synopsis), e.cmd.name)
	}
	return exitUsage
}

// fail prints an error of the running command that is not a usage error (I/O trouble) and
// returns exitUsage.
func (e *env) fail(err error) int {
	fmt.Fprintf(e.stderr, "urlgrammar %s: %v\n", e.cmd.name, err)
	return exitUsage
}

// writeFailed reports a failed write to standard output: quietly for a closed pipe, as a
// filter ends, and as an error otherwise.
func (e *env) writeFailed(err error) int {
	if errors.Is(err, syscall.EPIPE) {
		return exitPipe
	}
	if e.writeReported {
		return exitUsage
	}
	e.writeReported = true
	name := "urlgrammar"
	if e.cmd != nil {
		name += " " + e.cmd.name
	}
	fmt.Fprintf(e.stderr, "%s: writing the output: %v\n", name, err)
	return exitUsage
}

// grammarFlag adds -g to fs.
func grammarFlag(fs *flag.FlagSet) *string {
	return fs.String("g", urlgrammar.DefaultGrammar, "grammar `ID` ("+strings.Join(urlgrammar.IDs(), ", ")+")")
}

// jsonFlag is --json for the commands whose records can be JSON.
func jsonFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("json", false, "print JSON: one object per input, one per line")
}

// genericGrammarFlag is -g for the commands that take only generic grammars (resolve,
// normalize, equal): its help lists those alone.
func genericGrammarFlag(fs *flag.FlagSet) *string {
	var ids []string
	for _, id := range urlgrammar.IDs() {
		if urlgrammar.MustLookup(id).Generic() {
			ids = append(ids, id)
		}
	}
	return fs.String("g", urlgrammar.DefaultGrammar, "grammar `ID` of generic references ("+strings.Join(ids, ", ")+")")
}

// lookupGrammar resolves -g, printing a usage error for an unknown id.
func (e *env) lookupGrammar(id string) (*urlgrammar.Grammar, bool) {
	g, err := urlgrammar.Lookup(id)
	if err != nil {
		e.usageError("%v", err)
		return nil, false
	}
	return g, true
}

// requireGeneric reports whether g's trees are generic URI references, which resolve,
// normalize and equal need, and prints the usage error when they are not.
func (e *env) requireGeneric(g *urlgrammar.Grammar) bool {
	if g.Generic() {
		return true
	}
	var generic []string
	for _, id := range urlgrammar.IDs() {
		if urlgrammar.MustLookup(id).Generic() {
			generic = append(generic, id)
		}
	}
	e.usageError("grammar %s does not define references to resolve, normalize or compare; use %s",
		g.ID(), strings.Join(generic, " or "))
	return false
}
