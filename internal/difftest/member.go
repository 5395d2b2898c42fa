package difftest

import (
	"fmt"
	"math/rand"
	"strings"
	"sync"
	"unicode/utf8"

	goabnf "github.com/pandatix/go-abnf"

	"github.com/urlgrammar/urlgrammar/internal/dfa/dfabuild"
)

// Member returns a random member of rule in g, go-abnf's reading of a grammar's ABNF,
// drawn with rng: each alternative equally likely, each repetition of up to repMax rounds
// where the ABNF sets no bound, a quoted string's letters in either case, and a character
// of a range from its first sixteen half the time and from the whole range the other half
// (so that a range such as %xA0-D7FF gives its high characters too). Past 256 bytes no
// optional round is started. go-abnf's own Generate walks the grammar the same way, but it
// checks the grammar anew and seeds a generator on each call (four seconds of the root
// package's tests) and draws a range's characters from its first sixteen only.
func Member(rng *rand.Rand, g *goabnf.Grammar, rule string, repMax int) (string, error) {
	m := &member{rng: rng, rules: rulesOf(g), repMax: repMax}
	if err := m.element(goabnf.ElemRulename{Name: rule}, 0); err != nil {
		return "", fmt.Errorf("a member of %s: %w", rule, err)
	}
	return string(m.out), nil
}

// memberThreshold is the length past which Member starts no optional round.
const memberThreshold = 256

// maxMemberDepth bounds the rule references Member follows into each other: the bundled
// grammars are not recursive (their DFAs exist), and a recursive one is an error here.
const maxMemberDepth = 64

type member struct {
	rng    *rand.Rand
	rules  *ruleIndex
	repMax int
	out    []byte
}

func (m *member) alternation(alt goabnf.Alternation, depth int) error {
	if len(alt.Concatenations) == 0 {
		return nil
	}
	for _, rep := range alt.Concatenations[m.rng.Intn(len(alt.Concatenations))].Repetitions {
		most := rep.Max
		if most < 0 { // unbounded
			most = m.repMax
		}
		most = max(most, rep.Min)
		rounds := rep.Min + m.rng.Intn(most-rep.Min+1)
		for i := 0; i < rounds && (i < rep.Min || len(m.out) < memberThreshold); i++ {
			if err := m.element(rep.Element, depth); err != nil {
				return err
			}
		}
	}
	return nil
}

func (m *member) element(el goabnf.ElemItf, depth int) error {
	switch el := el.(type) {
	case goabnf.ElemRulename:
		if depth >= maxMemberDepth {
			return fmt.Errorf("rule %s: rules nested %d deep (a recursive grammar)", el.Name, depth)
		}
		r := m.rules.get(el.Name)
		if r == nil {
			return fmt.Errorf("no rule %s", el.Name)
		}
		return m.alternation(r.Alternation, depth+1)
	case goabnf.ElemGroup:
		return m.alternation(el.Alternation, depth)
	case goabnf.ElemOption:
		if m.rng.Intn(2) == 0 {
			return m.alternation(el.Alternation, depth)
		}
		return nil
	case goabnf.ElemCharVal:
		for _, r := range el.Values {
			if !el.Sensitive && m.rng.Intn(2) == 0 {
				if lc := r | 0x20; lc >= 'a' && lc <= 'z' {
					r ^= 0x20 // the other case
				}
			}
			m.out = utf8.AppendRune(m.out, r)
		}
		return nil
	case goabnf.ElemNumVal:
		vals, err := dfabuild.CodePoints(el)
		if err != nil {
			return err
		}
		if el.Status != goabnf.StatRange {
			for _, v := range vals {
				m.out = utf8.AppendRune(m.out, v)
			}
			return nil
		}
		lo, hi := vals[0], vals[1]
		span := hi - lo + 1
		if m.rng.Intn(2) == 0 {
			span = min(span, 16)
		}
		r := lo + rune(m.rng.Int63n(int64(span)))
		if !utf8.ValidRune(r) { // a surrogate, which no UTF-8 input holds
			r = lo
			for r <= hi && !utf8.ValidRune(r) {
				r++
			}
			if r > hi {
				return fmt.Errorf("range %s has no character UTF-8 can write", el)
			}
		}
		m.out = utf8.AppendRune(m.out, r)
		return nil
	}
	return fmt.Errorf("no member of %T %v", el, el)
}

// ruleIndex finds a grammar's rules by name without case, core rules too, each name looked
// up once (go-abnf's GetRule reads the whole rule map each time).
type ruleIndex struct {
	g  *goabnf.Grammar
	mu sync.Mutex
	m  map[string]*goabnf.Rule
}

var ruleIndexes sync.Map // *goabnf.Grammar -> *ruleIndex

func rulesOf(g *goabnf.Grammar) *ruleIndex {
	if ri, ok := ruleIndexes.Load(g); ok {
		return ri.(*ruleIndex)
	}
	ri, _ := ruleIndexes.LoadOrStore(g, &ruleIndex{g: g, m: map[string]*goabnf.Rule{}})
	return ri.(*ruleIndex)
}

func (ri *ruleIndex) get(name string) *goabnf.Rule {
	key := strings.ToLower(name)
	ri.mu.Lock()
	defer ri.mu.Unlock()
	r, ok := ri.m[key]
	if !ok {
		r = goabnf.GetRule(name, ri.g.Rulemap)
		ri.m[key] = r
	}
	return r
}

// IsValid is g.IsValid(rule, s), asked of the part of g that rule reaches: go-abnf's
// recognizer finds each rule by reading the whole rule map and computes the left-recursive
// rules of the whole grammar on every call, so a small rule of a large grammar costs as much
// as its start rule. The part, the rules rule refers to directly or not under the same map
// keys, gives the same verdict (TestReachableABNFAgrees); it is made once per rule.
func IsValid(g *goabnf.Grammar, rule string, s []byte) (bool, error) {
	return reachable(g, rule).IsValid(rule, s)
}

var reachableParts sync.Map // reachKey -> *goabnf.Grammar

type reachKey struct {
	g    *goabnf.Grammar
	rule string
}

// reachable returns the grammar of the rules of g that rule reaches (rule's too).
func reachable(g *goabnf.Grammar, rule string) *goabnf.Grammar {
	key := reachKey{g, strings.ToLower(rule)}
	if part, ok := reachableParts.Load(key); ok {
		return part.(*goabnf.Grammar)
	}
	ri := rulesOf(g)
	seen := map[*goabnf.Rule]bool{}
	var visitAlt func(goabnf.Alternation)
	visitRule := func(name string) {
		if r := ri.get(name); r != nil && !seen[r] {
			seen[r] = true
			visitAlt(r.Alternation)
		}
	}
	visitAlt = func(alt goabnf.Alternation) {
		for _, c := range alt.Concatenations {
			for _, rep := range c.Repetitions {
				switch el := rep.Element.(type) {
				case goabnf.ElemRulename:
					visitRule(el.Name)
				case goabnf.ElemGroup:
					visitAlt(el.Alternation)
				case goabnf.ElemOption:
					visitAlt(el.Alternation)
				}
			}
		}
	}
	visitRule(rule)
	part := &goabnf.Grammar{Rulemap: map[string]*goabnf.Rule{}}
	for k, r := range g.Rulemap {
		if seen[r] {
			part.Rulemap[k] = r
		}
	}
	actual, _ := reachableParts.LoadOrStore(key, part)
	return actual.(*goabnf.Grammar)
}
