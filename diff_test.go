package urlgrammar_test

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
)

func lang(id string, rule ...string) urlgrammar.Language {
	l := urlgrammar.Language{Grammar: urlgrammar.MustLookup(id)}
	if len(rule) > 0 {
		l.Rule = rule[0]
	}
	return l
}

// Every rule of every grammar is equal to itself.
func TestCompareSelfEqual(t *testing.T) {
	for _, id := range comparableIDs() {
		g := urlgrammar.MustLookup(id)
		for _, r := range append([]string{""}, g.Rules()...) {
			c, err := urlgrammar.Compare(lang(id, r), lang(id, r), 3)
			require.NoError(t, err, "%s %s", id, r)
			assert.Equal(t, "equal", c.Relation(), "%s %s", id, r)
			assert.Empty(t, c.OnlyA)
			assert.Empty(t, c.OnlyB)
		}
	}
}

// Every ordered pair of grammars: each witness is accepted by exactly the grammar that
// should accept it, through Valid and Parse; its error is the rejecting grammar's own; the
// relation agrees with the witnesses; the witnesses name different reasons. The search is
// bounded: the test logs the largest product automaton and the time of the slowest pair.
func TestCompareEveryPair(t *testing.T) {
	largest, slowest := 0, time.Duration(0)
	for _, ida := range comparableIDs() {
		for _, idb := range comparableIDs() {
			if ida == idb {
				continue
			}
			start := time.Now()
			c, err := urlgrammar.Compare(lang(ida), lang(idb), 8)
			require.NoError(t, err)
			slowest = max(slowest, time.Since(start))
			largest = max(largest, c.Pairs)
			assert.Equal(t, c.AInB(), len(c.OnlyA) == 0, "%s %s", ida, idb)
			assert.Equal(t, c.BInA(), len(c.OnlyB) == 0, "%s %s", ida, idb)
			for _, side := range []struct {
				ws       []urlgrammar.Witness
				acc, rej *urlgrammar.Grammar
			}{{c.OnlyA, c.A.Grammar, c.B.Grammar}, {c.OnlyB, c.B.Grammar, c.A.Grammar}} {
				reasons := map[string]bool{}
				for _, w := range side.ws {
					// A language is its grammar's rules': a grammar with predicates (whatwg-url)
					// may refuse a witness of its rules as a whole (Valid, Parse), not by them.
					assert.NoError(t, side.acc.MatchSyntax(side.acc.Start(), w.Input), "%s should accept %q", side.acc.ID(), w.Input)
					assert.False(t, side.rej.Valid(w.Input), "%s should reject %q", side.rej.ID(), w.Input)
					if !side.acc.HasPredicates() {
						assert.True(t, side.acc.Valid(w.Input), "%s should accept %q", side.acc.ID(), w.Input)
						_, err := side.acc.Parse(w.Input)
						assert.NoError(t, err, "%s Parse %q", side.acc.ID(), w.Input)
					}
					_, err := side.rej.Parse(w.Input)
					var se *urlgrammar.SyntaxError
					if assert.True(t, errors.As(err, &se), "%s Parse %q: %v", side.rej.ID(), w.Input, err) {
						assert.Equal(t, se.Offset, w.Err.Offset, "%s on %q: Parse and the witness's error", side.rej.ID(), w.Input)
					}
					if w.Err.Scheme() == "" { // else the grammar of the scheme uri checks
						// The rejecting grammar's error, or one of the grammars it is within's.
						assert.Contains(t, append([]string{side.rej.ID()}, side.rej.Within()...), w.Err.Grammar)
					}
					assert.NotEmpty(t, w.Part)
					key := w.Cause() + " / " + w.Part
					reasons[key] = true
				}
				assert.Len(t, reasons, len(side.ws), "%s: one witness per reason", side.acc.ID())
			}
		}
	}
	t.Logf("largest product automaton %d states; slowest pair %v", largest, slowest)
}

// The facts docs/differences.md reports for the 1997 and 2003 drafts, checked by hand
// against the grammars (section 3.1 of the 2003 draft: a scheme begins with a letter; its
// rel-segment has no ':'; Appendix G.1: '[' ']' in opaque parts and IPv6 hosts).
func TestCompareDrafts(t *testing.T) {
	c, err := urlgrammar.Compare(lang("url-syntax-05"), lang("rfc2396bis-01"), 10)
	require.NoError(t, err)
	assert.Equal(t, "incomparable", c.Relation())
	var onlyA, onlyB []string
	for _, w := range c.OnlyA {
		onlyA = append(onlyA, w.Input)
	}
	for _, w := range c.OnlyB {
		onlyB = append(onlyB, w.Input)
	}
	assert.Equal(t, []string{":", "0:"}, onlyA)
	assert.Equal(t, []string{"a:[", "//[::]"}, onlyB)
	assert.Equal(t, "scheme", c.OnlyA[1].Part, "url-syntax-05 reads 0 as a scheme")
	assert.Equal(t, "IPv6reference", c.OnlyB[1].Part)
	assert.Equal(t, "hostname", c.OnlyB[1].Err.Rule())

	// Every RFC 1738 URL (through its scheme dispatch) is a 1997 URL, not the other way.
	c, err = urlgrammar.Compare(lang("rfc1738"), lang("url-syntax-05", "absoluteURL"), 3)
	require.NoError(t, err)
	assert.Equal(t, "subset", c.Relation())
	assert.Equal(t, "A:", c.OnlyB[0].Input, "RFC 1738's scheme is lower case")

	// Rules of one grammar.
	c, err = urlgrammar.Compare(lang("rfc2396bis-01", "server"), lang("rfc2396bis-01", "authority"), 1)
	require.NoError(t, err)
	assert.Equal(t, "subset", c.Relation(), "authority = server / reg-name")
	assert.Equal(t, "rfc2396bis-01/server", c.A.Name())
}

func TestCompareUnknownRule(t *testing.T) {
	_, err := urlgrammar.Compare(lang("rfc1738", "nosuch"), lang("rfc1738"), 1)
	var ue *urlgrammar.UnknownRuleError
	assert.ErrorAs(t, err, &ue)
}

// BenchmarkCompare compares every ordered pair of grammars (8 witnesses each way).
func BenchmarkCompare(b *testing.B) {
	for range b.N {
		for _, ida := range comparableIDs() {
			for _, idb := range comparableIDs() {
				if _, err := urlgrammar.Compare(lang(ida), lang(idb), 8); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}

// comparableIDs are the grammars the comparison tests compare: all of them.
func comparableIDs() []string { return urlgrammar.IDs() }
