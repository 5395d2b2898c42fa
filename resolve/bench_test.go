package resolve_test

import (
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	gencorpus "github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/resolve"
)

// adversarialResolve are input families that made dot-segment removal quadratic: a deep
// base with a reference of "../" repeated, and "a/../" repeated, in a reference and in a
// path to normalize. Each returns a base and a reference of about n bytes.
var adversarialResolve = map[string]func(n int) (string, string){
	"deep-base-dotdots": func(n int) (string, string) {
		return "http://a/" + strings.Repeat("b/", n/4), strings.Repeat("../", n/6) + "g"
	},
	"a-dotdot-repeated": func(n int) (string, string) {
		return "http://a/b/c", strings.Repeat("a/../", n/5) + "g"
	},
	"dots-and-slashes": func(n int) (string, string) {
		return "http://a/b/c", strings.Repeat("././/", n/5) + "g"
	},
}

// BenchmarkAdversarialResolve runs Resolve and Normalize on each family at 1 KiB, 64 KiB and
// 1 MiB: ns/byte must stay flat as the size grows (make bench-adversarial).
func BenchmarkAdversarialResolve(b *testing.B) {
	for _, name := range []string{"deep-base-dotdots", "a-dotdot-repeated", "dots-and-slashes"} {
		for _, size := range []int{1 << 10, 1 << 16, 1<<20 - 1024} {
			baseText, refText := adversarialResolve[name](size)
			base, ref := mustBenchRef(b, baseText), mustBenchRef(b, refText)
			label := strconv.Itoa(size>>10) + "KiB"
			if size > 1<<19 {
				label = "1MiB"
			}
			b.Run(name+"/resolve/"+label, func(b *testing.B) {
				b.SetBytes(int64(len(baseText) + len(refText)))
				for i := 0; i < b.N; i++ {
					if _, err := resolve.Resolve(base, ref, resolve.Options{}); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*(len(baseText)+len(refText))), "ns/byte")
			})
			abs := mustBenchRef(b, "http://a/"+refText)
			b.Run(name+"/normalize/"+label, func(b *testing.B) {
				b.SetBytes(int64(len(abs.Src())))
				for i := 0; i < b.N; i++ {
					if _, _, err := resolve.Normalize(abs, resolve.NormalizeOptions{}); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(abs.Src())), "ns/byte")
			})
		}
	}
}

func mustBenchRef(b *testing.B, s string) ast.Tree {
	r, err := g.Parse(s)
	if err != nil {
		b.Fatal(err)
	}
	return r
}

// BenchmarkCorpus resolves and normalizes the corpus's lines (internal/corpus; those the
// grammar rejects are skipped) as the resolve and normalize commands do, per grammar
// (package resolve's default, rfc2396bis-01, and RFC 3986): a Resolver of one base and
// ResolveString per line, NormalizeString per line, each after net/url's counterpart on the
// same lines (the ratio is the baseline's time over ours). ns/ref is per line.
func BenchmarkCorpus(b *testing.B) {
	for _, id := range []string{"rfc2396bis-01", "rfc3986"} {
		b.Run(id, func(b *testing.B) { benchCorpus(b, urlgrammar.MustLookup(id)) })
	}
}

func benchCorpus(b *testing.B, g *urlgrammar.Grammar) {
	var lines []string
	for _, s := range gencorpus.Lines(10000, 1) {
		if g.Valid(s) {
			lines = append(lines, s)
		}
	}
	base, err := g.Parse("http://a/b/c/d;p?q")
	if err != nil {
		b.Fatal(err)
	}
	rs, err := resolve.NewResolver(base, resolve.Options{Grammar: g})
	if err != nil {
		b.Fatal(err)
	}
	run := func(b *testing.B, f func(string)) {
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range lines {
				f(s)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/ref")
	}
	netBase, err := url.Parse("http://a/b/c/d;p?q")
	if err != nil {
		b.Fatal(err)
	}
	// net/url's counterparts, the baselines of the two rows below them: ResolveReference of
	// each parsed line and its String; Parse and String (what net/url has of a normal form).
	b.Run("net-url.ResolveReference", func(b *testing.B) {
		run(b, func(s string) {
			if u, err := url.Parse(s); err == nil {
				_ = netBase.ResolveReference(u).String()
			}
		})
	})
	b.Run("Resolver.ResolveString", func(b *testing.B) {
		run(b, func(s string) { rs.ResolveString(s) })
	})
	b.Run("Resolver.Target", func(b *testing.B) {
		run(b, func(s string) { _, _ = rs.Target(s) })
	})
	b.Run("net-url.Parse+String", func(b *testing.B) {
		run(b, func(s string) {
			if u, err := url.Parse(s); err == nil {
				_ = u.String()
			}
		})
	})
	opt := resolve.NormalizeOptions{Level: resolve.LevelScheme, Grammar: g}
	b.Run("NormalizeString", func(b *testing.B) {
		run(b, func(s string) { resolve.NormalizeString(s, opt) })
	})
	b.Run("NormalForm", func(b *testing.B) {
		run(b, func(s string) { _, _ = resolve.NormalForm(s, opt) })
	})
	// The key command's call (no net/url counterpart): the normal form, then its SURT.
	b.Run("KeyString", func(b *testing.B) {
		run(b, func(s string) { _, _ = resolve.KeyString(s, resolve.KeySURT, resolve.NormalizeOptions{Grammar: g}) })
	})
}
