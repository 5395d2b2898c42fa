package ast_test

import (
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	_ "github.com/urlgrammar/urlgrammar/grammars/all"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
)

// Blame's shortcut (no node of a blamed component's rules: no blame) gives what the ranges
// of the blamed components give, at every offset of the corpus's lines and some with a
// userinfo, in every grammar that declares a blame, for the input as it is and with the blame
// texts taken out (so that the blame applies).
func TestBlameShortcut(t *testing.T) {
	lines := append(corpus.Lines(2000, 3), "http://u@h/", "http://u:p@h:80/p", "//u@h", "ftp://@h/", "http://h:80x/")
	grammars, blamed := 0, 0
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		p := g.NewParser()
		checked := false
		for _, s := range lines {
			tree, err := p.Parse(s)
			if err != nil {
				continue
			}
			for _, src := range []string{s, strings.ReplaceAll(s, "@", "")} {
				for at := 0; at <= len(s); at++ {
					i, text, ok := tree.Blame(src, at)
					wi, wtext, wok := tree.BlameBySpans(src, at)
					if i != wi || text != wtext || ok != wok {
						t.Fatalf("%s %q (src %q) at %d: Blame %d %q %v, by the ranges %d %q %v", id, s, src, at, i, text, ok, wi, wtext, wok)
					}
					if ok {
						blamed++
						checked = true
					}
				}
			}
		}
		if checked {
			grammars++
		}
	}
	if grammars < 2 || blamed < 100 {
		t.Fatalf("blames applied in %d grammars, %d times: the test says nothing", grammars, blamed)
	}
}
