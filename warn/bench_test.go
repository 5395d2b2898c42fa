package warn_test

import (
	"testing"

	"github.com/urlgrammar/urlgrammar"
	gencorpus "github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/warn"
)

// BenchmarkCheckIn parses each corpus line with a Parser and checks it for every warning, as
// check --warn all does; ns/line is per line (the lines the grammar rejects only parse).
// rfc3987-IRIs is rfc3987 on the lines with non-ASCII characters written into them
// (corpus.IRIs); rfc9110 is a scheme grammar, whose URIs CheckIn reads with rfc3986
// (ReadsAsRFC3986).
func BenchmarkCheckIn(b *testing.B) {
	all, _ := warn.ParseSet("all")
	lines := gencorpus.Lines(10000, 1)
	cases := []struct{ name, id string }{{"rfc2396bis-01", "rfc2396bis-01"}, {"rfc3986", "rfc3986"},
		{"rfc3987", "rfc3987"}, {"rfc3987-IRIs", "rfc3987"}, {"rfc9110", "rfc9110"}}
	for _, c := range cases {
		g := urlgrammar.MustLookup(c.id)
		p := g.NewParser()
		lines := lines
		if c.name == "rfc3987-IRIs" {
			lines = gencorpus.IRIs(lines)
		}
		b.Run(c.name, func(b *testing.B) {
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
