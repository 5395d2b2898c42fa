package urlgrammar_test

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
)

// The benchmarks run on the same 10,000-line corpus (internal/corpus, seed 1) so that their
// ratios to the net/url.Parse baseline can be compared: run them in one process,
// `make bench` (go test -bench . -benchmem), and divide.
var benchCorpus = corpus.Lines(10000, 1)

// BenchmarkNetURLParse is the baseline: net/url.Parse (lax, not a validator) on the corpus.
func BenchmarkNetURLParse(b *testing.B) {
	benchLines(b, benchCorpus, func(s string) { _, _ = url.Parse(s) })
}

// BenchmarkValid is the DFA validator on the corpus.
func BenchmarkValid(b *testing.B) {
	g := urlgrammar.MustLookup("rfc2396bis-01")
	benchLines(b, benchCorpus, func(s string) { g.Valid(s) })
}

// BenchmarkParse is Parse: the compiled PEG builds the tree in one block for valid lines; the
// error (the DFA's offset and expected set, the rule named) for invalid ones.
func BenchmarkParse(b *testing.B) {
	g := urlgrammar.MustLookup("rfc2396bis-01")
	benchLines(b, benchCorpus, func(s string) { _, _ = g.Parse(s) })
}

// BenchmarkParser is Parse through a Parser, which reuses the block of one tree for the
// next (no allocation for a valid line).
func BenchmarkParser(b *testing.B) {
	p := urlgrammar.MustLookup("rfc2396bis-01").NewParser()
	benchLines(b, benchCorpus, func(s string) { _, _ = p.Parse(s) })
}

// adversarial are input families that could make a parser super-linear; each is built at a
// given size in bytes.
var adversarial = map[string]func(n int) string{
	"colons-in-brackets": func(n int) string { return "http://[" + strings.Repeat(":", n) + "]/" },
	"hex-in-brackets":    func(n int) string { return "http://[" + strings.Repeat("a:", n/2) + "]/" },
	"dotted-name":        func(n int) string { return "http://" + strings.Repeat("a.", n/2) + "b/" },
	"hyphens":            func(n int) string { return "http://a" + strings.Repeat("-", n) + "b/" },
	"percents":           func(n int) string { return "/" + strings.Repeat("%41", n/3) },
	"userinfo-no-at":     func(n int) string { return "http://" + strings.Repeat("a:", n/2) + "/" },
	"path":               func(n int) string { return "http://h/" + strings.Repeat("a/", n/2) },
}

// BenchmarkAdversarial runs Parse and Valid on each family at growing sizes; ns/byte must stay
// flat as the size grows (linear time). The largest size is near MaxInputLength.
func BenchmarkAdversarial(b *testing.B) {
	g := urlgrammar.MustLookup("rfc2396bis-01")
	for _, name := range []string{"colons-in-brackets", "hex-in-brackets", "dotted-name", "hyphens", "percents", "userinfo-no-at", "path"} {
		for _, size := range []int{1 << 10, 1 << 14, 1 << 18, 1<<20 - 64} {
			s := adversarial[name](size)
			b.Run(name+"/parse/"+itoa(size), func(b *testing.B) {
				b.SetBytes(int64(len(s)))
				for i := 0; i < b.N; i++ {
					_, _ = g.Parse(s)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(s)), "ns/byte")
			})
			b.Run(name+"/valid/"+itoa(size), func(b *testing.B) {
				b.SetBytes(int64(len(s)))
				for i := 0; i < b.N; i++ {
					g.Valid(s)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(s)), "ns/byte")
			})
		}
	}
}

func itoa(n int) string {
	if n >= 1<<20-64 {
		return "1MiB"
	}
	return strconv.Itoa(n>>10) + "KiB"
}

// Valid allocates nothing: it is the DFA run over the input (an API property, checked by
// count, not by time).
func TestValidDoesNotAllocate(t *testing.T) {
	g := urlgrammar.MustLookup("rfc2396bis-01")
	for _, s := range benchCorpus[:200] {
		if n := testing.AllocsPerRun(10, func() { g.Valid(s) }); n != 0 {
			t.Fatalf("Valid(%q) allocates %.0f times", s, n)
		}
	}
	if n := testing.AllocsPerRun(10, func() { _ = g.Match("IPv6address", "1:2::3") }); n != 0 {
		t.Fatalf("Match on a member allocates %.0f times", n)
	}
	// A grammar with predicates builds the tree they read, in a pooled block: on a valid
	// input and on an invalid one. Under the race detector sync.Pool drops some of what is
	// put back (on purpose), so the count is not the program's.
	if raceDetector {
		t.Log("whatwg-url's Valid not counted: the race detector's sync.Pool drops blocks")
		return
	}
	w := urlgrammar.MustLookup("whatwg-url")
	valid, invalid := 0, 0
	for _, s := range benchCorpus[:400] {
		if w.Valid(s) {
			valid++
		} else {
			invalid++
		}
		// An allocation a call shows as 1 or more; a block the collector took from the
		// pool between two calls, as a fraction.
		if n := testing.AllocsPerRun(10, func() { w.Valid(s) }); n >= 1 {
			t.Fatalf("whatwg-url: Valid(%q) allocates %.1f times a call", s, n)
		}
	}
	if valid == 0 || invalid == 0 {
		t.Fatalf("%d valid and %d invalid lines: both are wanted", valid, invalid)
	}
}

// validCorpus is the valid lines of the corpus (about 90%): the cost of a tree, with
// net/url.Parse on the same lines as its baseline.
var validCorpus = func() []string {
	g := urlgrammar.MustLookup("rfc2396bis-01")
	var out []string
	for _, s := range benchCorpus {
		if g.Valid(s) {
			out = append(out, s)
		}
	}
	return out
}()

func benchLines(b *testing.B, lines []string, f func(string)) {
	n := 0
	for _, s := range lines {
		n += len(s)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for _, s := range lines {
			f(s)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/url")
}

func BenchmarkNetURLParseValidLines(b *testing.B) {
	benchLines(b, validCorpus, func(s string) { _, _ = url.Parse(s) })
}

func BenchmarkParseValidLines(b *testing.B) {
	g := urlgrammar.MustLookup("rfc2396bis-01")
	benchLines(b, validCorpus, func(s string) { _, _ = g.Parse(s) })
}

func BenchmarkParserValidLines(b *testing.B) {
	p := urlgrammar.MustLookup("rfc2396bis-01").NewParser()
	benchLines(b, validCorpus, func(s string) { _, _ = p.Parse(s) })
}

// BenchmarkEveryGrammar runs Valid, Parse (a new tree each) and a Parser's Parse (no
// allocation) of every registered grammar, each on the lines of the corpus
// that grammar accepts (on its own tables, grammars/ID/testdata, where the corpus has fewer
// than 100: a scheme grammar's), with net/url.Parse on the same lines as the baseline:
// go test -run '^$' -bench 'EveryGrammar' -benchmem . and divide within a grammar. Its
// block row is the part of Parse that is not the Parser's work: one allocation of the tree.
func BenchmarkEveryGrammar(b *testing.B) {
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		var lines []string
		for _, s := range benchCorpus {
			if g.Valid(s) {
				lines = append(lines, s)
			}
		}
		if len(lines) < 100 { // a scheme grammar's URIs are few in the corpus: its own tables
			lines = nil
			for _, s := range tableLines(b, id, "valid.txt", "examples.txt") {
				if g.Valid(s) {
					lines = append(lines, s)
				}
			}
		}
		b.Run(id+"/net-url", func(b *testing.B) { benchLines(b, lines, func(s string) { _, _ = url.Parse(s) }) })
		b.Run(id+"/Valid", func(b *testing.B) { benchLines(b, lines, func(s string) { g.Valid(s) }) })
		b.Run(id+"/Parse", func(b *testing.B) { benchLines(b, lines, func(s string) { _, _ = g.Parse(s) }) })
		p := g.NewParser()
		b.Run(id+"/Parser", func(b *testing.B) { benchLines(b, lines, func(s string) { _, _ = p.Parse(s) }) })
		// What Parse adds to a Parser's parse: the tree's own block, allocated and filled
		// (here with a copy of the line's tree, made before the timing). Parse cannot take
		// less than this row plus its builder's time.
		trees := make([][]ast.TreeNode, len(lines))
		for i, s := range lines {
			t, err := g.Parse(s)
			if err != nil {
				b.Fatalf("%s: %q: %v", id, s, err)
			}
			trees[i] = t.Nodes()
		}
		b.Run(id+"/block", func(b *testing.B) {
			i := 0 // benchLines gives the lines in order, from the first each round
			benchLines(b, lines, func(string) {
				blockSink = slices.Clone(trees[i])
				if i++; i == len(trees) {
					i = 0
				}
			})
		})
	}
}

// blockSink keeps BenchmarkEveryGrammar's blocks from being optimized away.
var blockSink []ast.TreeNode

// iriCorpus is the corpus's lines with non-ASCII characters written into them
// (corpus.IRIs), kept where rfc3987 accepts them: the input of the IRI grammar's benchmarks.
var iriCorpus = func() []string {
	g := urlgrammar.MustLookup("rfc3987")
	var out []string
	for _, s := range corpus.IRIs(benchCorpus) {
		if g.Valid(s) {
			out = append(out, s)
		}
	}
	return out
}()

// BenchmarkIRIs runs rfc3987's Valid and Parse on IRIs with non-ASCII characters, with
// net/url.Parse on the same lines as the baseline.
func BenchmarkIRIs(b *testing.B) {
	g := urlgrammar.MustLookup("rfc3987")
	b.Run("net-url", func(b *testing.B) { benchLines(b, iriCorpus, func(s string) { _, _ = url.Parse(s) }) })
	b.Run("Valid", func(b *testing.B) { benchLines(b, iriCorpus, func(s string) { g.Valid(s) }) })
	b.Run("Parse", func(b *testing.B) { benchLines(b, iriCorpus, func(s string) { _, _ = g.Parse(s) }) })
}

// BenchmarkRepeatedLines is BenchmarkEveryGrammar's rfc3986 rows with each line parsed 32
// times in a row instead of once: the branch predictor learns a line's path through the
// code before it is timed, as it does in a benchmark of one URL. The difference from the
// corpus in its order is what mispredicted branches cost each call (docs/performance.md):
// go test -run '^$' -bench 'EveryGrammar/rfc3986/|RepeatedLines' -cpu 1 .
func BenchmarkRepeatedLines(b *testing.B) {
	g := urlgrammar.MustLookup("rfc3986")
	var lines []string
	for _, s := range benchCorpus {
		if g.Valid(s) {
			for range 32 {
				lines = append(lines, s)
			}
		}
	}
	b.Run("net-url", func(b *testing.B) { benchLines(b, lines, func(s string) { _, _ = url.Parse(s) }) })
	b.Run("Valid", func(b *testing.B) { benchLines(b, lines, func(s string) { g.Valid(s) }) })
	p := g.NewParser()
	b.Run("Parser", func(b *testing.B) { benchLines(b, lines, func(s string) { _, _ = p.Parse(s) }) })
}

// BenchmarkInvalidLines is what an invalid line costs a program that parses through a
// Parser: the rejection alone (no allocation), and the rejection explained (Error: the rule
// named from the tree of the line continued validly, the expected set, the message), on the
// corpus's lines rfc3986 rejects, after net/url.Parse on the same lines:
// go test -run '^$' -bench InvalidLines -benchmem -cpu 1 .
func BenchmarkInvalidLines(b *testing.B) {
	g := urlgrammar.MustLookup("rfc3986")
	var lines []string
	for _, s := range benchCorpus {
		if !g.Valid(s) {
			lines = append(lines, s)
		}
	}
	p := g.NewParser()
	b.Run("net-url", func(b *testing.B) { benchLines(b, lines, func(s string) { _, _ = url.Parse(s) }) })
	b.Run("Parser", func(b *testing.B) { benchLines(b, lines, func(s string) { _, _ = p.Parse(s) }) })
	b.Run("Parser+Error", func(b *testing.B) {
		benchLines(b, lines, func(s string) {
			if _, err := p.Parse(s); err != nil {
				_ = err.Error()
			}
		})
	})
}

// BenchmarkAppendCaret is the caret line of an error as the checker writes it for each
// invalid line (the text format): the error of a typical invalid line of text.
func BenchmarkAppendCaret(b *testing.B) {
	g := urlgrammar.MustLookup("rfc3986")
	err := g.Match(g.Start(), "https://example.com/assets/about/static/search/index page.html?q=1")
	se, ok := err.(*urlgrammar.SyntaxError)
	if !ok {
		b.Fatal(err)
	}
	buf := se.AppendCaret(nil)
	b.ReportAllocs()
	for b.Loop() {
		buf = se.AppendCaret(buf[:0])
	}
}

// BenchmarkSpans reads the components of trees already built (Tree.Spans, what resolve,
// normalize and the checker's jsonl records read), beside the Parser's Parse of the same
// lines (the baseline): go test -run '^$' -bench Spans -cpu 1 . and divide within a grammar.
func BenchmarkSpans(b *testing.B) {
	for _, id := range []string{"rfc3986", "rfc3987", "rfc2396bis-01", "url-syntax-05", "rfc1738", "url-1993"} {
		g := urlgrammar.MustLookup(id)
		var lines []string
		var trees []ast.Tree
		for _, s := range benchCorpus {
			if t, err := g.Parse(s); err == nil {
				lines, trees = append(lines, s), append(trees, t)
			}
		}
		p := g.NewParser()
		b.Run(id+"/Parser", func(b *testing.B) { benchLines(b, lines, func(s string) { _, _ = p.Parse(s) }) })
		b.Run(id+"/Spans", func(b *testing.B) {
			for b.Loop() {
				for i := range trees {
					_ = trees[i].Spans()
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(trees)), "ns/url")
		})
	}
}
