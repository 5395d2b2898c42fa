package urlgrammar

import (
	"fmt"
	"math/rand"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/internal/peg"
	"github.com/urlgrammar/urlgrammar/internal/spectest"
	"github.com/urlgrammar/urlgrammar/internal/testscale"
)

// recognizeInputs are inputs for comparing Recognize with Run: every field of every test
// table, the bundled corpus, the benchmark corpus, and each of those with one byte
// inserted, deleted or replaced (so that failures fall at every kind of place), each once.
func recognizeInputs(t testing.TB, n int) []string {
	files, err := filepath.Glob("testdata/*/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	tables, err := filepath.Glob("grammars/*/testdata/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, tables...)
	var in []string
	for _, f := range files {
		if strings.Contains(f, "testdata/spec/") {
			continue
		}
		lines, err := spectest.Lines(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range lines {
			for _, field := range strings.Split(l, "\t") {
				in = append(in, spectest.Unempty(field))
			}
		}
	}
	in = append(in, corpus.Lines(n, 5)...)
	// Labels of 63 and 64 characters: the PEG's code predicates (rfc2396bis-01's
	// domainlabel and toplabel) read the length of a label.
	for _, k := range []int{63, 64} {
		l := strings.Repeat("a", k)
		in = append(in, "http://"+l+".com/", "http://a."+l+"./", "//"+l+":80", "http://"+l+"-"+l+"/")
	}
	rng := rand.New(rand.NewSource(11))
	const bytes = "/?#[]:@%.;=-_~!$&'()*+,aZ09 \"<>\\^`{|}\x00\x7f\xc3\xa9\xff"
	for _, s := range in[:len(in):len(in)] {
		i := rng.Intn(len(s) + 1)
		c := string(bytes[rng.Intn(len(bytes))])
		in = append(in, s[:i]+c+s[i:])
		if i < len(s) {
			in = append(in, s[:i]+s[i+1:], s[:i]+c+s[i+1:])
		}
	}
	return spectest.Unique(in) // a fifth are in several tables, or in a corpus too
}

// Recognize returns Run's failure, field for field, for every grammar: on the start rule
// over many inputs, on every rule over a few, and with expression limits low enough to stop
// the parser at every point.
func TestRecognizeMatchesRun(t *testing.T) {
	t.Parallel()
	inputs := testscale.Inputs(recognizeInputs(t, 2000*conformanceScale()))
	t.Logf("%d inputs", len(inputs))
	for _, id := range ownIDs() {
		t.Run(id, func(t *testing.T) {
			t.Parallel() // the longest test of the package, one grammar after another
			g := MustLookup(id)
			check := func(rule, s string, limit uint64) {
				_, want := g.run(rule, s, limit)
				got := g.recognize(rule, s, limit)
				if !reflect.DeepEqual(want, got) {
					t.Fatalf("%s rule %s limit %d on %q:\nRecognize: %+v\nRun:       %+v", id, rule, limit, s, got, want)
				}
				if problem := placeIsRecognize(g, rule, s, limit, got); problem != "" {
					t.Fatalf("%s rule %s limit %d on %q: %s", id, rule, limit, s, problem)
				}
			}
			start := g.byName[ruleKey(g.start)]
			for _, s := range inputs {
				check(start, s, g.maxExpr(s))
			}
			for _, r := range g.rules {
				for _, s := range inputs[:300] {
					check(r.PEG, s, 0)
				}
			}
			for i, s := range inputs[:500] {
				check(start, s, uint64(1+i%200))
			}
		})
	}
}

// FuzzRecognize: Recognize and Run give the same failure on any input, in every grammar.
func FuzzRecognize(f *testing.F) {
	for _, s := range recognizeInputs(f, 200) {
		f.Add(s, uint8(0))
	}
	ids := ownIDs()
	f.Fuzz(func(t *testing.T, s string, gi uint8) {
		if len(s) > 4096 {
			return
		}
		g := MustLookup(ids[int(gi)%len(ids)])
		rule := g.byName[ruleKey(g.start)]
		limit := g.maxExpr(s)
		_, want := g.run(rule, s, limit)
		got := g.recognize(rule, s, limit)
		if !reflect.DeepEqual(want, got) {
			t.Fatalf("%s on %q:\nRecognize: %+v\nRun:       %+v", g.ID(), s, got, want)
		}
		if problem := placeIsRecognize(g, rule, s, limit, got); problem != "" {
			t.Fatalf("%s on %q: %s", g.ID(), s, problem)
		}
	})
}

// placeIsRecognize says how RecognizePlace of the PEG rule on s differs from want, Recognize's
// failure there ("" when it gives the same offset, rule and limit, and fails exactly when
// Recognize does).
func placeIsRecognize(g *Grammar, rule, s string, limit uint64, want *peg.Failure) string {
	place, failed := g.gen.PEG.RecognizePlace(rule, s, limit)
	switch {
	case failed != (want != nil):
		return fmt.Sprintf("RecognizePlace failed %v, Recognize %+v", failed, want)
	case !failed:
		return ""
	case place.Offset != want.Offset || place.Rule != want.Rule || place.Limit != want.Limit || place.Expected != nil:
		return fmt.Sprintf("RecognizePlace %+v, Recognize %+v", place, *want)
	}
	return ""
}

// BenchmarkRecognize compares Run and Recognize on the invalid lines of the benchmark
// corpus (the inputs whose errors Parse names through Recognize).
func BenchmarkRecognize(b *testing.B) {
	g := MustLookup("rfc2396bis-01")
	var invalid []string
	for _, s := range corpus.Lines(10000, 1) {
		if !g.Valid(s) {
			invalid = append(invalid, s)
		}
	}
	start := g.byName[ruleKey(g.start)]
	for _, c := range []struct {
		name string
		f    func(s string)
	}{
		{"run", func(s string) { g.run(start, s, g.maxExpr(s)) }},
		{"recognize", func(s string) { g.recognize(start, s, g.maxExpr(s)) }},
		{"place", func(s string) { g.gen.PEG.RecognizePlace(start, s, g.maxExpr(s)) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				for _, s := range invalid {
					c.f(s)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(invalid)), "ns/url")
		})
	}
}
