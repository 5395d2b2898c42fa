package urlgrammar_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/internal/jsontext"
	"github.com/urlgrammar/urlgrammar/internal/tsvtext"
)

// matchedRules are the rules TestMatcherMatchesMatch and FuzzMatcher match with: the start
// rule as named and in other case (ABNF's names are case-insensitive), another rule, and
// one the grammar does not have.
func matchedRules(g *urlgrammar.Grammar) []string {
	return []string{g.Start(), strings.ToUpper(g.Start()), "host", "no-such-rule"}
}

// sameMatch fails unless the Matcher's error err is Grammar.Match's want: the same message,
// and for a syntax error the same cause and report. It calls t.Helper only on a failure: it
// runs for every input, and Helper walks the stack.
func sameMatch(t *testing.T, g *urlgrammar.Grammar, rule, s string, err, want error) {
	se, ok := err.(*urlgrammar.SyntaxError)
	wse, wok := want.(*urlgrammar.SyntaxError)
	if ok != wok || !ok && fmt.Sprint(err) != fmt.Sprint(want) {
		t.Helper()
		t.Fatalf("%s %s %q: Matcher.Match gives %v, Grammar.Match %v", g.ID(), rule, s, err, want)
	}
	if ok {
		// Report is Error's line, then the caret's two.
		if se.Cause() != wse.Cause() || se.Report() != wse.Report() {
			t.Helper()
			t.Fatalf("%s %s %q: Matcher.Match's error says %q, %q; Grammar.Match's %q, %q", g.ID(), rule, s, se.Cause(), se.Report(), wse.Cause(), wse.Report())
		}
		// The message as JSON, written from the DFA state's escaped suffix, is encoding/json's
		// (with U+FFFD as \ufffd whatever Go built it: jsontext.EscapeReplacement).
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(se.Msg()); err != nil || string(se.AppendMsgJSON(nil))+"\n" != string(jsontext.EscapeReplacement(want.Bytes())) {
			t.Helper()
			t.Fatalf("%s %s %q: AppendMsgJSON wrote %s, encoding/json %s", g.ID(), rule, s, se.AppendMsgJSON(nil), want.String())
		}
		// And as a TSV field, from the state's escaped suffix: the field of the message.
		if got, want := string(se.AppendMsgTSV(nil)), string(tsvtext.Append(nil, se.Msg())); got != want {
			t.Helper()
			t.Fatalf("%s %s %q: AppendMsgTSV wrote %q, the TSV field of Msg is %q", g.ID(), rule, s, got, want)
		}
	}
}

// A Matcher gives Grammar.Match's verdicts and errors, and the errors it returned stay as
// they were while it matches on (over several of its blocks).
func TestMatcherMatchesMatch(t *testing.T) {
	t.Parallel()
	inputs := append(allTableInputs(t), corpus.TextLines(300, 2)...)
	for _, id := range urlgrammar.IDs() {
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			g := urlgrammar.MustLookup(id)
			m := g.NewMatcher()
			if m.Grammar() != g {
				t.Fatalf("%s: the Matcher's grammar is %s", id, m.Grammar().ID())
			}
			type kept struct {
				rule, s string
				err     error
			}
			var errs []kept
			for _, rule := range matchedRules(g) {
				for _, s := range inputs {
					err := m.Match(rule, s)
					sameMatch(t, g, rule, s, err, g.Match(rule, s))
					if err != nil {
						errs = append(errs, kept{rule, s, err})
					}
				}
			}
			if len(errs) < 2*urlgrammar.MatcherBlock {
				t.Fatalf("%s: %d errors, not enough to fill two blocks", id, len(errs))
			}
			for _, k := range errs {
				sameMatch(t, g, k.rule, k.s, k.err, g.Match(k.rule, k.s))
			}
		})
	}
}

// A Matcher makes the errors of the start rule MatcherBlock in one allocation (an API
// property, checked by count, not by time).
func TestMatcherAllocatesByBlock(t *testing.T) {
	skipUnderRace(t)
	g := urlgrammar.MustLookup("rfc3986")
	var invalid []string
	for _, s := range corpus.TextLines(4000, 1) {
		if !g.Valid(s) {
			invalid = append(invalid, s)
		}
	}
	warm := g.NewMatcher() // whatever is made once, on first use, is made before counting
	for _, s := range invalid {
		_ = warm.Match(g.Start(), s)
	}
	m := g.NewMatcher()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for _, s := range invalid {
		if m.Match(g.Start(), s) == nil {
			t.Fatalf("%q: no error", s)
		}
	}
	runtime.ReadMemStats(&after)
	blocks := (len(invalid) + urlgrammar.MatcherBlock - 1) / urlgrammar.MatcherBlock
	if n := after.Mallocs - before.Mallocs; n > uint64(blocks)+5 {
		t.Fatalf("%d allocations for %d invalid inputs: more than one a block of %d (%d blocks)", n, len(invalid), urlgrammar.MatcherBlock, blocks)
	}
	t.Logf("%d invalid inputs, %d blocks", len(invalid), blocks)
}

// MatchIn and CloneIn give Match's and Clone's errors, which stay as they were while the
// memory grows over several blocks, until Reset, and again after it.
func TestErrorMemory(t *testing.T) {
	t.Parallel()
	inputs := append(allTableInputs(t), corpus.TextLines(600, 3)...)
	for _, id := range []string{"rfc3986", "uri", "rfc1738", "whatwg-url"} {
		g := urlgrammar.MustLookup(id)
		m, p := g.NewMatcher(), g.NewParser()
		var mem urlgrammar.ErrorMemory
		type kept struct {
			rule, s string
			err     error
		}
		for round := range 2 {
			var errs []kept
			for _, s := range inputs {
				for _, rule := range matchedRules(g) {
					err := m.MatchIn(&mem, rule, s)
					sameMatch(t, g, rule, s, err, g.Match(rule, s))
					if err != nil {
						errs = append(errs, kept{rule, s, err})
					}
				}
				if _, err := p.Parse(s); err != nil {
					if se, ok := err.(*urlgrammar.SyntaxError); ok {
						c := m.CloneIn(&mem, se)
						sameMatch(t, g, "clone", s, c, se.Clone())
						errs = append(errs, kept{"clone", s, c})
					}
				}
			}
			syntaxErrors := 0
			for _, k := range errs {
				want := g.Match(k.rule, k.s)
				if k.rule == "clone" {
					want = g.Match(g.Start(), k.s)
				}
				if _, ok := k.err.(*urlgrammar.SyntaxError); ok {
					syntaxErrors++
				}
				sameMatch(t, g, k.rule, k.s, k.err, want)
			}
			// The start rule's errors and the clones are made in the memory; another rule's
			// are made anew (Match's).
			if mem.Len() > syntaxErrors || mem.Len() < 2*urlgrammar.MatcherBlock {
				t.Fatalf("%s round %d: the memory holds %d errors of %d syntax errors (at least %d wanted)", id, round, mem.Len(), syntaxErrors, 2*urlgrammar.MatcherBlock)
			}
			mem.Reset()
			if mem.Len() != 0 {
				t.Fatalf("%s: %d errors after Reset", id, mem.Len())
			}
		}
	}
}

// Grown once, an ErrorMemory makes the same errors again without allocating (an API
// property, checked by count).
func TestErrorMemoryIsUsedAgain(t *testing.T) {
	skipUnderRace(t)
	g := urlgrammar.MustLookup("rfc3986")
	m := g.NewMatcher()
	var invalid []string
	for _, s := range corpus.TextLines(2000, 1) {
		if !g.Valid(s) {
			invalid = append(invalid, s)
		}
	}
	var mem urlgrammar.ErrorMemory
	matchAll := func() {
		for _, s := range invalid {
			if m.MatchIn(&mem, g.Start(), s) == nil {
				t.Fatalf("%q: no error", s)
			}
		}
		mem.Reset()
	}
	matchAll()
	if n := testing.AllocsPerRun(3, matchAll); n != 0 {
		t.Fatalf("%d invalid inputs again in the memory they grew: %.0f allocations", len(invalid), n)
	}
}

// FuzzMatcher is TestMatcherMatchesMatch, TestMatcherClone and TestErrorMemory on any input.
func FuzzMatcher(f *testing.F) {
	for _, s := range allTableInputs(f) {
		f.Add(s)
	}
	var matchers []*urlgrammar.Matcher
	for _, id := range urlgrammar.IDs() {
		matchers = append(matchers, urlgrammar.MustLookup(id).NewMatcher())
	}
	var mem urlgrammar.ErrorMemory
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4096 {
			return
		}
		for _, m := range matchers {
			g := m.Grammar()
			for _, rule := range matchedRules(g) {
				sameMatch(t, g, rule, s, m.Match(rule, s), g.Match(rule, s))
				sameMatch(t, g, rule, s, m.MatchIn(&mem, rule, s), g.Match(rule, s))
			}
			mem.Reset()
			if _, err := g.NewParser().Parse(s); err != nil {
				if se, ok := err.(*urlgrammar.SyntaxError); ok {
					sameMatch(t, g, "clone", s, m.Clone(se), se.Clone())
				}
			}
		}
	})
}

// A Matcher's Clone of a Parser's error says what SyntaxError.Clone's says, and stays so
// while the Parser parses on and the Matcher clones on (over several blocks).
func TestMatcherClone(t *testing.T) {
	t.Parallel()
	inputs := append(allTableInputs(t), corpus.TextLines(300, 5)...)
	for _, id := range []string{"rfc3986", "uri", "rfc1738", "whatwg-url"} {
		g := urlgrammar.MustLookup(id)
		p, m := g.NewParser(), g.NewMatcher()
		type kept struct {
			s            string
			clone, plain *urlgrammar.SyntaxError
		}
		var all []kept
		for _, s := range inputs {
			_, err := p.Parse(s)
			se, ok := err.(*urlgrammar.SyntaxError)
			if !ok {
				continue
			}
			all = append(all, kept{s, m.Clone(se), se.Clone()})
		}
		if len(all) < 2*urlgrammar.MatcherBlock {
			t.Fatalf("%s: %d errors, not enough to fill two blocks", id, len(all))
		}
		for _, k := range all {
			sameMatch(t, g, "clone", k.s, k.clone, k.plain)
			if string(k.clone.AppendExpectedJSON(nil)) != string(k.plain.AppendExpectedJSON(nil)) {
				t.Fatalf("%s %q: the clone's expected set is %s, not %s", id, k.s, k.clone.AppendExpectedJSON(nil), k.plain.AppendExpectedJSON(nil))
			}
		}
	}
}

// An error of a rule other than the start rule, made in an ErrorMemory, costs no allocation
// until it is explained (the rule it names comes from the PEG parser's failure, then), and
// explained it is Match's error: rule, message, expected set.
func TestMatchInOfAnyRuleAllocatesNothing(t *testing.T) {
	skipUnderRace(t)
	lines := append(corpus.TextLines(500, 12), corpus.Lines(500, 13)...)
	for _, c := range []struct{ id, rule string }{
		{"rfc3986", "host"}, {"rfc3986", "path-abempty"}, {"rfc3986", "authority"},
		{"rfc3987", "ihost"}, {"rfc2396bis-01", "hostport"}, {"url-1993", "httpaddress"},
	} {
		g := urlgrammar.MustLookup(c.id)
		m := g.NewMatcher()
		var invalid []string
		for _, s := range lines {
			var se *urlgrammar.SyntaxError
			if errors.As(g.Match(c.rule, s), &se) {
				invalid = append(invalid, s)
			}
		}
		require.Greater(t, len(invalid), 100, "%s %s", c.id, c.rule)
		var mem urlgrammar.ErrorMemory
		if n := testing.AllocsPerRun(3, func() {
			mem.Reset()
			for _, s := range invalid {
				_ = m.MatchIn(&mem, c.rule, s)
			}
		}); n != 0 {
			t.Errorf("%s %s: %.0f allocations for %d errors", c.id, c.rule, n, len(invalid))
		}
		mem.Reset()
		for _, s := range invalid {
			var got, want *urlgrammar.SyntaxError
			require.ErrorAs(t, m.MatchIn(&mem, c.rule, s), &got)
			require.ErrorAs(t, g.Match(c.rule, s), &want)
			require.Equal(t, want.Error(), got.Error(), "%s %s %q", c.id, c.rule, s)
			require.Equal(t, want.Rule(), got.Rule(), "%s %s %q", c.id, c.rule, s)
			require.Equal(t, want.Expected(), got.Expected(), "%s %s %q", c.id, c.rule, s)
		}
	}
}
