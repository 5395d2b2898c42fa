package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/check"
	"github.com/urlgrammar/urlgrammar/internal/peg"
)

const helpDiff = `With no FILE, diff compares the two languages exactly, on their minimal DFAs: whether each
contains the other, and each way up to N shortest witnesses (strings one accepts and the
other rejects) that part for different reasons, each with the rejecting grammar's error and
the rule of the accepting grammar's tree where they part. -g A -g B compares the start rules
of two grammars (rfc1738's through its scheme dispatch, as Valid decides); --rule R compares
rule R of both; --rules RA,RB compares RA of A with RB of B, or two rules of one grammar
when only one -g is given; --scheme S keeps, on both sides, only the URIs of the scheme S
(a scheme grammar against RFC 3986: diff -g rfc9110 --rules https-URI,absolute-URI -g rfc3986
--scheme https; languages only, not FILEs). Exit status 0 when the languages are equal, 1 when they differ.

With FILEs ("-" for standard input), diff checks every line with both grammars (or with the
rules --rule and --rules name, as match does) and prints the lines they disagree on (--only:
which lines), in input order also with -j workers, then
a summary on standard error: the lines accepted by both, by one only, by neither, and the
most frequent reasons (rule and character class where the rejecting grammar stops). Exit
status 0 when no line is accepted by one grammar only, 1 when some is.`

// grammarList is the repeatable -g flag of diff.
type grammarList []string

func (l *grammarList) String() string { return strings.Join(*l, ",") }

func (l *grammarList) Set(v string) error {
	if len(*l) == 2 {
		return fmt.Errorf("at most two grammars")
	}
	*l = append(*l, v)
	return nil
}

func runDiff(e *env, args []string) int {
	fs := e.flags()
	var ids grammarList
	fs.Var(&ids, "g", "grammar `ID`, given once or twice ("+strings.Join(urlgrammar.IDs(), ", ")+")")
	rule := fs.String("rule", "", "compare `RULE` of both grammars instead of their start rules")
	rules := fs.String("rules", "", "compare rule `RA,RB`: RA of the first grammar with RB of the second (or of the same)")
	scheme := fs.String("scheme", "", "compare only the URIs of `SCHEME` (inputs that begin with SCHEME \":\", without case)")
	nWitnesses := fs.Int("witnesses", 5, "show up to `N` witnesses each way")
	formatName := fs.String("format", "text", "output `format`: text or jsonl")
	only := fs.String("only", "differ", "with FILEs, print the lines in `PARTITION`: differ (accepted by one grammar only), a, b, both, neither, all, none")
	jobs := fs.Int("j", 1, "with FILEs, check with `N` workers (0: one per CPU); output order stays the input order")
	progress := fs.Bool("progress", isTerminal(e.stderr), "with FILEs, show a progress line on stderr (default: when stderr is a terminal)")
	files, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	format, err := check.ParseFormat(*formatName)
	if err != nil || format == check.TSV {
		return e.usageError("unknown --format %q (text, jsonl)", *formatName)
	}
	if *rule != "" && *rules != "" {
		return e.usageError("--rule and --rules cannot be used together")
	}
	var a, b urlgrammar.Language
	switch len(ids) {
	case 0:
		if *rules == "" {
			return e.usageError("diff needs two grammars (-g A -g B) or two rules (--rules RA,RB)")
		}
		ids = grammarList{urlgrammar.DefaultGrammar, urlgrammar.DefaultGrammar}
	case 1:
		if *rules == "" {
			return e.usageError("diff needs a second grammar (-g A -g B), or two rules of one (--rules RA,RB)")
		}
		ids = append(ids, ids[0])
	}
	for i, id := range ids {
		g, ok := e.lookupGrammar(id)
		if !ok {
			return exitUsage
		}
		if i == 0 {
			a.Grammar = g
		} else {
			b.Grammar = g
		}
	}
	switch {
	case *rule != "":
		a.Rule, b.Rule = *rule, *rule
	case *rules != "":
		ra, rb, found := strings.Cut(*rules, ",")
		if !found || ra == "" || rb == "" || strings.Contains(rb, ",") {
			return e.usageError("--rules %q: want two rule names separated by a comma", *rules)
		}
		a.Rule, b.Rule = ra, rb
	}
	if *scheme != "" {
		if peg.SchemeEnd(*scheme) != len(*scheme) {
			return e.usageError("--scheme %q: not a scheme (a letter, then letters, digits, \"+\", \"-\" or \".\")", *scheme)
		}
		a.Scheme, b.Scheme = *scheme, *scheme
	}
	for _, l := range []urlgrammar.Language{a, b} {
		if l.Rule != "" && !l.Grammar.HasRule(l.Rule) {
			return e.usageError("%v", &urlgrammar.UnknownRuleError{Grammar: l.Grammar.ID(), Rule: l.Rule})
		}
	}
	if len(files) > 0 {
		if *scheme != "" {
			return e.usageError("--scheme restricts the comparison of two languages; with FILEs, choose the lines of the scheme before (grep -i '^%s:')", *scheme)
		}
		parts, ok := partitions(*only)
		if !ok {
			return e.usageError("--only %q: want differ, a, b, both, neither, all or none", *only)
		}
		if *jobs < 0 {
			return e.usageError("-j %d: the number of workers cannot be negative", *jobs)
		}
		return diffCorpus(e, a, b, files, format, parts, *jobs, *progress)
	}
	if *nWitnesses < 0 {
		return e.usageError("--witnesses %d: cannot be negative", *nWitnesses)
	}
	c, err := urlgrammar.Compare(a, b, *nWitnesses)
	if err != nil {
		return e.fail(err)
	}
	if format == check.JSONL {
		writeComparisonJSON(e, c)
	} else {
		writeComparison(e, c)
	}
	if c.Relation() == "equal" {
		return exitOK
	}
	return exitInvalid
}

// partitions returns the partitions --only prints.
func partitions(only string) (map[check.Partition]bool, bool) {
	switch only {
	case "differ":
		return map[check.Partition]bool{check.OnlyA: true, check.OnlyB: true}, true
	case "a":
		return map[check.Partition]bool{check.OnlyA: true}, true
	case "b":
		return map[check.Partition]bool{check.OnlyB: true}, true
	case "both":
		return map[check.Partition]bool{check.Both: true}, true
	case "neither":
		return map[check.Partition]bool{check.Neither: true}, true
	case "all":
		return map[check.Partition]bool{check.Both: true, check.OnlyA: true, check.OnlyB: true, check.Neither: true}, true
	case "none":
		return map[check.Partition]bool{}, true
	}
	return nil, false
}

// diffCorpus checks every line of files with the two languages (grammars, or rules of
// them) and prints the lines of the chosen partitions, then the summary on stderr.
func diffCorpus(e *env, a, b urlgrammar.Language, files []string, format check.Format, parts map[check.Partition]bool, jobs int, progress bool) int {
	defer streamingGC()()
	// The summary is the DiffSummary's: check's counts of failures, which name the rule of
	// every error of a line neither grammar accepts, are not needed.
	cfg := check.Config{Grammars: []*urlgrammar.Grammar{a.Grammar, b.Grammar}, Jobs: jobs, Stdin: e.stdin, NoFailures: true,
		Paused: e.out.flush} // a slow input's records go out as its lines come
	if a.Rule != "" || b.Rule != "" {
		cfg.Rules = []string{a.Rule, b.Rule}
	}
	names := [2]string{a.Name(), b.Name()}
	// The records are rendered by the workers: explaining the errors of a line one grammar
	// rejects is most of a record's cost, and -j then divides it.
	cfg.Render = func(buf []byte, r *check.Record) []byte {
		if r.IOErr == nil && !parts[check.PartitionOf(r)] {
			return buf
		}
		return check.AppendDiffRecord(buf, format, r, names)
	}
	sum := check.NewDiffSummary(names[0], names[1])
	var prog *progressLine
	if progress {
		prog = startProgress(e.stderr, "lines", inputSize(files))
	}
	run, err := check.Run(e.ctx, cfg, check.Files(files...), func(r *check.Record) error {
		prog.addRecord(r) // "invalid": rejected by both
		sum.Add(r)
		if len(r.Out) == 0 {
			return nil
		}
		e.out.Write(r.Out)
		return e.out.Err()
	})
	prog.stop()
	if err != nil {
		return e.writeFailed(err)
	}
	if err := e.out.Flush(); err != nil {
		return e.writeFailed(err)
	}
	sum.Interrupted = run.Interrupted
	sum.Print(e.stderr)
	return runStatus(sum.Interrupted, sum.IOErrors, sum.Differ())
}

// writeComparison prints a Comparison for people.
func writeComparison(e *env, c *urlgrammar.Comparison) {
	an, bn := c.A.Name(), c.B.Name()
	var verdict string
	switch c.Relation() {
	case "equal":
		verdict = "the languages are equal"
	case "subset":
		verdict = fmt.Sprintf("%s is a proper subset of %s", an, bn)
	case "superset":
		verdict = fmt.Sprintf("%s is a proper subset of %s", bn, an)
	default:
		verdict = "neither language contains the other"
	}
	fmt.Fprintf(e.out, "%s and %s: %s\n", an, bn, verdict)
	fmt.Fprintf(e.out, "product automaton: %d states at most\n", c.Pairs)
	side := func(acc, rej string, parting int, ws []urlgrammar.Witness) {
		fmt.Fprintln(e.out)
		if parting == 0 {
			fmt.Fprintf(e.out, "every string %s accepts, %s accepts too\n", acc, rej)
			return
		}
		fmt.Fprintf(e.out, "accepted by %s, rejected by %s (%d parting %s; %d shortest %s with different reasons):\n",
			acc, rej, parting, plural(parting, "place", "places"), len(ws), plural(len(ws), "witness", "witnesses"))
		for _, w := range ws {
			fmt.Fprintf(e.out, "  %s\n", strconv.Quote(w.Input))
			at, _, _ := w.Err.At()
			fmt.Fprintf(e.out, "      %s at offset %d: %s\n", rej, at, w.Err.Msg())
			fmt.Fprintf(e.out, "      they part in: %s %s, %s %s\n", acc, w.Part, rej, w.Err.Rule())
		}
	}
	side(an, bn, c.PartingA, c.OnlyA)
	side(bn, an, c.PartingB, c.OnlyB)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// comparisonRecord and witnessRecord are the jsonl records of a comparison: one comparison
// record, then one witness record per witness.
type comparisonRecord struct {
	Record     string `json:"record"` // "comparison"
	A          string `json:"a"`
	B          string `json:"b"`
	ARule      string `json:"aRule"`
	BRule      string `json:"bRule"`
	Relation   string `json:"relation"`
	AInB       bool   `json:"aInB"`
	BInA       bool   `json:"bInA"`
	PartingA   int    `json:"partingA"`
	PartingB   int    `json:"partingB"`
	ProductMax int    `json:"productStates"`
}

type witnessRecord struct {
	Record      string            `json:"record"` // "witness"
	Input       string            `json:"input"`
	InputBase64 *string           `json:"inputBase64,omitempty"`
	AcceptedBy  []string          `json:"acceptedBy"`
	RejectedBy  string            `json:"rejectedBy"`
	Error       check.ErrorDetail `json:"error"`
	Cause       string            `json:"cause"`
	Part        string            `json:"part"`
}

func writeComparisonJSON(e *env, c *urlgrammar.Comparison) {
	e.out.Write(check.AppendJSON(nil, comparisonRecord{Record: "comparison", A: c.A.Name(), B: c.B.Name(),
		ARule: c.A.RuleName(), BRule: c.B.RuleName(), Relation: c.Relation(), AInB: c.AInB(), BInA: c.BInA(),
		PartingA: c.PartingA, PartingB: c.PartingB, ProductMax: c.Pairs}))
	for _, w := range append(append([]urlgrammar.Witness(nil), c.OnlyA...), c.OnlyB...) {
		e.out.Write(check.AppendJSON(nil, witnessRecord{Record: "witness", Input: w.Input,
			InputBase64: check.InputBase64(w.Input), AcceptedBy: []string{w.Accepted.Name()},
			RejectedBy: w.Rejected.Name(), Error: check.NewErrorDetail(w.Err), Cause: w.Cause(), Part: w.Part}))
	}
}
