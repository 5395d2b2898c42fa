// Command instructions counts the instructions that each call of the library executes per
// URL, beside those of net/url's counterpart on the same lines: a figure that what else the
// machine is doing does not move, as it moves a time (on this project's shared machine, by up
// to a half between two runs), so that two builds can be compared exactly, where timing them
// cannot tell a few percent apart.
//
// Each count is callgrind's (valgrind --tool=callgrind): the instructions executed while the
// call's loop runs, the call's own and those of the allocation and collection work it does
// on its goroutine. It is not a time: the collector's background work, a wait for memory and
// a mispredicted branch are not in it, so a ratio of counts is not a ratio of times (make
// bench and make peers measure those). Each call runs in a process of its own under
// valgrind, at GOMAXPROCS=1, over the lines of the corpus (internal/corpus, seed 1) that the
// grammar accepts, once unmeasured (lazy set-up, pools) and then -passes times measured.
//
// It prints a Markdown table: per grammar and call, the instructions per URL, and net/url's
// count over the call's (its counterpart: url.Parse for a parse, Parse and String for a
// normal form, ResolveReference and String for a resolution); for the grammars with views,
// Parse and then every accessor of the root view (Parse+views). make bench-instructions runs
// it, with valgrind installed when it is missing. Build it with go build: go run strips the
// binary of the symbols valgrind finds the measured function by.
//
//	go build -o instructions ./internal/cmd/instructions
//	./instructions [-n 2000] [-passes 2] [-g rfc3986,rfc2396bis-01,...] [-calls Valid,Parse,...] [-j 2]
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	_ "github.com/urlgrammar/urlgrammar/grammars/all"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/internal/rootviews"
	"github.com/urlgrammar/urlgrammar/resolve"
)

// defaultGrammars are the grammars measured unless -g names others.
const defaultGrammars = "rfc3986,rfc3987,rfc2396bis-01,url-syntax-05,rfc1738,url-1993,whatwg-url"

// resolveGrammars are the grammars whose resolve and normalize calls are measured as well:
// package resolve's default grammar and RFC 3986.
var resolveGrammars = []string{"rfc2396bis-01", "rfc3986"}

// resolveBase is the base of the Resolver rows, RFC 3986's example base (5.4).
const resolveBase = "http://a/b/c/d;p?q"

// A call is one measured loop body: it is given a line the grammar accepts.
type call struct {
	name     string
	baseline string // the call net/url's count is compared with ("" for a baseline)
	// prepare returns the loop body for the grammar and its lines (set-up is not counted).
	prepare func(g *urlgrammar.Grammar, lines []string) (func(i int), error)
}

var calls = []call{
	{name: "net/url.Parse", prepare: func(_ *urlgrammar.Grammar, lines []string) (func(int), error) {
		return func(i int) { _, _ = url.Parse(lines[i]) }, nil
	}},
	{name: "Valid", baseline: "net/url.Parse", prepare: func(g *urlgrammar.Grammar, lines []string) (func(int), error) {
		return func(i int) { _ = g.Valid(lines[i]) }, nil
	}},
	{name: "Parser.Parse", baseline: "net/url.Parse", prepare: func(g *urlgrammar.Grammar, lines []string) (func(int), error) {
		p := g.NewParser()
		return func(i int) { _, _ = p.Parse(lines[i]) }, nil
	}},
	{name: "Parse", baseline: "net/url.Parse", prepare: func(g *urlgrammar.Grammar, lines []string) (func(int), error) {
		return func(i int) { _, _ = g.Parse(lines[i]) }, nil
	}},
	{name: "Tree.Spans", baseline: "net/url.Parse", prepare: func(g *urlgrammar.Grammar, lines []string) (func(int), error) {
		trees := make([]ast.Tree, len(lines))
		for i, s := range lines {
			t, err := g.Parse(s)
			if err != nil {
				return nil, err
			}
			trees[i] = t
		}
		return func(i int) { _ = trees[i].Spans() }, nil
	}},
}

// viewCalls are measured for the grammars whose root view rootviews reads: Parse and then
// every accessor of the root view, whose count over the Parse row's is what the generated
// views add to a parse (docs/go.md, "Typed views").
var viewCalls = []call{
	{name: "Parse+views", baseline: "net/url.Parse", prepare: func(g *urlgrammar.Grammar, lines []string) (func(int), error) {
		id := g.ID()
		return func(i int) {
			t, _ := g.Parse(lines[i])
			viewsRead += rootviews.Read(id, &t)
		}, nil
	}},
}

// viewsRead keeps the views' reads from being left out by the compiler.
var viewsRead int

var resolveCalls = []call{
	{name: "net/url Parse+String", prepare: func(_ *urlgrammar.Grammar, lines []string) (func(int), error) {
		return func(i int) {
			if u, err := url.Parse(lines[i]); err == nil {
				_ = u.String()
			}
		}, nil
	}},
	{name: "NormalizeString", baseline: "net/url Parse+String", prepare: func(g *urlgrammar.Grammar, lines []string) (func(int), error) {
		opt := resolve.NormalizeOptions{Level: resolve.LevelScheme, Grammar: g}
		return func(i int) { _, _, _ = resolve.NormalizeString(lines[i], opt) }, nil
	}},
	{name: "NormalForm", baseline: "net/url Parse+String", prepare: func(g *urlgrammar.Grammar, lines []string) (func(int), error) {
		opt := resolve.NormalizeOptions{Level: resolve.LevelScheme, Grammar: g}
		return func(i int) { _, _ = resolve.NormalForm(lines[i], opt) }, nil
	}},
	{name: "net/url ResolveReference+String", prepare: func(_ *urlgrammar.Grammar, lines []string) (func(int), error) {
		base, err := url.Parse(resolveBase)
		if err != nil {
			return nil, err
		}
		return func(i int) {
			if u, err := url.Parse(lines[i]); err == nil {
				_ = base.ResolveReference(u).String()
			}
		}, nil
	}},
	{name: "Resolver.ResolveString", baseline: "net/url ResolveReference+String", prepare: func(g *urlgrammar.Grammar, lines []string) (func(int), error) {
		rs, err := newResolver(g)
		if err != nil {
			return nil, err
		}
		return func(i int) { _, _ = rs.ResolveString(lines[i]) }, nil
	}},
	{name: "Resolver.Target", baseline: "net/url ResolveReference+String", prepare: func(g *urlgrammar.Grammar, lines []string) (func(int), error) {
		rs, err := newResolver(g)
		if err != nil {
			return nil, err
		}
		return func(i int) { _, _ = rs.Target(lines[i]) }, nil
	}},
}

func newResolver(g *urlgrammar.Grammar) (*resolve.Resolver, error) {
	base, err := g.Parse(resolveBase)
	if err != nil {
		return nil, err
	}
	return resolve.NewResolver(base, resolve.Options{Grammar: g})
}

func main() {
	n := flag.Int("n", 2000, "the number of corpus lines (each grammar's calls run on those it accepts)")
	passes := flag.Int("passes", 2, "the measured passes over the lines")
	grammars := flag.String("g", defaultGrammars, "the grammars, comma-separated")
	only := flag.String("calls", "", "the calls, comma-separated (with their net/url baselines); all when empty")
	jobs := flag.Int("j", runtime.NumCPU(), "how many processes run under valgrind at a time")
	measure := flag.String("measure", "", "(the child process) run this call under valgrind's count")
	flag.Parse()
	var err error
	if *n < 1 || *passes < 1 {
		fmt.Fprintln(os.Stderr, "instructions: -n and -passes must be at least 1")
		os.Exit(2)
	}
	if *measure != "" {
		err = child(os.Stdout, *grammars, *measure, *n, *passes)
	} else {
		var names []string
		if *only != "" {
			names = strings.Split(*only, ",")
		}
		err = run(os.Stdout, strings.Split(*grammars, ","), names, *n, *passes, *jobs)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "instructions:", err)
		os.Exit(1)
	}
}

// find returns the call of the name, from calls or resolveCalls.
func find(name string) (call, bool) {
	for _, c := range slices.Concat(calls, viewCalls, resolveCalls) {
		if c.name == name {
			return c, true
		}
	}
	return call{}, false
}

// child runs one call of grammar id over the corpus lines the grammar accepts: once, then
// passes times inside measure, whose instructions valgrind counts. It writes the number of
// lines first.
func child(w io.Writer, id, name string, n, passes int) error {
	g, err := urlgrammar.Lookup(id)
	if err != nil {
		return err
	}
	c, ok := find(name)
	if !ok {
		return fmt.Errorf("no call %q", name)
	}
	var lines []string
	for _, s := range corpus.Lines(n, 1) {
		if g.Valid(s) {
			lines = append(lines, s)
		}
	}
	if len(lines) == 0 {
		return fmt.Errorf("grammar %s accepts none of the %d corpus lines", id, n)
	}
	body, err := c.prepare(g, lines)
	if err != nil {
		return fmt.Errorf("%s %s: %w", id, name, err)
	}
	for i := range lines { // unmeasured: lazy set-up, pools
		body(i)
	}
	if _, err := fmt.Fprintf(w, "lines %d\n", len(lines)); err != nil {
		return err
	}
	// A collection now, so that none the set-up began is under way in measure: its work there
	// would depend on when the set-up's cycle started, which is a matter of time (a loaded
	// machine moved net/url.Parse's count by a tenth); a cycle the measured calls start is
	// then a matter of what they allocate.
	runtime.GC()
	measure(body, len(lines), passes)
	return nil
}

// measure is the function whose instructions are counted (valgrind's --toggle-collect names
// it): passes loops of body over the lines.
//
//go:noinline
func measure(body func(int), lines, passes int) {
	for range passes {
		for i := range lines {
			body(i)
		}
	}
}

// measured is measure's symbol, which valgrind's --toggle-collect names: main.measure, or
// the package's path and .measure in a test binary.
var measured = runtime.FuncForPC(reflect.ValueOf(measure).Pointer()).Name()

// A count is one call's measurement.
type count struct {
	grammar, call string
	lines         int
	perURL        float64
	err           error
}

// callsOf returns the calls measured for grammar id: calls, viewCalls where rootviews reads
// its root view, resolveCalls for resolveGrammars.
func callsOf(id string) []call {
	list := slices.Clone(calls)
	if rootviews.Has(id) {
		list = append(list, viewCalls...)
	}
	if slices.Contains(resolveGrammars, id) {
		list = append(list, resolveCalls...)
	}
	return list
}

// run measures the calls of the names (every call when names is empty; a call's baseline
// is measured with it) of every grammar, jobs processes at a time, and writes the table.
func run(w io.Writer, grammars, names []string, n, passes, jobs int) error {
	if _, err := exec.LookPath("valgrind"); err != nil {
		return errors.New("valgrind is not installed (make tools installs Debian's valgrind)")
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	wanted := map[string]bool{}
	for _, name := range names {
		c, ok := find(name)
		if !ok {
			return fmt.Errorf("no call %q", name)
		}
		wanted[c.name], wanted[c.baseline] = true, true
	}
	var counts []*count
	add := func(id string, list []call) {
		for _, c := range list {
			if len(names) == 0 || wanted[c.name] {
				counts = append(counts, &count{grammar: id, call: c.name})
			}
		}
	}
	for _, id := range grammars {
		if _, err := urlgrammar.Lookup(id); err != nil {
			return err
		}
		add(id, callsOf(id))
	}
	sem := make(chan struct{}, max(jobs, 1))
	var wg sync.WaitGroup
	for _, c := range counts {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			c.lines, c.perURL, c.err = countOne(self, c.grammar, c.call, n, passes)
		})
	}
	wg.Wait()
	for _, c := range counts {
		if c.err != nil {
			return fmt.Errorf("%s %s: %w", c.grammar, c.call, c.err)
		}
	}
	writeTable(w, counts, n, passes)
	return nil
}

// countOne runs the child for one call under callgrind and returns its lines and its
// instructions per line and pass.
func countOne(self, id, name string, n, passes int) (int, float64, error) {
	cmd := exec.Command("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
		"--collect-atstart=no", "--toggle-collect="+measured,
		self, "-measure", name, "-g", id, "-n", strconv.Itoa(n), "-passes", strconv.Itoa(passes))
	// Without asynchronous preemption: callgrind 3.19 fails an assertion
	// (vgCallgrind_post_signal) when the runtime's preemption signal comes while it handles
	// another, in about one run in ten of a few seconds. Without RDTSCP: valgrind 3.19 does not
	// know the instruction (SIGILL), which the runtime's cputicks uses where the processor has
	// it (an AMD EPYC, for one) when a lock is contended: one count in about fifty, so that
	// each of three runs of make bench-instructions failed.
	cmd.Env = append(os.Environ(), "GOMAXPROCS=1", "GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return 0, 0, fmt.Errorf("%w: %s", err, lastLines(stderr.String(), 20))
	}
	lines, err := linesOf(stdout.String())
	if err != nil {
		return 0, 0, err
	}
	total, err := collected(stderr.String())
	if err != nil {
		return 0, 0, err
	}
	if total == 0 {
		return 0, 0, fmt.Errorf("valgrind counted no instruction in %s: is the binary stripped of its symbols? (go run strips it: build it with go build)", measured)
	}
	return lines, float64(total) / float64(lines*passes), nil
}

// linesOf reads the child's "lines N".
func linesOf(out string) (int, error) {
	rest, ok := strings.CutPrefix(out, "lines ")
	if !ok {
		return 0, fmt.Errorf("the child wrote %q, not its number of lines", lastLines(out, 1))
	}
	n, err := strconv.Atoi(strings.TrimSpace(rest))
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("the child wrote %q, not its number of lines", lastLines(out, 1))
	}
	return n, nil
}

// collected reads callgrind's count of the instructions collected from what valgrind wrote
// to standard error: the line "==PID== Collected : N" (its last, should there be several).
func collected(stderr string) (uint64, error) {
	const key = "Collected :"
	var found bool
	var n uint64
	for line := range strings.Lines(stderr) {
		_, v, ok := strings.Cut(line, key)
		if !ok {
			continue
		}
		x, err := strconv.ParseUint(strings.TrimSpace(v), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("callgrind's line %q has no count", strings.TrimSpace(line))
		}
		n, found = x, true
	}
	if !found {
		return 0, fmt.Errorf("valgrind wrote no %q line: %s", key, lastLines(stderr, 5))
	}
	return n, nil
}

// lastLines returns the last k lines of s, joined by " | ".
func lastLines(s string, k int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-k):], " | ")
}

// writeTable writes the counts as a Markdown table, each call's ratio against its
// baseline's count on the same grammar's lines.
func writeTable(w io.Writer, counts []*count, n, passes int) {
	fmt.Fprintf(w, "Instructions per URL (valgrind --tool=callgrind), each grammar's calls on the lines it accepts of %d corpus lines, %d passes; %s, %s\n\n",
		n, passes, runtime.Version(), time.Now().UTC().Format("2006-01-02"))
	fmt.Fprintln(w, "| grammar | lines | call | instructions/URL | net/url's / the call's |")
	fmt.Fprintln(w, "|---|---:|---|---:|---:|")
	for _, c := range counts {
		ratio := ""
		if cl, _ := find(c.call); cl.baseline != "" {
			for _, b := range counts {
				if b.grammar == c.grammar && b.call == cl.baseline {
					ratio = fmt.Sprintf("%.2fx", b.perURL/c.perURL)
				}
			}
		}
		fmt.Fprintf(w, "| %s | %d | %s | %.0f | %s |\n", c.grammar, c.lines, c.call, c.perURL, ratio)
	}
}
