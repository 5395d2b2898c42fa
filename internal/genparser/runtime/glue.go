package runtime

import (
	"strconv"

	"github.com/urlgrammar/urlgrammar/grammarkit"
)

// Rules lists the rules that have an ABNF name (a display name), in the order of the file.
func Rules() []grammarkit.Rule {
	var rs []grammarkit.Rule
	for _, r := range g.rules {
		if r.displayName != "" {
			rs = append(rs, grammarkit.Rule{ABNF: abnfName(r.displayName), PEG: r.name})
		}
	}
	return rs
}

func abnfName(display string) string {
	if s, err := strconv.Unquote(display); err == nil {
		return s
	}
	return display
}

// rulesByName is the parser's table of the rules of g, by PEG name, built once
// (pigeon's parser would build it on every parse); grammarOfRules is the grammar it is of.
//
// It also numbers the rules (rule.index) and resolves every rule reference to its rule
// (ruleRefExpr.target), so that the recognizer follows a pointer where pigeon looks a name
// up in a map.
var grammarOfRules, rulesByName = func() (*grammar, map[string]*rule) {
	m := make(map[string]*rule, len(g.rules))
	for i, r := range g.rules {
		m[r.name] = r
		r.index = i
	}
	var resolve func(expr any)
	resolve = func(expr any) {
		if e, ok := expr.(*ruleRefExpr); ok {
			e.target = m[e.name]
		}
		eachSub(expr, resolve)
	}
	for _, r := range g.rules {
		resolve(r.expr)
	}
	return g, m
}()

// eachSub calls f with each expression directly inside expr, in order.
func eachSub(expr any, f func(any)) {
	switch e := expr.(type) {
	case *actionExpr:
		f(e.expr)
	case *andExpr:
		f(e.expr)
	case *notExpr:
		f(e.expr)
	case *labeledExpr:
		f(e.expr)
	case *zeroOrMoreExpr:
		f(e.expr)
	case *oneOrMoreExpr:
		f(e.expr)
	case *zeroOrOneExpr:
		f(e.expr)
	case *choiceExpr:
		for _, a := range e.alternatives {
			f(a)
		}
	case *seqExpr:
		for _, x := range e.exprs {
			f(x)
		}
	}
}

// namedRule returns the ABNF name of the innermost rule being parsed that has one.
func (p *parser) namedRule() string { return namedIn(p.rstack) }

// namedIn returns the ABNF name of the innermost rule of stack that has one.
func namedIn(stack []*rule) string {
	for i := len(stack) - 1; i >= 0; i-- {
		if d := stack[i].displayName; d != "" {
			return abnfName(d)
		}
	}
	return ""
}

// noteFailure records the rule of a failure at the farthest offset so far (called by failAt,
// added by genparser): the innermost named rule of the first failure there, or, when several
// rules fail at that offset, the innermost named rule they all are inside. So "-a" against
// host fails in host (its three alternatives fail at offset 0), not in IPv6reference, the
// first alternative tried.
func (p *parser) noteFailure(farther bool) {
	if farther || !p.maxFailStackSet {
		p.maxFailStack = append(p.maxFailStack[:0], p.rstack...)
		p.maxFailStackSet = true
		p.maxFailRule = namedIn(p.maxFailStack)
		return
	}
	k := 0
	for k < len(p.maxFailStack) && k < len(p.rstack) && p.maxFailStack[k] == p.rstack[k] {
		k++
	}
	if k < len(p.maxFailStack) {
		p.maxFailStack = p.maxFailStack[:k]
		p.maxFailRule = namedIn(p.maxFailStack)
	}
}

// Run matches src with the PEG rule named rule as an anchored start symbol: the rule must
// match the whole of src. It returns the rule's value, or the failure. maxExpr bounds the
// number of expressions the parser may evaluate (0: no bound).
func Run(rule, src string, maxExpr uint64) (any, *grammarkit.Failure) {
	p := newRun(rule, src, maxExpr)
	val, err := p.parse(g)
	if f := p.failure(rule, err != nil); f != nil {
		return nil, f
	}
	return val, nil
}

// newRun returns a parser of src from the rule named entry, as Run and Recognize use it. It
// sets what the options Entrypoint(entry), GlobalStore("src", src), AllowInvalidUTF8(true) and
// MaxExpressions(maxExpr) set, without their closures, and makes room for the rule stack.
func newRun(entry, src string, maxExpr uint64) *parser {
	p := newParser("", []byte(src))
	p.entrypoint = entry
	p.cur.globalStore["src"] = src
	p.allowInvalidUTF8 = true
	if maxExpr > 0 {
		p.maxExprCnt = maxExpr
	}
	p.rstack = make([]*rule, 0, 32)
	return p
}

// failure returns the failure of a parse from rule that has ended, failed or not: nil when
// it matched the whole input.
func (p *parser) failure(rule string, failed bool) *grammarkit.Failure {
	if failed {
		f := &grammarkit.Failure{Offset: p.maxFailPos.offset, Expected: grammarkit.Expected(p.maxFailExpected), Rule: p.maxFailRule}
		for _, e := range *p.errs {
			if pe, ok := e.(*parserError); ok && pe.Inner == errMaxExprCnt {
				f.Limit = true
			}
		}
		if f.Rule == "" {
			f.Rule = p.ruleName(rule)
		}
		return f
	}
	if end := p.pt.offset; end < len(p.data) {
		// The rule matched a proper prefix: the input should have ended here.
		f := &grammarkit.Failure{Offset: end, Expected: []string{"EOF"}, Rule: p.ruleName(rule)}
		switch {
		case p.maxFailPos.offset > end:
			f.Offset, f.Expected, f.Rule = p.maxFailPos.offset, grammarkit.Expected(p.maxFailExpected), p.maxFailRule
		case p.maxFailPos.offset == end:
			f.Expected = grammarkit.Expected(append(p.maxFailExpected, "!."))
			if p.maxFailRule != "" {
				f.Rule = p.maxFailRule
			}
		}
		return f
	}
	return nil
}

func (p *parser) ruleName(name string) string {
	if r := p.rules[name]; r != nil && r.displayName != "" {
		return abnfName(r.displayName)
	}
	return name
}
