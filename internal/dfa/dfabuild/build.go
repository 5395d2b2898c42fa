// Package dfabuild derives the minimal DFAs of package dfa from a grammar's ABNF. It is used
// by the generator (internal/cmd/genparser) and by tests, never at run time: it is the only
// package that links go-abnf, so that the library and the CLI do not.
package dfabuild

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	goabnf "github.com/pandatix/go-abnf"

	"github.com/urlgrammar/urlgrammar/internal/dfa"
	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// Read parses an ABNF file (RFC 2234/5234; LF or CRLF line ends) with go-abnf. The file's
// own definitions of the core rules take precedence over go-abnf's.
//
// go-abnf's parser takes a tenth to half a second of CPU a grammar file, and the tests
// and the generator ask for the same file many times in one process, so a reading is kept by
// the file's text and shared: callers only read it (go-abnf's IsValid and Generate do too, in
// parallel as well) and must not change it.
//
// go-abnf is given the file without its comments (withoutComments), which mean nothing to
// the rules: its parser took 2.4 to 4.6 times as long over this project's files with them,
// whose header lines and notes are half their text or more.
func Read(src []byte) (*goabnf.Grammar, error) {
	s := strings.ReplaceAll(strings.ReplaceAll(string(src), "\r\n", "\n"), "\n", "\r\n")
	read, _ := readings.LoadOrStore(s, sync.OnceValues(func() (*goabnf.Grammar, error) {
		return goabnf.ParseABNF([]byte(withoutComments(s)), goabnf.WithRedefineCoreRules(true))
	}))
	return read.(func() (*goabnf.Grammar, error))()
}

// withoutComments returns the ABNF text s with each comment (RFC 5234's: from a ";" outside a
// quoted string and a prose value to the end of its line) removed, and everything else kept,
// line ends included: a comment is then the line end that ends it, which the grammar of ABNF
// allows wherever it allows a comment (c-nl), so the rules read the same, and an error is
// reported at the same line and column.
func withoutComments(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for line := range strings.Lines(s) {
		body := strings.TrimRight(line, "\r\n")
		b.WriteString(peg.StripComment(body))
		b.WriteString(line[len(body):])
	}
	return b.String()
}

// readings holds Read's readings by text (CRLF line ends): func() (*goabnf.Grammar, error).
var readings sync.Map

// Build derives the minimal DFA of a rule: Thompson's construction of an NFA from the
// rule's ABNF (rules expanded in place, counted repetitions unrolled exactly, quoted strings
// case-insensitive), subset construction over byte classes, then minimization by partition
// refinement. A recursive rule has no finite automaton and is an error.
func Build(g *goabnf.Grammar, rule string) (*dfa.DFA, error) {
	b := &nfaBuilder{g: g, expanding: map[string]bool{}}
	start, end, err := b.rule(rule)
	if err != nil {
		return nil, err
	}
	b.states[end].accept = true
	d := b.determinize(start)
	m, err := d.Minimize()
	if err != nil {
		return nil, fmt.Errorf("rule %s: %w", rule, err)
	}
	m.Rule = rule
	return m, nil
}

type nfaEdge struct {
	lo, hi byte
	to     int
}

type nfaState struct {
	eps    []int
	edges  []nfaEdge
	accept bool
}

type nfaBuilder struct {
	g         *goabnf.Grammar
	states    []nfaState
	expanding map[string]bool
}

func (b *nfaBuilder) newState() int {
	b.states = append(b.states, nfaState{})
	return len(b.states) - 1
}

func (b *nfaBuilder) eps(from, to int) { b.states[from].eps = append(b.states[from].eps, to) }

func (b *nfaBuilder) rule(name string) (int, int, error) {
	r := goabnf.GetRule(name, b.g.Rulemap)
	if r == nil {
		return 0, 0, fmt.Errorf("rule %q is not defined", name)
	}
	key := strings.ToLower(r.Name)
	if b.expanding[key] {
		return 0, 0, fmt.Errorf("rule %q is recursive: it has no finite automaton", r.Name)
	}
	b.expanding[key] = true
	defer delete(b.expanding, key)
	return b.alternation(r.Alternation)
}

func (b *nfaBuilder) alternation(a goabnf.Alternation) (int, int, error) {
	s, e := b.newState(), b.newState()
	for _, c := range a.Concatenations {
		cs, ce, err := b.concatenation(c)
		if err != nil {
			return 0, 0, err
		}
		b.eps(s, cs)
		b.eps(ce, e)
	}
	return s, e, nil
}

func (b *nfaBuilder) concatenation(c goabnf.Concatenation) (int, int, error) {
	s := b.newState()
	cur := s
	for _, r := range c.Repetitions {
		rs, re, err := b.repetition(r)
		if err != nil {
			return 0, 0, err
		}
		b.eps(cur, rs)
		cur = re
	}
	return s, cur, nil
}

// repetition unrolls min*max element exactly: min required copies, then either a loop
// (max infinite) or max-min optional copies.
func (b *nfaBuilder) repetition(r goabnf.Repetition) (int, int, error) {
	s := b.newState()
	cur := s
	for i := 0; i < r.Min; i++ {
		es, ee, err := b.element(r.Element)
		if err != nil {
			return 0, 0, err
		}
		b.eps(cur, es)
		cur = ee
	}
	if r.Max < 0 { // infinite
		es, ee, err := b.element(r.Element)
		if err != nil {
			return 0, 0, err
		}
		e := b.newState()
		b.eps(cur, es)
		b.eps(ee, es)
		b.eps(cur, e)
		b.eps(ee, e)
		return s, e, nil
	}
	e := b.newState()
	for i := r.Min; i < r.Max; i++ {
		b.eps(cur, e)
		es, ee, err := b.element(r.Element)
		if err != nil {
			return 0, 0, err
		}
		b.eps(cur, es)
		cur = ee
	}
	b.eps(cur, e)
	return s, e, nil
}

func (b *nfaBuilder) element(el goabnf.ElemItf) (int, int, error) {
	switch el := el.(type) {
	case goabnf.ElemRulename:
		return b.rule(el.Name)
	case goabnf.ElemGroup:
		return b.alternation(el.Alternation)
	case goabnf.ElemOption:
		s, e, err := b.alternation(el.Alternation)
		if err == nil {
			b.eps(s, e)
		}
		return s, e, err
	case goabnf.ElemCharVal:
		s := b.newState()
		cur := s
		for _, r := range el.Values {
			if r > 0x7f {
				return 0, 0, fmt.Errorf("non-ASCII character %q in a quoted string", r)
			}
			n := b.newState()
			c := byte(r)
			b.states[cur].edges = append(b.states[cur].edges, nfaEdge{c, c, n})
			if !el.Sensitive {
				if lc := c | 0x20; lc >= 'a' && lc <= 'z' {
					b.states[cur].edges = append(b.states[cur].edges, nfaEdge{lc &^ 0x20, lc &^ 0x20, n}, nfaEdge{lc, lc, n})
				}
			}
			cur = n
		}
		return s, cur, nil
	case goabnf.ElemNumVal:
		// Terminals are characters (code points, RFC 5234 section 2.3), read from input as
		// UTF-8: a value up to %x7F is its byte, a higher one its UTF-8 sequence, and a range
		// every valid sequence of a code point in it (surrogates have none). go-abnf reads
		// them the same way.
		vals, err := CodePoints(el)
		if err != nil {
			return 0, 0, err
		}
		s := b.newState()
		if el.Status == goabnf.StatRange {
			e := b.newState()
			for _, seq := range utf8Sequences(vals[0], vals[1]) {
				cur := s
				for i, r := range seq {
					n := e
					if i < len(seq)-1 {
						n = b.newState()
					}
					b.states[cur].edges = append(b.states[cur].edges, nfaEdge{r.lo, r.hi, n})
					cur = n
				}
			}
			return s, e, nil
		}
		cur := s
		for _, v := range vals {
			if v >= 0xD800 && v <= 0xDFFF {
				return 0, 0, fmt.Errorf("numeric value %%%s%X is a surrogate, which UTF-8 cannot encode", el.Base, v)
			}
			for _, c := range []byte(string(v)) {
				n := b.newState()
				b.states[cur].edges = append(b.states[cur].edges, nfaEdge{c, c, n})
				cur = n
			}
		}
		return s, cur, nil
	}
	return 0, 0, fmt.Errorf("unsupported ABNF element %T (%v)", el, el)
}

// CodePoints returns the values of a num-val (%x41-5A, %d13.10) as code points, or an
// error for a value beyond U+10FFFF.
func CodePoints(el goabnf.ElemNumVal) ([]rune, error) {
	base := map[string]int{"b": 2, "d": 10, "x": 16}[el.Base]
	vals := make([]rune, len(el.Elems))
	for i, e := range el.Elems {
		v, err := strconv.ParseUint(e, base, 32)
		if err != nil || v > utf8.MaxRune {
			return nil, fmt.Errorf("numeric value %%%s%s is not a Unicode code point", el.Base, e)
		}
		vals[i] = rune(v)
	}
	return vals, nil
}

func (b *nfaBuilder) determinize(start int) *dfa.Raw {
	// Byte classes: bytes that every NFA edge treats alike.
	var cut [257]bool
	cut[0], cut[256] = true, true
	for _, st := range b.states {
		for _, e := range st.edges {
			cut[e.lo], cut[int(e.hi)+1] = true, true
		}
	}
	var d dfa.Raw
	cls := -1
	for c := 0; c < 256; c++ {
		if cut[c] {
			cls++
		}
		d.Classes[c] = uint8(cls)
	}
	d.NClasses = cls + 1

	// Epsilon closures with a stamp array instead of maps: the NFA of a start rule has
	// tens of thousands of states.
	stamp := make([]int, len(b.states))
	gen := 0
	var stack []int
	closure := func(set []int) []int {
		gen++
		stack = append(stack[:0], set...)
		var out []int
		for len(stack) > 0 {
			s := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if stamp[s] == gen {
				continue
			}
			stamp[s] = gen
			if len(b.states[s].edges) > 0 || b.states[s].accept {
				out = append(out, s) // only states with edges or acceptance matter
			}
			stack = append(stack, b.states[s].eps...)
		}
		sort.Ints(out)
		return out
	}
	key := func(set []int) string {
		buf := make([]byte, 0, 4*len(set))
		for _, s := range set {
			buf = append(buf, byte(s), byte(s>>8), byte(s>>16), byte(s>>24))
		}
		return string(buf)
	}
	index := map[string]int{}
	sets := [][]int{nil}
	d.Trans = [][]int{make([]int, d.NClasses)}
	d.Accept = []bool{false}
	add := func(set []int) int {
		k := key(set)
		if i, ok := index[k]; ok {
			return i
		}
		i := len(sets)
		index[k] = i
		sets = append(sets, set)
		d.Trans = append(d.Trans, make([]int, d.NClasses))
		acc := false
		for _, s := range set {
			acc = acc || b.states[s].accept
		}
		d.Accept = append(d.Accept, acc)
		return i
	}
	d.Start = add(closure([]int{start}))
	next := make([][]int, d.NClasses)
	for i := 1; i < len(sets); i++ {
		for c := range next {
			next[c] = next[c][:0]
		}
		for _, s := range sets[i] {
			for _, e := range b.states[s].edges {
				for c := int(d.Classes[e.lo]); c <= int(d.Classes[e.hi]); c++ {
					next[c] = append(next[c], e.to)
				}
			}
		}
		for c := range next {
			if len(next[c]) > 0 {
				if set := closure(next[c]); len(set) > 0 {
					d.Trans[i][c] = add(set)
				}
			}
		}
	}
	return &d
}

// byteRange is the bytes lo to hi.
type byteRange struct{ lo, hi byte }

// utf8Sequences returns the UTF-8 encodings of the code points lo to hi, surrogates left out,
// as sequences of byte ranges: a byte string is the encoding of such a code point exactly
// when it matches one sequence, range by range. The range is cut where the encoded length
// changes, then wherever a continuation byte would not run over its whole span, so that each
// piece is a product of byte ranges (the construction of RE2 and of Rust's utf8-ranges).
func utf8Sequences(lo, hi rune) [][]byteRange {
	var out [][]byteRange
	var split func(lo, hi rune)
	split = func(lo, hi rune) {
		if lo > hi {
			return
		}
		if lo <= 0xDFFF && hi >= 0xD800 { // no encoding for surrogates
			split(lo, 0xD7FF)
			split(0xE000, hi)
			return
		}
		for _, max := range []rune{0x7F, 0x7FF, 0xFFFF} {
			if lo <= max && hi > max {
				split(lo, max)
				split(max+1, hi)
				return
			}
		}
		n := utf8.RuneLen(lo)
		for i := 1; i < n; i++ {
			m := rune(1)<<(6*i) - 1 // the bits of the last i bytes
			if lo&^m != hi&^m {
				if lo&m != 0 {
					split(lo, lo|m)
					split((lo|m)+1, hi)
					return
				}
				if hi&m != m {
					split(lo, hi&^m-1)
					split(hi&^m, hi)
					return
				}
			}
		}
		a, z := []byte(string(lo)), []byte(string(hi))
		seq := make([]byteRange, n)
		for i := range seq {
			seq[i] = byteRange{a[i], z[i]}
		}
		out = append(out, seq)
	}
	split(lo, hi)
	return out
}
