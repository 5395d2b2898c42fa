package genparser

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"sort"
	"strings"
	"unicode"

	urlast "github.com/urlgrammar/urlgrammar/ast"
)

// The typed views: views.go, generated from the grammar's rules as rust-analyzer generates
// its typed syntax nodes, typed wrappers over the one untyped tree. Each node rule (the
// header's nodes, and the start rule, which is the root of every tree) gets a type that
// embeds ast.View and one accessor for each rule its children can be of. How many children
// of a rule a node has is read from the PEG, which is what builds the tree: a reference to a
// node rule is one child; one to another rule is that rule's children; a sequence adds,
// a choice takes the least and the most of its alternatives, ? and * make the least 0, * and
// + make any more than one many, and a lookahead keeps no node. The result is a bound for
// every parse, never too tight (the PEG may never take two where the count says "many"), and
// package grammartest holds every tree of the tests to it (the Shapes the file lists).

// many is the count "more than one" (any number).
const many = 2

// count is how many children of one rule (or in all) an expression records: at least min, at
// most max, each 0, 1 or many.
type count struct{ min, max int }

func capAdd(a, b int) int { return min(a+b, many) }

// kids is what an expression records as children: a count for each node rule (by node id),
// in the order the expression names them, and the count of all; and after, the pairs of
// rules (a, b) where a child of b can come after one of a. after is a bound too: it holds
// every pair some parse gives, and may hold more.
type kids struct {
	order []int
	each  map[int]count
	total count
	after map[[2]int]bool
}

// follows notes that a child of each of the rules of b can come after one of each of a's.
func (k *kids) follows(a, b []int) {
	for _, x := range a {
		for _, y := range b {
			k.after[[2]int{x, y}] = true
		}
	}
}

// addAfter adds the pairs of o to k's.
func (k *kids) addAfter(o *kids) {
	for p := range o.after {
		k.after[p] = true
	}
}

func (k *kids) get(id int) count { return k.each[id] }

func (k *kids) set(id int, c count) {
	if _, ok := k.each[id]; !ok {
		k.order = append(k.order, id)
	}
	k.each[id] = c
}

func newKids() *kids { return &kids{each: map[int]count{}, after: map[[2]int]bool{}} }

// shaper computes the children of the rules of a grammar's PEG.
type shaper struct {
	nameOf map[int]string   // node id -> ABNF name
	rules  map[string]prule // by PEG name
	nodeID map[string]int   // PEG name -> node id, for the rules that record a node
	memo   map[string]*kids // non-node rules, by PEG name
	active map[string]bool  // non-node rules being computed (a cycle: see ref)
}

// of returns what e records as children.
func (s *shaper) of(e *pexpr) *kids {
	switch e.kind {
	case "actionExpr", "labeledExpr":
		return s.of(e.subs[0])
	case "ruleRefExpr":
		return s.ref(e.name)
	case "seqExpr":
		k := newKids()
		for _, sub := range e.subs {
			sk := s.of(sub)
			k.addAfter(sk)
			k.follows(k.order, sk.order)
			for _, id := range sk.order {
				c, d := k.get(id), sk.get(id)
				k.set(id, count{capAdd(c.min, d.min), capAdd(c.max, d.max)})
			}
			k.total = count{capAdd(k.total.min, sk.total.min), capAdd(k.total.max, sk.total.max)}
		}
		return k
	case "choiceExpr":
		k := newKids()
		alts := make([]*kids, len(e.subs))
		for i, sub := range e.subs {
			alts[i] = s.of(sub)
			k.addAfter(alts[i])
			for _, id := range alts[i].order {
				k.set(id, count{})
			}
		}
		for _, id := range k.order {
			c := count{min: many}
			for _, a := range alts {
				d := a.get(id) // zero when the alternative records none
				c = count{min(c.min, d.min), max(c.max, d.max)}
			}
			k.each[id] = c
		}
		k.total = count{min: many}
		for _, a := range alts {
			k.total = count{min(k.total.min, a.total.min), max(k.total.max, a.total.max)}
		}
		return k
	case "zeroOrOneExpr", "zeroOrMoreExpr", "oneOrMoreExpr":
		sub := s.of(e.subs[0])
		k := newKids()
		widen := func(c count) count {
			if e.kind != "oneOrMoreExpr" {
				c.min = 0
			}
			if e.kind != "zeroOrOneExpr" && c.max > 0 {
				c.max = many
			}
			return c
		}
		for _, id := range sub.order {
			k.set(id, widen(sub.get(id)))
		}
		k.total = widen(sub.total)
		k.addAfter(sub)
		if e.kind != "zeroOrOneExpr" {
			k.follows(sub.order, sub.order) // a round's children after the last round's
		}
		return k
	}
	// Lookaheads keep no node; matchers and code predicates record none.
	return newKids()
}

// ref returns what a reference to the PEG rule name records.
func (s *shaper) ref(name string) *kids {
	if id, ok := s.nodeID[name]; ok {
		k := newKids()
		k.set(id, count{1, 1})
		k.total = count{1, 1}
		return k
	}
	if k, ok := s.memo[name]; ok {
		return k
	}
	if s.active[name] {
		// A rule that refers to itself without a node between: its children can be any
		// number of those it reaches (none in this module's grammars).
		k := newKids()
		for id := range s.reach(name, map[string]bool{}) {
			k.set(id, count{0, many})
		}
		sort.Ints(k.order)
		k.total = count{0, many}
		k.follows(k.order, k.order)
		return k
	}
	s.active[name] = true
	k := s.of(s.rules[name].expr)
	delete(s.active, name)
	s.memo[name] = k
	return k
}

// reach returns the node ids a rule can record as children, through the rules that record
// none.
func (s *shaper) reach(name string, seen map[string]bool) map[int]bool {
	ids := map[int]bool{}
	if seen[name] {
		return ids
	}
	seen[name] = true
	var walk func(e *pexpr)
	walk = func(e *pexpr) {
		if e.kind == "andExpr" || e.kind == "notExpr" {
			return
		}
		if e.kind == "ruleRefExpr" {
			if id, ok := s.nodeID[e.name]; ok {
				ids[id] = true
			} else {
				for id := range s.reach(e.name, seen) {
					ids[id] = true
				}
			}
			return
		}
		for _, sub := range e.subs {
			walk(sub)
		}
	}
	walk(s.rules[name].expr)
	return ids
}

// viewRule is one node rule's view, as views.go declares it.
type viewRule struct {
	id       int
	name     string // ABNF name
	goName   string
	kids     *kids
	one      bool   // exactly one child, of several rules: Kind
	abnfText string // the rule's definition, for the type's comment
	groups   []viewGroup
}

// viewGroup is a component of the header whose rules are children of a view: the view gets an
// accessor of the component, which returns the one child of those rules.
type viewGroup struct {
	name, goName string
	ids          []int
	count        count // of the group's rules together
}

// compileViews writes views.go: the rule constants, a view type for each of the node rules
// (nodes and the start rule) with its accessors, and Shapes. names are the node ids' ABNF
// names (the rules with a display name, in order); other is the Go source of the package's
// other files, whose exported names the views must not take.
func compileViews(pkg string, tg target, rules []prule, names []string, nodes []string, start string,
	aliases map[string]string, abnf []byte, other [][]byte, decls []urlast.Decl) ([]byte, error) {
	index := map[string]int{}
	for i, n := range names {
		index[strings.ToLower(n)] = i
	}
	isView := map[string]bool{strings.ToLower(start): true}
	for _, n := range nodes {
		isView[strings.ToLower(n)] = true
	}
	s := &shaper{rules: map[string]prule{}, nodeID: map[string]int{}, memo: map[string]*kids{}, active: map[string]bool{}, nameOf: map[int]string{}}
	for i, n := range names {
		s.nameOf[i] = n
	}
	byID := map[int][]string{} // node id -> the PEG rules that record it
	for _, r := range rules {
		s.rules[r.name] = r
		name := r.display
		if name == "" {
			name = aliases[r.name]
		}
		if name == "" {
			continue
		}
		id, ok := index[strings.ToLower(name)]
		if !ok {
			continue
		}
		if containsFold(nodes, name) { // as the recorder and the builder record nodes
			s.nodeID[r.name] = id
		}
		if isView[strings.ToLower(name)] {
			byID[id] = append(byID[id], r.name)
		}
	}
	taken := exportedNames(other)
	var views []viewRule
	seenGo := map[string]string{}
	for id, name := range names {
		pegRules := byID[id]
		if len(pegRules) == 0 {
			continue
		}
		// The children of a node of this rule: those of any of its PEG rules (the rule and
		// the helpers that stand for it), as a choice would have them.
		alts := &pexpr{kind: "choiceExpr"}
		for _, pr := range pegRules {
			alts.subs = append(alts.subs, s.rules[pr].expr)
		}
		k := s.of(alts)
		v := viewRule{id: id, name: name, goName: goIdent(name), kids: k, abnfText: abnfDefinition(abnf, name)}
		v.one = k.total == count{1, 1} && len(k.order) > 1
		if prev, dup := seenGo[v.goName]; dup {
			return nil, fmt.Errorf("rules %s and %s have the same Go name %s: rename one", prev, name, v.goName)
		}
		if taken[v.goName] || taken["Rule"+v.goName] || taken["As"+v.goName] || v.goName == "Root" || v.goName == "Shapes" {
			return nil, fmt.Errorf("rule %s's view %s would take a name the package has already", name, v.goName)
		}
		seenGo[v.goName] = name
		views = append(views, v)
	}
	byIDView := map[int]*viewRule{}
	for i := range views {
		byIDView[views[i].id] = &views[i]
	}
	for _, c := range componentGroups(decls, index, nodes) {
		for i := range views {
			addGroup(&views[i], c, s, byID)
		}
	}

	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by %s from %s.peg; DO NOT EDIT.\n\npackage %s\n\n", tg.By, tg.Src, pkg)
	b.WriteString("import \"github.com/urlgrammar/urlgrammar/ast\"\n\n")
	b.WriteString("// The rules of the tree's nodes, as ast.TreeNode.Rule and ast.View.Rule number them (the\n")
	b.WriteString("// index of the rule's name in the tree's Schema().Names).\nconst (\n")
	for _, v := range views {
		fmt.Fprintf(&b, "\tRule%s = %d // %s\n", v.goName, v.id, v.name)
	}
	b.WriteString(")\n\n")
	b.WriteString("// viewNames are the names of the rules of this grammar's trees, in the order their Schema().Names\n")
	b.WriteString("// has them: a view is made only over a tree whose schema has them (ast.RuleNames).\n")
	b.WriteString("var viewNames = ast.NewRuleNames(")
	for i, n := range names {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q", n)
	}
	b.WriteString(")\n\n")
	startView := byIDView[index[strings.ToLower(start)]]
	fmt.Fprintf(&b, `// Root returns the view of the root of *t, a tree of this grammar's start rule %s (what
// urlgrammar's Grammar.Parse and Parser.Parse return), or false for another tree.
func Root(t *ast.Tree) (%s, bool) {
	v, ok := viewNames.View(t, 0, Rule%[2]s)
	return %[2]s{v}, ok
}

`, start, startView.goName)
	for _, v := range views {
		writeView(&b, v, byIDView, names)
	}
	b.WriteString("// Shapes are the children each view's accessors expect, as the generator read them from the\n")
	b.WriteString("// PEG: package grammartest holds the grammar's trees to them.\nvar Shapes = []ast.NodeShape{\n")
	for _, v := range views {
		fmt.Fprintf(&b, "\t{Rule: %q, One: %v, Children: []ast.ChildShape{", v.name, v.one)
		for i, id := range v.kids.order {
			c := v.kids.get(id)
			mx := c.max
			if mx == many {
				mx = -1
			}
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "{Rule: %q, Min: %d, Max: %d}", names[id], c.min, mx)
		}
		b.WriteString("}")
		if len(v.groups) > 0 {
			b.WriteString(", Groups: []ast.GroupShape{")
			for i, gr := range v.groups {
				if i > 0 {
					b.WriteString(", ")
				}
				var rs []string
				for _, id := range gr.ids {
					rs = append(rs, fmt.Sprintf("%q", names[id]))
				}
				fmt.Fprintf(&b, "{Name: %q, Rules: []string{%s}, Min: %d, Max: %d}", gr.name, strings.Join(rs, ", "), gr.count.min, gr.count.max)
			}
			b.WriteString("}")
		}
		b.WriteString("},\n")
	}
	b.WriteString("}\n")
	return b.Bytes(), nil
}

func writeView(b *bytes.Buffer, v viewRule, views map[int]*viewRule, names []string) {
	fmt.Fprintf(b, "// %s is a view of a node of rule %s", v.goName, v.name)
	if v.abnfText != "" {
		b.WriteString(":\n//\n")
		for _, l := range strings.Split(v.abnfText, "\n") {
			fmt.Fprintf(b, "//\t%s\n", l)
		}
	} else {
		b.WriteString(".\n")
	}
	fmt.Fprintf(b, "type %s struct{ ast.View }\n\n", v.goName)
	fmt.Fprintf(b, "// As%s returns the view of node i of *t when it is a node of rule %s of a tree of this\n// grammar, or false.\n", v.goName, v.name)
	fmt.Fprintf(b, "func As%s(t *ast.Tree, i int) (%[1]s, bool) {\n\tv, ok := viewNames.View(t, i, Rule%[1]s)\n\treturn %[1]s{v}, ok\n}\n\n", v.goName)
	if v.one {
		var alts []string
		for _, id := range v.kids.order {
			alts = append(alts, "Rule"+views[id].goName)
		}
		fmt.Fprintf(b, "// Kind returns the rule of the node's one child: %s.\n", strings.Join(alts, ", "))
		fmt.Fprintf(b, "func (v %s) Kind() uint16 { return v.Tree.Node(v.Tree.FirstChild(v.Index)).Rule() }\n\n", v.goName)
	}
	if len(v.kids.order) >= 2 && len(v.kids.order) < 256 && !childrenTaken(v, views) { // a place is a byte
		// All the children in one pass: what a program that reads every accessor wants.
		fmt.Fprintf(b, "// %sChildren are the children of a %s node, found in one pass over them (Children):\n", v.goName, v.name)
		b.WriteString("// a field's Index is -1 where the node has no child of that rule, and a repeated rule's\n// field is its first child.\n")
		fmt.Fprintf(b, "type %sChildren struct {\n", v.goName)
		for _, id := range v.kids.order {
			fmt.Fprintf(b, "\t%s %[1]s\n", views[id].goName)
		}
		for _, gr := range v.groups {
			fmt.Fprintf(b, "\t%s ast.View // the child that is the node's %s, as %[1]s() gives it\n", gr.goName, gr.name)
		}
		b.WriteString("}\n\n")
		fmt.Fprintf(b, "// Children returns the node's children by rule, in one pass over them: the accessors'\n// answers at the cost of one.\n")
		// One pass with a place per rule (ast.View.FirstChildren), the places a string
		// indexed by rule: no switch on the rule of each child.
		slots := "childSlotsOf" + v.goName
		fmt.Fprintf(b, "func (v %s) Children() %[1]sChildren {\n\tvar first [%d]int\n\tv.FirstChildren(%s, first[:])\n\treturn %[1]sChildren{\n",
			v.goName, len(v.kids.order)+1, slots)
		places := []byte{}
		for k, id := range v.kids.order {
			fmt.Fprintf(b, "\t\t%s{ast.View{Tree: v.Tree, Index: first[%d]}},\n", views[id].goName, k+1)
			for len(places) <= id {
				places = append(places, 0)
			}
			places[id] = byte(k + 1)
		}
		for _, gr := range v.groups {
			// The group has at most one child: the one of its rules' places that is not -1.
			var at []string
			for _, id := range gr.ids {
				at = append(at, fmt.Sprintf("first[%d]", places[id]))
			}
			index := at[0]
			if len(at) > 1 {
				index = "max(" + strings.Join(at, ", ") + ")"
			}
			fmt.Fprintf(b, "\t\tast.View{Tree: v.Tree, Index: %s},\n", index)
		}
		b.WriteString("\t}\n}\n\n")
		fmt.Fprintf(b, "// %s is the place in Children's pass of each rule (ast.View.FirstChildren).\nconst %[1]s = %q\n\n", slots, places)
	}
	for _, gr := range v.groups {
		var alts []string
		for _, id := range gr.ids {
			alts = append(alts, views[id].name)
		}
		fmt.Fprintf(b, "// %s returns the node's child that is its %s, one of the rules of the header's\n// component %s (%s)",
			gr.goName, gr.name, gr.name, strings.Join(alts, ", "))
		var constants, stop []string
		for _, id := range gr.ids {
			constants = append(constants, "Rule"+views[id].goName)
		}
		// The children after which no child of the group comes: where the look stops.
		for _, x := range v.kids.order {
			followed := false
			for _, id := range gr.ids {
				followed = followed || v.kids.after[[2]int{x, id}]
			}
			if !followed {
				stop = append(stop, "Rule"+views[x].goName)
			}
		}
		rules, until := lowerFirst(gr.goName)+"Of"+v.goName, "until"+gr.goName+"In"+v.goName
		if gr.count.min >= 1 {
			fmt.Fprintf(b, ": there is always one; its Rule says which.\n")
			fmt.Fprintf(b, "func (v %s) %s() ast.View {\n\tc, _ := v.ChildInUntil(%s, %s)\n\treturn c\n}\n\n", v.goName, gr.goName, rules, until)
		} else {
			fmt.Fprintf(b, ", or false when it has none; its Rule says which.\n")
			fmt.Fprintf(b, "func (v %s) %s() (ast.View, bool) {\n\treturn v.ChildInUntil(%s, %s)\n}\n\n", v.goName, gr.goName, rules, until)
		}
		fmt.Fprintf(b, "// %s are the rules of the component %s.\nvar %[1]s = ast.RulesOf(%[3]s)\n\n", rules, gr.name, strings.Join(constants, ", "))
		fmt.Fprintf(b, "// %s are the children of a node of rule %s after which it has no %s.\nvar %[1]s = ast.RulesOf(%[4]s)\n\n",
			until, v.name, gr.name, strings.Join(stop, ", "))
	}
	for _, id := range v.kids.order {
		c := v.kids.get(id)
		child := views[id]
		if c.max == many {
			fmt.Fprintf(b, "// Each%s steps through the node's %s children, in order (see ast.Children).\n", child.goName, child.name)
			fmt.Fprintf(b, "func (v %s) Each%s() ast.Children[%[2]s] {\n\treturn ast.ChildrenOf[%[2]s](v.View, Rule%[2]s)\n}\n\n", v.goName, child.goName)
			continue
		}
		find, sets := childLookup(v, id, views)
		if c.min >= 1 {
			fmt.Fprintf(b, "// %s returns the node's %s child.\n", child.goName, child.name)
			fmt.Fprintf(b, "func (v %s) %s() %[2]s {\n\tc, _ := %s\n\treturn %[2]s{c}\n}\n\n", v.goName, child.goName, find)
		} else {
			fmt.Fprintf(b, "// %s returns the node's %s child, or false when it has none.\n", child.goName, child.name)
			fmt.Fprintf(b, "func (v %s) %s() (%[2]s, bool) {\n\tc, ok := %s\n\treturn %[2]s{c}, ok\n}\n\n", v.goName, child.goName, find)
		}
		b.WriteString(sets)
	}
	_ = names
}

// childLookup returns the call that finds the one child of rule id (at most one) of a node
// of view v, and the declarations of the rule sets it passes. A plain Child reads every node
// of the subtree up to the child, or all of them when there is none; the grammar's order of
// the children (kids.after) says where to stop: at the first child, when no child comes
// before one of the rule (ast.View.FirstChildIf), at a child after which no child of the rule
// comes (ast.View.ChildUntil), or, at the root, looking from the last child back, at one
// before which none comes (ast.View.OnlyChild), where fewer rules can follow the child than
// precede it.
func childLookup(v viewRule, id int, views map[int]*viewRule) (call, sets string) {
	child := views[id]
	var forward, backward []string
	precede, follow := 0, 0
	for _, x := range v.kids.order {
		if !v.kids.after[[2]int{x, id}] {
			forward = append(forward, "Rule"+views[x].goName)
		} else if x != id {
			precede++
		}
		if !v.kids.after[[2]int{id, x}] {
			backward = append(backward, "Rule"+views[x].goName)
		} else if x != id {
			follow++
		}
	}
	if precede == 0 {
		// No child comes before one of the rule: it is the first child, or there is none.
		return fmt.Sprintf("v.FirstChildIf(Rule%s)", child.goName), ""
	}
	if len(forward) == 0 {
		return fmt.Sprintf("v.Child(Rule%s)", child.goName), ""
	}
	fwd := fmt.Sprintf("until%sIn%s", child.goName, v.goName)
	sets = fmt.Sprintf("// %s are the children of a node of rule %s after which it has no %s child.\nvar %s = ast.RulesOf(%s)\n\n",
		fwd, v.name, child.name, fwd, strings.Join(forward, ", "))
	if follow >= precede || len(backward) == 0 {
		return fmt.Sprintf("v.ChildUntil(Rule%s, %s)", child.goName, fwd), sets
	}
	bwd := fmt.Sprintf("backUntil%sIn%s", child.goName, v.goName)
	sets += fmt.Sprintf("// %s are the children of a node of rule %s before which it has no %s child.\nvar %s = ast.RulesOf(%s)\n\n",
		bwd, v.name, child.name, bwd, strings.Join(backward, ", "))
	only := "OnlyChild"
	if leavesFrom(v, id, views) {
		only = "OnlyLeafChild"
	}
	return fmt.Sprintf("v.%s(Rule%s, %s, %s)", only, child.goName, fwd, bwd), sets
}

// leavesFrom reports whether the nodes of rule id, and of every rule whose child can come
// after one of id among the children of a node of view v, have no children: a look from the
// last child back that meets a node deeper than a child has then passed every place a child
// of id can be (ast.View.OnlyLeafChild).
func leavesFrom(v viewRule, id int, views map[int]*viewRule) bool {
	for _, x := range v.kids.order {
		if (x == id || v.kids.after[[2]int{id, x}]) && views[x].kids.total.max != 0 {
			return false
		}
	}
	return true
}

// component is an unscoped component declaration of the header whose forms are plain node
// rules (component path: path-abempty path-absolute ...).
type component struct {
	name string
	ids  []int
}

// componentGroups returns the header's components that are lists of node rules.
func componentGroups(decls []urlast.Decl, index map[string]int, nodes []string) []component {
	var out []component
	for _, d := range decls {
		f := strings.Fields(d.Key)
		if len(f) != 2 || f[0] != "component" {
			continue
		}
		c := component{name: f[1]}
		for _, w := range strings.Fields(d.Value) {
			id, ok := index[strings.ToLower(w)]
			if !ok || !containsFold(nodes, w) {
				c.ids = nil
				break
			}
			c.ids = append(c.ids, id)
		}
		if len(c.ids) >= 2 {
			out = append(out, c)
		}
	}
	return out
}

// addGroup gives the view v an accessor of the component c when at least two of its rules are
// children of v, at most one of them is there in any node (counted with the rules made one
// node id), and no accessor of v has the component's name already.
func addGroup(v *viewRule, c component, s *shaper, byID map[int][]string) {
	in := 0
	for _, id := range c.ids {
		if _, ok := v.kids.each[id]; ok {
			in++
		}
	}
	goName := goIdent(c.name)
	if in < 2 || goName == v.goName {
		return
	}
	for _, id := range v.kids.order {
		if goIdent(s.nameOf[id]) == goName || "Each"+goIdent(s.nameOf[id]) == goName {
			return
		}
	}
	// Count the group's rules as one node id: a shaper whose references to them give it.
	const group = -1
	merged := &shaper{rules: s.rules, nodeID: map[string]int{}, memo: map[string]*kids{}, active: map[string]bool{}}
	member := map[int]bool{}
	for _, id := range c.ids {
		member[id] = true
	}
	for name, id := range s.nodeID {
		if member[id] {
			merged.nodeID[name] = group
		} else {
			merged.nodeID[name] = id
		}
	}
	alts := &pexpr{kind: "choiceExpr"}
	for _, pr := range byID[v.id] {
		alts.subs = append(alts.subs, s.rules[pr].expr)
	}
	n := merged.of(alts).get(group)
	if n.max != 1 {
		return
	}
	var ids []int
	for _, id := range c.ids {
		if _, ok := v.kids.each[id]; ok {
			ids = append(ids, id)
		}
	}
	v.groups = append(v.groups, viewGroup{name: c.name, goName: goName, ids: ids, count: n})
}

// childrenTaken reports whether the view's Children method or its type's name would take
// a name that is a child's accessor or another view's type.
func childrenTaken(v viewRule, views map[int]*viewRule) bool {
	for _, w := range views {
		if w.goName == v.goName+"Children" || w.goName == "Children" {
			return true
		}
	}
	return false
}

func lowerFirst(s string) string {
	return strings.ToLower(s[:1]) + s[1:]
}

// reservedView are the names a view's accessors cannot have: ast.View's fields and methods.
var reservedView = map[string]bool{"Tree": true, "Index": true, "Text": true, "Start": true, "End": true,
	"Rule": true, "RuleName": true, "String": true, "Kind": true, "View": true}

// goIdent returns the Go name of an ABNF rule name: its words (between - and _) with their
// first letters in upper case ("path-abempty" -> "PathAbempty", "IPv4address" ->
// "IPv4address"), with "Node" added where that is a name a view has already (Text, Port is fine).
func goIdent(name string) string {
	var b strings.Builder
	for _, w := range strings.FieldsFunc(name, func(r rune) bool { return r == '-' || r == '_' }) {
		rs := []rune(w)
		rs[0] = unicode.ToUpper(rs[0])
		b.WriteString(string(rs))
	}
	id := b.String()
	if id == "" || !unicode.IsLetter([]rune(id)[0]) {
		id = "R" + id
	}
	if reservedView[id] {
		id += "Node"
	}
	return id
}

// exportedNames returns the exported top-level names the Go sources declare.
func exportedNames(srcs [][]byte) map[string]bool {
	names := map[string]bool{}
	for _, src := range srcs {
		f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					names[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.TypeSpec:
						names[sp.Name.Name] = true
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							names[n.Name] = true
						}
					}
				}
			}
		}
	}
	for n := range names {
		if !token.IsExported(n) {
			delete(names, n)
		}
	}
	return names
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

var ruleStart = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9_-]*)\s*=/?`)

// abnfDefinition returns the definition of the rule name in the ABNF text: its first line
// and the indented lines that continue it, without comments.
func abnfDefinition(abnf []byte, name string) string {
	var out []string
	in := false
	for _, line := range strings.Split(string(abnf), "\n") {
		line = strings.TrimRight(line, "\r")
		if m := ruleStart.FindStringSubmatch(line); m != nil {
			in = strings.EqualFold(m[1], name)
		} else if line == "" || (line[0] != ' ' && line[0] != '\t') {
			in = false
		}
		if !in {
			continue
		}
		if c := strings.Index(line, ";"); c >= 0 && !inQuotes(line, c) {
			line = line[:c]
		}
		if line = strings.TrimRight(line, " \t"); strings.TrimSpace(line) != "" {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}

// inQuotes reports whether byte i of an ABNF line is inside a quoted string.
func inQuotes(line string, i int) bool {
	return strings.Count(line[:i], `"`)%2 == 1
}
