package main

import (
	"flag"
	"io"
	"os"
	"strings"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/check"
	"github.com/urlgrammar/urlgrammar/warn"
	"golang.org/x/term"
)

// runCheck is the conformance checker, a shell over package check: every input line gets
// exactly one record, in input order (also with -j workers), and a summary goes to stderr.
func runCheck(e *env, args []string) int {
	fs := e.flags()
	gid := fs.String("g", urlgrammar.DefaultGrammar, "grammar `ID` ("+strings.Join(urlgrammar.IDs(), ", ")+"), several as ID,ID,..., or all")
	formatName := fs.String("format", "text", "output `format`: text (invalid lines with a caret), jsonl (one record a line), tsv, sarif (a SARIF 2.1.0 log), github (GitHub Actions annotations)")
	warnList := fs.String("warn", "none", "warnings to report (section 7 security considerations; RFC 3987 4.1, 4.2, 8; the scheme RFCs' advice): all, none, or a comma `list` of "+kindList())
	jobs := fs.Int("j", 1, "parse with `N` workers (0: one per CPU; at most four per CPU); output order stays the input order")
	summaryOnly := fs.Bool("summary-only", false, "print only the summary")
	failOnWarning := fs.Bool("fail-on-warning", false, "exit status 1 when some line has a warning (--warn), as when some line is invalid")
	exitZero := exitZeroFlag(fs)
	noHeader := fs.Bool("no-header", false, "no tsv header row: one output line per input line (for engines that pipe lines through)")
	inputName := fs.String("input", "lines", "how the inputs hold their URLs: `lines`, cdx or cdxj (index lines), warc (the WARC-Target-URI of each record), parquet (a column of each row: --parquet-column)")
	parquetColumn := fs.String("parquet-column", check.DefaultParquetColumn, "with --input parquet: the `NAME` of the URLs' column (a.b for a nested one)")
	withAST := fs.Bool("ast", false, "jsonl: add each valid line's tree (the \"ast\" of parse --json), which is most of a record")
	summaryFormat := fs.String("summary-format", "text", "the summary on stderr: text, or json (what summary merge adds up)")
	noPlace := fs.Bool("no-place", false, "no file and line in jsonl and tsv records: the outputs of the parts of a split input join to the whole's")
	column := fs.Int("column", 0, "the lines are tab-separated and the URL is column `N` (1-based); the other columns pass through to the records")
	rule := fs.String("rule", "", "check the lines against `RULE` instead of the start rule, as match does (text format only)")
	progress := fs.Bool("progress", isTerminal(e.stderr), "show a progress line on stderr (default: when stderr is a terminal)")
	files, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	cfg := check.Config{Colour: isTerminal(e.out.w) && os.Getenv("NO_COLOR") == "", Jobs: *jobs, Stdin: e.stdin,
		Paused: e.out.flush} // a slow input's records go out as its lines come
	ids := strings.Split(*gid, ",")
	if *gid == "all" {
		ids = urlgrammar.IDs()
	}
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			return e.usageError("-g %s: the grammar %s is named twice", *gid, id)
		}
		seen[id] = true
		g, ok := e.lookupGrammar(id)
		if !ok {
			return exitUsage
		}
		cfg.Grammars = append(cfg.Grammars, g)
	}
	input, err := check.ParseInputFormat(*inputName)
	if err != nil {
		return e.usageError("%v", err)
	}
	cfg.Input = input
	cfg.ParquetColumn = *parquetColumn
	if cfg.Input != check.LineInput && *column > 0 {
		return e.usageError("--column is for tab-separated lines, not --input %s", *inputName)
	}
	if *summaryFormat != "text" && *summaryFormat != "json" {
		return e.usageError("unknown --summary-format %q (text, json)", *summaryFormat)
	}
	if *column < 0 {
		return e.usageError("--column %d: columns are numbered from 1", *column)
	}
	cfg.Column, cfg.NoHeader, cfg.NoPlace, cfg.AST = *column, *noHeader, *noPlace, *withAST
	if cfg.Format, err = check.ParseFormat(*formatName); err != nil {
		return e.usageError("%v", err)
	}
	if *summaryOnly {
		cfg.Format = check.NoFormat
	}
	if cfg.Warnings, err = warn.ParseSet(*warnList); err != nil {
		return e.usageError("%v", err)
	}
	if *failOnWarning && len(cfg.Warnings) == 0 {
		return e.usageError("--fail-on-warning needs --warn (the warnings to fail on)")
	}
	if *rule != "" {
		if cfg.Format != check.Text && cfg.Format != check.NoFormat || len(cfg.Warnings) > 0 {
			return e.usageError("--rule checks lines without building trees: only the text format, and no --warn")
		}
		for _, g := range cfg.Grammars {
			if !g.HasRule(*rule) {
				return e.usageError("%v", &urlgrammar.UnknownRuleError{Grammar: g.ID(), Rule: *rule})
			}
			cfg.Rules = append(cfg.Rules, *rule)
		}
	}
	if *jobs < 0 {
		return e.usageError("-j %d: the number of workers cannot be negative", *jobs)
	}
	defer streamingGC()()
	if len(files) == 0 {
		files = []string{"-"}
	}
	out := check.NewWriter(e.out, cfg) // the format's header now, its end at Close
	var prog *progressLine
	if *progress {
		prog = startProgress(e.stderr, "lines", inputSize(files))
	}
	// Each batch of lines is written in one piece; the progress line counts its records.
	var count func(*check.Record) error
	if prog != nil {
		count = func(r *check.Record) error { prog.addRecord(r); return nil }
	}
	sum, err := out.Run(e.ctx, check.Files(files...), count)
	prog.stop()
	if err == nil {
		out.Close()
		err = e.out.Err()
	}
	if err != nil {
		return e.writeFailed(err)
	}
	if err := e.out.Flush(); err != nil {
		return e.writeFailed(err)
	}
	if *summaryFormat == "json" {
		e.stderr.Write(check.AppendJSON(nil, sum))
	} else {
		sum.Print(e.stderr)
	}
	warned := false
	for _, n := range sum.Warnings {
		warned = warned || n > 0
	}
	return runStatus(sum.Interrupted, sum.IOErrors, !*exitZero && (sum.Invalid > 0 || *failOnWarning && warned))
}

// exitZeroFlag is --exit-zero: an engine (Spark's pipe, Hadoop Streaming) fails a task on a
// non-zero status, so the verdicts live in the records alone; I/O trouble is still 2.
func exitZeroFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("exit-zero", false, "exit status 0 even when some input is invalid: the verdicts are in the records (I/O trouble is still 2, an interrupt 130)")
}

// runStatus is the exit status of a run over input files: interrupted, then I/O trouble,
// then some input invalid (or, for diff, some line accepted by one grammar only).
func runStatus(interrupted bool, ioErrors int, invalid bool) int {
	switch {
	case interrupted:
		return exitInterrupted
	case ioErrors > 0:
		return exitUsage
	case invalid:
		return exitInvalid
	}
	return exitOK
}

func kindList() string {
	names := make([]string, len(warn.All))
	for i, k := range warn.All {
		names[i] = string(k)
	}
	return strings.Join(names, ", ")
}

// isTerminal reports whether w is a terminal. A character device is not enough: /dev/null
// is one, and output sent there (as a timing run sends it) got colours and a progress line.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
