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
