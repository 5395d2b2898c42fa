package dfa

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
)

// A Case of a dispatch: inputs that begin with Prefix (ASCII letters compared without
// case) must be in the language of D.
type Case struct {
	Prefix string // lower case, e.g. "http:"
	D      *DFA
}

// Dispatch returns the minimal DFA of a dispatching language, as rfc1738's start rule is: s
// is a member when it begins with the Prefix of one of cases (the first that matches, ASCII
// letters compared without case) and is in that case's language, or when it begins with no
// Prefix and is in the language of otherwise.
//
// The states before a prefix is decided run the automata of otherwise and of every case
// still possible side by side; once decided, the chosen automaton alone. The result is
// minimized, so the dispatch is an ordinary DFA that the product constructions (Difference,
// Differences) take like any other.
func Dispatch(cases []Case, otherwise *DFA) (*DFA, error) {
	if len(cases) > 64 {
		return nil, fmt.Errorf("dfa.Dispatch: %d cases, at most 64", len(cases))
	}
	for _, c := range cases {
		if c.Prefix == "" || c.Prefix != strings.ToLower(c.Prefix) {
			return nil, fmt.Errorf("dfa.Dispatch: prefix %q must be non-empty and lower case", c.Prefix)
		}
	}
	// Byte classes: bytes that every automaton, and every prefix position, treats alike.
	inPrefix := [256]bool{}
	for _, c := range cases {
		for i := 0; i < len(c.Prefix); i++ {
			inPrefix[c.Prefix[i]] = true
		}
	}
	var r Raw
	var reps []byte // a byte of each class
	r.Classes, reps = classesBy(func(b byte) string {
		sig := make([]byte, 0, len(cases)+2)
		sig = append(sig, otherwise.Classes[b])
		for _, c := range cases {
			sig = append(sig, c.D.Classes[b])
		}
		if l := lower(b); inPrefix[l] {
			sig = append(sig, 1, l)
		}
		return string(sig)
	})
	r.NClasses = len(reps)

	// A state of the construction (dispatchState). Before the prefix is decided (mode undecided) pos bytes
	// have been read, cand holds the cases whose prefix they still match, and st holds the
	// state of otherwise (st[0]) and of every case (st[1+i]). Decided on case i (mode
	// 0..len-1) or on otherwise (modeOtherwise), only that automaton's state is kept.
	const (
		modeUndecided = -1
		modeOtherwise = -2
	)
	type state = dispatchState
	// A state's key: its fields as bytes, in a buffer used again; the index is looked up
	// without a string made for it, and s.st, which the caller may use again, is copied
	// only for a new state.
	var key []byte
	index := map[string]int{}
	states := []state{{}} // 0: dead
	r.Trans = [][]int{make([]int, r.NClasses)}
	r.Accept = []bool{false}
	add := func(s state) int {
		key = binary.LittleEndian.AppendUint64(key[:0], uint64(s.mode))
		key = binary.LittleEndian.AppendUint64(key, uint64(s.pos))
		key = binary.LittleEndian.AppendUint64(key, s.cand)
		for _, x := range s.st {
			key = binary.LittleEndian.AppendUint16(key, x)
		}
		if i, ok := index[string(key)]; ok {
			return i
		}
		i := len(states)
		index[string(key)] = i
		s.st = slices.Clone(s.st)
		states = append(states, s)
		r.Trans = append(r.Trans, make([]int, r.NClasses))
		var acc bool
		switch s.mode {
		case modeUndecided, modeOtherwise:
			acc = otherwise.Accept[s.st[0]] // the input ends before any prefix is complete
		default:
			acc = cases[s.mode].D.Accept[s.st[0]]
		}
		r.Accept = append(r.Accept, acc)
		return i
	}
	start := state{mode: modeUndecided, st: make([]uint16, 1+len(cases))}
	start.st[0] = otherwise.Start
	for i, c := range cases {
		start.cand |= 1 << i
		start.st[1+i] = c.D.Start
	}
	r.Start = add(start)
	step := func(d *DFA, st uint16, b byte) uint16 {
		return d.Trans[int(st)*d.NClasses+int(d.Classes[b])]
	}
	one, all := make([]uint16, 1), make([]uint16, 1+len(cases)) // next.st, copied by add when new
	for i := 1; i < len(states); i++ {
		s := states[i]
		for class, b := range reps {
			var next state
			switch s.mode {
			case modeOtherwise:
				one[0] = step(otherwise, s.st[0], b)
				next = state{mode: modeOtherwise, st: one}
			case modeUndecided:
				decided := -1
				var cand uint64
				for j, c := range cases {
					if s.cand&(1<<j) == 0 || lower(b) != c.Prefix[s.pos] {
						continue
					}
					if s.pos+1 == len(c.Prefix) {
						if decided < 0 {
							decided = j
						}
					} else {
						cand |= 1 << j
					}
				}
				switch {
				case decided >= 0:
					one[0] = step(cases[decided].D, s.st[1+decided], b)
					next = state{mode: decided, st: one}
				case cand == 0:
					one[0] = step(otherwise, s.st[0], b)
					next = state{mode: modeOtherwise, st: one}
				default:
					clear(all)
					next = state{mode: modeUndecided, pos: s.pos + 1, cand: cand, st: all}
					next.st[0] = step(otherwise, s.st[0], b)
					for j, c := range cases {
						if cand&(1<<j) != 0 {
							next.st[1+j] = step(c.D, s.st[1+j], b)
						}
					}
				}
			default:
				one[0] = step(cases[s.mode].D, s.st[0], b)
				next = state{mode: s.mode, st: one}
			}
			if dead(next) {
				continue
			}
			r.Trans[i][class] = add(next)
		}
	}
	return r.Minimize()
}

// A dispatchState is a state of Dispatch's construction.
type dispatchState struct {
	mode int
	pos  int
	cand uint64
	st   []uint16
}

// dead reports whether no automaton of a dispatch state is alive.
func dead(s dispatchState) bool {
	for _, x := range s.st {
		if x != 0 {
			return false
		}
	}
	return true
}

func lower(b byte) byte {
	if 'A' <= b && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

// Empty returns the minimal DFA of the empty language: its start state is the dead state.
func Empty() *DFA {
	d, err := (&Raw{NClasses: 1, Trans: [][]int{{0}}, Accept: []bool{false}}).Minimize()
	if err != nil {
		panic("dfa.Empty: " + err.Error()) // one state: cannot fail
	}
	return d
}

// Prefixed returns the minimal DFA of the members of d that begin with prefix (lower case,
// ASCII letters compared without case): a dispatch with one case and nothing otherwise.
func Prefixed(prefix string, d *DFA) (*DFA, error) {
	return Dispatch([]Case{{Prefix: prefix, D: d}}, Empty())
}

// All returns the minimal DFA of every string.
func All() *DFA {
	d, err := (&Raw{NClasses: 1, Trans: [][]int{{1}, {1}}, Accept: []bool{false, true}, Start: 1}).Minimize()
	if err != nil {
		panic("dfa.All: " + err.Error()) // two states: cannot fail
	}
	return d
}

// BeforeHash returns the minimal DFA of the strings whose part before the first "#" (all of
// it when there is none) is in the language of d: what a scheme's rule says of a URI whose
// fragment it does not define.
func BeforeHash(d *DFA) (*DFA, error) {
	// The classes of d, with "#" in a class of its own.
	var r Raw
	hash := -1
	for b := 0; b < 256; b++ {
		if b == '#' {
			continue
		}
		r.Classes[b] = d.Classes[b]
	}
	r.NClasses = d.NClasses + 1
	hash = d.NClasses
	r.Classes['#'] = uint8(hash)
	n := d.NumStates()
	all := n // the state after a "#" that d accepted before: anything may follow
	r.Trans = make([][]int, n+1)
	r.Accept = make([]bool, n+1)
	for st := 0; st < n; st++ {
		row := make([]int, r.NClasses)
		for c := 0; c < d.NClasses; c++ {
			row[c] = int(d.Trans[st*d.NClasses+c])
		}
		if st != 0 && d.Accept[st] {
			row[hash] = all
		} else {
			row[hash] = 0
		}
		r.Trans[st] = row
		r.Accept[st] = d.Accept[st]
	}
	r.Trans[all] = make([]int, r.NClasses)
	for c := range r.Trans[all] {
		r.Trans[all][c] = all
	}
	r.Accept[all] = true
	r.Start = int(d.Start)
	return r.Minimize()
}

// Intersect returns the minimal DFA of the strings both a and b accept.
func Intersect(a, b *DFA) (*DFA, error) {
	var r Raw
	var reps []byte
	r.Classes, reps = classesBy(func(x byte) string { return string([]byte{a.Classes[x], b.Classes[x]}) })
	r.NClasses = len(reps)
	index := map[[2]uint16]int{{0, 0}: 0}
	pairs := [][2]uint16{{0, 0}}
	r.Trans = [][]int{make([]int, r.NClasses)}
	r.Accept = []bool{false}
	add := func(p [2]uint16) int {
		if p[0] == 0 || p[1] == 0 {
			return 0
		}
		if i, ok := index[p]; ok {
			return i
		}
		i := len(pairs)
		index[p] = i
		pairs = append(pairs, p)
		r.Trans = append(r.Trans, make([]int, r.NClasses))
		r.Accept = append(r.Accept, a.Accept[p[0]] && b.Accept[p[1]])
		return i
	}
	r.Start = add([2]uint16{a.Start, b.Start})
	for i := 1; i < len(pairs); i++ {
		p := pairs[i]
		for c, x := range reps {
			r.Trans[i][c] = add([2]uint16{
				a.Trans[int(p[0])*a.NClasses+int(a.Classes[x])],
				b.Trans[int(p[1])*b.NClasses+int(b.Classes[x])],
			})
		}
	}
	return r.Minimize()
}

// classesBy numbers the classes of bytes that sig tells apart (bytes of one signature share
// a class, numbered in the order of their first byte), with a byte of each class: the byte
// classes of an automaton built from others.
func classesBy(sig func(b byte) string) (classes [256]uint8, reps []byte) {
	index := map[string]uint8{}
	for x := 0; x < 256; x++ {
		k := sig(byte(x))
		id, ok := index[k]
		if !ok {
			id = uint8(len(reps))
			index[k] = id
			reps = append(reps, byte(x))
		}
		classes[x] = id
	}
	return classes, reps
}
