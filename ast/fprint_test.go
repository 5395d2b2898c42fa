package ast_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
)

// Fprint writes a line a node, indented by depth, with the node's span and quoted text (its
// lines built here with fmt from Inspect), a small tree in one write and a large one in
// pieces of a few KB (and a line), not a write a node; a write's error stops it and is
// returned.
func TestFprint(t *testing.T) {
	g := urlgrammar.MustLookup("rfc3986")
	for _, in := range []string{"http://u@a:8/b/c?q#f", "mailto:a@b", "http://a/" + strings.Repeat("a\u00e9/", 20000)} {
		if !g.Valid(in) {
			in = strings.ReplaceAll(in, "\u00e9", "%C3%A9")
		}
		tree, err := g.Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		var want strings.Builder
		tree.Inspect(func(i, depth int) bool {
			n := tree.Nodes()[i]
			fmt.Fprintf(&want, "%s%s [%d,%d) %q\n", strings.Repeat("  ", depth), tree.RuleName(i), n.Start(), n.End(), in[n.Start():n.End()])
			return true
		})
		var p pieces
		if err := tree.Fprint(&p); err != nil {
			t.Fatal(err)
		}
		if got := p.b.String(); got != want.String() {
			t.Fatalf("Fprint of %.40q:\n%.300s\nwant\n%.300s", in, got, want.String())
		}
		if len(in) < 100 && p.n != 1 {
			t.Errorf("Fprint of %q: %d writes, want 1", in, p.n)
		}
		longest := 0
		for l := range strings.Lines(want.String()) {
			longest = max(longest, len(l))
		}
		// A piece is a few KB of lines, and the line that crosses that.
		if nodes := len(tree.Nodes()); len(in) > 100 && (p.n < 2 || p.n > nodes/10 || p.most > 4<<10+longest) {
			t.Errorf("Fprint of a long input: %d writes for %d nodes, the largest %d bytes (the longest line %d)", p.n, nodes, p.most, longest)
		}
	}
	tree, _ := g.Parse("http://a/" + strings.Repeat("a/", 10000))
	fail := errors.New("disk full")
	if err := tree.Fprint(failing{fail}); err != fail {
		t.Errorf("Fprint to a failing writer: %v, want %v", err, fail)
	}
}

type failing struct{ err error }

func (f failing) Write([]byte) (int, error) { return 0, f.err }
