package urlgrammar

import (
	"sync"
	"sync/atomic"

	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/dfa"
	"github.com/urlgrammar/urlgrammar/internal/jsontext"
	"github.com/urlgrammar/urlgrammar/internal/peg"
	"github.com/urlgrammar/urlgrammar/internal/tsvtext"
)

// Naming the rule of a syntax error.
//
// The offset and the expected set of an error come from the DFA, exactly. The rule comes
// from the grammar's own parse of the input as it is up to the error, continued validly:
// what a person reading the input up to there takes it to be ("http://hello." then a bad
// byte is in the hostname, not in a userinfo that would need an "@" later).
//
// The continuation depends only on the DFA state at the error, so it is computed once per
// state and cached: one byte that the state allows (a letter if it allows one, else a digit,
// else the lowest such byte), then the shortest way on to a valid input. The input up to the
// error plus that continuation is valid; the compiled PEG builds its tree, and
// the innermost node that covers the allowed byte names the rule, as the header's errors
// line says (Tree.ErrorRule): nodes finer than a person would name (a domainlabel, a
// dec-octet, the address inside IPv6 brackets) give way to the node around them, and a
// helper production is named as the rule it stands for (rel-segment is a segment). Those
// lines were written so that every grammar names its errors as its typed tree named them
// until 2026-11-25 (TestErrorRuleDeclared), without building a typed tree. At offset 0
// nothing has been read, and the error names the start rule. The rule cannot be cached per
// state: the minimal DFA merges states whose futures are equal whatever their past, such as
// a path segment and a query in rfc2396bis-01.

// errorNames caches the continuations and expected sets of one DFA's states.
type errorNames struct {
	d     *dfa.DFA
	once  sync.Once
	dist  []int32 // shortest distance to an accepting state
	cache []atomic.Pointer[stateError]
}

// stateError is what an error in one state says.
type stateError struct {
	continuation string // "" when the state allows no byte (the input can only end)
	expected     []string
	suffix       string // expectedSuffix(expected), the end of the message
	expectedJSON string // expected as a JSON array (SyntaxError.AppendExpectedJSON)
	suffixJSON   string // suffix in a JSON string, without its quotes (SyntaxError.AppendMsgJSON)
	suffixTSV    string // suffix as a TSV field (SyntaxError.AppendMsgTSV)
}

// byteOrder is the order in which bytes are preferred for continuations:
// lower-case letters, digits, the rest of printable ASCII, upper-case letters, then the rest.
var byteOrder = func() []byte {
	var order []byte
	seen := [256]bool{}
	add := func(lo, hi byte) {
		for c := int(lo); c <= int(hi); c++ {
			if !seen[c] {
				seen[c] = true
				order = append(order, byte(c))
			}
		}
	}
	add('a', 'z')
	add('0', '9')
	add('!', '@')
	add('[', '`')
	add('{', '~')
	add('A', 'Z')
	add(0, 255)
	return order
}()

func (n *errorNames) init() {
	d := n.d
	states := d.NumStates()
	n.dist = make([]int32, states)
	n.cache = make([]atomic.Pointer[stateError], states)
	for i := range n.dist {
		n.dist[i] = -1
	}
	// Distances to acceptance: breadth first backwards from the accepting states.
	rev := make([][]int32, states)
	for st := 1; st < states; st++ {
		seen := map[int]bool{}
		for c := 0; c < 256; c++ {
			if t := d.Step(st, byte(c)); t != 0 && !seen[t] {
				seen[t] = true
				rev[t] = append(rev[t], int32(st))
			}
		}
	}
	var queue []int
	for st := 1; st < states; st++ {
		if d.Accept[st] {
			n.dist[st] = 0
			queue = append(queue, st)
		}
	}
	for len(queue) > 0 {
		st := queue[0]
		queue = queue[1:]
		for _, p := range rev[st] {
			if n.dist[p] < 0 {
				n.dist[p] = n.dist[st] + 1
				queue = append(queue, int(p))
			}
		}
	}
}

// continuation returns one byte that st allows and the shortest way on from there to an
// accepting state, or "" when st allows no byte.
func (n *errorNames) continuation(st int) string {
	d := n.d
	var prefix []byte
	next := 0
	for _, c := range byteOrder {
		if t := d.Step(st, c); t != 0 {
			prefix, next = append(prefix, c), t
			break
		}
	}
	if next == 0 {
		return ""
	}
	for q := next; !d.Accept[q]; {
		moved := false
		for _, c := range byteOrder {
			if t := d.Step(q, c); t != 0 && n.dist[t] >= 0 && n.dist[t] < n.dist[q] {
				prefix, q, moved = append(prefix, c), t, true
				break
			}
		}
		if !moved {
			return "" // cannot happen in a DFA whose live states all reach acceptance
		}
	}
	return string(prefix)
}

// errorIn returns what an error in state st of d says, but the rule.
func (g *Grammar) errorIn(d *dfa.DFA, st int) *stateError {
	n := g.lastNames.Load()
	if n == nil || n.d != d {
		// Another rule's DFA than the last one asked about (most errors are the start
		// rule's: a lookup in names, a hash of the key, was 1% of the checker).
		v, _ := g.names.Load(d)
		if n, _ = v.(*errorNames); n == nil {
			v, _ = g.names.LoadOrStore(d, &errorNames{d: d})
			n = v.(*errorNames)
		}
		g.lastNames.Store(n)
	}
	n.once.Do(n.init)
	if e := n.cache[st].Load(); e != nil {
		return e
	}
	set, eof := d.ExpectedFrom(st)
	e := &stateError{continuation: n.continuation(st), expected: peg.RenderSet(&set, eof)}
	e.suffix = expectedSuffix(e.expected)
	e.expectedJSON = string(jsontext.AppendStrings(nil, e.expected))
	quoted := jsontext.AppendString(nil, e.suffix)
	e.suffixJSON = string(quoted[1 : len(quoted)-1])
	e.suffixTSV = string(tsvtext.Append(nil, e.suffix))
	n.cache[st].Store(e)
	return e
}

// errorRule names the rule of an error at offset off of s in a state whose continuation is
// cont: the innermost node at off of the tree of s[:off]+cont (the start rule at offset 0),
// or fallback.
func (g *Grammar) errorRule(s string, off int, cont, fallback string) string {
	name, _ := g.errorRuleBlame(s, off, cont, fallback)
	return name
}

// blame is where the grammar's header says an error is to be blamed (ast.Tree.Blame): the
// input with text inserted at offset insert.
type blame struct {
	insert int
	text   string
	ok     bool
}

// errorRuleBlame is errorRule, with the blame the grammar declares for an error there.
func (g *Grammar) errorRuleBlame(s string, off int, cont, fallback string) (string, blame) {
	if off == 0 {
		// Nothing read yet: no component to name.
		return g.start, blame{}
	}
	if cont == "" {
		return fallback, blame{}
	}
	if g.buildStart != nil {
		return g.declaredErrorRule(s, off, cont, fallback)
	}
	return g.parsedErrorRule(s, off, cont, fallback), blame{}
}

// declaredErrorRule is errorRule from the tree the compiled PEG builds of s[:at]+cont, the
// input continued validly past the error at offset at, named as the grammar's header declares
// (Tree.ErrorRule: the errors line); fallback when no node is named. The blame is the one the
// header declares for an error at at (Tree.Blame).
func (g *Grammar) declaredErrorRule(s string, at int, cont, fallback string) (string, blame) {
	full := s[:at] + cont
	block := errorBlocks.Get().(*[]ast.TreeNode)
	defer errorBlocks.Put(block)
	nodes, ok := g.buildStart(full, (*block)[:0])
	if !ok {
		return fallback, blame{} // cannot happen: the continuation leads to acceptance
	}
	*block = nodes[:0] // keep the room it grew to
	tree := ast.NewTree(full, g.trees().schema, nodes)
	var b blame
	b.insert, b.text, b.ok = tree.Blame(s, at)
	if name := tree.ErrorRule(at); name != "" {
		return name, b
	}
	return fallback, b
}

// errorBlocks are the blocks the trees of declaredErrorRule are built in: the name it
// returns keeps nothing of the tree, so an error costs no block of its own.
var errorBlocks = sync.Pool{New: func() any { b := make([]ast.TreeNode, 0, 32); return &b }}

// parsedErrorRule is errorRule for a grammar without a compiled PEG: from the tree Parse
// gives of s[:off]+cont, named as the grammar's header declares (Tree.ErrorRule).
func (g *Grammar) parsedErrorRule(s string, off int, cont, fallback string) string {
	tree, err := g.Parse(s[:off] + cont)
	if err != nil {
		return fallback
	}
	if name := tree.ErrorRule(off); name != "" {
		return name
	}
	return fallback
}
