package urlgrammar

import (
	"math/rand"
	"reflect"
	"testing"

	goabnf "github.com/pandatix/go-abnf"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/internal/spectest"
)

// TestFastPathMatchesPEG: the fast path builds the tree the pigeon parser builds, on the
// test tables, the benchmark corpus and members generated from the ABNF.
func TestFastPathMatchesPEG(t *testing.T) {
	t.Parallel()
	g := MustLookup("rfc2396bis-01")
	var inputs []string
	lines, err := spectest.Lines("testdata/rfc2396bis-01/valid.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lines {
		inputs = append(inputs, spectest.Unempty(l))
	}
	inputs = append(inputs, corpus.Lines(10000*conformanceScale(), 1)...)
	o := newOracles(t, "rfc2396bis-01")
	rng := rand.New(rand.NewSource(9))
	for i := 0; i < 3000*conformanceScale(); i++ {
		m, err := o.ref.Generate(rng.Int63(), "URI-reference", goabnf.WithRepMax(5))
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, string(m))
	}
	checked := 0
	p := g.NewParser() // one Parser through every input: no tree may keep a part of the last
	for _, s := range inputs {
		slow, err := g.parsePEG(s)
		reused, perr := p.ParseTyped(s)
		if err != nil {
			if g.Valid(s) {
				t.Fatalf("%q: the DFA accepts what the PEG rejects: %v", s, err)
			}
			if !reflect.DeepEqual(err, perr) {
				t.Fatalf("%q: the Parser's error differs from the PEG's\nParser: %v\npeg:    %v", s, perr, err)
			}
			continue
		}
		checked++
		fast := g.fast(s)
		if !reflect.DeepEqual(slow, fast) {
			t.Fatalf("%q: the fast path's tree differs from the PEG's\nfast: %+v\npeg:  %+v", s, fast, slow)
		}
		if perr != nil || !reflect.DeepEqual(slow, reused) {
			t.Fatalf("%q: the Parser's tree differs from the PEG's (error %v)\nParser: %+v\npeg:    %+v", s, perr, reused, slow)
		}
	}
	if checked < 10000 {
		t.Errorf("only %d valid inputs compared", checked)
	}
}

// FuzzFastPath: for any input the DFA accepts, the PEG parser accepts it too and builds the
// tree the fast path builds.
func FuzzFastPath(f *testing.F) {
	g := MustLookup("rfc2396bis-01")
	for _, s := range corpus.Lines(200, 2) {
		f.Add(s)
	}
	p := g.NewParser() // reused from one input to the next, as a Parser is meant to be
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4096 || !g.startDFA.Valid(s) {
			return
		}
		slow, err := g.parsePEG(s)
		if err != nil {
			t.Fatalf("%q: the DFA accepts what the PEG rejects: %v", s, err)
		}
		if fast := g.fast(s); !reflect.DeepEqual(slow, fast) {
			t.Fatalf("%q: the fast path's tree differs from the PEG's", s)
		}
		if reused, err := p.ParseTyped(s); err != nil || !reflect.DeepEqual(slow, reused) {
			t.Fatalf("%q: the Parser's tree differs from the PEG's (error %v)", s, err)
		}
	})
}

// BenchmarkParsePigeon is Parse through the pigeon parser alone (the path of invalid inputs
// and of grammars without a fast path), on the corpus of bench_test.go.
func BenchmarkParsePigeon(b *testing.B) {
	g := MustLookup("rfc2396bis-01")
	lines := corpus.Lines(10000, 1)
	n := 0
	for _, s := range lines {
		n += len(s)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for _, s := range lines {
			_, _ = g.parsePEG(s)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/url")
}
