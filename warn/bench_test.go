package warn_test

import (
	"testing"

	"github.com/urlgrammar/urlgrammar"
	gencorpus "github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/warn"
)

// BenchmarkCheckIn parses each corpus line with a Parser and checks it for every warning, as
// check --warn all does; ns/line is per line (the lines the grammar rejects only parse).
func BenchmarkCheckIn(b *testing.B) {
	all, _ := warn.ParseSet("all")
	lines := gencorpus.Lines(10000, 1)
	for _, id := range []string{"rfc2396bis-01", "rfc3986", "rfc3987"} {
		g := urlgrammar.MustLookup(id)
		p := g.NewParser()
		b.Run(id, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, s := range lines {
					if t, err := p.Parse(s); err == nil {
						warn.CheckIn(g, t, all)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/line")
		})
	}
}
