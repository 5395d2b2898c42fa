// Package dfa is the exact validator of urlgrammar: minimal DFAs over bytes, derived from
// each grammar's ABNF (grammars/ID/ID.abnf) by build.go and stored as tables in
// grammars/ID/dfa.go. Matching allocates nothing, and a mismatch gives the exact offset of
// the error: the first byte after the longest prefix of s that is a prefix of some member of
// the language, with the exact set of bytes the language allows there.
package dfa

import (
	"slices"
	"sync"
)

// DFA is a minimal deterministic automaton over bytes. State 0 is the dead state (no
// member of the language has the input so far as a prefix); every other state can reach an
// accepting state.
type DFA struct {
	Rule     string     // the ABNF rule it recognizes
	Classes  [256]uint8 // byte -> equivalence class
	NClasses int
	Start    uint16
	Trans    []uint16 // Trans[state*NClasses+class] -> state
	Accept   []bool   // by state

	// next is Trans premultiplied: next[state*NClasses+class] is the next state times
	// NClasses, the index of its row. It takes the multiplication off the critical path of
	// the matching loop (a third faster, BenchmarkMatch). It is built on the first match (most
	// of a grammar's rule DFAs are never run: building them all at start-up cost a program
	// 1.1 MB), once, safely for concurrent use.
	once sync.Once
	next []uint32
}

// Equal reports whether d and o have the same tables (and so, both being minimal and
// numbered alike, the same language and the same states).
func (d *DFA) Equal(o *DFA) bool {
	return d.Rule == o.Rule && d.Classes == o.Classes && d.NClasses == o.NClasses && d.Start == o.Start &&
		slices.Equal(d.Trans, o.Trans) && slices.Equal(d.Accept, o.Accept)
}

// Prepare builds the DFA's premultiplied table now rather than at its first match. It is
// safe for concurrent use.
func (d *DFA) Prepare() { d.once.Do(d.build) }

func (d *DFA) build() {
	next := make([]uint32, len(d.Trans))
	for i, t := range d.Trans {
		next[i] = uint32(t) * uint32(d.NClasses)
	}
	d.next = next
}

// Match runs the DFA on s. It reports whether s is in the language and, when it is not, the
// offset of the error: the index of the first byte that leads to the dead state, or len(s)
// when s ends in a state that does not accept (s is a proper prefix of a member).
func (d *DFA) Match(s string) (ok bool, errOffset int) {
	d.once.Do(d.build)
	next, classes := d.next, &d.Classes
	row := uint32(d.Start) * uint32(d.NClasses)
	for i := 0; i < len(s); i++ {
		row = next[row+uint32(classes[s[i]])]
		if row == 0 {
			return false, i
		}
	}
	if d.Accept[row/uint32(d.NClasses)] {
		return true, -1
	}
	return false, len(s)
}

// Valid reports whether s is in the language.
func (d *DFA) Valid(s string) bool {
	ok, _ := d.Match(s)
	return ok
}

// Expected returns what the language allows after the prefix s[:offset]: the set of bytes
// that keep it a prefix of a member, and whether it may end there. offset must be at most
// the error offset Match reported (the prefix must be viable).
func (d *DFA) Expected(s string, offset int) (bytes [256]bool, eof bool) {
	st := d.Start
	n := d.NClasses
	for i := 0; i < offset && i < len(s); i++ {
		st = d.Trans[int(st)*n+int(d.Classes[s[i]])]
		if st == 0 {
			return bytes, false
		}
	}
	for b := 0; b < 256; b++ {
		bytes[b] = d.Trans[int(st)*n+int(d.Classes[b])] != 0
	}
	return bytes, d.Accept[st]
}

// NumStates returns the number of states, the dead state included.
func (d *DFA) NumStates() int { return len(d.Accept) }

// MatchState is Match that also returns the state the DFA is in after s[:errOffset] (after
// all of s when it is in the language): the state from which the byte at errOffset, or the
// end of input, has no way on.
func (d *DFA) MatchState(s string) (ok bool, errOffset int, state int) {
	d.once.Do(d.build)
	n := uint32(d.NClasses)
	row := uint32(d.Start) * n
	for i := 0; i < len(s); i++ {
		next := d.next[row+uint32(d.Classes[s[i]])]
		if next == 0 {
			return false, i, int(row / n)
		}
		row = next
	}
	st := int(row / n)
	return d.Accept[st], len(s), st
}

// Step returns the state after byte c from state st (0: the dead state).
func (d *DFA) Step(st int, c byte) int {
	return int(d.Trans[st*d.NClasses+int(d.Classes[c])])
}

// ExpectedFrom returns what the language allows in state st: the bytes that lead to a live
// state, and whether st accepts (the input may end there).
func (d *DFA) ExpectedFrom(st int) (bytes [256]bool, eof bool) {
	for b := 0; b < 256; b++ {
		bytes[b] = d.Trans[st*d.NClasses+int(d.Classes[b])] != 0
	}
	return bytes, d.Accept[st]
}

// Bytes reports, for each byte, whether it occurs in some member of the language: a byte it
// reports false of is in no member. It reads the transitions between the states reachable
// from the start that can reach acceptance.
func (d *DFA) Bytes() [256]bool {
	n, k := len(d.Accept), d.NClasses
	// The states that can reach acceptance: a fixed point, as a DFA is read once for this.
	live := slices.Clone(d.Accept)
	for changed := true; changed; {
		changed = false
		for s := 0; s < n; s++ {
			for c := 0; !live[s] && c < k; c++ {
				if live[d.Trans[s*k+c]] {
					live[s], changed = true, true
				}
			}
		}
	}
	used := make([]bool, k) // classes on a transition from a reachable state to a live one
	seen := make([]bool, n)
	queue := []uint16{d.Start}
	seen[d.Start] = true
	for len(queue) > 0 {
		s := int(queue[0])
		queue = queue[1:]
		for c := 0; c < k; c++ {
			t := d.Trans[s*k+c]
			if !live[t] {
				continue
			}
			used[c] = true
			if !seen[t] {
				seen[t] = true
				queue = append(queue, t)
			}
		}
	}
	var in [256]bool
	for b := range in {
		in[b] = used[d.Classes[b]]
	}
	return in
}
