package dfa

import (
	"cmp"
	"slices"
)

// Difference returns a shortest string that a accepts and b does not, and whether there is
// one: L(a) ⊆ L(b) exactly when there is none. It explores the product automaton breadth
// first, so it proves inclusions between the languages of rules (the tests use it to show,
// for one, that url-syntax-05's opaque-URL and generic-URL are the same language).
func Difference(a, b *DFA) (string, bool) {
	p := Differences(a, b, 1)
	if len(p.Witnesses) == 0 {
		return "", false
	}
	return p.Witnesses[0], true
}

// Parting is what Differences found.
type Parting struct {
	// Witnesses are members of L(a) that are not in L(b), shortest first (then the most
	// readable first, see readableOrder): for each place where the two automata part, the shortest member of L(a) that
	// parts there. A place is a state of the product automaton and either a byte class on
	// which b dies while a lives, or the end of the input where a accepts and b does not.
	// Every member of L(a) \ L(b) parts at exactly one place, the first, so the witnesses
	// are distinct and every way the languages differ has one. Of the places at one product
	// state, only the first of each kind of byte (lower-case letter, upper-case letter,
	// digit, other printable ASCII, space, control, over 0x7f) gives a witness.
	Witnesses []string
	// Places is how many places there are in all.
	Places int
	// Kinds is how many of them differ in their product state or in the kind of byte: the
	// witnesses are one for each of those, up to the limit.
	Kinds int
	// Pairs is the number of states of the product automaton explored: pairs of a state of
	// a (never the dead one) and a live state of b.
	Pairs int
}

// Differences returns the witnesses of L(a) \ L(b) of every place where a and b part, at
// most limit of them (the shortest). L(a) ⊆ L(b) exactly when there are none. It runs in
// time linear in the size of the product automaton (at most a.NumStates() * b.NumStates()
// pairs, each with one step per byte class of the pair).
//
// Witnesses are written with readable bytes: of the bytes the two automata treat alike, a
// lower-case letter first, then a digit, an upper-case letter, other printable ASCII, and
// only then a space, a control character or a byte over 0x7f.
func Differences(a, b *DFA, limit int) Parting {
	// Shortest accepting continuation of every state of a: dist[s] bytes, first byte
	// first[s] (by breadth-first search backwards from the accepting states).
	aReps := representatives(func(c int) int { return int(a.Classes[c]) })
	dist, first := shortestSuffixes(a, aReps)
	suffix := func(s uint16, buf []byte) []byte {
		for !a.Accept[s] {
			c := first[s]
			buf = append(buf, c)
			s = a.Trans[int(s)*a.NClasses+int(a.Classes[c])]
		}
		return buf
	}

	reps := representatives(func(c int) int { return int(a.Classes[c])<<8 | int(b.Classes[c]) })
	type pair struct{ sa, sb uint16 }
	type node struct {
		pair
		prev  int32 // the index of the parent, -1 for the start
		c     byte
		depth int32
	}
	type place struct {
		node   int32
		c      int16 // the byte on which b dies, -1 for the end of the input
		length int32
	}
	index := map[pair]int32{}
	var nodes []node
	var places []place
	push := func(p pair, prev int32, c byte, depth int32) {
		if _, ok := index[p]; !ok {
			index[p] = int32(len(nodes))
			nodes = append(nodes, node{p, prev, c, depth})
		}
	}
	push(pair{a.Start, b.Start}, -1, 0, 0)
	for i := 0; i < len(nodes); i++ {
		n := nodes[i]
		if a.Accept[n.sa] && !b.Accept[n.sb] {
			places = append(places, place{int32(i), -1, n.depth})
		}
		for _, c := range reps {
			na := a.Trans[int(n.sa)*a.NClasses+int(a.Classes[c])]
			if na == 0 {
				continue // a rejects every continuation
			}
			nb := b.Trans[int(n.sb)*b.NClasses+int(b.Classes[c])]
			if nb == 0 {
				places = append(places, place{int32(i), int16(c), n.depth + 1 + dist[na]})
				continue
			}
			push(pair{na, nb}, int32(i), c, n.depth+1)
		}
	}
	out := Parting{Places: len(places), Pairs: len(nodes)}
	path := func(i int32, buf []byte) []byte {
		start := len(buf)
		for ; nodes[i].prev >= 0; i = nodes[i].prev {
			buf = append(buf, nodes[i].c)
		}
		slices.Reverse(buf[start:])
		return buf
	}
	witness := func(p place) string {
		buf := path(p.node, make([]byte, 0, p.length))
		if p.c >= 0 {
			c := byte(p.c)
			buf = append(buf, c)
			na := a.Trans[int(nodes[p.node].sa)*a.NClasses+int(a.Classes[c])]
			buf = suffix(na, buf)
		}
		return string(buf)
	}
	// The shortest places first. Of the places at one product state, only the first of each
	// kind of byte (see kind): "aB", "aC", ... "aZ" part from the same state for the same
	// reason, and would crowd out every other difference.
	slices.SortStableFunc(places, func(x, y place) int { return cmp.Compare(x.length, y.length) })
	type group struct {
		node int32
		kind int
	}
	seen := map[group]bool{}
	kept := places[:0:0]
	for _, p := range places {
		k := group{p.node, -1}
		if p.c >= 0 {
			k.kind = kind(byte(p.c))
		}
		if !seen[k] {
			seen[k] = true
			kept = append(kept, p)
		}
	}
	out.Kinds = len(kept)
	for i := 0; i < len(kept) && len(out.Witnesses) < limit; {
		j := i
		for j < len(kept) && kept[j].length == kept[i].length {
			j++
		}
		var ws []string
		for _, p := range kept[i:j] {
			ws = append(ws, witness(p))
		}
		slices.SortFunc(ws, readableOrder) // among witnesses of one length, the most readable first
		out.Witnesses = append(out.Witnesses, ws[:min(len(ws), limit-len(out.Witnesses))]...)
		i = j
	}
	return out
}

// shortestSuffixes returns, for every state of d, the length of its shortest accepting
// continuation and that continuation's first byte (for a non-accepting live state).
func shortestSuffixes(d *DFA, reps []byte) (dist []int32, first []byte) {
	n := d.NumStates()
	dist = make([]int32, n)
	first = make([]byte, n)
	for i := range dist {
		dist[i] = -1
	}
	// Predecessors by state, over the representative bytes.
	type edge struct{ from int }
	pred := make([][]edge, n)
	for s := 1; s < n; s++ {
		for _, c := range reps {
			if t := d.Trans[s*d.NClasses+int(d.Classes[c])]; t != 0 {
				pred[t] = append(pred[t], edge{s})
			}
		}
	}
	var queue []int
	for s := 1; s < n; s++ {
		if d.Accept[s] {
			dist[s] = 0
			queue = append(queue, s)
		}
	}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		for _, e := range pred[t] {
			if dist[e.from] < 0 {
				dist[e.from] = dist[t] + 1
				queue = append(queue, e.from)
			}
		}
	}
	// The first byte: the most readable one that leads one step closer (reps are in order of
	// readability).
	for s := 1; s < n; s++ {
		if dist[s] <= 0 {
			continue
		}
		for _, c := range reps {
			if t := d.Trans[s*d.NClasses+int(d.Classes[c])]; t != 0 && dist[t] == dist[s]-1 {
				first[s] = c
				break
			}
		}
	}
	return dist, first
}

// representatives returns one byte of every class that class(b) defines, the most readable
// one, in order of readability.
func representatives(class func(b int) int) []byte {
	order := make([]byte, 256)
	for i := range order {
		order[i] = byte(i)
	}
	slices.SortStableFunc(order, func(x, y byte) int { return cmp.Compare(readability(x), readability(y)) })
	seen := map[int]bool{}
	var reps []byte
	for _, b := range order {
		if k := class(int(b)); !seen[k] {
			seen[k] = true
			reps = append(reps, b)
		}
	}
	return reps
}

// readableOrder orders strings of one length byte by byte, by readability first (see
// readability), then by byte value.
func readableOrder(x, y string) int {
	for i := 0; i < len(x) && i < len(y); i++ {
		if c := cmp.Compare(readability(x[i]), readability(y[i])); c != 0 {
			return c
		}
		if c := cmp.Compare(x[i], y[i]); c != 0 {
			return c
		}
	}
	return cmp.Compare(len(x), len(y))
}

// kind groups the bytes for Differences: a lower-case letter, an upper-case letter, a digit,
// other printable ASCII, a space, a control character, a byte over 0x7f.
func kind(b byte) int {
	switch {
	case 'a' <= b && b <= 'z':
		return 0
	case 'A' <= b && b <= 'Z':
		return 1
	}
	return readability(b) + 1
}

// readability ranks a byte for witnesses: lower is more readable.
func readability(b byte) int {
	switch {
	case 'a' <= b && b <= 'z':
		return 0
	case '0' <= b && b <= '9':
		return 1
	case 'A' <= b && b <= 'Z':
		return 2
	case '!' <= b && b <= '~':
		return 3
	case b == ' ':
		return 4
	case b < 0x80:
		return 5
	}
	return 6
}
