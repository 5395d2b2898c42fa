package peg

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"

	"github.com/urlgrammar/urlgrammar/ast"
)

// Info is a grammar's registration, declared in the header of its ABNF file:
//
//	; urlgrammar id: url-syntax-05
//	; urlgrammar title: draft-fielding-url-syntax-05, ... (May 1997)
//	; urlgrammar start: URL-reference
//	; urlgrammar nodes: URL-reference scheme authority host port ...
//
// nodes, which may be given on several lines, names the rules whose matches are the nodes
// of the grammar's generic trees (ast.Tree), besides the start rule, which is the root.
//
// component NAME [in RULE], rule, hostkind KIND, parts, errors and blame NAME lines declare
// the components of its trees and how its errors are named (ast.Schema says how); they are
// kept in order in Decls.
//
//	; urlgrammar semantics: rfc3986
//	; urlgrammar dispatch: http=httpurl ... *=otherurl   (ParseDispatch)
//	; urlgrammar scheme mailto: mailtoURI                 (ParseScheme)
//	; urlgrammar predicate valid-domain-string: valid-domain   (ParsePredicate)
//
// names the specification whose resolution, normalization and warnings apply to the
// grammar's references (packages resolve and warn; urlgrammar.Grammar.Semantics lists the
// names); without it, the 2003 draft's (rfc2396bis-01).
type Info struct {
	ID, Title, Start string
	Nodes            []string
	Decls            []ast.Decl
	Semantics        string
	// Dispatch is the header's dispatch line (ParseDispatch): the start rule picks its
	// production by the input's scheme. "" for none.
	Dispatch string
	// Schemes are the header's scheme lines (ParseScheme), in order: the URI schemes whose
	// syntax the grammar defines, each with the rule a URI of that scheme must match, so that
	// a URI checked with its scheme (urlgrammar.SchemeRuleOf, the grammar "uri") is checked
	// by this grammar too. Each "SCHEME: RULE [+fragment]", as written.
	Schemes []string
	// CheckSchemes is set for a grammar that checks every URI it accepts against the grammar
	// of its scheme, when one is registered (the grammar "uri": RFC 3986's, with this set).
	CheckSchemes bool
	// Within are the ids of grammars whose start rule must also accept every input the start
	// rule accepts, and split it into the same components (scheme, authority, userinfo,
	// host, port, path, query, fragment): the grammar is the common part of theirs, such as
	// web-safe (whatwg-url within rfc3986). Set by a registration in Go, not by a header line.
	Within []string
	// Predicates are the header's predicate lines, in order, each "RULE: NAME": every node of
	// RULE (a node rule) must satisfy the predicate registered under NAME
	// (grammarkit.RegisterPredicate), which decides what the rules cannot say.
	Predicates []string
}

// ParsePredicate reads a header predicate line's "RULE: NAME" (Info.Predicates).
func ParsePredicate(line string) (rule, name string, err error) {
	rule, name, _ = strings.Cut(line, ":")
	rule, name = strings.TrimSpace(rule), strings.TrimSpace(name)
	if rule == "" || name == "" || strings.ContainsAny(rule, " \t") || strings.ContainsAny(name, " \t") {
		return "", "", fmt.Errorf("predicate: want \"predicate RULE: NAME\", got %q", line)
	}
	return rule, name, nil
}

// A SchemeRule is one scheme line of a header,
//
//	; urlgrammar scheme mailto: mailtoURI
//	; urlgrammar scheme urn: namestring +fragment
//
// a URI whose scheme is Scheme (lower case, compared without the case of ASCII letters)
// must match Rule: the whole URI when Fragment is set (the rule's language has RFC 3986's
// fragment), else the URI without its fragment, which RFC 3986 section 3.5 makes
// independent of the scheme.
type SchemeRule struct {
	Scheme, Rule string
	Fragment     bool
}

// ParseScheme reads a header scheme line's "SCHEME: RULE [+fragment]" (Info.Schemes).
func ParseScheme(line string) (SchemeRule, error) {
	scheme, val, _ := strings.Cut(line, ":")
	scheme = strings.ToLower(strings.TrimSpace(scheme))
	if !validScheme(scheme) {
		return SchemeRule{}, fmt.Errorf("scheme %q: not a scheme (ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ))", scheme)
	}
	f := strings.Fields(val)
	switch {
	case len(f) == 1:
		return SchemeRule{Scheme: scheme, Rule: f[0]}, nil
	case len(f) == 2 && f[1] == "+fragment":
		return SchemeRule{Scheme: scheme, Rule: f[0], Fragment: true}, nil
	}
	return SchemeRule{}, fmt.Errorf("scheme %s: want \"scheme %s: RULE\" or \"scheme %s: RULE +fragment\"", scheme, scheme, scheme)
}

// A DispatchCase is one SCHEME=RULE word of a dispatch line: an input whose scheme is Scheme
// (lower case, compared without the case of ASCII letters) must match Rule.
type DispatchCase struct{ Scheme, Rule string }

// ParseDispatch reads a dispatch line,
//
//	; urlgrammar dispatch: http=httpurl ftp=ftpurl ... *=otherurl
//
// the start rule of a grammar whose ABNF lists the productions of named schemes beside a
// catch-all (RFC 1738's url): an input whose scheme is one of the SCHEMEs must match that
// RULE, any other input the RULE of *. Schemes are RFC 3986 schemes, each named once.
func ParseDispatch(line string) (cases []DispatchCase, otherwise string, err error) {
	seen := map[string]bool{}
	for _, w := range strings.Fields(line) {
		scheme, rule, ok := strings.Cut(w, "=")
		if !ok || rule == "" || scheme == "" {
			return nil, "", fmt.Errorf("dispatch: %q: want SCHEME=RULE or *=RULE", w)
		}
		if scheme == "*" {
			if otherwise != "" {
				return nil, "", fmt.Errorf("dispatch: *= given twice")
			}
			otherwise = rule
			continue
		}
		scheme = strings.ToLower(scheme)
		if !validScheme(scheme) {
			return nil, "", fmt.Errorf("dispatch: %q is not a scheme (ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ))", scheme)
		}
		if seen[scheme] {
			return nil, "", fmt.Errorf("dispatch: the scheme %s is given twice", scheme)
		}
		seen[scheme] = true
		cases = append(cases, DispatchCase{scheme, rule})
	}
	if otherwise == "" || len(cases) == 0 {
		return nil, "", fmt.Errorf("dispatch: want SCHEME=RULE words and one *=RULE")
	}
	return cases, otherwise, nil
}

func validScheme(s string) bool { return s != "" && SchemeEnd(s) == len(s) }

// SchemeEnd returns the length of the longest prefix of s that is an RFC 3986 scheme, ALPHA
// *( ALPHA / DIGIT / "+" / "-" / "." ): 0 when s does not begin with a letter.
func SchemeEnd(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c|0x20 && c|0x20 <= 'z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		default:
			return i
		}
	}
	return len(s)
}

// BuilderVersion is the version of the contract between urlgrammar and the compiled PEG
// (grammars/ID/builder.go): 3 since nodes are 8 bytes (ast.TreeNode's EndDepth, no Next);
// 2 since the builder runs first on any input and must stop in linear time (its work
// budget); 1 was a builder that ran only on input the DFA accepted.
const BuilderVersion = 3

// TreeFunc records the generic tree of src matched from rule: its nodes in pre-order,
// appended to into, or the failure.
type TreeFunc = func(rule, src string, maxExpr uint64, into []ast.TreeNode) ([]ast.TreeNode, *Failure)

const headerPrefix = "; urlgrammar "

// ReadHeader reads the registration from the header comments of an ABNF file: each of id,
// title and start once, on a line of its own (semantics at most once).
func ReadHeader(abnf []byte) (Info, error) {
	var info Info
	seen := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(abnf))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if !strings.HasPrefix(line, headerPrefix) {
			continue
		}
		key, val, ok := strings.Cut(line[len(headerPrefix):], ":")
		val = strings.TrimSpace(val)
		kind, _, _ := strings.Cut(key, " ")
		if !ok || val == "" && kind != "component" { // "component host in newsurl:" is undefined there
			return Info{}, fmt.Errorf("line %d: want %q KEY: VALUE", n, headerPrefix)
		}
		if kind == "component" && strings.TrimSpace(key) == "component" {
			return Info{}, fmt.Errorf("line %d: want %q component NAME: RULE ..., with the component's name", n, headerPrefix)
		}
		if key == "nodes" {
			info.Nodes = append(info.Nodes, strings.Fields(val)...)
			continue
		}
		if kind == "component" || kind == "hostkind" || kind == "parts" || kind == "rule" || kind == "errors" || kind == "blame" {
			info.Decls = append(info.Decls, ast.Decl{Key: key, Value: val})
			continue
		}
		if kind == "predicate" {
			_, rule, _ := strings.Cut(key, " ")
			if _, _, err := ParsePredicate(rule + ":" + val); err != nil {
				return Info{}, fmt.Errorf("line %d: %w", n, err)
			}
			info.Predicates = append(info.Predicates, strings.TrimSpace(rule)+": "+val)
			continue
		}
		if kind == "scheme" {
			_, name, _ := strings.Cut(key, " ")
			sr, err := ParseScheme(name + ":" + val)
			if err != nil {
				return Info{}, fmt.Errorf("line %d: %w", n, err)
			}
			for _, w := range info.Schemes {
				if prev, _ := ParseScheme(w); prev.Scheme == sr.Scheme {
					return Info{}, fmt.Errorf("line %d: the scheme %s is given twice", n, sr.Scheme)
				}
			}
			info.Schemes = append(info.Schemes, sr.Scheme+": "+val)
			continue
		}
		if seen[key] {
			return Info{}, fmt.Errorf("line %d: %s declared twice", n, key)
		}
		seen[key] = true
		switch key {
		case "id":
			info.ID = val
		case "title":
			info.Title = val
		case "start":
			info.Start = val
		case "semantics":
			info.Semantics = val
		case "dispatch":
			if _, _, err := ParseDispatch(val); err != nil {
				return Info{}, fmt.Errorf("line %d: %w", n, err)
			}
			info.Dispatch = val
		default:
			return Info{}, fmt.Errorf("line %d: unknown key %q (id, title, start, nodes, component NAME [in RULE], rule, hostkind KIND, parts, errors, blame NAME, semantics, dispatch, scheme NAME, predicate RULE)", n, key)
		}
	}
	for _, k := range []string{"id", "title", "start"} {
		if !seen[k] {
			return Info{}, fmt.Errorf("no %q line in the header", headerPrefix+k+":")
		}
	}
	return info, sc.Err()
}

// StripComment returns a line of an ABNF file without its comment, RFC 5234's: from a ";"
// outside a quoted string and a prose value to the end of the line. The diagrams' reader of
// ABNF and the DFA builder's (which gives go-abnf the rules without the comments) share it.
func StripComment(line string) string {
	quote, prose := false, false
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case quote:
			quote = c != '"'
		case prose:
			prose = c != '>'
		case c == '"':
			quote = true
		case c == '<':
			prose = true
		case c == ';':
			return line[:i]
		}
	}
	return line
}
