package urlgrammar

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/urlgrammar/urlgrammar/grammarkit"
	"github.com/urlgrammar/urlgrammar/internal/dfa"
	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// Scheme grammars: a grammar whose header has scheme lines (`; urlgrammar scheme mailto:
// mailtoURI`) defines the syntax of the URIs of those schemes, as RFC 6068 does for mailto.
// A grammar that checks schemes (Info.CheckSchemes: the grammar "uri", RFC 3986's rules)
// checks every URI it accepts against the grammar of its scheme too, when one is registered:
// the verdict of the pair is the URI's.

// A SchemeGrammar is a registered grammar's scheme line: URIs of Scheme must match Rule of
// Grammar (the whole URI when Fragment is set, else the URI without its fragment).
type SchemeGrammar struct {
	grammarkit.SchemeRule
	Grammar *Grammar

	d *dfa.DFA // the rule's DFA, looked up once
}

// Schemes returns the scheme lines of the grammar's header: the URI schemes whose syntax it
// defines, each with its rule. Nil for a grammar that defines none.
func (g *Grammar) Schemes() []grammarkit.SchemeRule {
	var out []grammarkit.SchemeRule
	for _, line := range g.gen.Info.Schemes {
		sr, err := peg.ParseScheme(line)
		if err == nil { // checked when the grammar was built
			out = append(out, sr)
		}
	}
	return out
}

// HasSchemes reports whether the grammar defines URI schemes (Schemes is not empty), without
// making the list.
func (g *Grammar) HasSchemes() bool { return len(g.gen.Info.Schemes) > 0 }

// ChecksSchemes reports whether the grammar checks each URI it accepts against the grammar of
// its scheme too (SchemeGrammars), as the grammar "uri" does.
func (g *Grammar) ChecksSchemes() bool { return g.gen.Info.CheckSchemes }

// schemeIndex is every registered grammar's scheme lines, made again when a grammar is
// registered: mu serializes the making, and current, read without a lock, is the index
// made last.
var schemeIndex struct {
	mu      sync.Mutex
	current atomic.Pointer[schemeIndexed]
}

// schemeIndexed is one making of the index: the entries of count registrations.
type schemeIndexed struct {
	count   int
	entries []SchemeGrammar
	err     error
}

// SchemeGrammars returns the scheme grammars of every registered grammar (the packages
// imported; github.com/urlgrammar/urlgrammar/grammars/uri imports every bundled one), sorted
// by scheme. Two grammars that claim one scheme are an error.
func SchemeGrammars() ([]SchemeGrammar, error) {
	entries, err := schemeEntries()
	return append([]SchemeGrammar(nil), entries...), err
}

// schemeEntries returns the index, made again if a grammar was registered since. Once made,
// it takes no lock and allocates nothing.
func schemeEntries() ([]SchemeGrammar, error) {
	n := grammarkit.Count()
	if cur := schemeIndex.current.Load(); cur != nil && cur.count == n {
		return cur.entries, cur.err
	}
	schemeIndex.mu.Lock()
	defer schemeIndex.mu.Unlock()
	if cur := schemeIndex.current.Load(); cur != nil && cur.count == n {
		return cur.entries, cur.err
	}
	var entries []SchemeGrammar
	var err error
	by := map[string]string{}
	for _, id := range grammarkit.IDs() {
		gen, _ := grammarkit.Registered(id)
		if len(gen.Info.Schemes) == 0 {
			continue
		}
		g, lerr := Lookup(id)
		if lerr != nil {
			err = lerr
			continue
		}
		for _, sr := range g.Schemes() {
			if other, dup := by[sr.Scheme]; dup {
				err = fmt.Errorf("the scheme %s is defined by two grammars, %s and %s", sr.Scheme, other, id)
				continue
			}
			d := g.dfaFor(sr.Rule)
			if d == nil {
				err = fmt.Errorf("grammar %s: the scheme %s names the rule %q, which it has not", id, sr.Scheme, sr.Rule)
				continue
			}
			by[sr.Scheme] = id
			entries = append(entries, SchemeGrammar{SchemeRule: sr, Grammar: g, d: d})
		}
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Scheme < entries[j].Scheme })
	if entries == nil {
		entries = []SchemeGrammar{}
	}
	schemeIndex.current.Store(&schemeIndexed{n, entries, err})
	return entries, err
}

// SchemeGrammarOf returns the scheme grammar of a scheme (compared without the case of ASCII
// letters), or false when no registered grammar defines it.
func SchemeGrammarOf(scheme string) (SchemeGrammar, bool) {
	entries, _ := schemeEntries()
	for _, e := range entries {
		if asciiEqualFold(scheme, e.Scheme) {
			return e, true
		}
	}
	return SchemeGrammar{}, false
}

// schemeTarget returns, for s (a URI reference the grammar accepts), the scheme grammar of
// its scheme and the part of s it must match; false for a relative reference or a scheme
// without a grammar. It allocates nothing once the index is made.
func schemeTarget(s string) (SchemeGrammar, string, bool) {
	// A URI's scheme is ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) and a ":" (s is a URI
	// reference the grammar accepts: a relative one has a "/", "?" or "#" first, or no ":").
	i := peg.SchemeEnd(s)
	if i == 0 || i == len(s) || s[i] != ':' {
		return SchemeGrammar{}, "", false
	}
	e, ok := SchemeGrammarOf(s[:i])
	if !ok {
		return SchemeGrammar{}, "", false
	}
	if !e.Fragment {
		// RFC 3986 section 3.5: the fragment is not the scheme's; in a URI the first "#"
		// begins it.
		if j := strings.IndexByte(s, '#'); j >= 0 {
			s = s[:j]
		}
	}
	return e, s, true
}

// schemeValid reports whether s, which the grammar accepts, matches the grammar of its
// scheme, when it has one. It allocates nothing. (Valid and Parse run checkedDFA instead,
// once it is made: schemesHold.)
func schemeValid(s string) bool {
	e, t, ok := schemeTarget(s)
	if !ok {
		return true
	}
	return e.d.Valid(t) // every entry has its DFA (schemeEntries)
}

// schemesHold reports whether s, which g's start rule accepts, matches the grammar of its
// scheme: the verdict of the automaton that checks both (Valid's), which needs no look-up of
// the scheme, or schemeValid's when that automaton cannot be made.
func (g *Grammar) schemesHold(s string) bool {
	if c := g.checkedOnce(); c.err == nil {
		// s is in the start rule's language: the automaton may stop where the rest of s can
		// no longer fail (the end of an http URI's authority, the ":" of a scheme without a
		// grammar), a third of s or less on a corpus of http URLs.
		c.settleOnce.Do(func() { c.settled = dfa.NewSettledRows(c.d, g.startDFA) })
		return c.d.MatchSettled(s, c.settled)
	}
	return schemeValid(s)
}

// schemeError is the error of s, which the grammar accepts, against the grammar of its
// scheme: nil when it has none or s matches it. The error is the scheme grammar's (its id,
// the rule where it stops), with the whole of s as its input. It is made in eb when that is
// not nil (a Parser's block) and the scheme's rule is the start rule of a grammar that
// checks nothing after its rules (every bundled scheme grammar; matchIn): its explanation
// then waits for its first use, as any error of a Parser's does.
func schemeError(s string, eb *syntaxErrorBlock) error {
	e, t, ok := schemeTarget(s)
	if !ok {
		return nil
	}
	err := e.Grammar.matchIn(e.Rule, t, eb)
	if se, ok := err.(*SyntaxError); ok {
		se.Input = s // t is a prefix of s: the offset, line and column stand
		se.scheme = e.Scheme
	}
	return err
}

// A checkedDFA is the automaton of a grammar that checks schemes, made from the scheme
// grammars of count registrations.
type checkedDFA struct {
	count int
	d     *dfa.DFA
	err   error
	// settled are d's states settled against the start rule's automaton (dfa.Settled), made
	// on the first schemesHold.
	settleOnce sync.Once
	settled    *dfa.SettledRows
}

// checkedDFA returns the minimal DFA of the whole language of g, a grammar that checks
// schemes: its start rule's language, where a URI whose scheme has a grammar must also be in
// that grammar's rule (before its first "#", unless the scheme line says +fragment). Valid
// runs it in one pass, and diff compares it. It is made on first use, and again when a
// grammar was registered since.
func (g *Grammar) checkedDFA() (*dfa.DFA, error) {
	c := g.checkedOnce()
	return c.d, c.err
}

// checkedOnce is checkedDFA, with what is kept beside the automaton.
func (g *Grammar) checkedOnce() *checkedDFA {
	n := grammarkit.Count()
	if c := g.checked.Load(); c != nil && c.count == n {
		return c
	}
	entries, err := schemeEntries()
	c := &checkedDFA{count: n, err: err}
	if err == nil {
		cases := make([]dfa.Case, 0, len(entries))
		for _, e := range entries {
			d := e.d
			if !e.Fragment {
				if d, err = dfa.BeforeHash(d); err != nil {
					break
				}
			}
			cases = append(cases, dfa.Case{Prefix: e.Scheme + ":", D: d})
		}
		var schemes *dfa.DFA
		if err == nil {
			schemes, err = dfa.Dispatch(cases, dfa.All())
		}
		if err == nil {
			c.d, err = dfa.Intersect(g.startDFA, schemes)
		}
		if c.d != nil {
			c.d.Rule = g.start
		}
		c.err = err
	}
	g.checked.Store(c)
	return c
}
