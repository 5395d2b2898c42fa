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
