package urlgrammar_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
)

// TestBlame: an authority without "@" whose port (or host) is wrong is valid, byte for
// byte, as a userinfo up to the first byte no userinfo has; the error says what a person
// would: the bad byte, in the port. Offset stays the exact end of the valid prefix.
func TestBlame(t *testing.T) {
	for _, c := range []struct {
		grammar, input string
		offset, at     int
		rule           string
	}{
		{"rfc3986", "http://localhost:80x/", 20, 19, "port"},
		{"rfc3986", "http://a:b", 10, 9, "port"},
		{"rfc3986", "//h:80x", 7, 6, "port"},
		{"rfc3987", "http://localhost:80x/", 20, 19, "port"},
		{"rfc1738", "ftp://localhost:80x/", 19, 18, "port"},
		{"rfc1738", "telnet://localhost:80x/", 22, 21, "port"},
	} {
		_, err := urlgrammar.MustLookup(c.grammar).Parse(c.input)
		var se *urlgrammar.SyntaxError
		require.True(t, errors.As(err, &se), "%s %q", c.grammar, c.input)
		assert.Equal(t, c.offset, se.Offset, "%s %q: Offset is the DFA's", c.grammar, c.input)
		at, line, col := se.At()
		assert.Equal(t, [3]int{c.at, 1, c.at + 1}, [3]int{at, line, col}, "%s %q", c.grammar, c.input)
		assert.Equal(t, c.rule, se.Rule(), "%s %q", c.grammar, c.input)
		assert.Contains(t, se.Error(), c.grammar+":1:"+strconv.Itoa(c.at+1)+": unexpected '"+c.input[c.at:c.at+1]+"' in "+c.rule)
		assert.Equal(t, c.input+"\n"+strings.Repeat(" ", c.at)+"^", se.Caret(), "%s %q: the caret under the blamed byte", c.grammar, c.input)
		assert.Equal(t, c.rule+": unexpected "+se.Found(), se.Cause())
	}
	// An "@" after the userinfo's start: the userinfo is meant, and the error stays there.
	for _, c := range [][2]string{{"rfc3986", "http://us er@host/"}, {"rfc3986", "http://localhost:80x/a@b"},
		{"rfc3986", "http://a b/"}, {"rfc1738", "ftp://us er@host/"}, {"rfc2396bis-01", "http://a:b@c d/"}} {
		_, err := urlgrammar.MustLookup(c[0]).Parse(c[1])
		var se *urlgrammar.SyntaxError
		require.True(t, errors.As(err, &se), "%s %q", c[0], c[1])
		at, line, col := se.At()
		assert.Equal(t, [3]int{se.Offset, se.Line, se.Column}, [3]int{at, line, col}, "%s %q: no blame", c[0], c[1])
	}
}

// TestBlameInvariants: on every table input and corpus line every grammar rejects, At is at
// or before Offset, and where it is before, the grammar declares a blame whose text the
// input lacks, and Error and Caret follow At.
func TestBlameInvariants(t *testing.T) {
	blamed := 0
	for id := range viewPackages {
		g := urlgrammar.MustLookup(id)
		for _, s := range viewInputs(t, id) {
			_, err := g.Parse(s)
			var se *urlgrammar.SyntaxError
			if !errors.As(err, &se) {
				continue
			}
			at, line, col := se.At()
			if at > se.Offset {
				t.Errorf("%s %q: At %d after Offset %d", id, s, at, se.Offset)
			}
			if at == se.Offset {
				continue
			}
			blamed++
			if strings.Contains(s, "@") {
				t.Errorf("%s %q: blamed at %d although the input has an @", id, s, at)
			}
			if !strings.HasPrefix(se.Error(), id+":"+strconv.Itoa(line)+":") || col != at+1 {
				t.Errorf("%s %q: Error %q, At %d:%d", id, s, se.Error(), line, col)
			}
		}
	}
	assert.Greater(t, blamed, 0, "some table input is blamed")
}
