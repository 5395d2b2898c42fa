package urlgrammar

// Measurements for the design of the compact tree (see the tree section of the issue "One
// compact tree for every grammar"): a pre-order block of 12-byte nodes for rfc2396bis-01,
// built by the fast path's split, against today's typed tree and net/url.Parse, in one run:
//
//	go test -run TestCompactLayout -v . && go test -run '^$' -bench BenchmarkTreeLayouts -count 3 .
//
// It is a measurement, not the tree: delete it when the compact tree lands.

import (
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
)

type cnode struct {
	start, end uint32
	rule       uint8
	flags      uint8
	after      uint16 // index after the subtree (a measurement: trees under 65536 nodes)
}

const (
	rRef = iota
	rScheme
	rAuthority
	rServer
	rRegName
	rUserinfo
	rHost
	rIPv6Ref
	rIPv6
	rIPv4
	rOctet
	rHostname
	rLabel
	rPort
	rPath
	rSegment
	rOpaque
	rQuery
	rFragment
)

type ctree struct {
	src   string
	nodes []cnode
}

type cb struct{ n []cnode }

func (b *cb) open(rule int, start int) int {
	b.n = append(b.n, cnode{start: uint32(start), rule: uint8(rule)})
	return len(b.n) - 1
}
func (b *cb) close(i, end int) { b.n[i].end = uint32(end); b.n[i].after = uint16(len(b.n)) }
func (b *cb) leaf(rule, start, end int) {
	b.n = append(b.n, cnode{start: uint32(start), end: uint32(end), rule: uint8(rule), after: uint16(len(b.n) + 1)})
}

func (f *fast2396) compact(s string, buf []cnode, coarse bool) ctree {
	// Count first: one allocation of the exact size.
	n := 6 + strings.Count(s, "/") + strings.Count(s, ".")
	if buf == nil {
		buf = make([]cnode, 0, n)
	}
	b := cb{buf[:0]}
	root := b.open(rRef, 0)
	end := len(s)
	frag := -1
	if i := strings.IndexByte(s, '#'); i >= 0 {
		end, frag = i, i
	}
	pos := 0
	if i := schemeEnd(s[:end]); i > 0 {
		b.leaf(rScheme, 0, i)
		pos = i + 1
		rest := s[pos:end]
		hier := rest == "" || rest[0] == '/' || (rest[0] == '?' && f.query.Valid(rest[1:]))
		if !hier {
			b.leaf(rOpaque, pos, end)
			if frag >= 0 {
				b.leaf(rFragment, frag+1, len(s))
			}
			b.close(root, len(s))
			return ctree{s, b.n}
		}
	}
	pathEnd := end
	q := -1
	if i := strings.IndexByte(s[pos:end], '?'); i >= 0 {
		pathEnd, q = pos+i, pos+i
	}
	if strings.HasPrefix(s[pos:pathEnd], "//") {
		aStart := pos + 2
		aEnd := pathEnd
		if i := strings.IndexByte(s[aStart:pathEnd], '/'); i >= 0 {
			aEnd = aStart + i
		}
		f.cauth(&b, s, aStart, aEnd, coarse)
		pos = aEnd
	}
	p := b.open(rPath, pos)
	if pos < pathEnd && !coarse {
		segStart := pos
		if s[pos] == '/' {
			b.n[p].flags = 1
			segStart++
		}
		for {
			segEnd := pathEnd
			if i := strings.IndexByte(s[segStart:pathEnd], '/'); i >= 0 {
				segEnd = segStart + i
			}
			b.leaf(rSegment, segStart, segEnd)
			if segEnd == pathEnd {
				break
			}
			segStart = segEnd + 1
		}
	}
	b.close(p, pathEnd)
	if q >= 0 {
		b.leaf(rQuery, q+1, end)
	}
	if frag >= 0 {
		b.leaf(rFragment, frag+1, len(s))
	}
	b.close(root, len(s))
	return ctree{s, b.n}
}

func (f *fast2396) cauth(b *cb, s string, start, stop int, coarse bool) {
	a := b.open(rAuthority, start)
	defer b.close(a, stop)
	text := s[start:stop]
	if !f.server.Valid(text) {
		b.leaf(rRegName, start, stop)
		return
	}
	sv := b.open(rServer, start)
	defer b.close(sv, stop)
	if text == "" {
		return
	}
	hStart := start
	if i := strings.IndexByte(text, '@'); i >= 0 {
		b.leaf(rUserinfo, start, start+i)
		hStart = start + i + 1
	}
	hEnd := stop
	if s[hStart] == '[' {
		hEnd = hStart + strings.IndexByte(s[hStart:stop], ']') + 1
	} else if i := strings.IndexByte(s[hStart:stop], ':'); i >= 0 {
		hEnd = hStart + i
	}
	h := b.open(rHost, hStart)
	ht := s[hStart:hEnd]
	switch {
	case coarse:
		if ht[0] != '[' && f.ipv4.Valid(ht) {
			b.n[h].flags = 1 // the kind, not the octets
		}
	case ht[0] == '[':
		r := b.open(rIPv6Ref, hStart)
		b.leaf(rIPv6, hStart+1, hEnd-1)
		b.close(r, hEnd)
	case f.ipv4.Valid(ht):
		r := b.open(rIPv4, hStart)
		o := hStart
		for k := 0; k < 4; k++ {
			e := hEnd
			if i := strings.IndexByte(s[o:hEnd], '.'); i >= 0 {
				e = o + i
			}
			b.leaf(rOctet, o, e)
			o = e + 1
		}
		b.close(r, hEnd)
	default:
		hn := b.open(rHostname, hStart)
		labelsEnd := hEnd
		if strings.HasSuffix(ht, ".") {
			labelsEnd--
		}
		o := hStart
		for {
			e := labelsEnd
			if i := strings.IndexByte(s[o:labelsEnd], '.'); i >= 0 {
				e = o + i
			}
			b.leaf(rLabel, o, e)
			if e == labelsEnd {
				break
			}
			o = e + 1
		}
		b.close(hn, hEnd)
	}
	b.close(h, hEnd)
	if hEnd < stop {
		b.leaf(rPort, hEnd+1, stop)
	}
}

var layoutLines = sync.OnceValue(func() []string {
	g := MustLookup("rfc2396bis-01")
	var out []string
	for _, s := range corpus.Lines(10000, 1) {
		if g.Valid(s) {
			out = append(out, s)
		}
	}
	return out
})

// The compact layout's trees have the typed tree's nodes, spans and order (same count, same spans in
// pre-order).
func TestCompactLayout(t *testing.T) {
	spikeLines := layoutLines()
	g := MustLookup("rfc2396bis-01")
	f := newFast2396(g.dfas)
	total, bytes := 0, 0
	for _, s := range spikeLines {
		tree, _ := g.Parse(s)
		var spans [][2]int
		ast.Inspect(tree, func(n ast.Node) bool {
			if n != nil {
				spans = append(spans, [2]int{n.Pos(), n.End()})
			}
			return true
		})
		c := f.compact(s, nil, false)
		if len(c.nodes) != len(spans) {
			t.Fatalf("%q: %d compact nodes, %d typed", s, len(c.nodes), len(spans))
		}
		for i, n := range c.nodes {
			if int(n.start) != spans[i][0] || int(n.end) != spans[i][1] {
				t.Fatalf("%q node %d: [%d,%d) vs %v", s, i, n.start, n.end, spans[i])
			}
		}
		total += len(c.nodes)
		bytes += cap(c.nodes) * 12
	}
	t.Logf("%d lines, %.1f nodes/tree, %.0f bytes/tree (block capacity)", len(spikeLines), float64(total)/float64(len(spikeLines)), float64(bytes)/float64(len(spikeLines)))
}

var layoutSink []cnode

// BenchmarkTreeLayouts, on the valid lines of the benchmark corpus: net/url.Parse (the
// baseline); today's Grammar.Parse; Valid followed by a compact block of an estimated size
// (one allocation, sometimes two); the same block reused (a Parser: no allocation); built in
// a reused block and copied into one of the exact size; the same with component nodes only
// (no segments, labels, octets: those would be computed on demand); Valid alone; and a
// 192-byte allocation alone, the floor of any tree that is allocated.
func BenchmarkTreeLayouts(b *testing.B) {
	spikeLines := layoutLines()
	g := MustLookup("rfc2396bis-01")
	f := newFast2396(g.dfas)
	run := func(name string, fn func(string)) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				for _, s := range spikeLines {
					fn(s)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(spikeLines)), "ns/url")
		})
	}
	run("net-url", func(s string) { _, _ = url.Parse(s) })
	run("typed-Parse-today", func(s string) { _, _ = g.Parse(s) })
	run("compact-estimated-block", func(s string) {
		if g.startDFA.Valid(s) {
			_ = f.compact(s, nil, false)
		}
	})
	var buf []cnode
	run("compact-reused-block", func(s string) {
		if g.startDFA.Valid(s) {
			t := f.compact(s, buf, false)
			buf = t.nodes
		}
	})
	run("components-only-exact-block", func(s string) {
		if g.startDFA.Valid(s) {
			t := f.compact(s, buf, true)
			buf = t.nodes
			layoutSink = append([]cnode(nil), t.nodes...)
		}
	})
	run("valid-only", func(s string) { _ = g.startDFA.Valid(s) })
	run("allocation-only-192B", func(s string) { layoutSink = make([]cnode, 0, 16) })
	run("compact-exact-block", func(s string) {
		if g.startDFA.Valid(s) {
			t := f.compact(s, buf, false)
			buf = t.nodes
			layoutSink = append([]cnode(nil), t.nodes...)
		}
	})
}
