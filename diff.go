package urlgrammar

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/urlgrammar/urlgrammar/internal/dfa"
)

// A Language is the set of strings that one rule of one grammar matches: its start rule
// (what Valid decides) when Rule is empty.
type Language struct {
	Grammar *Grammar
	Rule    string
	// Scheme, when set, restricts the language to its members whose scheme is Scheme: those
	// that begin with Scheme and ":" (ASCII letters compared without case). RFC 3986's
	// absolute-URI restricted to mailto is what RFC 6068's mailtoURI must stay inside.
	Scheme string
}

// RuleName returns the name of the language's rule as the grammar writes it.
func (l Language) RuleName() string {
	if l.Rule == "" {
		return l.Grammar.start
	}
	for _, r := range l.Grammar.rules {
		if ruleKey(r.ABNF) == ruleKey(l.Rule) {
			return r.ABNF
		}
	}
	return l.Rule
}

// isStart reports whether the language is the grammar's start rule.
func (l Language) isStart() bool { return ruleKey(l.RuleName()) == ruleKey(l.Grammar.start) }

// Name is how the language is named in diff's output: the grammar id for its start rule,
// "ID/RULE" for another rule.
// With a Scheme, the name is followed by " (SCHEME:)".
func (l Language) Name() string {
	name := l.Grammar.id
	if !l.isStart() {
		name += "/" + l.RuleName()
	}
	if l.Scheme != "" {
		name += " (" + strings.ToLower(l.Scheme) + ":)"
	}
	return name
}

// Match reports whether s is in the language: nil, or the *SyntaxError of
// Grammar.MatchSyntax (a language is its rules': a grammar's predicates are not in its
// automata). With a Scheme, an input of another scheme is an error where it leaves Scheme ":".
func (l Language) Match(s string) error {
	if l.Scheme != "" {
		prefix := strings.ToLower(l.Scheme) + ":"
		for i := range len(prefix) {
			if i == len(s) || lowerASCII(s[i]) != prefix[i] {
				return newSyntaxError(l.Grammar.id, l.RuleName(), s, i, []string{strconv.Quote(prefix[i : i+1])},
					fmt.Sprintf("not a URI of the scheme %s: it does not begin with %q", l.Scheme, prefix))
			}
		}
	}
	return l.Grammar.MatchSyntax(l.RuleName(), s)
}

// lowerASCII is c with an ASCII upper-case letter made lower case.
func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// dfa returns the automaton of the whole language. The start rule of a dispatching grammar
// (rfc1738) is the automaton of its dispatch, which decides exactly as Valid does.
func (l Language) dfa() (*dfa.DFA, error) {
	d, err := l.wholeDFA()
	if err != nil || l.Scheme == "" {
		return d, err
	}
	return dfa.Prefixed(strings.ToLower(l.Scheme)+":", d)
}

// wholeDFA is dfa without the restriction to a Scheme.
func (l Language) wholeDFA() (*dfa.DFA, error) {
	g := l.Grammar
	if g.ChecksSchemes() && l.isStart() {
		return g.checkedDFA()
	}
	if g.HasWithin() && l.isStart() {
		if _, err := g.withinGrammars(); err != nil {
			return nil, err
		}
		return g.withinDFA, nil
	}
	if g.dispatch != nil && l.isStart() {
		return g.dispatch.dfa(g)
	}
	if d := g.dfaFor(l.RuleName()); d != nil {
		return d, nil
	}
	if _, ok := g.byName[ruleKey(l.RuleName())]; !ok {
		return nil, &UnknownRuleError{Grammar: g.id, Rule: l.Rule}
	}
	return nil, fmt.Errorf("grammar %s: rule %s has no finite automaton to compare", g.id, l.RuleName())
}

// States returns the number of states of the language's minimal DFA (the dead state
// included): the size of what Valid runs, and of what Compare multiplies.
func (l Language) States() (int, error) {
	d, err := l.dfa()
	if err != nil {
		return 0, err
	}
	return d.NumStates(), nil
}

// A Comparison is what Compare found about two languages.
type Comparison struct {
	A, B Language
	// OnlyA are shortest members of A that B does not match, as many as asked for, each
	// parting from B in its own way (see Compare); OnlyB the other way round.
	OnlyA, OnlyB []Witness
	// PartingA is the number of places where A's automaton goes on and B's does not: 0
	// exactly when B contains A. PartingB the other way round.
	PartingA, PartingB int
	// Pairs is the number of states of the larger of the two product automata explored.
	Pairs int
}

// AInB reports whether every member of A is a member of B.
func (c *Comparison) AInB() bool { return c.PartingA == 0 }

// BInA reports whether every member of B is a member of A.
func (c *Comparison) BInA() bool { return c.PartingB == 0 }

// Relation names how the languages relate: "equal", "subset" (A is a proper subset of B),
// "superset" (A is a proper superset of B) or "incomparable".
func (c *Comparison) Relation() string {
	switch {
	case c.AInB() && c.BInA():
		return "equal"
	case c.AInB():
		return "subset"
	case c.BInA():
		return "superset"
	}
	return "incomparable"
}

// A Witness is a string that one language of a Comparison matches and the other does not.
type Witness struct {
	Input    string
	Accepted Language     // the language that matches it
	Rejected Language     // the one that does not
	Err      *SyntaxError // Rejected's error: where it stops and what it expected there
	// Part is the rule of Accepted's tree at Err.Offset, where the two part: the innermost
	// named node there, or just before it when only the root covers the offset (a
	// delimiter); for a rule other than the start rule, that rule.
	Part string
}

// Cause is the rejecting grammar's rule and the class of the character it stops at, as
// `urlgrammar check` summarizes errors (SyntaxError.Cause).
func (w *Witness) Cause() string { return w.Err.Cause() }

// reason is what makes witnesses different for Compare: the rule where the rejecting grammar
// stops, the class of what it stops at (punctuation as one class: "a:[" and "a:]" part for
// one reason), and the rule of the accepting grammar's tree there.
func (w *Witness) reason() string {
	found := w.Err.Found()
	if found[0] == '\'' {
		found = "punctuation"
	}
	return w.Err.Rule() + "\x00" + found + "\x00" + w.Part
}

// Compare compares two languages exactly, on their minimal DFAs: whether each contains the
// other and, each way, up to n witnesses. Witnesses are the shortest members that part from
// the other language in different ways: of all the places where the product automaton parts
// (a state of the pair and the byte class on which only one automaton goes on, or the end of
// the input where only one accepts), the shortest member through each, shortest first, and
// of those only one for each reason (the rule where the rejecting grammar stops, the class of
// the character there, with all ASCII punctuation one class, and the rule of the accepting
// grammar's tree there). So the n witnesses name n different reasons,
// not n spellings of one.
//
// Every witness is checked with Match on both sides; a disagreement between the automata and
// Match would be an error. Compare takes milliseconds: the product of two of the project's
// grammars has at most some tens of thousands of states.
func Compare(a, b Language, n int) (*Comparison, error) {
	da, err := a.dfa()
	if err != nil {
		return nil, err
	}
	db, err := b.dfa()
	if err != nil {
		return nil, err
	}
	c := &Comparison{A: a, B: b}
	var pairs int
	c.OnlyA, c.PartingA, pairs, err = witnesses(da, db, a, b, n)
	if err != nil {
		return nil, err
	}
	c.Pairs = pairs
	c.OnlyB, c.PartingB, pairs, err = witnesses(db, da, b, a, n)
	if err != nil {
		return nil, err
	}
	c.Pairs = max(c.Pairs, pairs)
	return c, nil
}

// candidatesPerWitness bounds how many parting places Compare looks at for each witness it
// is asked for: places that share a reason are passed over.
const candidatesPerWitness = 64

// witnesses returns up to n witnesses of L(a) \ L(b) with distinct reasons, the number of
// parting places and of product states.
func witnesses(da, db *dfa.DFA, a, b Language, n int) ([]Witness, int, int, error) {
	if n <= 0 {
		p := dfa.Differences(da, db, 0)
		return nil, p.Places, p.Pairs, nil
	}
	p := dfa.Differences(da, db, max(n*candidatesPerWitness, 256))
	var out []Witness
	seen := map[string]bool{}
	for _, s := range p.Witnesses {
		w, err := newWitness(s, a, b)
		if err != nil {
			return nil, 0, 0, err
		}
		key := w.reason()
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, *w)
		if len(out) == n {
			break
		}
	}
	return out, p.Places, p.Pairs, nil
}

// newWitness checks that a matches s and b does not, and names where they part.
func newWitness(s string, a, b Language) (*Witness, error) {
	if err := a.Match(s); err != nil {
		return nil, fmt.Errorf("internal error: %s's automaton accepts %q and Match does not: %v", a.Name(), s, err)
	}
	var se *SyntaxError
	if err := b.Match(s); !errors.As(err, &se) {
		return nil, fmt.Errorf("internal error: %s's automaton rejects %q and Match says %v", b.Name(), s, err)
	}
	w := &Witness{Input: s, Accepted: a, Rejected: b, Err: se, Part: a.RuleName()}
	if a.isStart() && s != "" {
		if tree, err := a.Grammar.Parse(s); err == nil {
			// The node at the offset, named as the grammar's errors are; at a delimiter that
			// belongs to the root alone (the ":" after a scheme), the node just before it.
			off := min(se.Offset, len(s)-1)
			name := tree.ErrorRule(off)
			if ruleKey(name) == ruleKey(a.Grammar.start) && off > 0 {
				name = tree.ErrorRule(off - 1)
			}
			if name != "" {
				w.Part = name
			}
		}
	}
	return w, nil
}
