package ast

import "strings"

// BlameBySpans is Blame without its shortcut for a tree with no node of a blamed
// component's rules: the ranges of the blamed components, always computed. The tests hold
// Blame to it.
func (t Tree) BlameBySpans(src string, at int) (insert int, text string, ok bool) {
	if len(t.nodes) == 0 || t.schema == nil || t.schema.blames == [numComponents]string{} {
		return 0, "", false
	}
	var want uint
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
