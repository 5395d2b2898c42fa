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
