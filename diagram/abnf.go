// Package diagram draws railroad diagrams of ABNF grammars (RFC 5234) as self-contained SVG:
// sequences left to right, alternatives stacked, optional parts with a way around them,
// repetitions with a loop back and their bounds written under it, literals in rounded boxes
// with their case rule, and rule references in square boxes that link to their own diagrams.
//
// It reads ABNF itself (Read), so that urlgrammar's CLI draws from the grammar files without
// the ABNF library the generator uses.
package diagram

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// A Grammar is an ABNF rule list.
type Grammar struct {
	Rules []*Rule
	index map[string]*Rule
}

// A Rule is one ABNF rule: its name as written, and its definition (incremental
// alternatives, "=/", joined into one alternation).
type Rule struct {
	Name string
	Expr *Expr
	Line int // where the rule begins in the source
}

// Kind is the kind of an Expr.
type Kind int

const (
	Alt   Kind = iota // Items are alternatives
	Seq               // Items in order
	Rep               // Items[0] repeated Min to Max times (Max -1: no bound); [x] is Rep 0..1
	Lit               // Text is a quoted string, case-insensitive
	Num               // Text is a num-val (%x41-5A, %x68.74.74.70, %d13)
	Ref               // Text is a rule name
	Prose             // Text is a prose-val, without its angle brackets
)

// An Expr is a node of a rule's definition.
type Expr struct {
	Kind     Kind
	Items    []*Expr
	Min, Max int
	Text     string
}

// Rule returns the rule of that name (ABNF names are case-insensitive), or nil.
func (g *Grammar) Rule(name string) *Rule { return g.index[strings.ToLower(name)] }

// A SyntaxError is an error in ABNF source, at a 1-based line and column.
type SyntaxError struct {
	Line, Column int
	Msg          string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Column, e.Msg) }

// maxDepth bounds the nesting of groups, so that hostile input cannot exhaust the stack.
const maxDepth = 100

// Read parses ABNF source: rules whose continuation lines are indented, comments after ";",
// LF or CRLF line ends. A rule defined with "=/" adds alternatives to an earlier one.
func Read(src []byte) (*Grammar, error) {
	g := &Grammar{index: map[string]*Rule{}}
	lines := strings.Split(strings.ReplaceAll(string(src), "\r\n", "\n"), "\n")
	// Join each rule with its continuation lines, keeping where every byte came from.
	type piece struct {
		text       string
		line, col0 int
	}
	var rules [][]piece
	for i, l := range lines {
		body := peg.StripComment(l)
		if strings.TrimSpace(body) == "" {
			continue
		}
		if body[0] == ' ' || body[0] == '\t' {
			if len(rules) == 0 {
				return nil, &SyntaxError{i + 1, 1, "an indented line continues no rule"}
			}
			rules[len(rules)-1] = append(rules[len(rules)-1], piece{body, i + 1, 0})
			continue
		}
		rules = append(rules, []piece{{body, i + 1, 0}})
	}
	for _, pieces := range rules {
		// One builder for the rule's text: adding each line to a string copied the rule so
		// far every time, quadratic in the number of continuation lines.
		p := &parser{marks: make([]mark, 0, len(pieces))}
		var src strings.Builder
		for _, pc := range pieces {
			p.marks = append(p.marks, mark{src.Len(), pc.line, len(pc.text)})
			src.WriteString(pc.text)
			src.WriteByte(' ')
		}
		p.src = src.String()
		r, incremental, err := p.rule()
		if err != nil {
			return nil, err
		}
		r.Line = pieces[0].line
		key := strings.ToLower(r.Name)
		if old := g.index[key]; old != nil {
			if !incremental {
				return nil, &SyntaxError{r.Line, 1, "rule " + r.Name + " is defined twice"}
			}
			old.Expr = &Expr{Kind: Alt, Items: append(alternatives(old.Expr), alternatives(r.Expr)...)}
			continue
		}
		if incremental {
			return nil, &SyntaxError{r.Line, 1, "=/ adds to rule " + r.Name + ", which is not defined before"}
		}
		g.Rules = append(g.Rules, r)
		g.index[key] = r
	}
	if len(g.Rules) == 0 {
		return nil, &SyntaxError{1, 1, "no rules"}
	}
	return g, nil
}

func alternatives(e *Expr) []*Expr {
	if e.Kind == Alt {
		return e.Items
	}
	return []*Expr{e}
}

type mark struct{ offset, line, length int }

type parser struct {
	src   string
	pos   int
	depth int
	marks []mark // where each joined line starts in src
}

func (p *parser) errorf(format string, args ...any) error {
	m := p.marks[0]
	for _, x := range p.marks {
		if x.offset <= p.pos {
			m = x
		}
	}
	col := min(p.pos-m.offset, m.length) + 1 // the joining space is the end of the line
	return &SyntaxError{m.line, col, fmt.Sprintf(format, args...)}
}

func (p *parser) space() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
}

func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func (p *parser) name() string {
	start := p.pos
	if p.pos < len(p.src) && isAlpha(p.src[p.pos]) {
		p.pos++
		for p.pos < len(p.src) && (isAlpha(p.src[p.pos]) || isDigit(p.src[p.pos]) || p.src[p.pos] == '-' || p.src[p.pos] == '_') {
			p.pos++
		}
	}
	return p.src[start:p.pos]
}

func (p *parser) rule() (*Rule, bool, error) {
	name := p.name()
	if name == "" {
		return nil, false, p.errorf("expected a rule name")
	}
	p.space()
	incremental := false
	switch {
	case strings.HasPrefix(p.src[p.pos:], "=/"):
		incremental = true
		p.pos += 2
	case strings.HasPrefix(p.src[p.pos:], "="):
		p.pos++
	default:
		return nil, false, p.errorf("expected \"=\" after %s", name)
	}
	e, err := p.alternation()
	if err != nil {
		return nil, false, err
	}
	p.space()
	if p.pos < len(p.src) {
		return nil, false, p.errorf("unexpected %q", p.src[p.pos])
	}
	return &Rule{Name: name, Expr: e}, incremental, nil
}

func (p *parser) alternation() (*Expr, error) {
	var items []*Expr
	for {
		e, err := p.concatenation()
		if err != nil {
			return nil, err
		}
		items = append(items, e)
		p.space()
		if p.pos < len(p.src) && p.src[p.pos] == '/' {
			p.pos++
			continue
		}
		break
	}
	if len(items) == 1 {
		return items[0], nil
	}
	return &Expr{Kind: Alt, Items: items}, nil
}

func (p *parser) concatenation() (*Expr, error) {
	var items []*Expr
	for {
		p.space()
		if p.pos >= len(p.src) || strings.IndexByte("/)]", p.src[p.pos]) >= 0 {
			break
		}
		e, err := p.repetition()
		if err != nil {
			return nil, err
		}
		items = append(items, e)
	}
	switch len(items) {
	case 0:
		return nil, p.errorf("expected an element")
	case 1:
		return items[0], nil
	}
	return &Expr{Kind: Seq, Items: items}, nil
}

func (p *parser) number() (int, bool) {
	start := p.pos
	for p.pos < len(p.src) && isDigit(p.src[p.pos]) {
		p.pos++
	}
	if p.pos == start {
		return 0, false
	}
	n, err := strconv.Atoi(p.src[start:p.pos])
	if err != nil || n > 1<<20 {
		return 1 << 20, true
	}
	return n, true
}

func (p *parser) repetition() (*Expr, error) {
	min, hasMin := p.number()
	max := min
	repeated := hasMin
	if p.pos < len(p.src) && p.src[p.pos] == '*' {
		p.pos++
		repeated = true
		if !hasMin {
			min = 0
		}
		var hasMax bool
		if max, hasMax = p.number(); !hasMax {
			max = -1
		}
		if max >= 0 && max < min {
			return nil, p.errorf("repetition %d*%d: the maximum is below the minimum", min, max)
		}
	}
	e, err := p.element()
	if err != nil {
		return nil, err
	}
	if !repeated || (min == 1 && max == 1) {
		return e, nil
	}
	return &Expr{Kind: Rep, Items: []*Expr{e}, Min: min, Max: max}, nil
}

func (p *parser) element() (*Expr, error) {
	if p.pos >= len(p.src) {
		return nil, p.errorf("expected an element")
	}
	switch c := p.src[p.pos]; {
	case isAlpha(c):
		return &Expr{Kind: Ref, Text: p.name()}, nil
	case c == '(' || c == '[':
		if p.depth++; p.depth > maxDepth {
			return nil, p.errorf("groups nested more than %d deep", maxDepth)
		}
		defer func() { p.depth-- }()
		p.pos++
		e, err := p.alternation()
		if err != nil {
			return nil, err
		}
		p.space()
		closing := byte(')')
		if c == '[' {
			closing = ']'
		}
		if p.pos >= len(p.src) || p.src[p.pos] != closing {
			return nil, p.errorf("expected %q", closing)
		}
		p.pos++
		if c == '[' {
			return &Expr{Kind: Rep, Items: []*Expr{e}, Min: 0, Max: 1}, nil
		}
		return e, nil
	case c == '"':
		end := strings.IndexByte(p.src[p.pos+1:], '"')
		if end < 0 {
			return nil, p.errorf("a quoted string does not end")
		}
		text := p.src[p.pos+1 : p.pos+1+end]
		p.pos += end + 2
		return &Expr{Kind: Lit, Text: text}, nil
	case c == '%':
		start := p.pos
		p.pos++
		if p.pos >= len(p.src) || strings.IndexByte("xXdDbB", p.src[p.pos]) < 0 {
			return nil, p.errorf("expected x, d or b after %%")
		}
		base := p.src[p.pos] | 0x20
		p.pos++
		digits := 0
		for p.pos < len(p.src) && (isBaseDigit(p.src[p.pos], base) || p.src[p.pos] == '.' || p.src[p.pos] == '-') {
			p.pos++
			digits++
		}
		if digits == 0 {
			return nil, p.errorf("expected digits after %%%c", base)
		}
		text := p.src[start:p.pos]
		if _, err := numValues(text); err != nil {
			return nil, p.errorf("%s: %v", text, err)
		}
		return &Expr{Kind: Num, Text: text}, nil
	case c == '<':
		end := strings.IndexByte(p.src[p.pos:], '>')
		if end < 0 {
			return nil, p.errorf("a prose-val does not end")
		}
		text := p.src[p.pos+1 : p.pos+end]
		p.pos += end + 1
		return &Expr{Kind: Prose, Text: text}, nil
	}
	return nil, p.errorf("unexpected %q", p.src[p.pos])
}

func isBaseDigit(c, base byte) bool {
	switch base {
	case 'b':
		return c == '0' || c == '1'
	case 'd':
		return isDigit(c)
	}
	return isDigit(c) || 'a' <= c|0x20 && c|0x20 <= 'f'
}

// numValues reads a num-val: a list of values ("%x68.74") or one range ("%x41-5A", returned
// as its two ends).
func numValues(text string) ([]int, error) {
	base := 16
	switch text[1] | 0x20 {
	case 'd':
		base = 10
	case 'b':
		base = 2
	}
	body := text[2:]
	parse := func(s string) (int, error) {
		n, err := strconv.ParseUint(s, base, 32)
		if err != nil || n > 0x10FFFF {
			return 0, fmt.Errorf("bad value %q", s)
		}
		return int(n), nil
	}
	if lo, hi, ok := strings.Cut(body, "-"); ok {
		if strings.Contains(hi, "-") || strings.Contains(body, ".") {
			return nil, fmt.Errorf("a range has two ends")
		}
		a, err := parse(lo)
		if err != nil {
			return nil, err
		}
		b, err := parse(hi)
		if err != nil {
			return nil, err
		}
		if b < a {
			return nil, fmt.Errorf("the range ends before it starts")
		}
		return []int{a, b}, nil
	}
	var out []int
	for _, s := range strings.Split(body, ".") {
		n, err := parse(s)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}
