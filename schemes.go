package urlgrammar

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/urlgrammar/urlgrammar/grammarkit"
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

// ChecksSchemes reports whether the grammar checks each URI it accepts against the grammar of
// its scheme too (SchemeGrammars), as the grammar "uri" does.
func (g *Grammar) ChecksSchemes() bool { return g.gen.Info.CheckSchemes }

// schemeIndex is every registered grammar's scheme lines, made again when a grammar is
// registered (count is the number of registrations it was made from).
var schemeIndex struct {
	mu      sync.Mutex
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

// schemeEntries returns the index, made again if a grammar was registered since.
func schemeEntries() ([]SchemeGrammar, error) {
	n := grammarkit.Count()
	schemeIndex.mu.Lock()
	defer schemeIndex.mu.Unlock()
	if schemeIndex.entries != nil && schemeIndex.count == n {
		return schemeIndex.entries, schemeIndex.err
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
			if g.dfaFor(sr.Rule) == nil {
				err = fmt.Errorf("grammar %s: the scheme %s names the rule %q, which it has not", id, sr.Scheme, sr.Rule)
				continue
			}
			by[sr.Scheme] = id
			entries = append(entries, SchemeGrammar{SchemeRule: sr, Grammar: g})
		}
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Scheme < entries[j].Scheme })
	if entries == nil {
		entries = []SchemeGrammar{}
	}
	schemeIndex.entries, schemeIndex.count, schemeIndex.err = entries, n, err
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
	i := strings.IndexAny(s, ":/?#")
	if i <= 0 || s[i] != ':' {
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
// scheme, when it has one. It allocates nothing.
func schemeValid(s string) bool {
	e, t, ok := schemeTarget(s)
	if !ok {
		return true
	}
	if d := e.Grammar.dfaFor(e.Rule); d != nil {
		return d.Valid(t)
	}
	return e.Grammar.Match(e.Rule, t) == nil
}

// schemeError is the error of s, which the grammar accepts, against the grammar of its
// scheme: nil when it has none or s matches it. The error is the scheme grammar's (its id,
// the rule where it stops), with the whole of s as its input.
func schemeError(s string) error {
	e, t, ok := schemeTarget(s)
	if !ok {
		return nil
	}
	err := e.Grammar.Match(e.Rule, t)
	if se, ok := err.(*SyntaxError); ok {
		se.Input = s // t is a prefix of s: the offset, line and column stand
		se.scheme = e.Scheme
	}
	return err
}
