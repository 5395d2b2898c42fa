package urlgrammar_test

import (
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
)

// grammarFamilies are adversarial input families of the grammars other than rfc2396bis-01
// (whose families are in bench_test.go), each a function of the size in bytes: repetitions
// that make a PEG backtrack or look ahead (news: and telnet: with "@", dotted names, digits
// and dots, params, gopher tabs, prospero fields). Some members are valid, some not.
var grammarFamilies = map[string]map[string]func(n int) string{
	"url-1993": {
		// The witness: a valid generic address that the article look-ahead made
		// quadratic ("a@" x 149 ran out of the expression budget).
		"news-at-slash": func(n int) string { return "news:" + strings.Repeat("a@", n/2) + "/" },
		"news-at":       func(n int) string { return "news:" + strings.Repeat("a@", n/2) + "b" },
		"telnet-at":     func(n int) string { return "telnet://" + strings.Repeat("a@", n/2) + "h" },
		"dotted-name":   func(n int) string { return "http://" + strings.Repeat("a.", n/2) + "b/" },
		"digits-dots":   func(n int) string { return "http://" + strings.Repeat("1.", n/2) + "1/" },
		"path":          func(n int) string { return "http://h/" + strings.Repeat("a/", n/2) },
	},
	"rfc1738": {
		"news-at":     func(n int) string { return "news:" + strings.Repeat("a@", n/2) + "b" },
		"telnet-at":   func(n int) string { return "telnet://" + strings.Repeat("a@", n/2) + "h" },
		"dotted-name": func(n int) string { return "http://" + strings.Repeat("a.", n/2) + "b/" },
		"digits-dots": func(n int) string { return "http://" + strings.Repeat("1.", n/2) + "1/" },
		"gopher-tabs": func(n int) string { return "gopher://h/1" + strings.Repeat("a%09", n/4) },
		"prospero":    func(n int) string { return "prospero://h/p" + strings.Repeat(";a=b", n/4) },
		"ftp-path":    func(n int) string { return "ftp://h/" + strings.Repeat("a/", n/2) + ";type=a" },
	},
	// rfc3986 has rfc2396bis-01's families (bench_test.go) and rfc3987 theirs with
	// characters outside ASCII.
	"rfc3986": adversarial,
	"rfc3987": {
		"colons-in-brackets": adversarial["colons-in-brackets"],
		"userinfo-no-at":     func(n int) string { return "http://" + strings.Repeat("\u00e9:", n/3) + "/" },
		"ucschar-path":       func(n int) string { return "http://h/" + strings.Repeat("\u00e9/", n/3) },
		"ucschar-host":       func(n int) string { return "http://" + strings.Repeat("\u4f8b.", n/4) + "jp/" },
		"iprivate-query":     func(n int) string { return "http://h/?" + strings.Repeat("\ue000=", n/4) },
		"iprivate-path":      func(n int) string { return "http://h/" + strings.Repeat("a", n-12) + "\ue000" },
	},
	"url-syntax-05": {
		"params":      func(n int) string { return "http://h/a" + strings.Repeat(";p", n/2) },
		"dotted-name": func(n int) string { return "http://" + strings.Repeat("a.", n/2) + "b/" },
		"digits-dots": func(n int) string { return "http://" + strings.Repeat("1.", n/2) + "1/" },
		"userinfo-at": func(n int) string { return "http://" + strings.Repeat("a:", n/2) + "@h/" },
	},
}

// Parse accepts exactly what Valid accepts on the adversarial families of every grammar:
// an expression-budget refusal of a valid input would be a bug. (Sizes up to 64 KiB here;
// BenchmarkAdversarialGrammars goes to 1 MiB.)
func TestParseExactOnAdversarialFamilies(t *testing.T) {
	t.Parallel()
	families := map[string]map[string]func(n int) string{"rfc2396bis-01": adversarial}
	for id, fs := range grammarFamilies {
		families[id] = fs
	}
	for id, fs := range families {
		g := urlgrammar.MustLookup(id)
		for name, f := range fs {
			for _, n := range []int{300, 1 << 10, 1 << 16} {
				s := f(n)
				_, err := g.Parse(s)
				valid := g.Valid(s)
				if valid != (err == nil) {
					t.Errorf("%s %s at %d bytes: Valid %v, Parse error %v", id, name, len(s), valid, err)
				}
				// The tree too: the compiled builder runs without an expression
				// budget, so a family that made it backtrack badly would show here as time.
				if tree, err := g.Parse(s); valid != (err == nil) || (err == nil && tree.String() != s) {
					t.Errorf("%s %s at %d bytes: Valid %v, Parse error %v", id, name, len(s), valid, err)
				}
			}
		}
	}
}

// BenchmarkAdversarialGrammars runs Parse on each grammar's families at 1 KiB, 64 KiB and
// 1 MiB: ns/byte must stay flat as the size grows (make bench-adversarial).
func BenchmarkAdversarialGrammars(b *testing.B) {
	for _, id := range []string{"rfc1738", "url-syntax-05", "url-1993", "rfc3986", "rfc3987"} {
		g := urlgrammar.MustLookup(id)
		for name, f := range grammarFamilies[id] {
			for _, size := range []int{1 << 10, 1 << 16, 1<<20 - 64} {
				s := f(size)
				for _, m := range []struct {
					name  string
					parse func(string)
				}{
					{"Parse", func(s string) { _, _ = g.Parse(s) }},
				} {
					b.Run(id+"/"+name+"/"+m.name+"/"+itoa(size), func(b *testing.B) {
						b.SetBytes(int64(len(s)))
						b.ReportAllocs()
						for i := 0; i < b.N; i++ {
							m.parse(s)
						}
						b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(s)), "ns/byte")
					})
				}
			}
		}
	}
}
