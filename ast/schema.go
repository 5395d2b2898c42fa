package ast

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"

	"github.com/urlgrammar/urlgrammar/internal/jsontext"
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
//	                           after A's subtree (user..password), A.. the text from A's
//	                           node to the end of the scope (below), A/.. the text after A's
//	                           node and a "/" right after it to the end of the scope (no
//	                           component when no "/" follows A). A last word "" makes the
//	                           component present and empty when no rule matched (a generic
//	                           reference always has a path); no word at all makes it
//	                           undefined.
//	component NAME in SCOPE: ...  the same, for a tree that has a node of rule SCOPE (a
//	                           scheme's production: RFC 1738's ftpurl); the scope's end is
//	                           that node's. The first such line, in header order, whose
//	                           scope is in the tree decides the component; the line without
//	                           a scope (whose scope is the root) decides where none does.
//	                           A schema has at most 64 SCOPE rules.
//	rule: RULE ...             the Rule of the components: the name of the first node, in
//	                           pre-order, of these rules (the root's when none is declared or
//	                           none is in the tree).
//	hostkind KIND: RULE ...    the host, when the component is defined, is of KIND when the
//	                           first node, in pre-order, of the rules of all hostkind lines is
//	                           one of these.
//	parts: ENTRY ...           the parts map: RULE (its first node's text, keyed by its name),
//	                           where a hostkind rule's node counts only if it gave the kind,
//	                           RULE* (every node's text, an array), KEY=RULE,RULE...
//	                           and KEY*=RULE,RULE... (the same, keyed by KEY), KEY=@NAME (the
//	                           component NAME, when it is defined); in a list, PARENT>RULE
//	                           takes only the RULE nodes that are children of a PARENT node
//	                           (digits=nntpurl>digits: an NNTP article number, not a port's);
//	                           ENTRY/NAME is the entry only when the component NAME is
//	                           defined and not empty (segment*/path: an empty path that the
//	                           grammar matches as one empty segment has no segments).
//	errors: ENTRY ...          how an error names the rule it is in (Tree.ErrorRule): RULE^
//	                           (a node of RULE gives way to the node around it: a label is
//	                           in its hostname), RULE^^ (so does everything inside it),
//	                           RULE=NAME (a node of RULE is named NAME: rel-segment=segment);
//	                           PARENT>RULE... only where the node's parent is of PARENT.
//	blame NAME: TEXT           an error inside the component NAME, in an input that has no
//	                           TEXT from the component's start on, is where a person would put
//	                           it in the input with TEXT inserted there (Tree.Blame): RFC 3986's
//	                           "blame userinfo: @" puts the error of "http://localhost:80x/"
//	                           at the x, in the port, not at the "/" after a userinfo that no
//	                           "@" ends.
//
// An undeclared component is undefined (nil) in every tree.
type Schema struct {
	Names []string
	index map[string]uint16

	comps     [numComponents][]componentDecl // scoped declarations in header order, then the unscoped one
	rules     []uint16                       // the rule: declaration
	kinds     []string                       // per rule: its host kind, or ""
	kindRules []uint16                       // the rules with a host kind
	parts     []partDecl
	errors    []errorDecl
	errorRule []bool                // per rule: some entry of errors is of it (errorOf needs looking at)
	blames    [numComponents]string // per component: the TEXT of its blame declaration, or ""
	// blameRules marks, per rule, the rules (and scopes) of the declarations of a component
	// with a blame: a tree with no node of one has none of those components but empty ones.
	blameRules []bool

	// plainComps is set when every declared component has one declaration, not scoped
	// (one component may have a scoped one before it: altComp), that names each rule once:
	// a component is then the first node of its rules that its form finds one in, and
	// spansOf finds every component in one pass over the nodes, by compMask (per rule: the
	// components whose declaration names it), compDecl (per component: that declaration),
	// compK (per rule and component: the rule's place in it, whose form componentAt reads)
	// and ruleDecl (per rule: named by the rule declaration).
	plainComps bool
	compOne    []int8 // per rule: its one component when it has one and takes it whole, else -1
	compMask   []uint8
	compDecl   [numComponents]*componentDecl
	compK      [][numComponents]uint8
	ruleDecl   []bool
	// plainLook is, per rule, what plainSpans looks for in its nodes (lookComp: compMask is
	// not 0, lookRule: ruleDecl, lookKind: a host kind): one load a node, and most are 0. An
	// array of every rule a node can name (0 past Names), so that the load needs no bounds
	// check.
	plainLook *[MaxTreeRules]uint8
	// compEmpty marks the components whose declaration gives an empty one where the tree
	// has none (componentDecl.emptyIfNot).
	compEmpty uint8
	// groupsOf lists, per rule, the groups of generalSpans' pass it is in (numGroups in
	// all): the rule declaration's (rulesGroup), the host kinds' (kindGroup), each component
	// declaration's rules (componentDecl.group) and each scope (componentDecl.scopeGroup).
	groupsOf              [][]groupEntry
	numGroups             int
	rulesGroup, kindGroup int
	// scopes are the groups of the scopes (at most 64: NewSchema refuses more), a bit each
	// in scopeBits, per component, the scopes of its declarations, and in scopeDecl, per
	// component and scope bit, the index of the declaration of the scope in comps;
	// unscoped is, per component, the index of its unscoped declaration, or len(comps[c]).
	scopes    []int
	scopeBits [numComponents]uint64
	scopeDecl [numComponents][]int32
	unscoped  [numComponents]int

	// altComp is the one component, or -1, that plainComps allows a scoped declaration
	// before its unscoped one: where the tree has a node of altScope, the component is the
	// first node of altRules (whole), or empty when altEmpty says so, else undefined.
	// altLook marks, per rule, the scope (altScopeNode) and altRules (altRuleNode).
	altComp  int8
	altScope int
	altRules []uint16
	altEmpty bool
	altLook  []uint8

	partOrder []int   // the parts (indexes in parts) by key, sorted by bytes as encoding/json sorts a map's
	partsOf   [][]int // per rule: the parts (indexes in parts) that take its nodes
	// compParts are the parts of a component or of a non-empty one (KEY=@NAME, ENTRY/NAME):
	// the others are decided by the walk over the nodes alone.
	compParts []int
	// partLook is, per rule, what partValues' walk looks for in its nodes (lookParts: some
	// part takes them, lookPartKind: a host kind): one load a node.
	partLook []uint8
	// partParents is set when a part takes a rule's nodes only under a parent (PARENT>RULE).
	partParents bool
	jsonNames   []string // per rule: its name as a JSON string, for Tree.AppendJSON
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
	scope      int // the rule of "in SCOPE", or -1
	rules      []uint16
	group      int    // the group of rules in generalSpans' pass (Schema.groupsOf)
	scopeGroup int    // the group of scope (when it is not -1)
	cuts       []byte // per rule: 0 the whole text, '<' before the first "?", '>' after it
	to         []int  // per rule: the rule of A..B's B, -1, or toScopeEnd or afterSlash
	emptyIfNot bool
}

// The forms A.. and A/.. (componentDecl.to).
const (
	toScopeEnd = -2
	afterSlash = -3
)

// errorDecl is one entry of the errors declaration.
type errorDecl struct {
	rule   uint16
	parent int    // the rule the node's parent must be of, or -1
	action byte   // '^' gives way, 'A' gives way with all inside it, '=' is named name
	name   string // for '='
}

type partDecl struct {
	key       string
	keyJSON   string // the key as a JSON string and a colon: "key":
	rules     []uint16
	parents   []int // per rule: the rule its node's parent must be (PARENT>RULE), or -1
	array     bool
	component int // the component of KEY=@NAME, or -1
	nonEmpty  int // the component of ENTRY/NAME, or -1
}

// NewSchema returns the schema of trees whose rules are names, with the declarations decls.
// A declaration that names no rule of names, or is not one of the forms above, is an error.
func NewSchema(names []string, decls []Decl) (*Schema, error) {
	if len(names) > MaxTreeRules {
		return nil, fmt.Errorf("%d rule names: a tree's nodes index at most %d", len(names), MaxTreeRules)
	}
	s := &Schema{Names: names, index: make(map[string]uint16, len(names)), kinds: make([]string, len(names)),
		jsonNames: make([]string, len(names))}
	for i, n := range names {
		s.index[strings.ToLower(n)] = uint16(i)
		s.jsonNames[i] = string(jsontext.AppendString(nil, n))
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
			scope := -1
			if f := strings.Fields(name); len(f) == 3 && f[1] == "in" {
				r, err := rule(f[2])
				if err != nil {
					return nil, fmt.Errorf("component %s: %w", name, err)
				}
				name, scope = f[0], int(r)
			}
			c := componentIndex(name)
			if c < 0 {
				return nil, fmt.Errorf("component %q: not one of %s", name, strings.Join(componentNames[:], ", "))
			}
			for _, other := range s.comps[c] {
				if other.scope == scope {
					return nil, fmt.Errorf("component %s declared twice", d.Key[len("component "):])
				}
			}
			cd, err := s.forms(words, rule)
			if err != nil {
				return nil, fmt.Errorf("component %s: %w", name, err)
			}
			cd.scope = scope
			// The unscoped declaration last: it decides where no scoped one does.
			list := s.comps[c]
			if scope >= 0 && len(list) > 0 && list[len(list)-1].scope < 0 {
				list = append(list[:len(list)-1:len(list)-1], cd, list[len(list)-1])
			} else {
				list = append(list, cd)
			}
			s.comps[c] = list
		case "rule":
			for _, w := range words {
				r, err := rule(w)
				if err != nil {
					return nil, fmt.Errorf("rule: %w", err)
				}
				s.rules = append(s.rules, r)
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
				s.kindRules = append(s.kindRules, r)
			}
		case "parts":
			for _, w := range words {
				p, err := s.partDecl(w, rule)
				if err != nil {
					return nil, fmt.Errorf("parts: %s: %w", w, err)
				}
				s.parts = append(s.parts, p)
			}
		case "errors":
			for _, w := range words {
				e, err := s.errorDecl(w, rule)
				if err != nil {
					return nil, fmt.Errorf("errors: %s: %w", w, err)
				}
				s.errors = append(s.errors, e)
			}
		case "blame":
			c := componentIndex(name)
			if c < 0 {
				return nil, fmt.Errorf("blame %q: not one of %s", name, strings.Join(componentNames[:], ", "))
			}
			if len(words) != 1 || s.blames[c] != "" {
				return nil, fmt.Errorf("blame %s: want one TEXT, declared once", name)
			}
			s.blames[c] = words[0]
		default:
			return nil, fmt.Errorf("unknown declaration %q (component NAME, component NAME in RULE, rule, hostkind KIND, parts, errors, blame NAME)", d.Key)
		}
	}
	s.blameRules = make([]bool, len(names))
	for c, text := range s.blames {
		if text == "" {
			continue
		}
		for _, d := range s.comps[c] {
			for _, r := range d.rules {
				s.blameRules[r] = true
			}
			if d.scope >= 0 {
				s.blameRules[d.scope] = true
			}
		}
	}
	s.groupsOf = make([][]groupEntry, len(names))
	groupOf := map[string]int{} // the group of a list of rules, by fmt.Sprint(list)
	// group makes rules a group of generalSpans' pass, or finds the group of the same list,
	// and returns its index.
	group := func(rules []uint16) int {
		key := fmt.Sprint(rules)
		if g, ok := groupOf[key]; ok {
			return g
		}
		g := s.numGroups
		s.numGroups++
		groupOf[key] = g
		named := make([]bool, len(names))
		for k, r := range rules {
			if !named[r] { // a rule named twice is at its first place
				named[r] = true
				s.groupsOf[r] = append(s.groupsOf[r], groupEntry{int32(g), int32(k)})
			}
		}
		return g
	}
	s.rulesGroup, s.kindGroup = group(s.rules), group(s.kindRules)
	scopeBit := map[int]int{} // per scope rule: its bit
	for c := range s.comps {
		s.unscoped[c] = len(s.comps[c])
		for di := range s.comps[c] {
			d := &s.comps[c][di]
			d.group = group(d.rules)
			if d.scope < 0 {
				s.unscoped[c] = di
				continue
			}
			d.scopeGroup = group([]uint16{uint16(d.scope)})
			j, ok := scopeBit[d.scope]
			if !ok {
				if len(s.scopes) == 64 {
					return nil, fmt.Errorf("component %s in %s: more than 64 rules are scopes of components", componentNames[c], names[d.scope])
				}
				j = len(s.scopes)
				scopeBit[d.scope] = j
				s.scopes = append(s.scopes, d.scopeGroup)
			}
			for len(s.scopeDecl[c]) <= j {
				s.scopeDecl[c] = append(s.scopeDecl[c], 0)
			}
			s.scopeBits[c] |= 1 << j
			s.scopeDecl[c][j] = int32(di)
		}
	}
	s.plainComps, s.compMask, s.compK = true, make([]uint8, len(names)), make([][numComponents]uint8, len(names))
	s.ruleDecl = make([]bool, len(names))
	for _, r := range s.rules {
		s.ruleDecl[r] = true
	}
	s.altComp, s.altScope = -1, -1
	for c, list := range s.comps {
		if len(list) == 0 {
			continue
		}
		if len(list) == 2 && list[0].scope >= 0 && list[1].scope < 0 && s.altComp < 0 && plainAlt(list[0]) {
			// One scoped declaration before the unscoped one (whatwg-url's host, in an
			// opaque host): the one pass notes the first node of its rules and of its scope
			// aside (altComp), and takes it instead where the scope has a node.
			s.altComp, s.altScope, s.altEmpty = int8(c), list[0].scope, list[0].emptyIfNot
			s.altRules = list[0].rules
			list = list[1:]
		}
		if len(list) > 1 || list[0].scope >= 0 {
			s.plainComps = false
		}
		if list[0].emptyIfNot {
			s.compEmpty |= 1 << c
		}
		s.compDecl[c] = &list[0]
		for k, r := range list[0].rules {
			if s.compMask[r]&(1<<c) != 0 || k > math.MaxUint8 {
				s.plainComps = false // a rule named twice
			}
			s.compMask[r] |= 1 << c
			s.compK[r][c] = uint8(k)
		}
	}
	s.altLook = make([]uint8, len(names))
	if s.altComp >= 0 {
		s.altLook[s.altScope] |= altScopeNode
		for _, r := range s.altRules {
			if s.compMask[r] != 0 || s.altLook[r]&altRuleNode != 0 {
				s.plainComps = false // a rule of another component's too, or named twice
			}
			s.altLook[r] |= altRuleNode
		}
	}
	s.compOne, s.plainLook = make([]int8, len(names)), new([MaxTreeRules]uint8)
	for r, m := range s.compMask {
		s.compOne[r] = -1
		if c := bits.TrailingZeros8(m); bits.OnesCount8(m) == 1 {
			if d, k := s.compDecl[c], s.compK[r][c]; d.cuts[k] == 0 && d.to[k] == -1 {
				s.compOne[r] = int8(c) // the node's text, whole
			}
		}
		if m != 0 {
			s.plainLook[r] |= lookComp
		}
		if s.ruleDecl[r] {
			s.plainLook[r] |= lookRule
		}
		if s.kinds[r] != "" {
			s.plainLook[r] |= lookKind
		}
	}
	s.partOrder = make([]int, len(s.parts))
	keys := map[string]bool{}
	for pi, p := range s.parts {
		if keys[p.key] {
			return nil, fmt.Errorf("parts: the key %q is declared twice", p.key)
		}
		keys[p.key] = true
		s.partOrder[pi] = pi
	}
	slices.SortFunc(s.partOrder, func(a, b int) int { return strings.Compare(s.parts[a].key, s.parts[b].key) })
	s.partsOf = make([][]int, len(names))
	for pi, p := range s.parts {
		s.partParents = s.partParents || slices.ContainsFunc(p.parents, func(r int) bool { return r >= 0 })
		for _, r := range p.rules {
			if l := s.partsOf[r]; len(l) == 0 || l[len(l)-1] != pi {
				s.partsOf[r] = append(l, pi)
			}
		}
		if p.component >= 0 || p.nonEmpty >= 0 {
			s.compParts = append(s.compParts, pi)
		}
	}
	s.errorRule = make([]bool, len(names))
	for _, e := range s.errors {
		s.errorRule[e.rule] = true
	}
	s.partLook = make([]uint8, len(names))
	for r := range names {
		if len(s.partsOf[r]) > 0 {
			s.partLook[r] |= lookParts
		}
		if s.kinds[r] != "" {
			s.partLook[r] |= lookPartKind
		}
	}
	return s, nil
}

// forms reads the words of a component declaration.
func (s *Schema) forms(words []string, rule func(string) (uint16, error)) (componentDecl, error) {
	cd := componentDecl{scope: -1, rules: []uint16{}}
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
		if base, ok := strings.CutSuffix(w, "/.."); ok {
			w, to = base, afterSlash
		} else if base, ok := strings.CutSuffix(w, ".."); ok {
			w, to = base, toScopeEnd
		} else if a, b, ok := strings.Cut(w, ".."); ok {
			r, err := rule(b)
			if err != nil {
				return cd, err
			}
			w, to = a, int(r)
		}
		r, err := rule(w)
		if err != nil {
			return cd, err
		}
		cd.rules = append(cd.rules, r)
		cd.cuts = append(cd.cuts, cut)
		cd.to = append(cd.to, to)
	}
	return cd, nil
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
	p := partDecl{component: -1, nonEmpty: -1}
	if entry, name, ok := strings.Cut(w, "/"); ok {
		if p.nonEmpty = componentIndex(name); p.nonEmpty < 0 {
			return p, fmt.Errorf("want ENTRY/COMPONENT, not %q", name)
		}
		w = entry
	}
	key, list, hasList := strings.Cut(w, "=")
	key, p.array = strings.CutSuffix(key, "*")
	p.key = key
	p.keyJSON = string(append(jsontext.AppendString(nil, key), ':'))
	switch {
	case !hasList:
		r, err := rule(key)
		if err != nil {
			return p, err
		}
		p.key = s.Names[r]
		p.rules, p.parents = []uint16{r}, []int{-1}
	case strings.HasPrefix(list, "@"):
		if p.component = componentIndex(list[1:]); p.component < 0 || p.array {
			return p, fmt.Errorf("want KEY=@COMPONENT")
		}

	default:
		for _, n := range strings.Split(list, ",") {
			parent := -1
			if a, b, ok := strings.Cut(n, ">"); ok {
				pr, err := rule(a)
				if err != nil {
					return p, err
				}
				n, parent = b, int(pr)
			}
			r, err := rule(n)
			if err != nil {
				return p, err
			}
			p.rules = append(p.rules, r)
			p.parents = append(p.parents, parent)
		}
	}
	if key == "" {
		return p, fmt.Errorf("no key")
	}
	return p, nil
}

// errorDecl reads an entry of the errors declaration.
func (s *Schema) errorDecl(w string, rule func(string) (uint16, error)) (errorDecl, error) {
	e := errorDecl{parent: -1}
	if a, b, ok := strings.Cut(w, ">"); ok {
		p, err := rule(a)
		if err != nil {
			return e, err
		}
		e.parent, w = int(p), b
	}
	switch {
	case strings.HasSuffix(w, "^^"):
		w, e.action = w[:len(w)-2], 'A'
	case strings.HasSuffix(w, "^"):
		w, e.action = w[:len(w)-1], '^'
	default:
		var ok bool
		if w, e.name, ok = strings.Cut(w, "="); !ok || e.name == "" {
			return e, fmt.Errorf("want RULE^, RULE^^ or RULE=NAME")
		}
		e.action = '='
	}
	r, err := rule(w)
	if err != nil {
		return e, err
	}
	e.rule = r
	return e, nil
}

// ErrorRule returns the name of the rule an error at byte offset at is in, by the tree of
// the input continued validly past it: the innermost node that covers the byte at, named as
// the grammar's errors declaration says (Schema), or "" when no node covers it.
func (t Tree) ErrorRule(at int) string {
	if len(t.nodes) == 0 || t.schema == nil {
		return ""
	}
	name := ""
	var stackBuf [32]uint16 // the rules of the open nodes by depth
	stack := stackBuf[:0]
	nodes := t.nodes
	for i := 0; i < len(nodes); {
		n := nodes[i]
		if int(n.Start()) > at {
			break // the nodes after it in pre-order start where it does or later
		}
		if int(n.End()) <= at { // its subtree ends before at: over it
			d := n.EndDepth & MaxTreeDepth
			for i++; i < len(nodes) && nodes[i].EndDepth&MaxTreeDepth > d; i++ {
			}
			continue
		}
		r, d := n.Rule(), n.Depth()
		parent := -1
		if d > 0 && d <= len(stack) {
			parent = int(stack[d-1])
		}
		stack = append(stack[:min(d, len(stack))], r)
		if !t.schema.errorRule[r] { // most rules: no entry to look for
			name = t.schema.Names[r]
			i++
			continue
		}
		switch e := t.schema.errorOf(r, parent); {
		case e == nil:
			name = t.schema.Names[r]
		case e.action == '=':
			name = e.name
		case e.action == 'A':
			return name
		}
		i++
	}
	return name
}

// errorOf returns the errors declaration of a node of rule r whose parent is of rule parent,
// or nil: an entry for that parent first, then one for any parent.
func (s *Schema) errorOf(r uint16, parent int) *errorDecl {
	var any *errorDecl
	for k := range s.errors {
		e := &s.errors[k]
		if e.rule != r {
			continue
		}
		if e.parent == parent && parent >= 0 {
			return e
		}
		if e.parent < 0 && any == nil {
			any = e
		}
	}
	return any
}

// Rule returns the index of the rule named name (without case) in Names, or false.
func (s *Schema) Rule(name string) (uint16, bool) {
	i, ok := s.index[strings.ToLower(name)]
	return i, ok
}

// A Range is the bytes [Start, End) of a tree's source that hold a component (Spans).
// Defined is false for a component the reference does not have; Start and End are then 0.
// A component that is present and empty because no rule of its declaration matched (the
// declaration's last word "") is Defined, at offset 0.
type Range struct {
	Start, End int
	Defined    bool
}

// In returns the range's text in src, the tree's source ("" when it is not defined).
func (r Range) In(src string) string { return src[r.Start:r.End] }

// Spans are the components of Components as ranges of the tree's source, as its grammar's
// declarations give them (Schema): where each component is, for callers that report
// positions (package warn) or compute on components without copying them (package resolve).
// Components is Spans with the texts and the parts.
type Spans struct {
	Rule                                                           string // the rule of the components (Components.Rule)
	Scheme, Authority, Userinfo, Host, Port, Path, Query, Fragment Range
	HostKind                                                       string // the host's kind, "" when the host is undefined or has none

	// kindNode is the node that gave the host its kind, plus one (0: none, or Spans not made
	// by the tree): AppendPartsJSONSpans reads it instead of looking for it again.
	kindNode int32
}

// A NamedRange is a component's name, as the CLI contract keys it ("scheme", "port"...), and
// its range.
type NamedRange struct {
	Name string
	Range
}

// All returns the eight components in the CLI contract's order: scheme, authority, userinfo,
// host, port, path, query, fragment.
func (sp *Spans) All() [numComponents]NamedRange {
	return [numComponents]NamedRange{{"scheme", sp.Scheme}, {"authority", sp.Authority}, {"userinfo", sp.Userinfo},
		{"host", sp.Host}, {"port", sp.Port}, {"path", sp.Path}, {"query", sp.Query}, {"fragment", sp.Fragment}}
}

// at returns component c's range (c indexes componentNames): a switch, not ranges' array,
// where one is written (plainSpans writes a few of the eight).
func (sp *Spans) at(c int) *Range {
	switch c {
	case compScheme:
		return &sp.Scheme
	case compAuthority:
		return &sp.Authority
	case compUserinfo:
		return &sp.Userinfo
	case compHost:
		return &sp.Host
	case compPort:
		return &sp.Port
	case compPath:
		return &sp.Path
	case compQuery:
		return &sp.Query
	default:
		return &sp.Fragment
	}
}

// ranges are the components' ranges, indexed as componentNames.
func (sp *Spans) ranges() [numComponents]*Range {
	return [numComponents]*Range{&sp.Scheme, &sp.Authority, &sp.Userinfo, &sp.Host, &sp.Port, &sp.Path, &sp.Query, &sp.Fragment}
}

// Spans returns the ranges of the tree's components.
func (t Tree) Spans() (sp Spans) {
	t.fillSpans(&sp, allComponents)
	return sp
}

// allComponents asks spansOf for every component.
const allComponents = 1<<numComponents - 1

// spans is Spans, with the node that gave the host its kind (-1 for none). One pass over
// the nodes notes the first node of each rule; the declarations, which name the first node in
// pre-order of some rules, then look their nodes up.
func (t Tree) spans() (Spans, int) { return t.spansOf(allComponents) }

// spansOf is spans with only the components of the bits of want (bit c: componentNames[c])
// computed; the others are left undefined.
func (t Tree) spansOf(want uint) (sp Spans, kindNode int) {
	kindNode = t.fillSpans(&sp, want)
	return sp, kindNode
}

// fillSpans is spansOf into sp, a zero Spans: a Spans is 232 bytes, which a result passed
// down two calls was copied twice.
func (t Tree) fillSpans(sp *Spans, want uint) (kindNode int) {
	if len(t.nodes) == 0 || t.schema == nil {
		return -1
	}
	if t.schema.plainComps {
		kindNode = t.plainSpans(sp, want)
		if t.schema.altComp >= 0 {
			t.altComponent(sp, want, kindNode)
		}
	} else {
		kindNode = t.generalSpans(sp, want)
	}
	sp.kindNode = int32(kindNode + 1)
	return kindNode
}

// generalSpans is fillSpans for any schema: each component's declarations in turn (the
// first whose scope is in the tree), the first node of their rules, its form, and the later
// nodes where the form finds none there.
func (t Tree) generalSpans(sp *Spans, want uint) (kindNode int) {
	s := t.schema
	// Every list of rules the declarations look the first node of up is a group (the rule
	// declaration, the host kinds, each component declaration's rules, each scope): one pass
	// notes each group's first node and which of its rules that node is of. A lookup is then
	// a load, where a loop over the list's rules at each declaration took a quarter of
	// rfc1738's Spans (callgrind: 655k of its 2.54M instructions on 1,458 trees).
	var firstBuf [64]int32 // per group: its first node + 1, 0 for none
	var whichBuf [64]int32
	first, which := firstBuf[:], whichBuf[:]
	if s.numGroups > len(firstBuf) {
		first, which = make([]int32, s.numGroups), make([]int32, s.numGroups)
	}
	groupsOf := s.groupsOf
	// From the last node back, so that a group's first node is written last: stores, and no
	// branch on what was stored before.
	for i := len(t.nodes) - 1; i >= 0; i-- {
		if r := int(t.nodes[i].Rule()); r < len(groupsOf) {
			for _, e := range groupsOf[r] {
				first[e.group], which[e.group] = int32(i+1), e.k
			}
		}
	}
	// The scopes in the tree, a bit each (Schema.scopes).
	var present uint64
	for j, g := range s.scopes {
		if first[g] != 0 {
			present |= 1 << j
		}
	}
	ruleNode := int(first[s.rulesGroup]) - 1
	sp.Rule = s.Names[t.nodes[max(ruleNode, 0)].Rule()] // the root's when no rule is named
	ranges := sp.ranges()
	rootEnd := t.nodes[0].End()
	for c := range s.comps {
		if want&(1<<c) == 0 {
			continue
		}
		// The first declaration whose scope is in the tree, else the unscoped one.
		list := s.comps[c]
		di := s.unscoped[c]
		for m := s.scopeBits[c] & present; m != 0; m &= m - 1 {
			di = min(di, int(s.scopeDecl[c][bits.TrailingZeros64(m)]))
		}
		if di >= len(list) {
			continue // none: the component is undefined
		}
		d := &list[di]
		end := rootEnd // the root's, for a declaration without a scope
		if d.scope >= 0 {
			end = t.nodes[first[d.scopeGroup]-1].End()
		}
		// The first node of the rules decides, unless its form finds no component there
		// (A/.. without the "/", RULE>? without a "?"): then the later nodes are tried.
		r, ok := Range{}, false
		if i := int(first[d.group]) - 1; i >= 0 {
			if k := int(which[d.group]); d.to[k] == -1 && d.cuts[k] == 0 {
				n := t.nodes[i] // the usual form, the node whole: componentAt's answer, without the call
				r, ok = Range{Start: int(n.Start()), End: int(n.End()), Defined: true}, true
			} else if r, ok = t.componentAt(d, k, i, end); !ok {
				r, ok = t.component(d, i+1, end)
			}
		}
		if !ok {
			r = Range{Defined: d.emptyIfNot}
		}
		*ranges[c] = r
	}
	kindNode = int(first[s.kindGroup]) - 1 // the node that gave the host its kind
	if kindNode >= 0 && sp.Host.Defined {
		sp.HostKind = s.kinds[t.nodes[kindNode].Rule()]
	}
	return kindNode
}

// A groupEntry is one group a rule is in (Schema.groupsOf), and the rule's place in the
// group's list (the first, when the list names it more than once).
type groupEntry struct {
	group, k int32
}

// plainSpans is spansOf for a schema whose components are each the first node of their
// rules that their form finds one in (plainComps): one pass over the nodes finds them, the rule declaration's node and
// the host's kind node, as generalSpans would (TestPlainSpans). It returns the kind node.
func (t Tree) plainSpans(sp *Spans, want uint) (kindNode int) {
	s := t.schema
	var found uint
	ruleNode := -1
	kindNode = -1
	look := uint8(lookComp | lookRule | lookKind) // what is still looked for
	// The tables in locals: sp's stores could alias the schema's fields, which the loop
	// would then load again at every node.
	nodes, plainLook, compOne := t.nodes, s.plainLook, s.compOne
	for i := range nodes {
		r := nodes[i].Rule()
		f := plainLook[r] & look
		if f == 0 {
			continue
		}
		n := nodes[i]
		if f&lookComp != 0 {
			if c := compOne[r]; c >= 0 {
				// The usual rule: of one component, taken whole.
				if found&(1<<c) == 0 {
					found |= 1 << c
					*sp.at(int(c)) = Range{Start: int(n.Start()), End: int(n.End()), Defined: true}
				}
			} else {
				found = t.formComponents(sp, found, r, i)
			}
		}
		if f&lookRule != 0 {
			ruleNode, look = i, look&^lookRule
		}
		if f&lookKind != 0 {
			kindNode, look = i, look&^lookKind
		}
	}
	// sp is zero but for the components found: the others are empty where their
	// declaration says so, and those not wanted are zero.
	for m := uint8(want) & s.compEmpty &^ uint8(found); m != 0; m &= m - 1 {
		sp.at(bits.TrailingZeros8(m)).Defined = true
	}
	for m := uint8(found) &^ uint8(want); m != 0; m &= m - 1 {
		*sp.at(bits.TrailingZeros8(m)) = Range{}
	}
	sp.Rule = t.RuleName(max(ruleNode, 0))
	if kindNode >= 0 && sp.Host.Defined {
		sp.HostKind = s.kinds[t.nodes[kindNode].Rule()]
	}
	return kindNode
}

// altComponent is plainSpans' pass for the component with a scoped declaration (altComp),
// after plainSpans' (which then left it as the unscoped declaration gives it): where the
// scope has a node, the first node of the declaration's rules, or an empty one when the
// declaration says so, is the component, if want asks for it; a host's kind follows. A
// pass of its own: in plainSpans' loop its variables cost the grammars without one (rfc3986's
// Spans 47 -> 53 ns).
func (t Tree) altComponent(sp *Spans, want uint, kindNode int) {
	s := t.schema
	c := int(s.altComp)
	if want&(1<<c) == 0 {
		return
	}
	var alt Range
	inScope := false
	for _, n := range t.nodes {
		a := s.altLook[n.Rule()]
		if a == 0 {
			continue
		}
		inScope = inScope || a&altScopeNode != 0
		if a&altRuleNode != 0 && !alt.Defined {
			alt = Range{Start: int(n.Start()), End: int(n.End()), Defined: true}
		}
	}
	if !inScope {
		return
	}
	if !alt.Defined {
		alt.Defined = s.altEmpty
	}
	*sp.at(c) = alt
	sp.HostKind = ""
	if kindNode >= 0 && sp.Host.Defined {
		sp.HostKind = s.kinds[t.nodes[kindNode].Rule()]
	}
}

// What plainSpans looks for in a rule's nodes (Schema.plainLook).
const (
	lookComp = 1 << iota
	lookRule
	lookKind
)

// What a node of a rule is to altComp's scoped declaration (Schema.altLook).
const (
	altScopeNode = 1 << iota
	altRuleNode
)

// plainAlt reports whether a scoped declaration takes its rules whole: then plainSpans can
// note its component aside (Schema.altComp).
func plainAlt(d componentDecl) bool {
	for k := range d.rules {
		if d.to[k] != -1 || d.cuts[k] != 0 {
			return false
		}
	}
	return true
}

// What partValues looks for in a rule's nodes (Schema.partLook).
const (
	lookParts = 1 << iota
	lookPartKind
)

// formComponents is plainSpans' step at node i, of rule r, for the components that r's node
// gives cut at a "?", read past the node (A..B, A.., A/..) or with others: each not found yet
// that its form finds here, as the general way's componentAt finds it. It returns found with
// them.
func (t Tree) formComponents(sp *Spans, found uint, r uint16, i int) uint {
	s := t.schema
	for m := s.compMask[r] &^ uint8(found); m != 0; m &= m - 1 {
		c := bits.TrailingZeros8(m)
		rg, ok := t.componentAt(s.compDecl[c], int(s.compK[r][c]), i, t.nodes[0].End())
		if !ok {
			continue // none here: a later node of the rules may have one
		}
		found |= 1 << c
		*sp.at(c) = rg
	}
	return found
}

// Blame says where a person would put an error at byte offset at, when the tree is of the
// input continued validly past the error (as ErrorRule's is) and the grammar declares a blame
// for the component the error is in (Schema: "blame NAME: TEXT"): when src has no TEXT from
// the component's start on, the error is the one of src with text inserted at offset insert.
// ok is false when no blame applies.
func (t Tree) Blame(src string, at int) (insert int, text string, ok bool) {
	if len(t.nodes) == 0 || t.schema == nil || t.schema.blames == [numComponents]string{} {
		return 0, "", false
	}
	if at > 0 && !t.hasBlameRule() {
		// The blamed components are all undefined, or empty at offset 0: none covers at.
		return 0, "", false
	}
	return t.blameBySpans(src, at)
}

// blameBySpans is Blame from the ranges of the blamed components, computed whatever the tree.
func (t Tree) blameBySpans(src string, at int) (insert int, text string, ok bool) {
	var want uint // the components a blame is declared for: only their ranges are needed
	for c, text := range t.schema.blames {
		if text != "" {
			want |= 1 << c
		}
	}
	sp, _ := t.spansOf(want)
	for c, r := range sp.ranges() {
		text := t.schema.blames[c]
		if text == "" || !r.Defined || at < r.Start || at > r.End || r.Start > len(src) {
			continue
		}
		if !strings.Contains(src[r.Start:], text) {
			return r.Start, text, true
		}
	}
	return 0, "", false
}

// hasBlameRule reports whether a node of the tree is of a rule that a blamed component's
// declarations name (Schema.blameRules).
func (t Tree) hasBlameRule() bool {
	for _, n := range t.nodes {
		if r := int(n.Rule()); r < len(t.schema.blameRules) && t.schema.blameRules[r] {
			return true
		}
	}
	return false
}

// Components splits the tree as its grammar's declarations say (Schema): the components of
// the CLI contract, the host's kind and the parts. Rule is the root's rule.
func (t Tree) Components() Components {
	if len(t.nodes) == 0 || t.schema == nil {
		return Components{Parts: map[string]any{}}
	}
	s := t.schema
	sp, kindNode := t.spans()
	c := Components{Rule: sp.Rule, Parts: make(map[string]any, min(len(s.parts), 8))} // 8: one group, no table
	// The component strings and the host's kind live in one array: one allocation, not one
	// per component (check --format jsonl calls Components once a line).
	texts := new([numComponents + 1]string)
	vals := [numComponents]*string{}
	for k, r := range sp.All() {
		if r.Defined {
			texts[k] = r.In(t.src)
			vals[k] = &texts[k]
		}
	}
	c.Scheme, c.Authority, c.Userinfo, c.Host = vals[compScheme], vals[compAuthority], vals[compUserinfo], vals[compHost]
	c.Port, c.Path, c.Query, c.Fragment = vals[compPort], vals[compPath], vals[compQuery], vals[compFragment]
	if sp.HostKind != "" {
		texts[numComponents] = sp.HostKind
		c.HostKind = &texts[numComponents]
	}
	var buf partBuf
	var arraysBuf [len(buf.set)][]string
	var arrays [][]string
	if len(s.parts) > len(arraysBuf) {
		arrays = make([][]string, len(s.parts))
	} else {
		arrays = arraysBuf[:len(s.parts)]
	}
	pv := t.partValues(&sp, kindNode, &buf, arrays, nil)
	for pi := range s.parts {
		switch {
		case pv.arrays[pi] != nil:
			c.Parts[s.parts[pi].key] = pv.arrays[pi]
		case pv.set[pi]:
			c.Parts[s.parts[pi].key] = pv.text(t.src, pi)
		}
	}
	return c
}

// AppendPartsJSON appends the parts of Components as a JSON object, its keys sorted by
// bytes (as encoding/json writes a map), without making the map: what check --format jsonl
// writes for each line. An array part is written from the nodes, not gathered first: a long
// path's segments cost no memory of their own.
func (t Tree) AppendPartsJSON(b []byte) []byte { return t.AppendPartsJSONChunks(b, nil) }

// AppendPartsJSONChunks appends the parts as AppendPartsJSON does, handing the buffer to
// flush as AppendJSONChunks does (a long path has as many segments as it has slashes).
func (t Tree) AppendPartsJSONChunks(b []byte, flush func([]byte) []byte) []byte {
	if len(t.nodes) == 0 || t.schema == nil {
		return append(b, "{}"...)
	}
	sp, kindNode := t.spans()
	return t.appendPartsJSON(b, &sp, kindNode, flush)
}

// AppendPartsJSONSpans is AppendPartsJSONChunks for a caller that has the tree's Spans
// already (check's records write the components first): they are not computed again.
func (t Tree) AppendPartsJSONSpans(b []byte, sp *Spans, flush func([]byte) []byte) []byte {
	if len(t.nodes) == 0 || t.schema == nil {
		return append(b, "{}"...)
	}
	kindNode := int(sp.kindNode) - 1
	if sp.kindNode == 0 {
		kindNode = t.kindNode() // none, or a Spans made otherwise: looked for
	}
	return t.appendPartsJSON(b, sp, kindNode, flush)
}

// kindNode is the node that gives the host its kind, as spans finds it: the first node, in
// pre-order, of a rule that names a host kind; -1 for none.
func (t Tree) kindNode() int {
	for i, n := range t.nodes {
		if r := n.Rule(); int(r) < len(t.schema.kinds) && t.schema.kinds[r] != "" {
			return i
		}
	}
	return -1
}

func (t Tree) appendPartsJSON(b []byte, sp *Spans, kindNode int, flush func([]byte) []byte) []byte {
	var buf partBuf
	var hits arrayHits
	pv := t.partValues(sp, kindNode, &buf, nil, &hits)
	plain := jsontext.Plain(t.src) // then every part is written as it is, not read again
	b = append(b, '{')
	first := true
	for _, pi := range t.schema.partOrder {
		if !pv.set[pi] {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, t.schema.parts[pi].keyJSON...)
		if t.schema.parts[pi].array {
			b = append(b, '[')
			sep := false
			if !hits.over { // the nodes the walk of partValues found
				for _, h := range hits.list[:hits.n] {
					if int(h.part) != pi {
						continue
					}
					if sep {
						b = append(b, ',')
					}
					if flush != nil && len(b) >= JSONChunk {
						b = flush(b)
					}
					b, sep = jsontext.AppendStringOf(b, t.Text(int(h.node)), plain), true
				}
				b = append(b, ']')
				continue
			}
			t.walkParts(kindNode, func(i int, r uint16, parent int) {
				if pv.done[pi] || !t.schema.parts[pi].takes(r, parent) {
					return
				}
				if sep {
					b = append(b, ',')
				}
				if flush != nil && len(b) >= JSONChunk {
					b = flush(b)
				}
				b, sep = jsontext.AppendStringOf(b, t.Text(i), plain), true
			})
			b = append(b, ']')
			continue
		}
		b = jsontext.AppendStringOf(b, pv.text(t.src, pi), plain)
	}
	return append(b, '}')
}

// partValues are the values of a tree's parts, by the part's index in Schema.parts: where a
// single part's text is in the input (offsets, not a string: no pointer is written), or an
// array part's texts (when gathered: arrays is not nil); set when the part has a value (an
// array part: at least one); done for a part whose value is decided before the nodes are
// walked (a part of a component, or one not to take).
type partValues struct {
	single []textSpan
	set    []bool
	arrays [][]string
	done   []bool
}

// textSpan is where a text is in the input: src[start:end].
type textSpan struct{ start, end uint32 }

// text returns the text of single part pi of the input src.
func (pv *partValues) text(src string, pi int) string {
	return src[pv.single[pi].start:pv.single[pi].end]
}

// arrayHits are the nodes of a tree's array parts, in the order of the walk, as partValues
// finds them: for AppendPartsJSON, which then need not walk the tree again, up to the room
// of the list (a long path's segments are walked again, costing no memory of their own).
type arrayHits struct {
	list [32]struct {
		part uint16
		node int32
	}
	n    int
	over bool
}

func (h *arrayHits) add(part, node int) {
	if h.n == len(h.list) {
		h.over = true
		return
	}
	h.list[h.n].part, h.list[h.n].node = uint16(part), int32(node)
	h.n++
}

// partBuf is the room of the partValues of a grammar of up to 48 parts, on the caller's stack.
type partBuf struct {
	single [48]textSpan
	set    [48]bool
	done   [48]bool
}

// partValues computes the parts of the tree whose components are sp: a part of a component
// (KEY=@NAME) from sp, the others in one pass over the nodes in pre-order (a single part is
// its first node's text, an array every node's, gathered in arrays, one slice a part, unless
// it is nil). kindNode is the node that gave the host its kind.
// buf is zero (a new partBuf).
func (t Tree) partValues(sp *Spans, kindNode int, buf *partBuf, arrays [][]string, hits *arrayHits) partValues {
	s := t.schema
	n := len(s.parts)
	var pv partValues
	if n <= len(buf.single) {
		pv = partValues{single: buf.single[:n], set: buf.set[:n], arrays: arrays, done: buf.done[:n]}
	} else {
		pv = partValues{single: make([]textSpan, n), set: make([]bool, n), arrays: arrays, done: make([]bool, n)}
	}
	ranges := sp.ranges()            // pointers: All's names and ranges would be 320 bytes copied
	for _, pi := range s.compParts { // the others are not done, and not set, before the walk
		p := &s.parts[pi]
		skip := p.nonEmpty >= 0 && ranges[p.nonEmpty].Start == ranges[p.nonEmpty].End // undefined or empty
		pv.done[pi] = p.component >= 0 || skip
		if p.component >= 0 && !skip && ranges[p.component].Defined {
			r := *ranges[p.component]
			pv.single[pi], pv.set[pi] = textSpan{uint32(r.Start), uint32(r.End)}, true
		}
	}
	// A single part stops at its first node: done from then on; pv.done stays as it was
	// before the walk, for the array writers of AppendPartsJSON.
	var takenBuf [48]bool
	taken := takenBuf[:0]
	if n > len(takenBuf) {
		taken = make([]bool, n)
	} else {
		taken = takenBuf[:n]
	}
	visit := func(i int, r uint16, parent int) {
		for _, pi := range s.partsOf[r] {
			p := &s.parts[pi]
			// Without PARENT>RULE parts, a part of partsOf[r] takes every node of r.
			if pv.done[pi] || taken[pi] || s.partParents && !p.takes(r, parent) {
				continue
			}
			pv.set[pi] = true
			if p.array {
				if pv.arrays != nil {
					pv.arrays[pi] = append(pv.arrays[pi], t.Text(i))
				}
				if hits != nil {
					hits.add(pi, i)
				}
				continue
			}
			nd := t.nodes[i]
			pv.single[pi], taken[pi] = textSpan{nd.Start(), nd.End()}, true
		}
	}
	if s.partParents {
		t.walkParts(kindNode, visit)
		return pv
	}
	// No part names a parent: the walk needs no stack of open nodes, and visits only the
	// nodes of the rules some part takes (as walkParts would, with parent -1).
	for i, nd := range t.nodes {
		r := nd.Rule()
		if f := s.partLook[r]; f&lookParts == 0 || f&lookPartKind != 0 && i != kindNode {
			continue
		}
		visit(i, r, -1)
	}
	return pv
}

// walkParts calls f for each node in pre-order that may be a part, with its rule and its
// parent's rule (-1 for the root): every node but a host-kind node other than kindNode (an
// IPv4address inside an IPv6address is no part of its own).
func (t Tree) walkParts(kindNode int, f func(i int, r uint16, parent int)) {
	var stackBuf [32]uint16 // the rules of the open nodes by depth, for PARENT>RULE
	stack := stackBuf[:0]
	for i, nd := range t.nodes {
		r, d := nd.Rule(), nd.Depth()
		parent := -1
		if d > 0 && d <= len(stack) {
			parent = int(stack[d-1])
		}
		stack = append(stack[:min(d, len(stack))], r)
		if t.schema.kinds[r] != "" && i != kindNode {
			continue
		}
		f(i, r, parent)
	}
}

// takes reports whether a node of rule r whose parent is of rule parent (-1 for the root) is
// one of the part's: of one of its rules, with the parent the rule asks for.
func (p *partDecl) takes(r uint16, parent int) bool {
	for k, pr := range p.rules {
		if pr == r && (p.parents[k] < 0 || p.parents[k] == parent) {
			return true
		}
	}
	return false
}

// component returns the range of a declared component from the first node, at or after
// node from in pre-order, of any of its rules whose form finds it there, or false; end is
// the end of its scope.
func (t Tree) component(d *componentDecl, from int, end uint32) (Range, bool) {
	for i := from; i < len(t.nodes); i++ {
		for k, r := range d.rules {
			if t.nodes[i].Rule() == r {
				if rg, ok := t.componentAt(d, k, i, end); ok {
					return rg, true
				}
			}
		}
	}
	return Range{}, false
}

// componentAt returns the range of a declared component at node i, of the declaration's k-th
// rule, or false when its form finds none there.
func (t Tree) componentAt(d *componentDecl, k, i int, end uint32) (Range, bool) {
	n := t.nodes[i]
	from, to := n.Start(), n.End()
	switch form := d.to[k]; {
	case form == toScopeEnd:
		to = max(end, n.End())
	case form == afterSlash:
		if ne := n.End(); int(ne) >= len(t.src) || t.src[ne] != '/' || ne >= end {
			return Range{}, false
		}
		from, to = n.End()+1, end
	case form >= 0:
		// A..B: A's text, up to the end of a B right after A's subtree.
		if j := t.Next(i); j < len(t.nodes) && int(t.nodes[j].Rule()) == form {
			to = t.nodes[j].End()
		}
	}
	from, to, ok := cut(t.src, from, to, d.cuts[k])
	if !ok {
		return Range{}, false
	}
	return Range{Start: int(from), End: int(to), Defined: true}, true
}

// cut applies a component's cut (componentDecl.cuts) to src[from:to]: '<' keeps what is
// before the first "?", '>' what is after it (false when there is none), 0 all of it.
func cut(src string, from, to uint32, how byte) (uint32, uint32, bool) {
	switch how {
	case '<':
		if q := strings.IndexByte(src[from:to], '?'); q >= 0 {
			to = from + uint32(q)
		}
	case '>':
		q := strings.IndexByte(src[from:to], '?')
		if q < 0 {
			return from, to, false
		}
		from += uint32(q) + 1
	}
	return from, to, true
}
