package dfa_test

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/urlgrammar/urlgrammar/grammars/rfc2396bis-01"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/internal/dfa"
)

// walk is Match written plainly on the state table, the reference for the premultiplied one.
func walk(d *dfa.DFA, s string) (ok bool, errOffset int, state int) {
	st := int(d.Start)
	for i := 0; i < len(s); i++ {
		t := int(d.Trans[st*d.NClasses+int(d.Classes[s[i]])])
		if t == 0 {
			return false, i, st
		}
		st = t
	}
	if d.Accept[st] {
		return true, -1, st
	}
	return false, len(s), st
}

// Match, on the premultiplied table built on first use, gives the verdict and the error
// offset of the plain walk of the state table, for every rule.
func TestMatchAgreesWithTrans(t *testing.T) {
	for name, d := range rfc2396bis01.DFAs() {
		for _, s := range corpus.Lines(2000, 7) {
			ok1, off1, _ := walk(d, s)
			ok2, off2 := d.Match(s)
			if !assert.Equal(t, []any{ok1, off1}, []any{ok2, off2}, "rule %s on %q", name, s) {
				return
			}
		}
	}
}

// Concurrent first matches prepare the table once, safely (go test -race).
func TestPrepareConcurrently(t *testing.T) {
	src := rfc2396bis01.DFAs()["URI-reference"]
	d := &dfa.DFA{Rule: src.Rule, Classes: src.Classes, NClasses: src.NClasses, Start: src.Start, Trans: src.Trans, Accept: src.Accept}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			assert.True(t, d.Valid("http://a/b"))
		}()
	}
	wg.Wait()
}

// BenchmarkMatch compares Match on the premultiplied table with the plain walk of the state
// table, on the URI-reference DFA and the benchmark corpus (compare the two in one run).
func BenchmarkMatch(b *testing.B) {
	lines := corpus.Lines(10000, 1)
	n := 0
	for _, s := range lines {
		n += len(s)
	}
	d := rfc2396bis01.DFAs()["URI-reference"]
	d.Prepare()
	b.Run("trans", func(b *testing.B) {
		b.SetBytes(int64(n))
		for i := 0; i < b.N; i++ {
			for _, s := range lines {
				walk(d, s)
			}
		}
	})
	b.Run("prepared", func(b *testing.B) {
		b.SetBytes(int64(n))
		for i := 0; i < b.N; i++ {
			for _, s := range lines {
				d.Match(s)
			}
		}
	})
}

// MatchState agrees with Match, and its state explains the error: the byte at the offset
// has no way on from it (or the input ended in it without accepting).
func TestMatchState(t *testing.T) {
	d := rfc2396bis01.DFAs()["URI-reference"]
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
			ok3, off3, st3 := walk(d, s)
			if ok3 {
				off3 = len(s) // MatchState reports len(s) for a member
			}
			assert.Equal(t, []any{ok2, off2, st}, []any{ok3, off3, st3}, "the plain walk, %q", s)
		}
	}
}
