package dfa

// Settling: a DFA d whose language is within base's (the checked automaton of the grammar
// uri: RFC 3986's URI-reference, each URI also in its scheme's grammar), run on an input that
// base accepts, can often stop before the input ends: once it is in a state from which it
// accepts whatever base accepts from where base is, the rest cannot fail. For an http URI
// that is the end of its authority; for a scheme without a grammar, its ":".

// Settled returns, for each state q of d, whether q is settled against base: for every input
// prefix that takes d to q and base to a state p, every continuation that base accepts from p
// d accepts from q. An input that base accepts is in d's language as soon as d passes
// through a settled state (MatchSettled). The dead state is never settled.
func Settled(d, base *DFA) []bool {
	_, reps := classesBy(func(x byte) string { return string([]byte{d.Classes[x], base.Classes[x]}) })
	type pair = [2]uint16 // a state of d (0: dead), a live state of base
	index := map[pair]int{}
	var pairs []pair
	var preds [][]int // the pairs with a transition to each pair
	add := func(p pair) int {
		if i, ok := index[p]; ok {
			return i
		}
		i := len(pairs)
		index[p] = i
		pairs = append(pairs, p)
		preds = append(preds, nil)
		return i
	}
	add(pair{d.Start, base.Start})
	for i := 0; i < len(pairs); i++ {
		p := pairs[i]
		for _, x := range reps {
			b := base.Trans[int(p[1])*base.NClasses+int(base.Classes[x])]
			if b == 0 {
				continue // base rejects every input that goes this way: nothing to settle
			}
			q := d.Trans[int(p[0])*d.NClasses+int(d.Classes[x])]
			j := add(pair{q, b})
			preds[j] = append(preds[j], i)
		}
	}
	// A pair is unsettled when base accepts there and d does not, or when a byte leads to an
	// unsettled pair: the fixed point, from the first kind back along the transitions.
	unsettled := make([]bool, len(pairs))
	var queue []int
	for i, p := range pairs {
		if base.Accept[p[1]] && !d.Accept[p[0]] {
			unsettled[i] = true
			queue = append(queue, i)
		}
	}
	for len(queue) > 0 {
		j := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, i := range preds[j] {
			if !unsettled[i] {
				unsettled[i] = true
				queue = append(queue, i)
			}
		}
	}
	settled := make([]bool, len(d.Accept))
	seen := make([]bool, len(d.Accept))
	for i, p := range pairs {
		q := p[0]
		if !seen[q] {
			seen[q], settled[q] = true, q != 0
		}
		settled[q] = settled[q] && !unsettled[i]
	}
	return settled
}

// MatchSettled reports whether s, an input that base accepts, is in d's language, where
// settled is Settled(d, base): Valid, stopping at the first settled state it passes through.
// For an input base rejects its answer means nothing.
func (d *DFA) MatchSettled(s string, settled *SettledRows) bool {
	d.once.Do(d.build)
	next, classes, stop := d.next, &d.Classes, settled.rows
	row := uint32(d.Start) * uint32(d.NClasses)
	for i := 0; i < len(s); i++ {
		if stop[row] {
			return true
		}
		row = next[row+uint32(classes[s[i]])]
		if row == 0 {
			return false
		}
	}
	return d.Accept[row/uint32(d.NClasses)]
}

// SettledRows is Settled indexed as MatchSettled's loop reads it: by a state's row in the
// transition table (the state times the number of classes), so that the loop tests a state
// without a division.
type SettledRows struct{ rows []bool }

// NewSettledRows returns Settled(d, base) by row.
func NewSettledRows(d, base *DFA) *SettledRows {
	settled := Settled(d, base)
	rows := make([]bool, len(d.Trans))
	for q, ok := range settled {
		if ok {
			rows[q*d.NClasses] = true
		}
	}
	return &SettledRows{rows: rows}
}
