package ast

import (
	"fmt"
	"strings"
)

// A Schema says what the nodes of a grammar's generic trees are: the names of its rules
// (TreeNode.Rule indexes Names) and, declared in the grammar's ABNF header, which rules are
// the components of the CLI contract, which give the host its kind, and which are its parts.
// With it, Tree.Components works for any grammar, one written without any Go included.
//
// The declarations, each a Decl (a header line "; urlgrammar KEY: VALUE"):
//
//	component NAME: RULE ...   NAME is scheme, authority, userinfo, host, port, path, query
//	                           or fragment: the text of the first node, in pre-order, of any
//	                           of the rules. RULE<? is the node's text before its first "?",
//	                           RULE>? the text after it (no component when it has none),
//	                           A..B the text from A's node to the end of a B node right
//	                           after A's subtree (user..password). A
//	                           last word "" makes the component present and empty when no
//	                           rule matched (a generic reference always has a path).
//	hostkind KIND: RULE ...    the host is of KIND when the first node, in pre-order, of the
//	                           rules of all hostkind lines is one of these.
//	parts: ENTRY ...           the parts map: RULE (its first node's text, keyed by its name),
//	                           where a hostkind rule's node counts only if it gave the kind,
//	                           RULE* (every node's text, an array), KEY=RULE,RULE...
//	                           and KEY*=RULE,RULE... (the same, keyed by KEY), KEY=@NAME (the
//	                           component NAME, when it is defined).
//
// An undeclared component is undefined (nil) in every tree.
type Schema struct {
	Names []string
	index map[string]uint16

	comps [numComponents]componentDecl
	kinds map[uint16]string // rule -> host kind
	parts []partDecl
}

// Decl is one declaration of a Schema: "component path", "hostkind ipv6", "parts".
type Decl struct {
	Key, Value string
}

const (
	compScheme = iota
	compAuthority
	compUserinfo
	compHost
	compPort
	compPath
	compQuery
	compFragment
	numComponents
)

var componentNames = [numComponents]string{"scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"}

type componentDecl struct {
	rules      []uint16
	cuts       []byte // per rule: 0 the whole text, '<' before the first "?", '>' after it
	to         []int  // per rule: the rule of A..B's B, or -1
	emptyIfNot bool
}

type partDecl struct {
	key       string
	rules     []uint16
	array     bool
	component int // the component of KEY=@NAME, or -1
}

// NewSchema returns the schema of trees whose rules are names, with the declarations decls.
// A declaration that names no rule of names, or is not one of the forms above, is an error.
func NewSchema(names []string, decls []Decl) (*Schema, error) {
	s := &Schema{Names: names, index: make(map[string]uint16, len(names)), kinds: map[uint16]string{}}
	for i, n := range names {
		s.index[strings.ToLower(n)] = uint16(i)
	}
	rule := func(n string) (uint16, error) {
		i, ok := s.index[strings.ToLower(n)]
		if !ok {
			return 0, fmt.Errorf("%q is not a rule of the grammar", n)
		}
		return i, nil
	}
	for _, d := range decls {
		kind, name, _ := strings.Cut(d.Key, " ")
		words := strings.Fields(d.Value)
		var err error
		switch kind {
		case "component":
			c := componentIndex(name)
			if c < 0 {
				return nil, fmt.Errorf("component %q: not one of %s", name, strings.Join(componentNames[:], ", "))
			}
			cd := &s.comps[c]
			if cd.rules != nil {
				return nil, fmt.Errorf("component %s declared twice", name)
			}
			cd.rules = []uint16{}
			for k, w := range words {
				if w == `""` && k == len(words)-1 {
					cd.emptyIfNot = true
					continue
				}
				var cut byte
				if base, ok := strings.CutSuffix(w, "<?"); ok {
					w, cut = base, '<'
				} else if base, ok := strings.CutSuffix(w, ">?"); ok {
					w, cut = base, '>'
				}
				to := -1
				if a, b, ok := strings.Cut(w, ".."); ok {
					r, err := rule(b)
					if err != nil {
						return nil, fmt.Errorf("component %s: %w", name, err)
					}
					w, to = a, int(r)
				}
				var r uint16
				if r, err = rule(w); err != nil {
					return nil, fmt.Errorf("component %s: %w", name, err)
				}
				cd.rules = append(cd.rules, r)
				cd.cuts = append(cd.cuts, cut)
				cd.to = append(cd.to, to)
			}
		case "hostkind":
			if name == "" {
				return nil, fmt.Errorf("hostkind without a kind")
			}
			for _, w := range words {
				var r uint16
				if r, err = rule(w); err != nil {
					return nil, fmt.Errorf("hostkind %s: %w", name, err)
				}
				s.kinds[r] = name
			}
		case "parts":
			for _, w := range words {
				p, err := s.partDecl(w, rule)
				if err != nil {
					return nil, fmt.Errorf("parts: %s: %w", w, err)
				}
				s.parts = append(s.parts, p)
			}
		default:
			return nil, fmt.Errorf("unknown declaration %q (component NAME, hostkind KIND, parts)", d.Key)
		}
	}
	return s, nil
}

func componentIndex(name string) int {
	for i, n := range componentNames {
		if n == name {
			return i
		}
	}
	return -1
}

func (s *Schema) partDecl(w string, rule func(string) (uint16, error)) (partDecl, error) {
	key, list, hasList := strings.Cut(w, "=")
	p := partDecl{component: -1}
	key, p.array = strings.CutSuffix(key, "*")
	p.key = key
	switch {
	case !hasList:
		r, err := rule(key)
		if err != nil {
			return p, err
		}
		p.key = s.Names[r]
		p.rules = []uint16{r}
	case strings.HasPrefix(list, "@"):
		if p.component = componentIndex(list[1:]); p.component < 0 || p.array {
			return p, fmt.Errorf("want KEY=@COMPONENT")
		}
	default:
		for _, n := range strings.Split(list, ",") {
			r, err := rule(n)
			if err != nil {
				return p, err
			}
			p.rules = append(p.rules, r)
		}
	}
	if key == "" {
		return p, fmt.Errorf("no key")
	}
	return p, nil
}

// Rule returns the index of the rule named name (without case) in Names, or false.
func (s *Schema) Rule(name string) (uint16, bool) {
	i, ok := s.index[strings.ToLower(name)]
	return i, ok
}

// Components splits the tree as its grammar's declarations say (Schema): the components of
// the CLI contract, the host's kind and the parts. Rule is the root's rule.
func (t Tree) Components() Components {
	c := Components{Parts: map[string]any{}}
	if len(t.nodes) == 0 || t.schema == nil {
		return c
	}
	s := t.schema
	c.Rule = t.RuleName(0)
	vals := [numComponents]*string{}
	for k := range s.comps {
		vals[k] = t.component(&s.comps[k])
	}
	c.Scheme, c.Authority, c.Userinfo, c.Host = vals[compScheme], vals[compAuthority], vals[compUserinfo], vals[compHost]
	c.Port, c.Path, c.Query, c.Fragment = vals[compPort], vals[compPath], vals[compQuery], vals[compFragment]
	kindNode := -1 // the node that gave the host its kind
	if len(s.kinds) > 0 {
		for i, n := range t.nodes {
			if k, ok := s.kinds[n.Rule]; ok {
				c.HostKind, kindNode = &k, i
				break
			}
		}
	}
	for _, p := range s.parts {
		if p.component >= 0 {
			if v := vals[p.component]; v != nil {
				c.Parts[p.key] = *v
			}
			continue
		}
		var all []string
		for i, n := range t.nodes {
			if _, isKind := s.kinds[n.Rule]; isKind && i != kindNode {
				continue // an IPv4address inside an IPv6address is no part of its own
			}
			if ruleIn(n.Rule, p.rules) {
				all = append(all, t.Text(i))
				if !p.array {
					break
				}
			}
		}
		switch {
		case all == nil:
		case p.array:
			c.Parts[p.key] = all
		default:
			c.Parts[p.key] = all[0]
		}
	}
	return c
}

// component returns the text of a declared component, or nil.
func (t Tree) component(d *componentDecl) *string {
	if d.rules == nil {
		return nil
	}
	for i, n := range t.nodes {
		for k, r := range d.rules {
			if n.Rule != r {
				continue
			}
			text := t.Text(i)
			if to := d.to[k]; to >= 0 {
				// A..B: A's text, up to the end of a B right after A's subtree.
				if j := int(n.Next); j < len(t.nodes) && int(t.nodes[j].Rule) == to {
					text = t.src[n.Start:t.nodes[j].End]
				}
			}
			switch d.cuts[k] {
			case '<':
				text, _, _ = strings.Cut(text, "?")
			case '>':
				var ok bool
				if _, text, ok = strings.Cut(text, "?"); !ok {
					continue
				}
			}
			return &text
		}
	}
	if d.emptyIfNot {
		empty := ""
		return &empty
	}
	return nil
}

func ruleIn(r uint16, rules []uint16) bool {
	for _, x := range rules {
		if x == r {
			return true
		}
	}
	return false
}
