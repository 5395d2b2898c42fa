package urlgrammar_test

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
)

// A Parser gives the trees and errors of Grammar.Parse, in every grammar, with one Parser
// taking every input in turn.
func TestParserMatchesParse(t *testing.T) {
	inputs := append(allTableInputs(t), corpus.Lines(2000, 3)...)
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		p := g.NewParser()
		if p.Grammar() != g {
			t.Fatalf("%s: the Parser's grammar is %s", id, p.Grammar().ID())
		}
		for _, s := range inputs {
			want, werr := g.Parse(s)
			got, err := p.Parse(s)
			if fmt.Sprint(werr) != fmt.Sprint(err) || !reflect.DeepEqual(want, got) {
				t.Fatalf("%s %q: Parser.Parse gives %v, %v; Grammar.Parse gives %v, %v", id, s, got, err, want, werr)
			}
		}
	}
}

// A Parser allocates nothing for a valid input once it has parsed one of its size, in every
// grammar (an API property, checked by count, not by time).
func TestParserReusesMemory(t *testing.T) {
	skipUnderRace(t)
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		p := g.NewParser()
		noAllocs(t, g, "Parser.Parse", 500, func(s string) { _, _ = p.Parse(s) })
	}
}

// countValid is the number of inputs g accepts.
func countValid(g *urlgrammar.Grammar, inputs []string) int {
	n := 0
	for _, s := range inputs {
		if g.Valid(s) {
			n++
		}
	}
	return n
}

// noAllocs runs f on the corpus lines g accepts (and members generated from its ABNF when
// they are too few), once over them all
// to grow the memory f reuses, then over them all again: none may allocate (counted over the
// whole run, and line by line to name the first that does). At least min lines are checked.
func noAllocs(t *testing.T, g *urlgrammar.Grammar, name string, min int, f func(string)) {
	t.Helper()
	var lines []string
	for _, s := range corpus.Lines(2000, 1) {
		if g.Valid(s) {
			lines = append(lines, s)
		}
	}
	if len(lines) < min { // a scheme grammar: the corpus has few URIs of its schemes
		lines = append(lines, members(t, g, 2*(min-len(lines)), 1)...)
	}
	for _, s := range lines {
		f(s)
	}
	if n := testing.AllocsPerRun(2, func() {
		for _, s := range lines {
			f(s)
		}
	}); n != 0 {
		for _, s := range lines {
			if n := testing.AllocsPerRun(5, func() { f(s) }); n != 0 {
				t.Fatalf("%s: %s(%q) allocates %.0f times", g.ID(), name, s, n)
			}
		}
		t.Fatalf("%s: %s allocates %.0f times over the lines, none alone", g.ID(), name, n)
	}
	if len(lines) < min {
		t.Fatalf("%s: only %d valid lines checked", g.ID(), len(lines))
	}
}

// CheckTree takes a Parser's tree, in every grammar, and refuses a tree of another grammar,
// of another rule, and the empty tree.
func TestCheckTreeOfParserTree(t *testing.T) {
	inputs := append(allTableInputs(t), corpus.Lines(1000, 4)...)
	other := urlgrammar.MustLookup("rfc1738")
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		p := g.NewParser()
		checked := 0
		own := inputs
		if valid := countValid(g, inputs); valid < 300 { // a scheme grammar: few in the corpus
			own = append(own[:len(own):len(own)], members(t, g, 2*(300-valid), 2)...)
		}
		for _, s := range own {
			tree, err := p.Parse(s)
			if err != nil {
				continue
			}
			if err := g.CheckTree(tree); err != nil {
				t.Fatalf("%s %q: CheckTree of the Parser's tree: %v", id, s, err)
			}
			checked++
		}
		if checked < 300 {
			t.Fatalf("%s: only %d inputs", id, checked)
		}
		if id != other.ID() {
			tree, err := other.Parse("http://a/")
			if err != nil {
				t.Fatal(err)
			}
			if g.CheckTree(tree) == nil {
				t.Fatalf("%s: CheckTree of an rfc1738 tree gives no error", id)
			}
		}
		if g.CheckTree(ast.Tree{}) == nil {
			t.Fatalf("%s: CheckTree of an empty tree gives no error", id)
		}
		digit, err := g.ParseRule("DIGIT", "1")
		if err != nil {
			t.Fatal(err)
		}
		if g.CheckTree(digit) == nil {
			t.Fatalf("%s: CheckTree of a tree of rule DIGIT gives no error", id)
		}
	}
}

// A Parser makes the error of an invalid input in its own memory, as it does the tree: no
// allocation until the error is explained. The next Parse overwrites it; Clone keeps it.
func TestParserErrorsAllocateNothing(t *testing.T) {
	skipUnderRace(t)
	lines := append(corpus.TextLines(3000, 5), corpus.Lines(3000, 6)...)
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		p := g.NewParser()
		var invalid []string
		for _, s := range lines {
			var se *urlgrammar.SyntaxError
			if _, err := p.Parse(s); errors.As(err, &se) {
				invalid = append(invalid, s)
			}
		}
		if len(invalid) < 100 {
			t.Fatalf("%s: only %d invalid lines", id, len(invalid))
		}
		if n := testing.AllocsPerRun(2, func() {
			for _, s := range invalid {
				_, _ = p.Parse(s)
			}
		}); n != 0 {
			for _, s := range invalid {
				if n := testing.AllocsPerRun(3, func() { _, _ = p.Parse(s) }); n != 0 {
					t.Fatalf("%s: Parser.Parse(%q) allocates %.0f times", id, s, n)
				}
			}
		}
		// The error is the Grammar's, until the next Parse; a clone stays.
		s1, s2 := invalid[0], invalid[len(invalid)-1]
		_, err1 := p.Parse(s1)
		kept := err1.(*urlgrammar.SyntaxError).Clone()
		_, want1 := g.Parse(s1)
		require.Equal(t, want1.Error(), kept.Error(), "%s %q", id, s1)
		_, _ = p.Parse(s2)
		_, want2 := g.Parse(s2)
		assert.Equal(t, want2.Error(), err1.Error(), "%s: the next Parse overwrites the error", id)
		assert.Equal(t, want1.Error(), kept.Error(), "%s: a clone stays", id)
	}
}

// skipUnderRace skips a test that counts allocations when the race detector runs: its
// instrumentation allocates (the web-safe grammar's Parser.Parse twice a call under -race).
func skipUnderRace(t *testing.T) {
	if raceDetector {
		t.Skip("allocations are counted without -race: the race detector's instrumentation allocates")
	}
}
