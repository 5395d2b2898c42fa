package dfa

import "testing"

// Bytes counts a byte only on a transition between states reachable from the start that can
// reach acceptance: not one into a state that cannot (a dead end that is not state 0), and
// not one out of a state the start does not reach.
func TestBytes(t *testing.T) {
	// Classes: 0 'a', 1 'b', 2 'c', 3 'd', 4 every other byte. States: 0 dead; 1 start;
	// 2 accepting; 3 a dead end (no way to acceptance); 4 unreachable, with a way to 2.
	d := &DFA{NClasses: 5, Start: 1, Accept: []bool{false, false, true, false, false}}
	for b := range d.Classes {
		d.Classes[b] = 4
	}
	d.Classes['a'], d.Classes['b'], d.Classes['c'], d.Classes['d'] = 0, 1, 2, 3
	d.Trans = make([]uint16, 5*5)
	set := func(from, class, to uint16) { d.Trans[int(from)*5+int(class)] = to }
	set(1, 0, 2) // "a" is a member
	set(2, 0, 2) // and "aa..."
	set(1, 1, 3) // "b..." never is
	set(3, 1, 3)
	set(4, 2, 2) // "c" only from a state nothing reaches
	set(2, 3, 3) // "ad..." never is
	got := d.Bytes()
	for b := range 256 {
		if want := b == 'a'; got[b] != want {
			t.Errorf("byte %q: %v, want %v", byte(b), got[b], want)
		}
	}
	// The empty language has no bytes.
	e := &DFA{NClasses: 1, Start: 1, Accept: []bool{false, false}, Trans: []uint16{0, 1}}
	for b, in := range e.Bytes() {
		if in {
			t.Errorf("the empty language has byte %q", byte(b))
		}
	}
}
