package runtime

import (
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/urlgrammar/urlgrammar/grammarkit"
)

// Recognize matches src with the PEG rule named rule as Run does, and returns the failure
// Run would return, field for field (nil when src matches), without building the value:
// it runs no action, except in the sequences whose code predicates read a label's value,
// which it parses as Run does. Each of pigeon's parse functions has its twin here that
// returns only whether it matched; the rule stack, the farthest failure, the inverted
// expectations of "!" and the count of expressions are kept as pigeon keeps them, so the
// failure is the same. It serves the callers that want only the failure: the error of an
// input the DFA has rejected. TestRecognizeMatchesRun and FuzzRecognize check it against
// Run.
func Recognize(rule, src string, maxExpr uint64) *grammarkit.Failure {
	if !recognizable {
		_, f := Run(rule, src, maxExpr)
		return f
	}
	p := newRun(rule, src, maxExpr)
	return p.failure(rule, !p.recognize())
}

// valuesNeeded are the sequences that hold a code predicate: their labels' values must be
// built, so Recognize parses them as Run does. recognizable is false when the grammar has
// an expression Recognize cannot mirror (a code predicate outside such a sequence, a state
// block, a recovery or throw expression); Recognize is then Run.
var valuesNeeded, recognizable = func() (map[*seqExpr]bool, bool) {
	needed := map[*seqExpr]bool{}
	ok := true
	var walk func(expr any, inSeq *seqExpr)
	walk = func(expr any, inSeq *seqExpr) {
		switch e := expr.(type) {
		case *actionExpr:
			walk(e.expr, nil)
		case *andExpr:
			walk(e.expr, nil)
		case *notExpr:
			walk(e.expr, nil)
		case *labeledExpr:
			walk(e.expr, nil)
		case *zeroOrMoreExpr:
			walk(e.expr, nil)
		case *oneOrMoreExpr:
			walk(e.expr, nil)
		case *zeroOrOneExpr:
			walk(e.expr, nil)
		case *choiceExpr:
			for _, alt := range e.alternatives {
				walk(alt, nil)
			}
		case *seqExpr:
			for _, x := range e.exprs {
				walk(x, e)
			}
		case *andCodeExpr, *notCodeExpr:
			if inSeq == nil {
				ok = false
			} else {
				needed[inSeq] = true
			}
		case *anyMatcher, *charClassMatcher, *litMatcher, *ruleRefExpr:
		default:
			ok = false
		}
	}
	for _, r := range g.rules {
		walk(r.expr, nil)
	}
	return needed, ok
}()

// recognize is parse without values: it reports whether the start rule matched, with no
// error recorded.
func (p *parser) recognize() (ok bool) {
	p.buildRulesTable(g)
	defer func() {
		if e := recover(); e != nil {
			ok = false
			switch e := e.(type) {
			case error:
				p.addErr(e)
			default:
				p.addErr(fmt.Errorf("%v", e))
			}
		}
	}()
	start, found := p.rules[p.entrypoint]
	if !found {
		p.addErr(errInvalidEntrypoint)
		return false
	}
	p.read()
	return p.recRule(start) && len(*p.errs) == 0
}

func (p *parser) recRule(r *rule) bool {
	if id, ok := p.nodeRule(r); ok {
		return p.recNode(r, id)
	}
	p.rstack = append(p.rstack, r)
	ok := p.recExpr(r.expr)
	p.rstack = p.rstack[:len(p.rstack)-1]
	return ok
}

func (p *parser) recExpr(expr any) bool {
	p.ExprCnt++
	if p.ExprCnt > p.maxExprCnt {
		panic(errMaxExprCnt)
	}
	switch e := expr.(type) {
	case *actionExpr:
		return p.recExpr(e.expr)
	case *labeledExpr:
		return p.recExpr(e.expr)
	case *andExpr:
		pt, m := p.pt, p.mark()
		ok := p.recExpr(e.expr)
		p.restore(pt)
		p.drop(m)
		return ok
	case *notExpr:
		pt, m := p.pt, p.mark()
		p.maxFailInvertExpected = !p.maxFailInvertExpected
		ok := p.recExpr(e.expr)
		p.maxFailInvertExpected = !p.maxFailInvertExpected
		p.restore(pt)
		p.drop(m)
		return !ok
	case *anyMatcher:
		if p.pt.rn == utf8.RuneError && p.pt.w == 0 {
			p.failAt(false, p.pt.position, ".")
			return false
		}
		start := p.pt
		p.read()
		p.failAt(true, start.position, ".")
		return true
	case *charClassMatcher:
		return p.recCharClass(e)
	case *litMatcher:
		start := p.pt
		for _, want := range e.val {
			cur := p.pt.rn
			if e.ignoreCase {
				cur = unicode.ToLower(cur)
			}
			if cur != want {
				p.failAt(false, start.position, e.want)
				p.restore(start)
				return false
			}
			p.read()
		}
		p.failAt(true, start.position, e.want)
		return true
	case *choiceExpr:
		for _, alt := range e.alternatives {
			if p.recExpr(alt) {
				return true
			}
		}
		return false
	case *seqExpr:
		if valuesNeeded[e] {
			return p.recSeqWithValues(e)
		}
		pt, m := p.pt, p.mark()
		for _, x := range e.exprs {
			if !p.recExpr(x) {
				p.restore(pt)
				p.drop(m)
				return false
			}
		}
		return true
	case *zeroOrMoreExpr:
		for p.recExpr(e.expr) {
		}
		return true
	case *oneOrMoreExpr:
		if !p.recExpr(e.expr) {
			return false
		}
		for p.recExpr(e.expr) {
		}
		return true
	case *zeroOrOneExpr:
		p.recExpr(e.expr)
		return true
	case *ruleRefExpr:
		if e.target != nil {
			return p.recRule(e.target)
		}
		if e.name == "" {
			panic(fmt.Sprintf("%s: invalid rule: missing name", e.pos))
		}
		r := p.rules[e.name]
		if r == nil {
			p.addErr(fmt.Errorf("undefined rule: %s", e.name))
			return false
		}
		return p.recRule(r)
	}
	panic(fmt.Sprintf("Recognize: unexpected expression type %T", expr))
}

// recSeqWithValues is the twin of parseSeqExpr for a sequence that holds a code
// predicate: a frame holds the values of its labels, as in pigeon. A label on an action
// gets the action's value, computed from the text the action's expression matched, which is
// recognized without values; the other elements of the sequence, labeled otherwise or
// code predicates, are parsed as Run parses them.
func (p *parser) recSeqWithValues(seq *seqExpr) bool {
	p.pushV()
	defer p.popV()
	pt, m := p.pt, p.mark()
	for _, x := range seq.exprs {
		var ok bool
		switch e := x.(type) {
		case *labeledExpr:
			if act, isAct := e.expr.(*actionExpr); isAct {
				ok = p.recLabeledAction(e, act)
				break
			}
			_, ok = p.parseExpr(x)
		case *andCodeExpr, *notCodeExpr:
			_, ok = p.parseExpr(x)
		default:
			ok = p.recExpr(x)
		}
		if !ok {
			p.restore(pt)
			p.drop(m)
			return false
		}
	}
	return true
}

// recLabeledAction is parseLabeledExpr of lab, whose expression is the action act, with the
// action's expression recognized without values (the action reads only the text it
// matched and its position).
func (p *parser) recLabeledAction(lab *labeledExpr, act *actionExpr) bool {
	p.ExprCnt += 2 // parseExpr of the label and of the action
	if p.ExprCnt > p.maxExprCnt {
		panic(errMaxExprCnt)
	}
	p.pushV()
	start := p.pt
	ok := p.recExpr(act.expr)
	var val any
	if ok {
		p.cur.pos = start.position
		p.cur.text = p.sliceFrom(start)
		v, err := act.run(p)
		if err != nil {
			p.addErrAt(err, start.position, []string{})
		}
		val = v
	}
	p.popV()
	if ok && lab.label != "" {
		p.vstack[len(p.vstack)-1][lab.label] = val
	}
	return ok
}

func (p *parser) recCharClass(chr *charClassMatcher) bool {
	cur := p.pt.rn
	start := p.pt
	if cur == utf8.RuneError && p.pt.w == 0 { // EOF
		p.failAt(false, start.position, chr.val)
		return false
	}
	if chr.ignoreCase {
		cur = unicode.ToLower(cur)
	}
	matched := false
	for _, rn := range chr.chars {
		if rn == cur {
			matched = true
			break
		}
	}
	for i := 0; !matched && i < len(chr.ranges); i += 2 {
		matched = cur >= chr.ranges[i] && cur <= chr.ranges[i+1]
	}
	for i := 0; !matched && i < len(chr.classes); i++ {
		matched = unicode.Is(chr.classes[i], cur)
	}
	if matched == chr.inverted {
		p.failAt(false, start.position, chr.val)
		return false
	}
	p.read()
	p.failAt(true, start.position, chr.val)
	return true
}
