package dfa

// Difference returns a shortest string that a accepts and b does not, and whether there is
// one: L(a) ⊆ L(b) exactly when there is none. It explores the product automaton breadth
// first, so it proves inclusions between the languages of rules (the tests use it to show,
// for one, that url-syntax-05's opaque-URL and generic-URL are the same language).
func Difference(a, b *DFA) (string, bool) {
	type pair struct{ sa, sb uint16 }
	type node struct {
		prev int // index of the parent in seen, -1 for the start
		c    byte
	}
	// Byte representatives: one byte for each pair of classes.
	var reps []byte
	seenClass := map[[2]uint8]bool{}
	for c := 0; c < 256; c++ {
		k := [2]uint8{a.Classes[c], b.Classes[c]}
		if !seenClass[k] {
			seenClass[k] = true
			reps = append(reps, byte(c))
		}
	}
	index := map[pair]int{}
	var states []pair
	var nodes []node
	push := func(p pair, n node) {
		if _, ok := index[p]; !ok {
			index[p] = len(states)
			states = append(states, p)
			nodes = append(nodes, n)
		}
	}
	push(pair{a.Start, b.Start}, node{prev: -1})
	for i := 0; i < len(states); i++ {
		p := states[i]
		if a.Accept[p.sa] && !b.Accept[p.sb] {
			var s []byte
			for j := i; nodes[j].prev >= 0; j = nodes[j].prev {
				s = append(s, nodes[j].c)
			}
			for l, r := 0, len(s)-1; l < r; l, r = l+1, r-1 {
				s[l], s[r] = s[r], s[l]
			}
			return string(s), true
		}
		for _, c := range reps {
			na := a.Trans[int(p.sa)*a.NClasses+int(a.Classes[c])]
			if na == 0 {
				continue // a rejects every continuation
			}
			nb := b.Trans[int(p.sb)*b.NClasses+int(b.Classes[c])]
			push(pair{na, nb}, node{prev: i, c: c})
		}
	}
	return "", false
}
