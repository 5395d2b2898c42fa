package urlgrammar

import (
	"math/rand"
	"reflect"
	"testing"

	goabnf "github.com/pandatix/go-abnf"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/internal/difftest"
)

// typedFromTreeGrammars are the grammars whose Parse builds the typed tree from the
// generic one.
func typedFromTreeGrammars() []*Grammar {
	var gs []*Grammar
	for _, id := range IDs() {
		if g := MustLookup(id); g.typedFromTree != nil {
			gs = append(gs, g)
		}
	}
	return gs
}

// Parse's typed tree built from the generic tree is the one pigeon's parser builds, field
// for field (reflect.DeepEqual: spans, texts, kinds, nil and empty alike), on the tables, the
// corpus, members generated from the ABNF and near misses; a Parser's too.
func TestTypedFromTree(t *testing.T) {
	t.Parallel()
	gs := typedFromTreeGrammars()
	if len(gs) < 2 {
		t.Fatalf("rfc3986 and rfc3987 build their typed trees from the generic tree; %d grammars do", len(gs))
	}
	for _, g := range gs {
		o := newOracles(t, g.id)
		inputs := append(tableInputs(t, g.id), corpus.Lines(3000, 5)...)
		rng := rand.New(rand.NewSource(6))
		for range 600 * conformanceScale() {
			m, err := o.ref.Generate(rng.Int63(), g.start, goabnf.WithRepMax(6))
			if err != nil {
				t.Fatal(err)
			}
			inputs = append(inputs, string(m), difftest.Mutate(rng, string(m)))
		}
		p := g.NewParser()
		checked := 0
		for _, s := range inputs {
			if !g.Valid(s) {
				continue
			}
			want, err := g.parsePEG(s)
			if err != nil {
				t.Fatalf("%s %q: Valid, but pigeon fails: %v", g.id, s, err)
			}
			got, _ := g.ParseTyped(s)
			if !reflect.DeepEqual(want, got) {
				t.Fatalf("%s %q: the typed tree from the generic tree differs from pigeon's", g.id, s)
			}
			reused, _ := p.ParseTyped(s)
			if !reflect.DeepEqual(want, reused) {
				t.Fatalf("%s %q: a Parser's typed tree differs from pigeon's", g.id, s)
			}
			checked++
		}
		if checked < 1500 {
			t.Errorf("%s: only %d valid inputs", g.id, checked)
		}
	}
}

// FuzzTypedFromTree holds the typed trees built from generic trees to pigeon's on any input,
// for every grammar that builds them so.
func FuzzTypedFromTree(f *testing.F) {
	for _, s := range []string{"http://u@[v1.x]:80/a/b?q#f", "//[::1.2.3.4]/", "/", "", "a:", "file:///x", "//é@h/é?é#é",
		"http://u:p@1.2.3.4:80/a;x/b?q#f", "//@h", "g;x?y", "news:a@b.c", "news:*", "wais://h/db/t/1/p", "prospero://h/a%00/1x", "telnet://u@h:23", "gopher://h/1sel?s", "afs://c/p", "ftp://u:p@h/a/b;TYPE=i", "telnet://h/", "gopher://h/", "wais://h/db?q", "prospero://h/p;a=b", "x-y://u@h/p", "nntp://h/g/12", "mailto:a@b"} {
		for gi := range uint8(6) {
			f.Add(s, gi)
		}
	}
	gs := typedFromTreeGrammars()
	f.Fuzz(func(t *testing.T, s string, gi uint8) {
		g := gs[int(gi)%len(gs)]
		if len(s) > 1024 || !g.Valid(s) {
			return
		}
		want, err := g.parsePEG(s)
		if err != nil {
			t.Fatalf("%s %q: Valid, but pigeon fails: %v", g.id, s, err)
		}
		if got, _ := g.ParseTyped(s); !reflect.DeepEqual(want, got) {
			t.Fatalf("%s %q: the typed tree from the generic tree differs from pigeon's", g.id, s)
		}
	})
}

// TestTypedTreesRegistered: each of this module's grammars gets its typed trees when it is
// registered: typedTrees's titles are the headers' (a title changed in one place only would
// leave the grammar without them).
func TestTypedTreesRegistered(t *testing.T) {
	for id := range typedTrees {
		g := MustLookup(id)
		if g.treeOnly || g.typedFromTree == nil {
			t.Errorf("grammar %s has no typed trees: its title %q is not typedTrees's", id, g.title)
		}
	}
}
