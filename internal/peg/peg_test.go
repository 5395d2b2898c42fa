package peg

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestExpected(t *testing.T) {
	assert.Equal(t, []string{`"a"`, `[0-9]`, "EOF"}, Expected([]string{`[0-9]`, "!.", `"a"`, `[0-9]`, `![:]`}))
	assert.Equal(t, []string{`![:]`}, Expected([]string{`![:]`}), "only negations: kept")
}

func TestNextChars(t *testing.T) {
	for _, c := range []struct {
		in   []string
		want []string
	}{
		{[]string{`"25"`, `"2"`, `[1-9]`, `[0-9]`}, []string{"0-9"}},
		{[]string{`[a-zA-Z0-9+.-]`, "EOF"}, []string{`"+"`, `"-"`, `"."`, "0-9", "A-Z", "a-z", "EOF"}},
		{[]string{`[[\];]`}, []string{`";"`, `"["`, `"]"`}},
		{[]string{`[-_.]`}, []string{`"-"`, `"."`, `"_"`}},
		{[]string{`[ab]`}, []string{`"a"`, `"b"`}},
		{[]string{`[abc]`}, []string{"a-c"}},
		{[]string{`[{}|\\^` + "`" + `]`}, []string{`"\\"`, `"^"`, "\"`\"", `"{"`, `"|"`, `"}"`}},
		{[]string{`[^a]`, `[\pL]`, `.`}, []string{`[^a]`, `[\pL]`, `.`}},
		{[]string{`"\""`}, []string{`"\""`}},
	} {
		assert.Equal(t, c.want, NextChars(c.in), "%q", c.in)
	}
}
