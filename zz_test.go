package urlgrammar_test
import ("testing";"github.com/urlgrammar/urlgrammar")
func BenchmarkZZAll(b *testing.B) {
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		p := g.NewParser()
		b.Run(id, func(b *testing.B) { benchLines(b, benchCorpus, func(s string) { _, _ = p.Parse(s) }) })
	}
}
