package pegvm

import (
	"math"
	"unicode"
	"unicode/utf8"

	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// A machine runs a grammar's PEG on one input, as pigeon's parser does (its parse functions,
// one case each in expr), keeping what pigeon keeps for its failure: the farthest failure,
// the terminals expected there, the rule stack, the inverted expectations inside "!", and
// the count of expressions the limit bounds.
type machine struct {
	g   *Grammar
	src string
	// the current character: its offset, the rune decoded there and its width (0 at the end)
	pos, w int
	rn     rune

	count, max uint64 // expressions evaluated, and the most allowed

	stack        []*Rule // the rules being matched, innermost last
	invert       bool    // inside an odd number of "!"
	failPos      int
	failExpected []string
	failRule     string
	failStack    []*Rule
	failStackSet bool
	// placeOnly: the failure's place (offset and rule) is wanted, not what was expected
	// there, which failAt then does not keep (its strings and their list cost most of a
	// run on an invalid input).
	placeOnly bool

	tree *treeRec // the tree being recorded, or nil
}

// point is a place in the input to go back to.
type point struct {
	pos, w int
	rn     rune
}

// limitReached stops a machine whose expression count passed its limit (as pigeon panics
// with errMaxExprCnt).
type limitReached struct{}

func newMachine(g *Grammar, src string, maxExpr uint64) *machine {
	// The rule stack and the copy of it at the farthest failure, in one allocation.
	stacks := make([]*Rule, 64)
	m := &machine{g: g, src: src, max: math.MaxUint64, stack: stacks[:0:32], failStack: stacks[32:32]}
	if maxExpr > 0 {
		m.max = maxExpr
	}
	return m
}

// Recognize matches src with the PEG rule named rule (its PEG name) as an anchored start
// symbol, and returns the failure pigeon's parser of the same PEG returns, field for field:
// nil when the rule matches the whole of src. maxExpr bounds the number of expressions
// evaluated (0: no bound); past it the failure says Limit.
func (g *Grammar) Recognize(rule, src string, maxExpr uint64) *peg.Failure {
	m := newMachine(g, src, maxExpr)
	return m.run(rule)
}

// RecognizePlace is Recognize without the failure's Expected: the same Offset, Rule and
// Limit, and failed false where Recognize returns nil, at a fraction of the cost on an
// invalid input (what was expected is not kept), for a caller that wants only where the
// PEG fails and in which rule.
func (g *Grammar) RecognizePlace(rule, src string, maxExpr uint64) (f peg.Failure, failed bool) {
	m := newMachine(g, src, maxExpr)
	m.placeOnly = true
	var o Outcome
	m.outcome(rule, &o)
	f, _, failed = o.place()
	return f, failed
}

// run matches the input from the rule named rule and returns its failure.
func (m *machine) run(rule string) *peg.Failure {
	var o Outcome
	m.outcome(rule, &o)
	return o.Failure()
}

// outcome matches the input from the rule named rule and sets o to how the match ended.
func (m *machine) outcome(rule string, o *Outcome) {
	*o = Outcome{Len: len(m.src), Rule: m.g.ruleName(rule)}
	start := m.g.byName[rule]
	if start == nil {
		o.Failed = true // pigeon: an invalid entry point
		return
	}
	func() {
		defer func() {
			if e := recover(); e != nil {
				if _, ok := e.(limitReached); !ok {
					panic(e)
				}
				o.Failed, o.Limit = true, true
			}
		}()
		m.read()
		o.Failed = !m.rule(start)
	}()
	o.End = m.pos
	o.FailOffset, o.FailExpected, o.FailRule = m.failPos, m.failExpected, m.failRule
}

// read moves to the next character.
func (m *machine) read() {
	m.pos += m.w
	m.rn, m.w = utf8.DecodeRuneInString(m.src[m.pos:])
}

func (m *machine) here() point { return point{m.pos, m.w, m.rn} }

func (m *machine) restore(p point) { m.pos, m.w, m.rn = p.pos, p.w, p.rn }

// failAt records that want failed (fail) or matched at offset off, as pigeon's failAt
// does: inside "!" a match is the failure, its expectation negated.
func (m *machine) failAt(fail bool, off int, want string) {
	if fail != m.invert || off < m.failPos {
		return
	}
	m.noteFailure(off > m.failPos)
	if off > m.failPos {
		m.failPos = off
		m.failExpected = m.failExpected[:0]
	}
	if m.placeOnly {
		return
	}
	if m.invert {
		want = "!" + want
	}
	m.failExpected = append(m.failExpected, want)
}

// noteFailure records the rule of a failure at the farthest offset so far: the innermost
// named rule of the first failure there, or, when several rules fail at that offset, the
// innermost named rule they all are inside. So "-a" against host fails in host (its three
// alternatives fail at offset 0), not in IPv6reference, the first alternative tried.
func (m *machine) noteFailure(farther bool) {
	if farther || !m.failStackSet {
		m.failStack = append(m.failStack[:0], m.stack...)
		m.failStackSet = true
		m.failRule = namedIn(m.failStack)
		return
	}
	k := 0
	for k < len(m.failStack) && k < len(m.stack) && m.failStack[k] == m.stack[k] {
		k++
	}
	if k < len(m.failStack) {
		m.failStack = m.failStack[:k]
		m.failRule = namedIn(m.failStack)
	}
}

// namedIn returns the ABNF name of the innermost rule of stack that has one.
func namedIn(stack []*Rule) string {
	for i := len(stack) - 1; i >= 0; i-- {
		if d := stack[i].Display; d != "" {
			return d
		}
	}
	return ""
}

// rule matches r, recording its node when a tree is recorded and r is a node.
func (m *machine) rule(r *Rule) bool {
	if t := m.tree; t != nil {
		if id, ok := t.node(r, len(m.stack) == 0); ok {
			return m.node(r, id)
		}
	}
	m.stack = append(m.stack, r)
	ok := m.expr(r.Expr)
	m.stack = m.stack[:len(m.stack)-1]
	return ok
}

func (m *machine) expr(e Expr) bool {
	m.count++
	if m.count > m.max {
		panic(limitReached{})
	}
	switch e := e.(type) {
	case *Action:
		return m.expr(e.Expr)
	case *Labeled:
		return m.expr(e.Expr)
	case *And:
		p, k := m.here(), m.mark()
		ok := m.expr(e.Expr)
		m.restore(p)
		m.drop(k)
		return ok
	case *Not:
		p, k := m.here(), m.mark()
		m.invert = !m.invert
		ok := m.expr(e.Expr)
		m.invert = !m.invert
		m.restore(p)
		m.drop(k)
		return !ok
	case *Any:
		if m.w == 0 {
			m.failAt(false, m.pos, ".")
			return false
		}
		start := m.pos
		m.read()
		m.failAt(true, start, ".")
		return true
	case *Class:
		return m.class(e)
	case *Lit:
		start := m.here()
		for _, want := range e.Val {
			cur := m.rn
			if e.IgnoreCase {
				cur = unicode.ToLower(cur)
			}
			if cur != want {
				m.failAt(false, start.pos, e.Want)
				m.restore(start)
				return false
			}
			m.read()
		}
		m.failAt(true, start.pos, e.Want)
		return true
	case *Choice:
		for _, alt := range e.Alternatives {
			if m.expr(alt) {
				return true
			}
		}
		return false
	case *Seq:
		if e.bounds {
			return m.boundedSeq(e)
		}
		p, k := m.here(), m.mark()
		for _, x := range e.Exprs {
			if !m.expr(x) {
				m.restore(p)
				m.drop(k)
				return false
			}
		}
		return true
	case *Star:
		for m.expr(e.Expr) {
		}
		return true
	case *Plus:
		if !m.expr(e.Expr) {
			return false
		}
		for m.expr(e.Expr) {
		}
		return true
	case *Opt:
		m.expr(e.Expr)
		return true
	case *Ref:
		return m.rule(e.target)
	case *Bound:
		panic("pegvm: a length bound outside its sequence") // New refuses it
	}
	panic("pegvm: an expression of type " + describe(e))
}

// boundedSeq is the case *Seq of expr for a sequence that holds a length bound: the length
// of each labeled length action's match is kept for the bounds after it.
func (m *machine) boundedSeq(seq *Seq) bool {
	p, k := m.here(), m.mark()
	// The lengths of the labels matched so far, the latest of a label last: a sequence has
	// a few (a map made for each evaluation was most of a run's allocations).
	var buf [4]labelLength
	lengths := buf[:0]
	for _, x := range seq.Exprs {
		start := m.pos
		ok := false
		if b, isBound := x.(*Bound); isBound {
			m.count++ // pigeon evaluates the predicate as an expression
			if m.count > m.max {
				panic(limitReached{})
			}
			n := 0 // a label not matched: length 0, as a map's missing key gave
			for i := len(lengths) - 1; i >= 0; i-- {
				if lengths[i].label == b.Label {
					n = lengths[i].n
					break
				}
			}
			ok = b.holds(n)
		} else {
			ok = m.expr(x)
			if l, isLength := lengthLabel(x); ok && isLength {
				lengths = append(lengths, labelLength{l, m.pos - start})
			}
		}
		if !ok {
			m.restore(p)
			m.drop(k)
			return false
		}
	}
	return true
}

// labelLength is the length of a labeled length action's match.
type labelLength struct {
	label string
	n     int
}

// holds reports whether the bound matches a label of length n.
func (b *Bound) holds(n int) bool {
	var r bool
	switch b.Op {
	case "<":
		r = n < b.N
	case "<=":
		r = n <= b.N
	case ">":
		r = n > b.N
	case ">=":
		r = n >= b.N
	case "==":
		r = n == b.N
	case "!=":
		r = n != b.N
	}
	return r != b.Not
}

func (m *machine) class(c *Class) bool {
	start := m.pos
	if m.w == 0 { // the end of the input
		m.failAt(false, start, c.Val)
		return false
	}
	cur := m.rn
	if c.IgnoreCase {
		cur = unicode.ToLower(cur)
	}
	matched := false
	for _, r := range c.Chars {
		if r == cur {
			matched = true
			break
		}
	}
	for i := 0; !matched && i < len(c.Ranges); i += 2 {
		matched = cur >= c.Ranges[i] && cur <= c.Ranges[i+1]
	}
	if matched == c.Inverted {
		m.failAt(false, start, c.Val)
		return false
	}
	m.read()
	m.failAt(true, start, c.Val)
	return true
}

// mark returns how many nodes are recorded, for drop.
func (m *machine) mark() int {
	if m.tree == nil {
		return 0
	}
	return len(m.tree.nodes)
}

// drop forgets the nodes recorded after mark k.
func (m *machine) drop(k int) {
	if m.tree != nil {
		m.tree.nodes = m.tree.nodes[:k]
	}
}

// node is rule for a rule that is a node: the node is opened before the rule's expression
// and closed after it, or dropped with what was recorded inside it.
func (m *machine) node(r *Rule, id uint16) bool {
	t := m.tree
	i := len(t.nodes)
	depth := t.depth
	if depth > ast.MaxTreeDepth {
		depth = ast.MaxTreeDepth
		if t.deep < 0 {
			t.deep = m.pos
		}
	}
	t.nodes = append(t.nodes, ast.TreeNode{StartRule: ast.PackStartRule(m.pos, id)})
	m.stack = append(m.stack, r)
	t.depth++
	ok := m.expr(r.Expr)
	t.depth--
	m.stack = m.stack[:len(m.stack)-1]
	if !ok {
		t.nodes = t.nodes[:i]
		return false
	}
	t.nodes[i].EndDepth = ast.PackEndDepth(m.pos, depth)
	return true
}
