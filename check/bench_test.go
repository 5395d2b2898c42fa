package check

import (
	"context"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
)

// BenchmarkRun is the checker end to end with one worker (-j 1): reading, checking and
// rendering 10,000 lines per op, in each format, on two corpora: the generated valid lines
// of the package benchmarks, and text-shaped lines about half of which are invalid
// (corpus.TextLines). It reports lines/s per core; compare formats and corpora within one
// run (make bench-check).
func BenchmarkRun(b *testing.B) {
	g := urlgrammar.MustLookup(urlgrammar.DefaultGrammar)
	var valid []string
	for _, l := range corpus.Lines(20000, 1) {
		if g.Valid(l) && len(valid) < 10000 {
			valid = append(valid, l)
		}
	}
	corpora := []struct {
		name  string
		lines []string
	}{
		{"all-valid", valid},
		{"text-half-invalid", corpus.TextLines(10000, 1)},
	}
	for _, c := range corpora {
		text := strings.Join(c.lines, "\n") + "\n"
		for _, f := range []Format{Text, TSV, JSONL} {
			b.Run(f.String()+"/"+c.name, func(b *testing.B) {
				cfg := defaultConfig(f, 1)
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					n := 0
					_, err := Run(context.Background(), cfg, []Input{{Name: "x", Reader: strings.NewReader(text)}}, func(r *Record) error {
						n++
						return nil
					})
					if err != nil || n != len(c.lines) {
						b.Fatalf("%d records for %d lines: %v", n, len(c.lines), err)
					}
				}
				b.ReportMetric(float64(b.N*len(c.lines))/b.Elapsed().Seconds(), "lines/s")
				b.ReportMetric(0, "ns/op")
			})
		}
	}
}
