// Package pegvm runs a grammar's PEG held as data: the one recognizer every generated grammar
// package uses (grammars/ID/peg.go holds the rules, as the generator read them from pigeon's
// output for the grammar's .peg file). It decides an input as pigeon's parser of the same PEG
// does and fails where and as it does, field for field (the farthest failure, what was
// expected there, the innermost rule with an ABNF name, the expression limit), without
// building values; and it records the generic tree (ast.Tree) of a match.
//
// Pigeon's own parser of each grammar stays the reference the tests hold this machine to
// (grammars/ID/pigeon, a package the library and the commands never import). A PEG's
// actions are not run, so a grammar's meaning must be in its rules: the one piece of code a
// rule may hold is a length bound (a label on the action { return len(c.text), nil } and,
// later in the same sequence, &{ return L.(int) OP N, nil } or !{...}), which is data here
// (Bound); the generator refuses any other code predicate, state block, throw or recovery
// expression, and Unicode classes.
package pegvm

import (
	"fmt"
	"strings"

	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// A Grammar is the rules of a PEG, ready to run (New).
type Grammar struct {
	rules  []*Rule
	byName map[string]*Rule
}

// A Rule is one rule of the PEG: its PEG name, the ABNF name it stands for (its display
// name in the .peg file; "" for a helper) and its expression.
type Rule struct {
	Name    string
	Display string
	Expr    Expr
	index   int // the rule's index in the grammar
}

// An Expr is one expression of a PEG: one of the types below, as pigeon's parser holds them.
type Expr interface{ isExpr() }

type (
	// Seq matches its expressions one after the other.
	Seq struct {
		Exprs  []Expr
		bounds bool // holds a Bound: the lengths of its labels are kept
	}
	// Choice matches the first of its alternatives that matches.
	Choice struct{ Alternatives []Expr }
	// Lit matches a literal string. With IgnoreCase, Val is lower-case and the input is
	// compared lower-cased. Want is the literal as an error's expected set names it.
	Lit struct {
		Val        string
		IgnoreCase bool
		Want       string
	}
	// Class matches one character of a class: one of Chars or within one of the Ranges
	// (pairs of first and last), or with Inverted none of them. Val is the class as written.
	Class struct {
		Val        string
		Chars      []rune
		Ranges     []rune
		IgnoreCase bool
		Inverted   bool
	}
	// Any matches any one character.
	Any struct{}
	// Ref matches the rule named Name.
	Ref struct {
		Name   string
		target *Rule
	}
	// And matches the empty string where Expr matches (a look-ahead).
	And struct{ Expr Expr }
	// Not matches the empty string where Expr does not match.
	Not struct{ Expr Expr }
	// Opt matches Expr or the empty string.
	Opt struct{ Expr Expr }
	// Star matches Expr as many times as it can, zero or more.
	Star struct{ Expr Expr }
	// Plus matches Expr as many times as it can, at least once.
	Plus struct{ Expr Expr }
	// Action matches Expr; its code is not run. Length says the code is
	// { return len(c.text), nil }: the value a Bound reads is the length of the match.
	Action struct {
		Expr   Expr
		Length bool
	}
	// Labeled matches Expr, whose value the label names.
	Labeled struct {
		Label string
		Expr  Expr
	}
	// Bound is the code predicate &{ return Label.(int) Op N, nil } (!{...} with Not) on the
	// length of a labeled length action earlier in its sequence: it matches the empty
	// string when the comparison holds (with Not, when it does not).
	Bound struct {
		Label string
		Op    string // < <= > >= == !=
		N     int
		Not   bool
	}
)

func (*Seq) isExpr()     {}
func (*Choice) isExpr()  {}
func (*Lit) isExpr()     {}
func (*Class) isExpr()   {}
func (*Any) isExpr()     {}
func (*Ref) isExpr()     {}
func (*And) isExpr()     {}
func (*Not) isExpr()     {}
func (*Opt) isExpr()     {}
func (*Star) isExpr()    {}
func (*Plus) isExpr()    {}
func (*Action) isExpr()  {}
func (*Labeled) isExpr() {}
func (*Bound) isExpr()   {}

// New returns the grammar of rules, each reference resolved to its rule. It panics on what a
// generator does not write: a reference to no rule, a rule named twice, a Bound whose label
// is no length action earlier in its sequence, an unknown operator.
func New(rules []*Rule) *Grammar {
	g := &Grammar{rules: rules, byName: make(map[string]*Rule, len(rules))}
	for i, r := range rules {
		if _, dup := g.byName[r.Name]; dup {
			panic("pegvm: rule " + r.Name + " twice")
		}
		g.byName[r.Name] = r
		r.index = i
	}
	var resolve func(e Expr)
	resolve = func(e Expr) {
		switch e := e.(type) {
		case *Ref:
			if e.target = g.byName[e.Name]; e.target == nil {
				panic("pegvm: a reference to rule " + e.Name + ", which is not a rule of the grammar")
			}
		case *Seq:
			lengths := map[string]bool{}
			for _, x := range e.Exprs {
				if b, ok := x.(*Bound); ok {
					if !lengths[b.Label] {
						panic("pegvm: a length bound on " + b.Label + ", which is no length action earlier in its sequence")
					}
					if !strings.Contains(" < <= > >= == != ", " "+b.Op+" ") {
						panic("pegvm: a length bound with the operator " + b.Op)
					}
					e.bounds = true
				}
				if l, ok := lengthLabel(x); ok {
					lengths[l] = true
				}
			}
		case *Bound:
			return // outside a sequence: found by the Seq case or refused below
		}
		eachSub(e, resolve)
	}
	for _, r := range rules {
		if b, ok := r.Expr.(*Bound); ok {
			panic("pegvm: a length bound on " + b.Label + " outside a sequence")
		}
		resolve(r.Expr)
	}
	return g
}

// lengthLabel returns the label of e when e is a label on a length action.
func lengthLabel(e Expr) (string, bool) {
	if l, ok := e.(*Labeled); ok {
		if a, ok := l.Expr.(*Action); ok && a.Length {
			return l.Label, true
		}
	}
	return "", false
}

// eachSub calls f with each expression directly inside e, in order.
func eachSub(e Expr, f func(Expr)) {
	switch e := e.(type) {
	case *Seq:
		for _, x := range e.Exprs {
			f(x)
		}
	case *Choice:
		for _, x := range e.Alternatives {
			f(x)
		}
	case *And:
		f(e.Expr)
	case *Not:
		f(e.Expr)
	case *Opt:
		f(e.Expr)
	case *Star:
		f(e.Expr)
	case *Plus:
		f(e.Expr)
	case *Action:
		f(e.Expr)
	case *Labeled:
		f(e.Expr)
	}
}

// Rules lists the rules that have an ABNF name, in the order of the grammar.
func (g *Grammar) Rules() []peg.Rule {
	var rs []peg.Rule
	for _, r := range g.rules {
		if r.Display != "" {
			rs = append(rs, peg.Rule{ABNF: r.Display, PEG: r.Name})
		}
	}
	return rs
}

// ruleName returns the ABNF name of the rule named name (its PEG name), or name.
func (g *Grammar) ruleName(name string) string {
	if r := g.byName[name]; r != nil && r.Display != "" {
		return r.Display
	}
	return name
}

// An Outcome is how a parse of a PEG from a start rule ended, what its Failure is made of: by
// the machine here, and by pigeon's parser of the same PEG (the tests' reference).
type Outcome struct {
	Failed bool // the start rule did not match (or the parse was stopped)
	Limit  bool // the expression limit stopped the parse
	End    int  // where the start rule's match ended
	Len    int  // the input's length
	// The farthest failure: its offset, pigeon's raw expected list there (negated terminals
	// with "!"), and the innermost rule with an ABNF name there ("" when none).
	FailOffset   int
	FailExpected []string
	FailRule     string
	// Rule is the start rule's ABNF name (its PEG name when it has none).
	Rule string
}

// Failure returns the failure of the parse: nil when the start rule matched the whole input.
// A match of a proper prefix fails where it ended, expecting the end of the input (or where
// a farther failure was, with what was expected there).
func (o *Outcome) Failure() *peg.Failure {
	f, exp, failed := o.place()
	if !failed {
		return nil
	}
	switch exp {
	case expectFarthest:
		f.Expected = peg.Expected(o.FailExpected)
	case expectFarthestOrEnd:
		f.Expected = peg.Expected(append(o.FailExpected, "!."))
	default:
		f.Expected = []string{"EOF"}
	}
	return &f
}

// expectation is which expected list a failure has.
type expectation uint8

const (
	expectEnd           expectation = iota // the end of the input: "EOF"
	expectFarthest                         // the farthest failure's (FailExpected)
	expectFarthestOrEnd                    // the farthest failure's, or the end of the input
)

// place is Failure without its Expected: the failure's offset, rule and limit, which
// expected list it has, and false when the start rule matched the whole input.
func (o *Outcome) place() (f peg.Failure, exp expectation, failed bool) {
	if o.Failed {
		f = peg.Failure{Offset: o.FailOffset, Rule: o.FailRule, Limit: o.Limit}
		if f.Rule == "" {
			f.Rule = o.Rule
		}
		return f, expectFarthest, true
	}
	if o.End >= o.Len {
		return f, expectEnd, false
	}
	f = peg.Failure{Offset: o.End, Rule: o.Rule}
	exp = expectEnd
	switch {
	case o.FailOffset > o.End:
		f.Offset, f.Rule, exp = o.FailOffset, o.FailRule, expectFarthest
	case o.FailOffset == o.End:
		exp = expectFarthestOrEnd
		if o.FailRule != "" {
			f.Rule = o.FailRule
		}
	}
	return f, exp, true
}

// String describes e as the .peg file would write it, for messages.
func describe(e Expr) string { return fmt.Sprintf("%T", e) }
