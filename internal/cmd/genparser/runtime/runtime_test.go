package runtime

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// inputs are tiny's members and near misses of them: every kind of failure of every rule.
func inputs() []string {
	in := []string{"", "a", "abc,12", "abcdef", "ab,0x1f,\"q\"", "0X", "12a", "\"open", ",", "a,", "a,,b",
		"abcde,abcdef", "ABC,0xFF", "\"\"", "a\xff", "12,34", "x-y", "0x", "abcde", "\"a,b\",c"}
	rng := rand.New(rand.NewSource(3))
	const alphabet = "aZ0x9,\"-\xff "
	for _, s := range in[:len(in):len(in)] {
		for range 20 {
			i := rng.Intn(len(s) + 1)
			c := string(alphabet[rng.Intn(len(alphabet))])
			t := s[:i] + c + s[i:]
			if i < len(s) && rng.Intn(2) == 0 {
				t = s[:i] + c + s[i+1:]
			}
			in = append(in, t)
		}
	}
	return in
}

func TestRun(t *testing.T) {
	v, f := Run("list", "ab,12,\"q\"", 0)
	require.Nil(t, f)
	assert.Equal(t, 3, v, "the action's value")

	// The failure: the farthest offset, what was expected there, the innermost named rule.
	_, f = Run("list", "ab,1x", 0)
	require.NotNil(t, f)
	assert.Equal(t, 4, f.Offset)
	assert.Equal(t, "number", f.Rule)
	assert.False(t, f.Limit)

	// A code predicate: a word of six letters is no word; the farthest failure is after
	// its letters, in word.
	_, f = Run("list", "abcdef", 0)
	require.NotNil(t, f)
	assert.Equal(t, 6, f.Offset)
	assert.Equal(t, "word", f.Rule)

	// When several alternatives fail at the farthest offset, the failure is named by the
	// rule they are all inside, not by the first alternative tried.
	_, f = Run("item", "-", 0)
	require.NotNil(t, f)
	assert.Equal(t, 0, f.Offset)
	assert.Equal(t, "item", f.Rule)
	_, f = Run("list", "ab,-", 0)
	require.NotNil(t, f)
	assert.Equal(t, 3, f.Offset)
	assert.Equal(t, "item", f.Rule)

	// A rule used as a start symbol must match the whole input.
	_, f = Run("word", "ab,", 0)
	require.NotNil(t, f)
	assert.Equal(t, 2, f.Offset)
	assert.Contains(t, f.Expected, "EOF")

	// The expression limit stops the parser, and says so.
	_, f = Run("list", strings.Repeat("a,", 50)+"a", 20)
	require.NotNil(t, f)
	assert.True(t, f.Limit)
}

func TestRules(t *testing.T) {
	var names []string
	for _, r := range Rules() {
		names = append(names, r.ABNF)
	}
	assert.Equal(t, []string{"list", "item", "word", "number", "quoted"}, names, "rules with a display name, in order")
}

// Recognize gives Run's failure, field for field, on every rule, with and without limits.
func TestRecognizeMatchesRun(t *testing.T) {
	require.True(t, recognizable)
	for _, r := range append(Rules(), peg.Rule{PEG: "helper"}) {
		for i, s := range inputs() {
			for _, limit := range []uint64{0, uint64(1 + i%40)} {
				_, want := Run(r.PEG, s, limit)
				got := Recognize(r.PEG, s, limit)
				if !reflect.DeepEqual(want, got) {
					t.Fatalf("rule %s limit %d on %q:\nRecognize: %+v\nRun:       %+v", r.PEG, limit, s, got, want)
				}
			}
		}
	}
}

func FuzzRecognize(f *testing.F) {
	for _, s := range inputs()[:20] {
		f.Add(s, uint8(0), uint8(0))
	}
	rules := append(Rules(), peg.Rule{PEG: "helper"})
	f.Fuzz(func(t *testing.T, s string, r, limit uint8) {
		rule := rules[int(r)%len(rules)].PEG
		_, want := Run(rule, s, uint64(limit))
		if got := Recognize(rule, s, uint64(limit)); !reflect.DeepEqual(want, got) {
			t.Fatalf("rule %s limit %d on %q:\nRecognize: %+v\nRun:       %+v", rule, limit, s, got, want)
		}
	})
}
