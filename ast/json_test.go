package ast_test

import (
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
)

// pieces records what each Write was given.
type pieces struct {
	b    strings.Builder
	most int
	n    int
}

func (p *pieces) Write(b []byte) (int, error) {
	p.most, p.n = max(p.most, len(b)), p.n+1
	return p.b.Write(b)
}

// Tree.WriteJSON writes what AppendJSON appends: a small tree in one piece, a large one in
// pieces of about JSONChunk bytes (and at most one node's text more). A small tree's piece is written from a buffer that serves
// the next call: 1,000 of them allocate a few KB, not a buffer of 2*JSONChunk each.
func TestTreeWriteJSON(t *testing.T) {
	g := urlgrammar.MustLookup("rfc3986")
	small, err := g.Parse("http://a/b?q#f")
	if err != nil {
		t.Fatal(err)
	}
	large, err := g.Parse("http://a/" + strings.Repeat("seg/", 4*ast.JSONChunk/4))
	if err != nil {
		t.Fatal(err)
	}
	for _, tree := range []ast.Tree{small, large} {
		var w pieces
		if err := tree.WriteJSON(&w); err != nil {
			t.Fatal(err)
		}
		if want := string(tree.AppendJSON(nil)); w.b.String() != want {
			t.Errorf("WriteJSON of %.40q... wrote %d bytes unlike AppendJSON's %d", tree.Src(), w.b.Len(), len(want))
		}
		if w.most > ast.JSONChunk+len(tree.Src())+1024 {
			t.Errorf("a piece of %d bytes", w.most)
		}
		if tree.Len() == large.Len() && w.n < 2 {
			t.Errorf("the large tree's JSON (%d bytes) in %d piece", w.b.Len(), w.n)
		}
	}
	if raceDetector {
		t.Log("the small trees' allocation is not counted under the race detector: its sync.Pool drops buffers at random")
		return
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range 1000 {
		if err := small.WriteJSON(io.Discard); err != nil {
			t.Fatal(err)
		}
	}
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1000*1024 {
		t.Errorf("1,000 small trees written: %d bytes allocated", alloc)
	}
}
