package urlgrammar_test

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	goabnf "github.com/pandatix/go-abnf"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar/internal/dfa"
	"github.com/urlgrammar/urlgrammar/internal/dfa/dfabuild"
	"github.com/urlgrammar/urlgrammar/internal/peg"
	"github.com/urlgrammar/urlgrammar/internal/spectest"
)

// A specPart is where a specification's text (under testdata/spec) writes ABNF rules that a
// grammar transcribes: the section from the heading from to the heading to.
type specPart struct {
	file, from, to string
	rules          int  // how many rules the part has (a guard on the reading of the text)
	imported       bool // rules the grammar takes from another specification, where it uses them
	// bnf: the part is written in the BNF of RFC 822 as RFC 2396 uses it, read as ABNF with
	// "/" for "|" and "-" for "_" in rule names (as RFC 2396's successors renamed them).
	bnf bool
	// reading, when not nil, turns the file's text into a specification's text with its
	// rules on lines of their own (oneLine, fromHTML).
	reading func(text string) (string, error)
}

// part is the part of file from the heading from to the heading to ("": the end of the
// text), with n rules.
func part(file, from, to string, n int) specPart {
	return specPart{file: file, from: from, to: to, rules: n}
}

// asImported is p as a part the grammar takes rules from where it uses them.
func (p specPart) asImported() specPart {
	p.imported = true
	return p
}

// inBNF is p as a part written in RFC 2396's BNF.
func (p specPart) inBNF() specPart {
	p.bnf = true
	return p
}

// oneLine is p in a copy of a specification whose line breaks were lost (its text is one
// line a paragraph): the rules are put back on lines of their own, a rule beginning at a name
// before an unquoted "=" (unquoted, "=" is only that in RFC 822's BNF and in ABNF).
func (p specPart) oneLine() specPart {
	from, to := p.from, p.to
	p.reading = func(text string) (string, error) {
		begin := strings.Index(text, from)
		if begin < 0 {
			return "", fmt.Errorf("no %q in the text", from)
		}
		end := strings.Index(text[begin:], to)
		if end < 0 {
			return "", fmt.Errorf("no %q after %q", to, from)
		}
		var tokens []string // the words, a quoted string one word
		for _, m := range regexp.MustCompile(`"[^"]*"|\S+`).FindAllString(text[begin+len(from):begin+end], -1) {
			tokens = append(tokens, m)
		}
		var b strings.Builder
		b.WriteString(from + "\n")
		for i, tok := range tokens {
			switch {
			case i+1 < len(tokens) && (tokens[i+1] == "=" || tokens[i+1] == "=/"):
				b.WriteString("\n   " + tok)
			default:
				b.WriteString(" " + tok)
			}
		}
		b.WriteString("\n" + to + "\n")
		return b.String(), nil
	}
	return p
}

// fromHTML is p in a text taken from an HTML rendering of an RFC, its rules at the start of
// their lines, under no heading: the links are reduced to their text and the entities
// decoded ("&amp;" is "&"), and the rules are indented under the heading p.from.
func (p specPart) fromHTML() specPart {
	from := p.from
	p.reading = func(text string) (string, error) {
		text = regexp.MustCompile(`<a [^>]*>([^<]*)</a>`).ReplaceAllString(text, "$1")
		text = strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">").Replace(text)
		var b strings.Builder
		b.WriteString(from + "\n")
		for _, l := range strings.Split(text, "\n") {
			b.WriteString("   " + l + "\n")
		}
		return b.String(), nil
	}
	return p
}

// The parts of the specifications that hold the rules other grammars import.
var (
	rfc3986AppendixA = part("rfc3986.txt", "Appendix A.  Collected ABNF for URI",
		"Appendix B.  Parsing a URI Reference with a Regular Expression", 36)
	coreRules       = part("rfc5234-appendix-b.txt", "B.1.  Core Rules", "", 16).asImported()
	rfc5322         = part("rfc5322-section3.2.txt", "3.2.1.  Quoted characters", "", 14).asImported()
	rfc6874Section2 = part("rfc6874.txt", "   To provide support for a zone identifier, the existing syntax of",
		"   This syntax fills the gap that is described at the end of Section", 3)
	rfc8089Section2 = part("rfc8089.txt", "2.  Syntax", "3.  Operations Involving <file> URIs", 6)
	rfc9110Section4 = part("rfc9110-section4.txt", "4.  Identifiers in HTTP", "", 13)
)

// transcribed lists, for each grammar transcribed from a specification's ABNF (or from the
// BNF of RFC 822 that RFC 2396, its 1997 draft and RFC 1738 write), the parts of the
// specifications it transcribes, its own first: a rule is compared with the first part that
// writes it. The grammars left out: url-1993 (the draft writes a rule as its name and its
// definition, without "="; its tests check its repairs one by one), rfc2396bis-01 (the copy
// of the draft under testdata/spec lost its line breaks, and its rules are scattered through
// the prose of sections 2 to 5, where a rule's end cannot be told from the sentence after it),
// rfc2397 (RFC 2397 writes ":="), whatwg-url and web-safe (the standard has no ABNF), uri
// (RFC 3986's rules and the scheme grammars').
var transcribed = map[string][]specPart{
	"rfc1738": {part("rfc1738-section5-bnf.txt", "5. BNF for specific URL schemes", "", 66).fromHTML()},
	"url-syntax-05": {part("draft-fielding-url-syntax-05.txt", "A. Collected BNF for URLs",
		"B. Parsing a URL Reference with a Regular Expression", 37).inBNF().oneLine()},
	"rfc2396": {
		part("rfc2732.txt", "3. Changes to RFC 2396", "4. Security Considerations", 4).inBNF(),
		part("rfc2373.txt", "APPENDIX B: ABNF Description of Text Representations",
			"APPENDIX C: CHANGES FROM RFC-1884", 6).inBNF().asImported(),
		part("rfc2396.txt", "A. Collected BNF for URI", "B. Parsing a URI Reference with a Regular Expression", 40).inBNF(),
		coreRules},
	"rfc3986": {rfc3986AppendixA, coreRules},
	"rfc3987": {part("rfc3987.txt", "2.2.  ABNF for IRI References and IRIs", "3.  Relationship between IRIs and URIs", 39),
		rfc3986AppendixA.asImported(), coreRules},
	"rfc6068": {part("rfc6068.txt", "2.  Syntax of a 'mailto' URI", "3.  Semantics and Operations", 12),
		rfc5322, rfc3986AppendixA.asImported(), coreRules},
	"rfc8141": {part("rfc8141.txt", "2.  URN Syntax", "3.  URN-Equivalence", 9), rfc3986AppendixA.asImported(), coreRules},
	"rfc3966": {part("rfc3966.txt", "3.  URI Syntax", "4.  URI Comparisons", 28), rfc3986AppendixA.asImported(), coreRules},
	"rfc5870": {part("rfc5870.txt", "3.3.  URI Scheme Syntax", "3.4.  URI Scheme Semantics", 30),
		rfc3986AppendixA.asImported(), coreRules},
	"rfc6874": {rfc6874Section2, rfc3986AppendixA.asImported(), coreRules},
	"rfc8089": {rfc8089Section2, rfc6874Section2.asImported(), rfc3986AppendixA.asImported(), coreRules},
	"rfc8089-nonstandard": {part("rfc8089.txt", "Appendix F.  Collected Nonstandard Rules", "", 11),
		rfc8089Section2.asImported(), rfc6874Section2.asImported(), rfc3986AppendixA.asImported(), coreRules},
	"rfc6455": {part("rfc6455-section3.txt", "3.  WebSocket URIs", "", 6), rfc3986AppendixA.asImported(), coreRules},
	"rfc9110": {rfc9110Section4, rfc3986AppendixA.asImported(), coreRules},
	"rfc9112": {part("rfc9112-section3.2.txt", "3.2.  Request Target", "", 5),
		rfc9110Section4.asImported(), rfc3986AppendixA.asImported(), coreRules},
	"rfc6570": {part("rfc6570.txt", "2.  Syntax", "3.  Expansion", 15),
		part("rfc6570.txt", "1.5.  Notational Conventions", "1.6.  Character Encoding and Unicode Normalization", 10).asImported(),
		rfc3986AppendixA.asImported(), coreRules},
}

// TestABNFIsTheSpecifications holds each grammar's .abnf to the ABNF of the specifications
// it transcribes, rule by rule. A rule the specification writes is in the grammar, and its
// language is the specification's: the same text, or, where the text differs (alternatives
// reordered, letters listed as a range), the same minimal DFA, built with the rule's own
// definition from the specification and the grammar's definitions of the rules it uses, so
// that each difference is reported at the rule that makes it. A rule that differs, or that
// cannot be compared (a prose value, a recursion), or that the grammar leaves out, is
// allowed only where the grammar says why: a comment with "FIX:" just above the rule, or one
// that names it. And every rule of the grammar is one that its specifications write, or has
// a "FIX:" comment just above it: the grammar invents nothing silently.
func TestABNFIsTheSpecifications(t *testing.T) {
	t.Parallel()
	ids := make([]string, 0, len(transcribed))
	for id := range transcribed {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			checkTranscription(t, id, transcribed[id])
		})
	}
}

func checkTranscription(t *testing.T, id string, parts []specPart) {
	src, err := os.ReadFile("grammars/" + id + "/" + id + ".abnf")
	require.NoError(t, err)
	own := readGrammarABNF(string(src))
	ref, err := dfabuild.Read(src)
	require.NoError(t, err)
	texts := map[string]string{}
	written := map[string]bool{} // the rules (lower case) a part writes, own or imported
	compared, repaired := 0, 0
	for _, part := range parts {
		text, ok := texts[part.file]
		if !ok {
			b, err := os.ReadFile("testdata/spec/" + part.file)
			require.NoError(t, err)
			text = string(b)
			texts[part.file] = text
		}
		if part.reading != nil {
			text, err = part.reading(text)
			require.NoError(t, err, "%s: %s", part.file, part.from)
		}
		rules, err := spectest.ABNFRules(text, part.from, part.to)
		require.NoError(t, err, "%s: %s", part.file, part.from)
		if part.bnf {
			for i := range rules {
				rules[i].Name = strings.ReplaceAll(rules[i].Name, "_", "-")
				rules[i].Def = fromRFC822BNF(rules[i].Def)
			}
		}
		require.Len(t, rules, part.rules, "%s, %q: the rules read from the text: %v", part.file, part.from, rules)
		first := map[string]int{} // the line of each rule's first definition in the part
		for _, r := range rules {
			key := strings.ToLower(r.Name)
			if strings.HasPrefix(r.Def, "=/") {
				continue // joined to the rule's first definition (specDefinition)
			}
			if line, ok := first[key]; ok {
				if !own.fixNames(r.Name) {
					t.Errorf("%s: %s defines rule %s again at line %d (first at line %d); the grammar has one rule of a name, and no FIX: comment names it to say which",
						id, part.file, r.Name, r.Line, line)
				}
				continue
			}
			first[key] = r.Line
			if written[key] {
				continue // an earlier part wrote it
			}
			def := specDefinition(rules, r.Name)
			if name, ok := importsItself(r.Name, def); ok && name == "" {
				continue // "port = <port, defined in [RFC3986]>": a later part writes it
			}
			written[key] = true
			where := fmt.Sprintf("%s line %d (%s)", part.file, r.Line, strings.TrimSpace(part.from))
			g, ok := own.rules[key]
			switch {
			case !ok && part.imported:
				continue
			case !ok:
				if !own.fixNames(r.Name) {
					t.Errorf("%s: rule %s of %s is not in the grammar, and no FIX: comment names it", id, r.Name, where)
				}
				continue
			}
			compared++
			if slices.Equal(g.def, normalizeDef(def)) {
				continue
			}
			witness, err := languageDifference(ref, r.Name, def)
			if err == nil && witness == "" {
				continue // the same language, written otherwise
			}
			if err != nil {
				witness = "they cannot be compared: " + err.Error()
			}
			if !g.fix && !own.fixNames(r.Name) {
				t.Errorf("%s: rule %s is not the rule of %s, and no FIX: comment says why: %s\n spec:    %s\n grammar: %s",
					id, r.Name, where, witness, def, strings.Join(g.def, " "))
				continue
			}
			repaired++
			t.Logf("%s: rule %s differs from %s, repaired (FIX:): %s", id, r.Name, where, witness)
		}
	}
	for key, g := range own.rules {
		if !written[key] && !g.fix {
			t.Errorf("%s: rule %s is in no part of the specifications the grammar transcribes, and no FIX: comment above it says why", id, g.name)
		}
	}
	t.Logf("%s: %d rules of the specifications compared, %d of them repaired; %d rules in the grammar", id, compared, repaired, len(own.rules))
}

// grammarRule is a rule of a grammar's .abnf: its name as written, its definition (tokens of
// normalizeDef), and whether a "FIX:" comment is just above it.
type grammarRule struct {
	name string
	def  []string
	fix  bool
}

// grammarABNF is a grammar's .abnf: its rules by lower-case name, and the text of each of
// its comment blocks that has "FIX:".
type grammarABNF struct {
	rules map[string]*grammarRule
	fixes []string
}

// fixNames reports whether a FIX: comment of the grammar names rule.
func (g grammarABNF) fixNames(rule string) bool {
	for _, c := range g.fixes {
		if regexp.MustCompile(`(?i)(^|[^A-Za-z0-9-])` + regexp.QuoteMeta(rule) + `($|[^A-Za-z0-9-])`).MatchString(c) {
			return true
		}
	}
	return false
}

var abnfRuleStart = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9-]*)\s*(=/?)(.*)$`)

// readGrammarABNF reads the rules of a grammar's .abnf (a rule starts at the line's start;
// its definition goes on over indented lines) and its comments: the comment block just above
// a rule (comment lines with no blank line between them and the rule) is the rule's.
func readGrammarABNF(src string) grammarABNF {
	g := grammarABNF{rules: map[string]*grammarRule{}}
	var cur *grammarRule
	var block []string // the comment lines since the last rule or blank line
	var defs = map[*grammarRule]string{}
	flush := func() {
		if text := strings.Join(block, " "); strings.Contains(text, "FIX:") {
			g.fixes = append(g.fixes, text)
		}
	}
	for _, line := range strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "":
			flush()
			block, cur = nil, nil
		case strings.HasPrefix(trimmed, ";") && (line[0] == ';' || cur == nil):
			block = append(block, strings.TrimSpace(strings.TrimPrefix(trimmed, ";")))
			cur = nil
		case abnfRuleStart.MatchString(line):
			m := abnfRuleStart.FindStringSubmatch(line)
			key := strings.ToLower(m[1])
			r, ok := g.rules[key]
			if !ok {
				r = &grammarRule{name: m[1]}
				g.rules[key] = r
			}
			r.fix = r.fix || strings.Contains(strings.Join(block, " "), "FIX:")
			flush()
			block = nil
			defs[r] += " " + m[2] + " " + peg.StripComment(m[3])
			cur = r
		case cur != nil:
			defs[cur] += " " + peg.StripComment(line)
		}
	}
	flush()
	for r, d := range defs {
		r.def = normalizeDef(d)
	}
	return g
}

// specDefinition returns the definition of rule in rules: its first "=" definition, with the
// "=/" lines of the rule joined to it ("= A" and "=/ B" make "= A / B").
func specDefinition(rules []spectest.ABNFRule, rule string) string {
	def := ""
	for _, r := range rules {
		if !strings.EqualFold(r.Name, rule) {
			continue
		}
		if rest, ok := strings.CutPrefix(r.Def, "=/"); ok {
			def += " /" + rest
		} else if def == "" {
			def = r.Def
		}
	}
	return def
}

// fromRFC822BNF reads a definition in RFC 2396's BNF as ABNF: "|" is "/", and "_" in a rule
// name is "-".
func fromRFC822BNF(def string) string {
	var b strings.Builder
	last := 0
	for _, m := range quotedOrProse.FindAllStringIndex(def, -1) {
		b.WriteString(bnfToABNF.Replace(def[last:m[0]]))
		b.WriteString(def[m[0]:m[1]])
		last = m[1]
	}
	b.WriteString(bnfToABNF.Replace(def[last:]))
	return b.String()
}

var (
	quotedOrProse = regexp.MustCompile(`"[^"]*"|<[^>]*>`)
	bnfToABNF     = strings.NewReplacer("|", "/", "_", "-")
)

// importsItself reads a definition that is a prose value citing another specification,
// "<host, defined in [RFC3986], Section 3.2.2>": ok, with name "" when it names the rule
// itself (the rule is the other specification's), or the rule it names ("uri-host = <host,
// see [URI], Section 3.2.2>" is host).
func importsItself(rule, def string) (name string, ok bool) {
	m := regexp.MustCompile(`^=\s*<([A-Za-z][A-Za-z0-9-]*),[^>]*>$`).FindStringSubmatch(def)
	if m == nil {
		return "", false
	}
	if strings.EqualFold(m[1], rule) {
		return "", true
	}
	return m[1], true
}

var abnfToken = regexp.MustCompile(`%[sS]?"[^"]*"|"[^"]*"|<[^>]*>|%[bdxBDX][0-9A-Fa-f.-]+|[0-9]*\*[0-9]*|[0-9]+|[A-Za-z][A-Za-z0-9-]*|=/|[=/()\[\]]`)

// normalizeDef returns the tokens of a definition, in lower case where case does not matter
// (rule names, quoted strings, numeric values), a cited rule's prose value as the rule.
func normalizeDef(def string) []string {
	def = strings.TrimSpace(def)
	if m := regexp.MustCompile(`^(=/?)\s*<([A-Za-z][A-Za-z0-9-]*),[^>]*>$`).FindStringSubmatch(def); m != nil {
		def = m[1] + " " + m[2]
	}
	tokens := abnfToken.FindAllString(def, -1)
	for i, tok := range tokens {
		if !strings.HasPrefix(tok, "%s") && !strings.HasPrefix(tok, "%S") {
			tokens[i] = strings.ToLower(tok)
		}
	}
	return tokens
}

// languageDifference compares rule in the grammar ref with rule defined by def (a
// specification's definition, from its "="), every other rule as ref defines it: "" when
// their minimal DFAs are equal, or a shortest string one accepts and the other does not. A
// definition that is a prose value citing a rule ("<host, see [URI], Section 3.2.2>") is
// read as that rule.
func languageDifference(ref *goabnf.Grammar, rule, def string) (string, error) {
	if name, ok := importsItself(rule, def); ok {
		def = "= " + name
	}
	spec, err := goabnf.ParseABNF([]byte(rule+" "+def+"\r\n"), goabnf.WithValidation(false), goabnf.WithRedefineCoreRules(true))
	if err != nil {
		return "", fmt.Errorf("go-abnf cannot read the specification's rule: %w", err)
	}
	specRule := goabnf.GetRule(rule, spec.Rulemap)
	if specRule == nil {
		return "", fmt.Errorf("go-abnf read no rule %s", rule)
	}
	hybrid := &goabnf.Grammar{Rulemap: map[string]*goabnf.Rule{}}
	for k, r := range ref.Rulemap {
		if !strings.EqualFold(r.Name, rule) {
			hybrid.Rulemap[k] = r
		}
	}
	hybrid.Rulemap[specRule.Name] = specRule
	want, err := dfabuild.Build(hybrid, rule)
	if err != nil {
		return "", fmt.Errorf("the specification's rule: %w", err)
	}
	got, err := dfabuild.Build(ref, rule)
	if err != nil {
		return "", fmt.Errorf("the grammar's rule: %w", err)
	}
	if w, ok := dfa.Difference(want, got); ok {
		return fmt.Sprintf("the specification accepts %q, the grammar does not", w), nil
	}
	if w, ok := dfa.Difference(got, want); ok {
		return fmt.Sprintf("the grammar accepts %q, the specification does not", w), nil
	}
	return "", nil
}

// The reading of a specification's rules: page breaks inside a rule, comments, "=/" lines,
// and the end of a rule at a line indented no further.
func TestSpecABNFRules(t *testing.T) {
	text := "3.  Syntax\n\n   The rules:\n" +
		"      a = \"x\" ; one\n          / b   ; two\n\nFoo & Bar    Standards Track    [Page 3]\n\f\nRFC 1234   Title   May 2000\n\n" +
		"          / \"z\"\n      b =/ \"y\"\n   prose at the rule's indentation ends it\n      c = a\n4.  Next\n      d = c\n"
	rules, err := spectest.ABNFRules(text, "3.  Syntax", "4.  Next")
	require.NoError(t, err)
	assert.Equal(t, []spectest.ABNFRule{
		{Name: "a", Def: `= "x" / b / "z"`, Line: 4},
		{Name: "b", Def: `=/ "y"`, Line: 12},
		{Name: "c", Def: "= a", Line: 14},
	}, rules)
	assert.Equal(t, `= "x" / b / "z"`, specDefinition(rules, "A"))
	assert.Equal(t, []string{"=", `"x"`, "/", "b", "/", `"z"`}, normalizeDef(specDefinition(rules, "A")))
	assert.Equal(t, `= "a_b|" / x-y / <"> / z`, fromRFC822BNF(`= "a_b|" | x_y | <"> | z`))
	_, err = spectest.ABNFRules(text, "3.  Syntax", "5.  Missing")
	assert.Error(t, err)
	_, err = spectest.ABNFRules(text, "4.  Next", "")
	assert.NoError(t, err)
	_, err = spectest.ABNFRules("1.  Intro\n   no rules here\n", "1.  Intro", "")
	assert.Error(t, err)
}
