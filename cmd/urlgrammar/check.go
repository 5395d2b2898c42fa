package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/warn"
)

// checkConfig is what check needs to turn one input line into its output.
type checkConfig struct {
	grammars []*urlgrammar.Grammar // one, or every grammar for -g all
	all      bool
	format   string
	warnings warn.Set
	colour   bool
}

// lineResult is the checked form of one input line.
type lineResult struct {
	out      []byte   // what the line prints (may be empty)
	valid    bool     // accepted (with -g all: by at least one grammar)
	failKey  string   // summary key of an invalid line
	warnings []string // kinds of the warnings it got
}

// runCheck is the conformance checker: every input line gets exactly one result, in input
// order (also with -j workers), and a summary goes to stderr.
func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("check", "[-g ID|all] [--format text|jsonl|tsv] [--warn LIST] [-j N] [--summary-only] [FILE|-]...", stderr)
	gid := fs.String("g", urlgrammar.DefaultGrammar, "grammar `ID` ("+strings.Join(urlgrammar.IDs(), ", ")+"), or all")
	format := fs.String("format", "text", "output `format`: text (invalid lines with a caret), jsonl (one record a line), tsv")
	warnList := fs.String("warn", "none", "section 7 warnings to report: all, none, or a comma list of "+kindList())
	jobs := fs.Int("j", 1, "parse with `N` workers (0: one per CPU); output order stays the input order")
	summaryOnly := fs.Bool("summary-only", false, "print only the summary")
	progress := fs.Bool("progress", isTerminal(stderr), "show a progress line on stderr (default: when stderr is a terminal)")
	files, ok := parseFlags(fs, args)
	if !ok {
		return exitUsage
	}
	cfg := checkConfig{format: *format, colour: isTerminal(stdout) && os.Getenv("NO_COLOR") == ""}
	if *gid == "all" {
		cfg.all = true
		for _, id := range urlgrammar.IDs() {
			cfg.grammars = append(cfg.grammars, urlgrammar.MustLookup(id))
		}
	} else {
		g, ok := lookupGrammar(*gid, stderr)
		if !ok {
			return exitUsage
		}
		cfg.grammars = []*urlgrammar.Grammar{g}
	}
	switch cfg.format {
	case "text", "jsonl", "tsv":
	default:
		fmt.Fprintf(stderr, "urlgrammar check: unknown format %q (text, jsonl, tsv)\n", cfg.format)
		return exitUsage
	}
	var err error
	if cfg.warnings, err = warn.ParseSet(*warnList); err != nil {
		fmt.Fprintln(stderr, "urlgrammar check:", err)
		return exitUsage
	}
	if *jobs <= 0 {
		*jobs = runtime.NumCPU()
	}
	if *jobs > 1 && os.Getenv("GOGC") == "" {
		// The pigeon parser allocates at a high rate, and with the default GC target the
		// workers spend their time waiting on the collector: measured on 1M lines, -j 2 was
		// 1.2x -j 1 at GOGC=100 and 1.8x at 400. Memory stays bounded (tens of MB).
		defer debug.SetGCPercent(debug.SetGCPercent(400))
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	w := bufio.NewWriterSize(stdout, 64*1024)
	if cfg.format == "tsv" && !*summaryOnly {
		if cfg.all {
			fmt.Fprintln(w, "file\tline\taccepted\tinput")
		} else {
			fmt.Fprintln(w, "file\tline\tstatus\tcolumn\trule\tmessage\twarnings\tinput")
		}
	}
	var sum summary
	var prog *progressLine
	if *progress {
		prog = startProgress(stderr)
	}
	for _, file := range files {
		name, r := file, stdin
		if file == "-" {
			name = "<stdin>"
		} else {
			f, err := os.Open(file)
			if err != nil {
				prog.stop()
				fmt.Fprintln(stderr, "urlgrammar check:", err)
				return exitUsage
			}
			defer f.Close()
			r = f
		}
		err := checkStream(r, name, cfg, *jobs, func(res *lineResult) error {
			sum.add(res)
			prog.add(res.valid)
			if *summaryOnly {
				return nil
			}
			_, err := w.Write(res.out)
			return err
		})
		if err != nil {
			prog.stop()
			fmt.Fprintf(stderr, "urlgrammar check: %s: %v\n", name, err)
			return exitUsage
		}
	}
	prog.stop()
	if err := w.Flush(); err != nil {
		fmt.Fprintln(stderr, "urlgrammar check:", err)
		return exitUsage
	}
	label := cfg.grammars[0].ID()
	if cfg.all {
		label = "all grammars"
	}
	sum.print(stderr, label)
	if sum.invalid > 0 {
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

// batch is a run of consecutive lines checked by one worker.
type batch struct {
	lines   []inputLine
	results []lineResult
	done    chan struct{}
}

type inputLine struct {
	n       int
	text    string
	tooLong bool
}

// checkStream checks every line of r with jobs workers and passes the results to emit in
// input order. Lines travel in batches (at most 256 lines or 1 MiB of text), and at most
// 2*jobs batches are in flight, so memory stays bounded by the batch size.
func checkStream(r io.Reader, name string, cfg checkConfig, jobs int, emit func(*lineResult) error) error {
	work := make(chan *batch, jobs)
	order := make(chan *batch, 2*jobs)
	for i := 0; i < jobs; i++ {
		go func() {
			// Each worker has a Parser per grammar: checkLine renders a line's trees before it
			// parses the next line, so one tree's memory serves every line.
			parsers := make([]*urlgrammar.Parser, len(cfg.grammars))
			for i, g := range cfg.grammars {
				parsers[i] = g.NewParser()
			}
			for b := range work {
				b.results = make([]lineResult, len(b.lines))
				for i, l := range b.lines {
					b.results[i] = checkLine(name, l, cfg, parsers)
				}
				close(b.done)
			}
		}()
	}
	readErr := make(chan error, 1)
	stop := make(chan struct{})
	go func() {
		defer close(order)
		defer close(work)
		cur := &batch{done: make(chan struct{})}
		size := 0
		send := func() bool {
			select {
			case order <- cur:
			case <-stop:
				return false
			}
			work <- cur
			cur, size = &batch{done: make(chan struct{})}, 0
			return true
		}
		err := eachLine(r, urlgrammar.MaxInputLength, func(n int, text string, tooLong bool) error {
			cur.lines = append(cur.lines, inputLine{n, text, tooLong})
			size += len(text)
			if len(cur.lines) == 256 || size >= 1<<20 {
				if !send() {
					return errStopped
				}
			}
			return nil
		})
		if err == nil && len(cur.lines) > 0 {
			send()
		}
		readErr <- err
	}()
	var emitErr error
	for b := range order {
		<-b.done
		for i := range b.results {
			if emitErr == nil {
				if emitErr = emit(&b.results[i]); emitErr != nil {
					close(stop)
				}
			}
		}
	}
	if err := <-readErr; err != nil && err != errStopped {
		return err
	}
	return emitErr
}

var errStopped = errors.New("stopped")

// checkLine parses one line with every configured grammar, parsers[i] parsing with
// cfg.grammars[i], and renders its output; the trees are not used after it returns.
func checkLine(file string, l inputLine, cfg checkConfig, parsers []*urlgrammar.Parser) lineResult {
	type outcome struct {
		g    *urlgrammar.Grammar
		tree ast.Root
		err  error
	}
	outs := make([]outcome, len(cfg.grammars))
	var res lineResult
	// Only jsonl records and warnings use the tree of a valid line: otherwise the DFA's
	// verdict is enough, and a grammar without a fast path does not run its PEG parser on
	// the (usually many) valid lines.
	needTree := cfg.format == "jsonl" || len(cfg.warnings) > 0
	for i, g := range cfg.grammars {
		o := outcome{g: g}
		switch {
		case l.tooLong:
			o.err = fmt.Errorf("line too long: over %d bytes, not checked", urlgrammar.MaxInputLength)
		case !needTree && g.Valid(l.text):
		default:
			o.tree, o.err = parsers[i].Parse(l.text)
		}
		outs[i] = o
		res.valid = res.valid || o.err == nil
	}
	var ws []warn.Warning
	if len(cfg.warnings) > 0 {
		for _, o := range outs {
			if ref, ok := o.tree.(*ast.URIReference); ok && o.err == nil {
				ws = warn.Check(ref, cfg.warnings)
				break
			}
		}
	}
	for _, w := range ws {
		res.warnings = append(res.warnings, string(w.Kind))
	}
	if !res.valid {
		res.failKey = failureKey(outs[0].err)
		if cfg.all {
			res.failKey = "rejected by every grammar"
		}
	}
	var b bytes.Buffer
	switch cfg.format {
	case "jsonl":
		if cfg.all {
			rec := allRecord{Line: l.n, Input: l.text, Accepted: []string{}, Warnings: ws}
			for _, o := range outs {
				if o.err == nil {
					rec.Accepted = append(rec.Accepted, o.g.ID())
				}
				rec.Results = append(rec.Results, record(o.g, l.text, o.tree, o.err))
			}
			writeJSON(&b, rec)
		} else {
			rec := record(outs[0].g, l.text, outs[0].tree, outs[0].err)
			setLine(rec, l.n)
			setWarnings(rec, ws)
			writeJSON(&b, rec)
		}
	case "tsv":
		if cfg.all {
			var acc []string
			for _, o := range outs {
				if o.err == nil {
					acc = append(acc, o.g.ID())
				}
			}
			fmt.Fprintf(&b, "%s\t%d\t%s\t%s\n", tsvField(file), l.n, strings.Join(acc, ","), tsvField(l.text))
			break
		}
		status, col, rule, msg := "valid", "", "", ""
		if err := outs[0].err; err != nil {
			status, msg = "invalid", err.Error()
			var se *urlgrammar.SyntaxError
			if errors.As(err, &se) {
				col, rule, msg = strconv.Itoa(se.Column), se.Rule, se.Msg
			}
		}
		fmt.Fprintf(&b, "%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\n", tsvField(file), l.n, status, col, rule,
			tsvField(msg), strings.Join(res.warnings, ","), tsvField(l.text))
	default:
		paint := painter(cfg.colour)
		for _, o := range outs {
			if o.err == nil {
				continue
			}
			prefix := fmt.Sprintf("%s:%d:", file, l.n)
			if cfg.all {
				prefix += " " + o.g.ID() + ":"
			}
			var se *urlgrammar.SyntaxError
			if errors.As(o.err, &se) {
				fmt.Fprintf(&b, "%s %s\n%s\n", paint(bold, fmt.Sprintf("%s%d:", prefix, se.Column)),
					paint(red, se.Msg), paint(green, se.Caret()))
			} else {
				fmt.Fprintf(&b, "%s %s\n", paint(bold, prefix), paint(red, o.err.Error()))
			}
		}
		for _, w := range ws {
			line, col := l.n, w.Offset+1
			fmt.Fprintf(&b, "%s %s\n", paint(bold, fmt.Sprintf("%s:%d:%d:", file, line, col)), paint(yellow, w.String()))
		}
		if cfg.all && res.valid {
			var acc []string
			for _, o := range outs {
				if o.err == nil {
					acc = append(acc, o.g.ID())
				}
			}
			if len(acc) < len(outs) {
				fmt.Fprintf(&b, "%s:%d: accepted by %s\n", file, l.n, strings.Join(acc, ", "))
			}
		}
	}
	res.out = b.Bytes()
	return res
}

// allRecord is the jsonl record of -g all: which grammars accept the line, and each one's
// parse --json object.
type allRecord struct {
	Line     int            `json:"line"`
	Input    string         `json:"input"`
	Accepted []string       `json:"accepted"`
	Warnings []warn.Warning `json:"warnings,omitempty"`
	Results  []any          `json:"results"`
}

func failureKey(err error) string {
	var se *urlgrammar.SyntaxError
	if errors.As(err, &se) {
		return se.Msg
	}
	return err.Error()
}

// eachLine calls fn for every line of r, numbered from 1, without its line ending ("\n" or
// "\r\n"). A line longer than max bytes is passed truncated to max with tooLong set; memory
// stays bounded by max. A last line without a newline is still a line; an empty input has none.
func eachLine(r io.Reader, max int, fn func(line int, text string, tooLong bool) error) error {
	br := bufio.NewReaderSize(r, 64*1024)
	var buf []byte
	n := 0
	for {
		chunk, err := br.ReadSlice('\n')
		if len(buf)+len(chunk) <= max+2 { // room for "\r\n"
			buf = append(buf, chunk...)
		} else if len(buf) < max+2 {
			buf = append(buf, chunk[:max+2-len(buf)]...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && err != io.EOF {
			return err
		}
		if len(buf) > 0 || err == nil {
			n++
			text := strings.TrimSuffix(strings.TrimSuffix(string(buf), "\n"), "\r")
			tooLong := len(text) > max
			if tooLong {
				text = text[:max]
			}
			if ferr := fn(n, text, tooLong); ferr != nil {
				return ferr
			}
		}
		buf = buf[:0]
		if err == io.EOF {
			return nil
		}
	}
}

// tsvField escapes the characters that would break a TSV row.
func tsvField(s string) string {
	return strings.NewReplacer(`\`, `\\`, "\t", `\t`, "\n", `\n`, "\r", `\r`).Replace(s)
}

// summary counts results, the most frequent failures and the warnings.
type summary struct {
	valid, invalid int
	failures       map[string]int
	warnings       map[string]int
}

func (s *summary) add(r *lineResult) {
	for _, w := range r.warnings {
		if s.warnings == nil {
			s.warnings = map[string]int{}
		}
		s.warnings[w]++
	}
	if r.valid {
		s.valid++
		return
	}
	s.invalid++
	if s.failures == nil {
		s.failures = map[string]int{}
	}
	s.failures[r.failKey]++
}

func (s *summary) print(w io.Writer, label string) {
	fmt.Fprintf(w, "%s: %d lines, %d valid, %d invalid\n", label, s.valid+s.invalid, s.valid, s.invalid)
	printTop(w, "most frequent failures:", s.failures, 10)
	printTop(w, "warnings:", s.warnings, len(s.warnings))
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

// Terminal colours.
const (
	bold   = "1"
	red    = "31"
	green  = "32"
	yellow = "33"
)

// painter returns a function that wraps text in an ANSI colour when on is set.
func painter(on bool) func(code, s string) string {
	return func(code, s string) string {
		if !on {
			return s
		}
		return "\x1b[" + code + "m" + s + "\x1b[0m"
	}
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progressLine redraws "N lines, R lines/s, I invalid" on stderr twice a second. A nil
// *progressLine does nothing, so callers need no checks.
type progressLine struct {
	lines, invalid atomic.Int64
	start          time.Time
	w              io.Writer
	quit, done     chan struct{}
}

func startProgress(w io.Writer) *progressLine {
	p := &progressLine{start: time.Now(), w: w, quit: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(p.done)
		t := time.NewTicker(500 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				p.draw()
			case <-p.quit:
				fmt.Fprint(p.w, "\r\x1b[K")
				return
			}
		}
	}()
	return p
}

func (p *progressLine) draw() {
	n := p.lines.Load()
	rate := float64(n) / time.Since(p.start).Seconds()
	fmt.Fprintf(p.w, "\r\x1b[K%d lines, %.0f lines/s, %d invalid", n, rate, p.invalid.Load())
}

func (p *progressLine) add(valid bool) {
	if p == nil {
		return
	}
	p.lines.Add(1)
	if !valid {
		p.invalid.Add(1)
	}
}

func (p *progressLine) stop() {
	if p == nil {
		return
	}
	select {
	case <-p.quit:
	default:
		close(p.quit)
		<-p.done
	}
}
