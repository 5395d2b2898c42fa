package dfa_test

import (
	"testing"

	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/grammars/rfc3986"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
)

// BenchmarkTaggedLoop bounds what a tree built by a tagged DFA (one that notes, on some
// transitions, where nodes begin and end) could gain over the compiled builder
// (docs/design.md says why the builder stays): on rfc3986's URI-reference DFA and the
// corpus lines it accepts,
//   - dfa: the plain loop of Match, the floor;
//   - tagged: the same loop that also reads a tag for each transition from a second table
//     and logs it, without a branch (an event written at every byte, the count moved on
//     by the tag's being non-zero), the tags being synthetic: one on every transition over
//     a delimiter's class (: / ? # @ [ ] .), about as many as a tree's node boundaries.
//     The events are not made into nodes (a tagged DFA's register copies and its
//     disambiguation would come on top): a lower bound of its cost;
//   - tagged-branch: the same with a branch on the tag, which the processor mispredicts at
//     each delimiter;
//   - builder: rfc3986.BuildStart into a reused block, Parser.Parse's build of the tree.
//
// Compare the rows of one run (ns/url).
func BenchmarkTaggedLoop(b *testing.B) {
	d := rfc3986.DFAs()["URI-reference"]
	var lines []string
	for _, s := range corpus.Lines(10000, 1) {
		if d.Valid(s) {
			lines = append(lines, s)
		}
	}
	nc := uint32(d.NClasses)
	next := make([]uint32, len(d.Trans))
	for i, t := range d.Trans {
		next[i] = uint32(t) * nc
	}
	tags := make([]uint8, len(d.Trans))
	for _, c := range ":/?#@[]." {
		for st := uint32(0); st < uint32(len(d.Trans))/nc; st++ {
			tags[st*nc+uint32(d.Classes[c])] = uint8(c)
		}
	}
	perURL := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/url")
	}
	sink := 0
	var events [128]uint32
	b.Run("dfa", func(b *testing.B) {
		for b.Loop() {
			for _, s := range lines {
				row := uint32(d.Start) * nc
				for i := 0; i < len(s) && row != 0; i++ {
					row = next[row+uint32(d.Classes[s[i]])]
				}
				sink += int(row)
			}
		}
		perURL(b)
	})
	b.Run("tagged", func(b *testing.B) {
		for b.Loop() {
			for _, s := range lines {
				row, k := uint32(d.Start)*nc, 0
				for i := 0; i < len(s) && row != 0; i++ {
					at := row + uint32(d.Classes[s[i]])
					t := uint32(tags[at])
					events[k&127] = uint32(i)<<8 | t
					k += int((t + 255) >> 8) // 1 for a tag, 0 for none
					row = next[at]
				}
				sink += int(row) + k
			}
		}
		perURL(b)
	})
	b.Run("tagged-branch", func(b *testing.B) {
		for b.Loop() {
			for _, s := range lines {
				row, k := uint32(d.Start)*nc, 0
				for i := 0; i < len(s) && row != 0; i++ {
					at := row + uint32(d.Classes[s[i]])
					if t := uint32(tags[at]); t != 0 {
						events[k&127] = uint32(i)<<8 | t
						k++
					}
					row = next[at]
				}
				sink += int(row) + k
			}
		}
		perURL(b)
	})
	nodes := make([]ast.TreeNode, 0, 256)
	b.Run("builder", func(b *testing.B) {
		for b.Loop() {
			for _, s := range lines {
				nodes, _ = rfc3986.BuildStart(s, nodes[:0])
				sink += len(nodes)
			}
		}
		perURL(b)
	})
	if sink == 42 {
		b.Log(events[0])
	}
}
