package dfa

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxStates bounds a minimal DFA: states are uint16, and the premultiplied rows
// (state * classes, at most 256 classes) must fit in uint32.
const MaxStates = 1<<16 - 1

// Raw is a DFA over byte classes that is not minimal: the subset construction's output, or
// a product. State 0 is dead; states that cannot reach acceptance may be anywhere.
type Raw struct {
	Classes  [256]uint8
	NClasses int
	Trans    [][]int // Trans[state][class] -> state
	Accept   []bool
	Start    int
}

// Minimize returns the minimal DFA of d: it merges equivalent states (Moore's partition
// refinement), with every state that cannot reach acceptance merged into the dead state 0,
// and renumbers the states in breadth-first order from the start so that equal languages
// give equal tables. It is an error when the result has more than MaxStates states.
func (d *Raw) Minimize() (*DFA, error) {
	n := len(d.Trans)
	// States that can reach acceptance.
	live := make([]bool, n)
	for changed := true; changed; {
		changed = false
		for s := 0; s < n; s++ {
			if live[s] {
				continue
			}
			if d.Accept[s] {
				live[s], changed = true, true
				continue
			}
			for _, t := range d.Trans[s] {
				if live[t] {
					live[s], changed = true, true
					break
				}
			}
		}
	}
	block := make([]int, n)
	for s := range block {
		switch {
		case !live[s]:
			block[s] = 0
		case d.Accept[s]:
			block[s] = 1
		default:
			block[s] = 2
		}
	}
	for {
		sigs := map[string]int{}
		next := make([]int, n)
		for s := 0; s < n; s++ {
			var sb strings.Builder
			sb.WriteString(strconv.Itoa(block[s]))
			for _, t := range d.Trans[s] {
				sb.WriteByte(',')
				sb.WriteString(strconv.Itoa(block[t]))
			}
			k := sb.String()
			if !live[s] {
				k = "dead"
			}
			id, ok := sigs[k]
			if !ok {
				id = len(sigs)
				sigs[k] = id
			}
			next[s] = id
		}
		if len(sigs) == countDistinct(block) {
			block = next
			break
		}
		block = next
	}
	// Renumber: dead first, then breadth-first from the start.
	deadBlock := -1
	for s := 0; s < n; s++ {
		if !live[s] {
			deadBlock = block[s]
			break
		}
	}
	num := map[int]int{}
	if deadBlock >= 0 {
		num[deadBlock] = 0
	}
	var order []int // representative original state per new state (after 0)
	reps := map[int]int{}
	for s := 0; s < n; s++ {
		if _, ok := reps[block[s]]; !ok {
			reps[block[s]] = s
		}
	}
	queue := []int{block[d.Start]}
	num[block[d.Start]] = 1
	order = append(order, reps[block[d.Start]])
	for len(queue) > 0 {
		bl := queue[0]
		queue = queue[1:]
		for _, t := range d.Trans[reps[bl]] {
			tb := block[t]
			if _, ok := num[tb]; !ok {
				num[tb] = len(order) + 1
				order = append(order, reps[tb])
				queue = append(queue, tb)
			}
		}
	}
	if len(order)+1 > MaxStates {
		return nil, fmt.Errorf("the minimal DFA has %d states, more than %d", len(order)+1, MaxStates)
	}
	m := &DFA{Classes: d.Classes, NClasses: d.NClasses, Start: 1}
	m.Accept = make([]bool, len(order)+1)
	m.Trans = make([]uint16, (len(order)+1)*d.NClasses)
	for i, s := range order {
		st := i + 1
		m.Accept[st] = d.Accept[s]
		for c, t := range d.Trans[s] {
			m.Trans[st*d.NClasses+c] = uint16(num[block[t]])
		}
	}
	return m, nil
}

func countDistinct(xs []int) int {
	seen := map[int]bool{}
	for _, x := range xs {
		seen[x] = true
	}
	return len(seen)
}
