package urlgrammar

import (
	"sync"

	"github.com/urlgrammar/urlgrammar/internal/dfa"
	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// A dispatch is a start rule that picks its production by the URL's scheme, as RFC 1738's
// url does: a URL whose scheme is one of the cases (compared without case, ASCII letters
// only) must match that case's rule, and any other input must match otherwise.
type dispatch struct {
	cases     []peg.DispatchCase // schemes in lower case, without ":" (peg.ParseDispatch)
	otherwise string
	// deciders are the DFAs of the cases' rules, in their order, then otherwise's: looked up
	// once, when the grammar's DFAs are keyed (a map lookup a call was an eighth of Valid).
	deciders []*dfa.DFA

	once sync.Once
	d    *dfa.DFA // the whole language as one DFA (language)
	err  error
}

// pick returns the index of the case whose scheme s has, or len(d.cases) for otherwise. It
// allocates nothing.
func (d *dispatch) pick(s string) int {
	for i, c := range d.cases {
		n := len(c.Scheme)
		if len(s) > n && s[n] == ':' && asciiEqualFold(s[:n], c.Scheme) {
			return i
		}
	}
	return len(d.cases)
}

// decider returns the DFA of the rule s must match.
func (d *dispatch) decider(s string) *dfa.DFA { return d.deciders[d.pick(s)] }

// keyDeciders looks up the DFAs of the cases' rules and of otherwise in g, whose DFAs are
// keyed.
func (d *dispatch) keyDeciders(g *Grammar) {
	d.deciders = make([]*dfa.DFA, 0, len(d.cases)+1)
	for _, c := range d.cases {
		d.deciders = append(d.deciders, g.dfaFor(c.Rule))
	}
	d.deciders = append(d.deciders, g.dfaFor(d.otherwise))
}

// dfa returns the DFA of the whole dispatching language, built from the rules' DFAs on
// first use (dfa.Dispatch): the automaton diff compares.
func (d *dispatch) dfa(g *Grammar) (*dfa.DFA, error) {
	d.once.Do(func() {
		cases := make([]dfa.Case, len(d.cases))
		for i, c := range d.cases {
			cases[i] = dfa.Case{Prefix: c.Scheme + ":", D: g.dfaFor(c.Rule)}
		}
		d.d, d.err = dfa.Dispatch(cases, g.dfaFor(d.otherwise))
		if d.d != nil {
			d.d.Rule = g.start
		}
	})
	return d.d, d.err
}

// asciiEqualFold reports whether s equals the lower-case ASCII word lower, ignoring the case
// of ASCII letters only (strings.EqualFold would also fold U+212A and U+017F).
func asciiEqualFold(s, lower string) bool {
	if len(s) != len(lower) {
		return false
	}
	for i := range len(s) {
		if lowerASCII(s[i]) != lower[i] {
			return false
		}
	}
	return true
}
