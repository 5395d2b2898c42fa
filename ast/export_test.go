package ast

// BlameBySpans is Blame without its shortcut for a tree with no node of a blamed
// component's rules: the ranges of the blamed components, always computed. The tests hold
// Blame to it.
func (t Tree) BlameBySpans(src string, at int) (insert int, text string, ok bool) {
	if len(t.nodes) == 0 || t.schema == nil || t.schema.blames == [numComponents]string{} {
		return 0, "", false
	}
	return t.blameBySpans(src, at)
}

// SpansOf is spansOf: Spans with only the components of want computed.
func (t Tree) SpansOf(want uint) (Spans, int) { return t.spansOf(want) }

// GeneralSpansOf is SpansOf by the general way, whatever the schema: TestPlainSpans holds
// the one-pass way of plain schemas to it.
func (t Tree) GeneralSpansOf(want uint) (Spans, int) {
	if len(t.nodes) == 0 || t.schema == nil {
		return Spans{}, -1
	}
	general := *t.schema
	general.plainComps = false
	return NewTree(t.src, &general, t.nodes).spansOf(want)
}

// SpansByRulesOf is SpansOf by spansByRules, the reference of the general way.
func (t Tree) SpansByRulesOf(want uint) (Spans, int) {
	var sp Spans
	if len(t.nodes) == 0 || t.schema == nil {
		return sp, -1
	}
	k := t.spansByRules(&sp, want)
	sp.kindNode = int32(k + 1)
	return sp, k
}

// spansByRules is generalSpans as it was written first: per rule its first node, and each
// declaration's rules looked through in turn. TestGeneralSpans and FuzzSchema hold
// generalSpans, which notes the first node of each declaration's list in one pass, to it.
func (t Tree) spansByRules(sp *Spans, want uint) (kindNode int) {
	s := t.schema
	// Any schema: each component's declarations in turn, the first node of their rules, its
	// form, and the later nodes where the form finds none there.
	var firstBuf [96]int32 // per rule: its first node + 1, 0 for none
	var first []int32
	if len(s.Names) <= len(firstBuf) {
		first = firstBuf[:len(s.Names)]
	} else {
		first = make([]int32, len(s.Names))
	}
	// From the last node back, so that a rule's first node is written last: a store a node,
	// and no branch on what was stored before.
	for i := len(t.nodes) - 1; i >= 0; i-- {
		if r := t.nodes[i].Rule(); int(r) < len(first) {
			first[r] = int32(i + 1)
		}
	}
	// firstOf is the first node of any of the rules, and which of them it is, or -1.
	firstOf := func(rules []uint16) (int, int) {
		node, k := -1, -1
		for j, r := range rules {
			if f := int(first[r]) - 1; f >= 0 && (node < 0 || f < node) {
				node, k = f, j
			}
		}
		return node, k
	}
	ruleNode, _ := firstOf(s.rules)
	sp.Rule = s.Names[t.nodes[max(ruleNode, 0)].Rule()] // the root's when no rule is named
	ranges := sp.ranges()
	rootEnd := t.nodes[0].End()
	for c, list := range s.comps {
		if want&(1<<c) == 0 {
			continue
		}
		for di := range list {
			d := &list[di]
			end := rootEnd // the root's, for a declaration without a scope
			if d.scope >= 0 {
				f := first[d.scope]
				if f == 0 {
					continue // the scope is not in the tree
				}
				end = t.nodes[f-1].End()
			}
			// The first node of the rules decides, unless its form finds no component there
			// (A/.. without the "/", RULE>? without a "?"): then the later nodes are tried.
			r, ok := Range{}, false
			if i, k := firstOf(d.rules); i >= 0 {
				if r, ok = t.componentAt(d, k, i, end); !ok {
					r, ok = t.component(d, i+1, end)
				}
			}
			if !ok {
				r = Range{Defined: d.emptyIfNot}
			}
			*ranges[c] = r
			break
		}
	}
	kindNode = -1 // the node that gave the host its kind
	if i, _ := firstOf(s.kindRules); i >= 0 {
		kindNode = i
		if sp.Host.Defined {
			sp.HostKind = s.kinds[t.nodes[i].Rule()]
		}
	}
	return kindNode
}

// PlainComps reports whether spansOf takes the one-pass way for the schema's trees.
func PlainComps(s *Schema) bool { return s.plainComps }

// ErrorRuleWalk is ErrorRule as it was written first, every node visited (a subtree that
// does not cover at skipped with Next): FuzzSchema holds ErrorRule, which stops at the first
// node that starts past at, to it. The step at a node is a copy of ErrorRule's on purpose:
// the reference is the first version whole, and a call for the step in ErrorRule (not
// inlined: cost 146) would be paid for every node that covers an error.
func (t Tree) ErrorRuleWalk(at int) string {
	if len(t.nodes) == 0 || t.schema == nil {
		return ""
	}
	name := ""
	var stack []uint16
	for i := 0; i < len(t.nodes); {
		n := t.nodes[i]
		if int(n.Start()) > at || int(n.End()) <= at {
			i = t.Next(i)
			continue
		}
		r, d := n.Rule(), n.Depth()
		parent := -1
		if d > 0 && d <= len(stack) {
			parent = int(stack[d-1])
		}
		stack = append(stack[:min(d, len(stack))], r)
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
