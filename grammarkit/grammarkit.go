// Package grammarkit is what a generated grammar package is made of: the registration a
// generator writes (Generated, with the grammar's Info), the failure its PEG parser reports,
// and the DFA tables of its rules. The packages that urlgrammar-gen writes (and this
// module's own, under generated/) import it; a program that uses grammars needs only
// package urlgrammar.
//
// The types are those of urlgrammar's internal packages, named here so that a package
// outside this module can hold them: a grammar package generated into another module
// registers itself with urlgrammar.Register(Generated).
package grammarkit

import (
	"github.com/urlgrammar/urlgrammar/internal/dfa"
	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// Generated is a grammar's registration and its parsers, as a generator writes them.
type Generated = peg.Generated

// Info is a grammar's registration, from the header of its ABNF file.
type Info = peg.Info

// Rule is a rule of a grammar: its ABNF name and the name of its PEG rule.
type Rule = peg.Rule

// Failure is where and why a PEG parse failed.
type Failure = peg.Failure

// TreeFunc records the generic tree of a match.
type TreeFunc = peg.TreeFunc

// DFA is the minimal DFA of one rule, as static tables.
type DFA = dfa.DFA

// Expected returns the sorted, deduplicated expected set of a failure from the raw list
// pigeon's parser keeps.
func Expected(raw []string) []string { return peg.Expected(raw) }
