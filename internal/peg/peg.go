// Package peg holds the types shared by the generated pigeon parsers (generated/*/glue.go)
// and the urlgrammar package that drives them.
package peg

import (
	"sort"
	"strings"
)

// Rule is a rule of a grammar: its ABNF name and its PEG rule name.
type Rule struct{ ABNF, PEG string }

// Failure says why a parser did not match its input.
type Failure struct {
	Offset   int      // byte offset of the farthest point the parser reached
	Expected []string // what the grammar allows there: literals quoted, classes as written, "EOF"
	Rule     string   // ABNF name of the innermost named rule being matched there
	Limit    bool     // the expression limit stopped the parser: the input was not fully examined
}

// Expected turns pigeon's list of failed terminals into a sorted set: "!." (the end of input)
// becomes "EOF" and goes last; the other negated terminals, which come from lookaheads, are
// dropped unless nothing else is left.
func Expected(raw []string) []string {
	set := map[string]bool{}
	eof := false
	for _, e := range raw {
		switch {
		case e == "!.":
			eof = true
		case !strings.HasPrefix(e, "!"):
			set[e] = true
		}
	}
	if len(set) == 0 && !eof {
		for _, e := range raw {
			set[e] = true
		}
	}
	out := make([]string, 0, len(set)+1)
	for e := range set {
		out = append(out, e)
	}
	sort.Strings(out)
	if eof {
		out = append(out, "EOF")
	}
	return out
}
