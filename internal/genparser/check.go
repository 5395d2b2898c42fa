package genparser

import (
	"fmt"
	"go/parser"
	"go/token"
	"sort"
	"strings"

	goabnf "github.com/pandatix/go-abnf"
)

// checkPEG refuses three mistakes an extender makes in NAME.peg, each with one clear error
// instead of a failure later or a grammar whose engines disagree:
//   - a display name that is no rule of NAME.abnf (a display name says which ABNF rule the
//     PEG rule transcribes; the program panicked at init);
//   - a package clause other than the output directory's name (the build failed later);
//   - a literal whose letters the PEG compares case-sensitively where the ABNF's quoted
//     string is case-insensitive (Valid, from the ABNF, accepted what Parse rejected), or the
//     other way round (an RFC 7405 %s"..." matched with "..."i).
func checkPEG(name, pkg string, src []byte, rules []prule, aliases map[string]string, g *goabnf.Grammar) error {
	f, err := parser.ParseFile(token.NewFileSet(), "parser.go", src, parser.PackageClauseOnly)
	if err != nil {
		return fmt.Errorf("%s.peg: reading pigeon's output back: %w", name, err)
	}
	if f.Name.Name != pkg {
		return fmt.Errorf("%s.peg: its package clause names package %q, but the output directory names it %q: make them the same", name, f.Name.Name, pkg)
	}
	for _, r := range rules {
		if r.display != "" && !hasRule(g.Rulemap, r.display) {
			return fmt.Errorf("%s.peg: rule %s has the display name %q, which is no rule of %s.abnf (a display name names the ABNF rule the PEG rule transcribes)", name, r.name, r.display, name)
		}
	}
	for _, r := range rules {
		abnfName := r.display
		if abnfName == "" {
			abnfName = aliases[r.name]
		}
		rule := abnfRule(g, abnfName)
		if rule == nil {
			continue
		}
		insensitive, sensitive := map[string]string{}, map[string]string{}
		quotedStrings(rule.Alternation, insensitive, sensitive)
		var bad error
		eachLiteral(r.expr, func(e *pexpr) {
			if bad != nil || !hasLetter(e.val) {
				return
			}
			key := strings.ToLower(e.val)
			if q, ok := insensitive[key]; ok && !e.ignoreCase {
				bad = fmt.Errorf("%s.peg: rule %s matches %q case-sensitively, but %s.abnf's %s has %q, which ABNF compares case-insensitively: write %qi in the PEG",
					name, r.name, e.val, name, rule.Name, q, e.val)
			}
			if q, ok := sensitive[key]; ok && e.ignoreCase {
				bad = fmt.Errorf("%s.peg: rule %s matches %q case-insensitively, but %s.abnf's %s has %%s%q, which is case-sensitive (RFC 7405): drop the i in the PEG",
					name, r.name, e.val, name, rule.Name, q)
			}
		})
		if bad != nil {
			return bad
		}
	}
	return nil
}

// abnfRule returns the ABNF rule of a name (case-insensitive), or nil.
func abnfRule(g *goabnf.Grammar, name string) *goabnf.Rule {
	if name == "" {
		return nil
	}
	keys := make([]string, 0, len(g.Rulemap))
	for k := range g.Rulemap {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if strings.EqualFold(k, name) {
			return g.Rulemap[k]
		}
	}
	return nil
}

// quotedStrings adds the quoted strings with letters of an alternation (not of the rules it
// refers to), by lower case, to insensitive ("...") or sensitive (%s"...").
func quotedStrings(a goabnf.Alternation, insensitive, sensitive map[string]string) {
	for _, c := range a.Concatenations {
		for _, r := range c.Repetitions {
			switch e := r.Element.(type) {
			case goabnf.ElemGroup:
				quotedStrings(e.Alternation, insensitive, sensitive)
			case goabnf.ElemOption:
				quotedStrings(e.Alternation, insensitive, sensitive)
			case goabnf.ElemCharVal:
				s := string(e.Values)
				if !hasLetter(s) {
					continue
				}
				if e.Sensitive {
					sensitive[strings.ToLower(s)] = s
				} else {
					insensitive[strings.ToLower(s)] = s
				}
			}
		}
	}
}

// eachLiteral calls f for every literal of a PEG expression (not of the rules it refers to).
func eachLiteral(e *pexpr, f func(*pexpr)) {
	if e == nil {
		return
	}
	if e.kind == "litMatcher" {
		f(e)
	}
	for _, s := range e.subs {
		eachLiteral(s, f)
	}
}

func hasLetter(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; 'a' <= c && c <= 'z' {
			return true
		}
	}
	return false
}
