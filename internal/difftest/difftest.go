// Package difftest holds the differential check of a grammar's three readings (its PEG
// parser, its DFAs and go-abnf's recognizer of its ABNF), shared by this module's tests and
// by package grammartest, which offers it to grammars of other modules. It is for tests
// only: it links go-abnf.
package difftest

import (
	"math/rand"
	"sort"
	"testing"

	goabnf "github.com/pandatix/go-abnf"
)

// Readings are the three verdicts on an input for a rule, and the grammar they are of.
type Readings struct {
	Name  string          // the grammar's id, for messages
	Rules []string        // the rules to check, each as an anchored start symbol
	Ref   *goabnf.Grammar // go-abnf's reading of the ABNF: generates members
	PEG   func(rule, s string) bool
	DFA   func(rule, s string) bool
	// ABNF is the ABNF's verdict: go-abnf's recognizer (Ref) unless set otherwise (a start
	// rule with a scheme dispatch the ABNF does not write).
	ABNF func(t testing.TB, rule, s string) bool
}

// Options say how much to check.
type Options struct {
	Inputs  []string        // tried on every rule (a grammar's tables)
	Members int             // generated members per rule (each with three near misses); 0: 60
	Skip    map[string]bool // rules not to check
	// AskABNFEvery asks go-abnf (about a millisecond an input) on every input where the PEG
	// and the DFA disagree and on one in AskABNFEvery of the others; 0 or 1: on all.
	AskABNFEvery int
	Seed         int64
	// Log, when set, logs each rule's counts.
	Log bool
}

// Verdicts returns the PEG, DFA and ABNF verdicts on s for rule.
func (r *Readings) Verdicts(t testing.TB, rule, s string) [3]bool {
	return [3]bool{r.PEG(rule, s), r.DFA(rule, s), r.abnf(t, rule, s)}
}

func (r *Readings) abnf(t testing.TB, rule, s string) bool {
	if r.ABNF != nil {
		return r.ABNF(t, rule, s)
	}
	ok, err := IsValid(r.Ref, rule, []byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return ok
}

// Agree reports whether the three verdicts are the same.
func Agree(v [3]bool) bool { return v[0] == v[1] && v[1] == v[2] }

// Shrink removes runs of bytes from s while the three readings still disagree, to give a
// minimal witness: runs of half the input first, then smaller ones down to single bytes (so
// that a pair, such as the quotes of a quoted-string, goes at once), until no run of any
// length can go.
func (r *Readings) Shrink(t testing.TB, rule, s string) string {
	for changed := true; changed; {
		changed = false
		for n := max(len(s)/2, 1); n >= 1 && !changed; n = shorter(n) {
			for i := 0; i+n <= len(s); i++ {
				c := s[:i] + s[i+n:]
				if !Agree(r.Verdicts(t, rule, c)) {
					s, changed = c, true
					break
				}
			}
		}
	}
	return s
}

// shorter is the next run length Shrink tries after n: half of it, and every length below 8.
func shorter(n int) int {
	if n > 8 {
		return n / 2
	}
	return n - 1
}

// Mutate returns a near miss of s: one byte inserted, deleted or replaced.
func Mutate(rng *rand.Rand, s string) string {
	const alphabet = "aZ09:/?#[]@%.-_~!$&'()*+,;= \"<>\\^`{|}\x00\xff"
	// Characters of a grammar over code points, at their limits, and byte strings that are
	// not UTF-8 (a surrogate's CESU-8 form, a truncated and an overlong sequence).
	unicode := []string{"\u00a0", "\u009f", "\ud7ff", "\ue000", "\uf8ff", "\uf900", "\ufdd0", "\ufffd", "\ufffe",
		"\U00010000", "\U0001fffe", "\U000e1000", "\U000f0000", "\U0010fffd", "\xed\xa0\x80", "\xc3", "\xc0\xaf"}
	i := 0
	if len(s) > 0 {
		i = rng.Intn(len(s) + 1)
	}
	c := string(alphabet[rng.Intn(len(alphabet))])
	if rng.Intn(8) == 0 {
		c = unicode[rng.Intn(len(unicode))]
	}
	switch {
	case len(s) == 0 || rng.Intn(3) == 0:
		return s[:i] + c + s[i:]
	case rng.Intn(2) == 0 && i < len(s):
		return s[:i] + s[i+1:]
	case i < len(s):
		return s[:i] + c + s[i+1:]
	}
	return s + c
}

// Run checks the three readings of every rule (but the skipped) on the shared inputs, on
// members generated from the ABNF and on near misses of them, and reports each
// disagreement with a minimal witness.
func Run(t testing.TB, r *Readings, opts Options) {
	t.Helper()
	members := opts.Members
	if members <= 0 {
		members = 60
	}
	every := max(opts.AskABNFEvery, 1)
	rng := rand.New(rand.NewSource(opts.Seed + 1))
	type count struct{ inputs, members, abnf int }
	counts := map[string]count{}
	for _, rule := range r.Rules {
		if opts.Skip[rule] {
			continue
		}
		inputs := append([]string(nil), opts.Inputs...)
		generated := 0
		for i := 0; i < members; i++ {
			m, err := Member(rng, r.Ref, rule, 6)
			if err != nil {
				t.Fatalf("%s: %v", r.Name, err)
			}
			if len(m) > 200 {
				continue
			}
			inputs = append(inputs, m)
			generated++
			for k := 0; k < 3; k++ {
				inputs = append(inputs, Mutate(rng, m))
			}
		}
		asked := 0
		for i, s := range inputs {
			peg, d := r.PEG(rule, s), r.DFA(rule, s)
			if peg == d && i%every != 0 {
				continue
			}
			asked++
			v := [3]bool{peg, d, r.abnf(t, rule, s)}
			if !Agree(v) {
				w := r.Shrink(t, rule, s)
				t.Errorf("%s rule %s: PEG, DFA, ABNF disagree on %q: %v; minimal witness %q: %v",
					r.Name, rule, s, v, w, r.Verdicts(t, rule, w))
			}
		}
		counts[rule] = count{len(inputs), generated, asked}
	}
	if opts.Log {
		names := make([]string, 0, len(counts))
		for rule := range counts {
			names = append(names, rule)
		}
		sort.Strings(names)
		for _, rule := range names {
			c := counts[rule]
			t.Logf("%s %-24s %6d inputs (%5d asked of go-abnf), %5d generated members", r.Name, rule, c.inputs, c.abnf, c.members)
		}
	}
}
