package dfa

import "fmt"

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
	live := d.live()
	block := make([]int, n)
	blocks := 0
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
	seen := [3]bool{}
	for _, b := range block {
		if !seen[b] {
			seen[b] = true
			blocks++
		}
	}
	// Moore's refinement: a state's signature is its block and its successors' blocks, as
	// bytes (4 a block) in one buffer; the map is looked up without a string made for it,
	// and a string is made only for a new signature.
	next := make([]int, n)
	sig := make([]byte, 0, 4*(d.NClasses+1))
	sigs := make(map[string]int, n)
	for {
		clear(sigs)
		dead := -1 // the block of the states that cannot reach acceptance, all one
		for s := 0; s < n; s++ {
			if !live[s] {
				if dead < 0 {
					dead = len(sigs)
					sigs["dead"] = dead // a live state's signature has 8 bytes or more: never "dead"
				}
				next[s] = dead
				continue
			}
			sig = appendBlock(sig[:0], block[s])
			for _, t := range d.Trans[s] {
				sig = appendBlock(sig, block[t])
			}
			id, ok := sigs[string(sig)]
			if !ok {
				id = len(sigs)
				sigs[string(sig)] = id
			}
			next[s] = id
		}
		block, next = next, block
		if len(sigs) == blocks {
			break
		}
		blocks = len(sigs)
	}
	// Renumber: dead first, then breadth-first from the start.
	num := make([]int, blocks)  // a block's new state, -1 until it has one
	reps := make([]int, blocks) // a block's first original state
	for i := range num {
		num[i], reps[i] = -1, -1
	}
	for s := n - 1; s >= 0; s-- {
		reps[block[s]] = s
	}
	for s := 0; s < n; s++ {
		if !live[s] {
			num[block[s]] = 0
			break
		}
	}
	var order []int // representative original state per new state (after 0)
	startBlock := block[d.Start]
	queue := []int{startBlock}
	num[startBlock] = 1
	order = append(order, reps[startBlock])
	for len(queue) > 0 {
		bl := queue[0]
		queue = queue[1:]
		for _, t := range d.Trans[reps[bl]] {
			if tb := block[t]; num[tb] < 0 {
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

// live reports, for each state, whether it can reach acceptance: a search back from the
// accepting states over the reversed transitions.
func (d *Raw) live() []bool {
	n := len(d.Trans)
	// The reversed transitions in one array: into[from[t]:from[t+1]] are the states with a
	// transition to t.
	from := make([]int, n+1)
	for _, row := range d.Trans {
		for _, t := range row {
			from[t+1]++
		}
	}
	for t := 0; t < n; t++ {
		from[t+1] += from[t]
	}
	into := make([]int, from[n])
	fill := append([]int(nil), from[:n]...)
	for s, row := range d.Trans {
		for _, t := range row {
			into[fill[t]] = s
			fill[t]++
		}
	}
	live := make([]bool, n)
	var stack []int
	for s := 0; s < n; s++ {
		if d.Accept[s] {
			live[s] = true
			stack = append(stack, s)
		}
	}
	for len(stack) > 0 {
		t := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range into[from[t]:from[t+1]] {
			if !live[s] {
				live[s] = true
				stack = append(stack, s)
			}
		}
	}
	return live
}

// appendBlock appends a block number to a signature: four bytes, little-endian.
func appendBlock(b []byte, x int) []byte {
	return append(b, byte(x), byte(x>>8), byte(x>>16), byte(x>>24))
}
