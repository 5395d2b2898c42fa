package urlgrammar

import (
	"bufio"
	"errors"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// TestErrorMessagesOfRealInputs pins the messages of inputs as they occur in real text
// (testdata/errors/messages.txt): the rule is the production a person recognizes at the
// error (no "@" seen: not userinfo; a bad byte in brackets: IPv6reference).
func TestErrorMessagesOfRealInputs(t *testing.T) {
	f, err := os.Open("testdata/errors/messages.txt")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		require.Len(t, fields, 3, line)
		g := MustLookup(fields[0])
		_, err := g.Parse(fields[1])
		require.Error(t, err, line)
		msg, _, _ := strings.Cut(err.Error(), "\n")
		msg, _, _ = strings.Cut(msg, ", expected")
		assert.Equal(t, fields[2], msg, "%s %q", fields[0], fields[1])
		// Match on the start rule says the same.
		merr := g.Match(g.Start(), fields[1])
		require.Error(t, merr)
		assert.Equal(t, err.Error(), merr.Error(), "Match(start) and Parse agree on %q", fields[1])
		n++
	}
	require.NoError(t, sc.Err())
	assert.GreaterOrEqual(t, n, 30)
}

// The rule of an error comes from the input's own derivation, not from the DFA state alone:
// in rfc2396bis-01 a path segment and a query end in the same state.
func TestErrorRuleFollowsTheInput(t *testing.T) {
	g := MustLookup("rfc2396bis-01")
	for in, rule := range map[string]string{
		"http://a/b c":   "segment",
		"http://a/?b c":  "query",
		"http://a/#b c":  "fragment",
		"http://h.\\":    "hostname",
		"http://u@h\\":   "hostname",
		"http://u:p\\@h": "reg-name",
		"//[::1x]":       "IPv6reference",
		"a:b c":          "opaque-part",
		" ":              "URI-reference",
	} {
		_, err := g.Parse(in)
		var se *SyntaxError
		require.ErrorAs(t, err, &se, in)
		assert.Equal(t, rule, se.Rule(), in)
	}
}

// The text of an error is bounded whatever the input: a window of the line around the
// offset, while the fields keep the exact offset.
func TestSyntaxErrorIsBounded(t *testing.T) {
	huge := strings.Repeat("\x00", 10<<20)
	_, err := MustLookup("rfc2396bis-01").Parse(huge)
	var se *SyntaxError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, MaxInputLength, se.Offset)
	// The line: two windows of bytes shown as four-character escapes; the caret line: the
	// spaces under one window; and the message.
	assert.Less(t, len(se.Report()), 3*CaretWindow*4+200, "the message of a 10 MiB input")

	long := "http://a/" + strings.Repeat("b", 5000) + " c" + strings.Repeat("d", 5000)
	_, err = MustLookup("rfc2396bis-01").Parse(long)
	require.ErrorAs(t, err, &se)
	assert.Equal(t, 5009, se.Offset)
	lines := strings.Split(se.Report(), "\n")
	require.Len(t, lines, 3)
	assert.Equal(t, lines[0], err.Error(), "Error is Report's first line")
	assert.Equal(t, "..."+strings.Repeat("b", CaretWindow)+" c"+strings.Repeat("d", CaretWindow-2)+"...", lines[1])
	assert.Equal(t, strings.Repeat(" ", 3+CaretWindow)+"^", lines[2], "the caret under the space")
	// Multi-byte characters are not cut in half.
	wide := strings.Repeat("é", 100) + " "
	_, err = MustLookup("rfc2396bis-01").Parse("a:" + wide)
	require.ErrorAs(t, err, &se)
	assert.True(t, utf8.ValidString(strings.Split(se.Report(), "\n")[1]))
}

// An error names a rule the grammar has: the tree's node names are mapped to the grammar's
// own (an RFC 3986 authority's server node is its authority; an RFC 3987 tree's reg-name its
// ireg-name). Run on every table input, cut at every offset, for the grammars whose every
// tree node is a rule.
func TestErrorRulesAreGrammarRules(t *testing.T) {
	for _, id := range []string{"rfc2396bis-01", "rfc3986", "rfc3987"} {
		g := MustLookup(id)
		var inputs []string
		for _, f := range []string{"valid.txt", "invalid.txt"} {
			b, err := os.ReadFile("grammars/" + id + "/testdata/" + f)
			require.NoError(t, err)
			for _, l := range strings.Split(string(b), "\n") {
				if l == "" || strings.HasPrefix(l, "# ") {
					continue
				}
				if _, in, ok := strings.Cut(l, "\t"); ok && f == "invalid.txt" {
					l = in
				}
				inputs = append(inputs, l)
			}
		}
		n := 0
		for _, s := range inputs {
			for cut := 1; cut <= len(s); cut++ {
				for _, bad := range []string{" ", "\x00", "<", "#", "[", "\xff"} {
					in := s[:cut] + bad
					_, err := g.Parse(in)
					se, ok := err.(*SyntaxError)
					if !ok {
						continue
					}
					n++
					assert.True(t, g.HasRule(se.Rule()), "%s: %q fails in %q, not a rule of the grammar", id, in, se.Rule())
				}
			}
		}
		assert.Greater(t, n, 500, id)
	}
}

// The error of Match with a rule other than the start rule says what the rule's DFA expected
// at the offset where it stopped: its text, made once per state of the DFA (errorIn), is what
// rendering the DFA's set there gives, for every rule of every grammar on inputs that fail.
func TestRuleErrorsExpectWhatTheDFAExpects(t *testing.T) {
	inputs := append(recognizeInputs(t, 40)[:100], corpus.TextLines(100, 11)...)
	checked := 0
	for _, id := range IDs() {
		g := MustLookup(id)
		for _, rule := range g.Rules() {
			d := g.dfaFor(rule)
			if d == nil || ruleKey(rule) == ruleKey(g.start) {
				continue
			}
			for _, s := range inputs {
				ok, off, _ := d.MatchState(s)
				var se *SyntaxError
				if ok || !errors.As(g.Match(rule, s), &se) || se.Offset != off {
					continue // the DFA's language (a predicate may reject it), or not its error
				}
				set, eof := d.Expected(s, off)
				require.Equal(t, peg.RenderSet(&set, eof), se.Expected(), "grammar %s rule %s on %q", id, rule, s)
				checked++
			}
		}
	}
	require.Greater(t, checked, 2000)
	t.Logf("%d errors", checked)
}
