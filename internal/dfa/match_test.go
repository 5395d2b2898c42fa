package dfa_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/urlgrammar/urlgrammar/generated/rfc2396bis01"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/internal/dfa"
)

// unprepared returns a copy of d's tables without the premultiplied one, so that Match runs
// from Trans.
func unprepared(d *dfa.DFA) *dfa.DFA {
	return &dfa.DFA{Rule: d.Rule, Classes: d.Classes, NClasses: d.NClasses, Start: d.Start, Trans: d.Trans, Accept: d.Accept}
}

// The premultiplied table and the state table give the same verdict and the same error
// offset.
func TestPreparedMatchesTrans(t *testing.T) {
	for name, d := range rfc2396bis01.DFAs() {
		slow := unprepared(d)
		fast := unprepared(d)
		fast.Prepare()
		for _, s := range corpus.Lines(2000, 7) {
			ok1, off1 := slow.Match(s)
			ok2, off2 := fast.Match(s)
			if !assert.Equal(t, []any{ok1, off1}, []any{ok2, off2}, "rule %s on %q", name, s) {
				return
			}
		}
	}
}

// BenchmarkMatch compares Match on the premultiplied table with Match on the state table,
// on the URI-reference DFA and the benchmark corpus (compare the two in one run).
func BenchmarkMatch(b *testing.B) {
	lines := corpus.Lines(10000, 1)
	n := 0
	for _, s := range lines {
		n += len(s)
	}
	d := rfc2396bis01.DFAs()["URI-reference"]
	prepared := unprepared(d)
	prepared.Prepare()
	for _, c := range []struct {
		name string
		d    *dfa.DFA
	}{{"trans", unprepared(d)}, {"prepared", prepared}} {
		d := c.d
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(n))
			for i := 0; i < b.N; i++ {
				for _, s := range lines {
					d.Match(s)
				}
			}
		})
	}
}

// MatchState agrees with Match, and its state explains the error: the byte at the offset
// has no way on from it (or the input ended in it without accepting).
func TestMatchState(t *testing.T) {
	d := unprepared(rfc2396bis01.DFAs()["URI-reference"])
	d.Prepare()
	{
		for _, s := range []string{"", "http://a/b", "a b", "http://[::1", "%zz", "a:\xff", "//h:80x"} {
			ok, off := d.Match(s)
			ok2, off2, st := d.MatchState(s)
			assert.Equal(t, ok, ok2, s)
			if !ok {
				assert.Equal(t, off, off2, s)
				set, eof := d.ExpectedFrom(st)
				if off < len(s) {
					assert.False(t, set[s[off]], "%q: byte %q has no way on", s, s[off])
				} else {
					assert.False(t, eof, "%q ends in a state that does not accept", s)
				}
				want, wantEOF := d.Expected(s, off)
				assert.Equal(t, want, set, s)
				assert.Equal(t, wantEOF, eof, s)
			}
			for _, u := range []*dfa.DFA{unprepared(d)} {
				ok3, off3, st3 := u.MatchState(s)
				assert.Equal(t, []any{ok2, off2, st}, []any{ok3, off3, st3}, "unprepared %q", s)
			}
		}
	}
}
