package check

import (
	"bytes"
	"context"
	"hash/maphash"
	"io"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/warn"
)

// maxPiece is a writer that remembers the largest single Write.
type maxPiece struct{ max, total int }

func (m *maxPiece) Write(p []byte) (int, error) {
	m.max, m.total = max(m.max, len(p)), m.total+len(p)
	return len(p), nil
}

// Memory per line is a multiple of the line, whatever the format: a jsonl record of a 1 MiB
// line (its JSON is 35 MB with one grammar, 37 MB more with each other one) is written in pieces
// (Streamed), never held whole. Measured as the bytes allocated to check the line and write
// its record, which bound what can be held at once. Most of it is each grammar's tree (8
// bytes a node, about one node per two bytes here, grown by append: 5x its size allocated),
// parsed one grammar at a time.
func TestMemoryPerLineBounded(t *testing.T) {
	line := "http://a/" + strings.Repeat("a/", (urlgrammar.MaxInputLength-16)/2)
	// A grammar with predicates (whatwg-url) builds the line's tree for Valid too (its
	// predicates read the tree's nodes, in a block of a node a byte: 8 bytes a byte), and one
	// within others (web-safe) the tree of each of those too: each is measured on its own,
	// with all tsv's bound and 8 more for each tree.
	type memCase struct {
		name     string
		grammars []*urlgrammar.Grammar
		format   Format
		bound    int // times the line
	}
	var all []*urlgrammar.Grammar
	var trees []memCase
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		if !g.HasPredicates() && !g.HasWithin() {
			all = append(all, g)
			continue
		}
		n := len(g.Within())
		if g.HasPredicates() {
			n++
		}
		trees = append(trees, memCase{id + " tsv", []*urlgrammar.Grammar{g}, TSV, 12 + 8*n})
	}
	r3986 := []*urlgrammar.Grammar{urlgrammar.MustLookup("rfc3986")}
	for _, c := range append([]memCase{
		{"rfc3986 jsonl", r3986, JSONL, 40},
		{"all jsonl", all, JSONL, 30 * len(all)},
		{"rfc3986 text", r3986, Text, 10},
		{"all tsv", all, TSV, 12},
	}, trees...) {
		t.Run(c.name, func(t *testing.T) {
			cfg := Config{Grammars: c.grammars, Format: c.format, Jobs: 1, AST: true}
			var w maxPiece
			var before, after runtime.MemStats
			for _, g := range c.grammars {
				g.Valid("http://a/") // what a grammar makes on first use (web-safe's automaton) is no line's cost
			}
			runtime.GC()
			runtime.ReadMemStats(&before)
			_, err := Run(context.Background(), cfg, []Input{{Name: "f", Reader: strings.NewReader(line + "\n")}}, func(r *Record) error {
				assert.Equal(t, c.format == JSONL, r.Streamed())
				_, err := r.WriteTo(&w)
				return err
			})
			runtime.ReadMemStats(&after)
			require.NoError(t, err)
			alloc := after.TotalAlloc - before.TotalAlloc
			t.Logf("%s: a %d-byte line: %d bytes of output, %d allocated (%.1fx the line), largest write %d",
				c.name, len(line), w.total, alloc, float64(alloc)/float64(len(line)), w.max)
			assert.Less(t, alloc, uint64(c.bound*len(line)), "bytes allocated")
			if c.format == JSONL {
				assert.Greater(t, w.total, 30*len(line), "the record is written whole")
				// A piece is a chunk and at most one text of the line (the input, a component,
				// a node's text), escaped: here twice the line at most.
				assert.LessOrEqual(t, w.max, 2*len(line)+64*1024)
			}
		})
	}
}

// parse --json writes its record in pieces too (WriteJSON). ParseRecord's components and
// parts (a map, with every segment of the path) are most of what is allocated.
func TestWriteJSONInPieces(t *testing.T) {
	g := urlgrammar.MustLookup("rfc3986")
	line := "http://a/" + strings.Repeat("a/", (urlgrammar.MaxInputLength-16)/2)
	tree, err := g.Parse(line)
	require.NoError(t, err)
	var w maxPiece
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	require.NoError(t, WriteJSON(&w, ParseRecord(g, line, tree, nil)))
	runtime.ReadMemStats(&after)
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("%d bytes written, %d allocated (%.1fx the line)", w.total, alloc, float64(alloc)/float64(len(line)))
	assert.Less(t, alloc, uint64(50*len(line)))
	assert.Greater(t, w.total, 30*len(line))
	small, err := g.Parse("http://a/b")
	require.NoError(t, err)
	var b strings.Builder
	require.NoError(t, WriteJSON(&b, ParseRecord(g, "http://a/b", small, nil)))
	assert.Equal(t, string(AppendJSON(nil, ParseRecord(g, "http://a/b", small, nil))), b.String())
	// A small record's pieces are written from a buffer that serves the next record: 1,000
	// of them allocate a few KB, not a 64 KB buffer each (parse --json spent half its time
	// collecting those).
	if raceDetector {
		t.Log("the small records' allocation is not counted under the race detector: its sync.Pool drops buffers at random")
		return
	}
	rec := ParseRecord(g, "http://a/b", small, nil)
	require.NoError(t, WriteJSON(io.Discard, rec))
	runtime.ReadMemStats(&before)
	for range 1000 {
		require.NoError(t, WriteJSON(io.Discard, rec))
	}
	runtime.ReadMemStats(&after)
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1000*1024), "bytes allocated by 1,000 small records")
}

// A Streamed record is byte for byte the record held whole, for lines long enough that every
// field and the tree are written in several pieces: long paths, queries, hosts, userinfo,
// fragments, invalid UTF-8 (inputBase64), invalid lines, with warnings, with one grammar and
// with all.
func TestStreamedRecordsMatchHeld(t *testing.T) {
	n := 3 * ast.JSONChunk
	lines := []string{
		"http://a/" + strings.Repeat("a/", n/2),
		"http://u:p@a/?" + strings.Repeat("q=%41&", n/6) + "#" + strings.Repeat("f", n),
		"http://" + strings.Repeat("a.", n/2) + "b:8080/",
		"http://" + strings.Repeat("u", n) + "@h/\xff",
		"http://a/" + strings.Repeat("a/", n/2) + " x",
		"ftp://a/" + strings.Repeat("%7e/", n/4) + ";type=d",
		"mailto:" + strings.Repeat("x", n) + "@example.com",
		"http://a/b",
	}
	in := strings.Join(lines, "\n") + "\n"
	var all []*urlgrammar.Grammar
	for _, id := range urlgrammar.IDs() {
		all = append(all, urlgrammar.MustLookup(id))
	}
	for _, cfg := range []Config{
		{Grammars: []*urlgrammar.Grammar{urlgrammar.MustLookup("rfc3986")}, Format: JSONL, AST: true, Warnings: warn.Set{warn.Userinfo: true, warn.Password: true, warn.Port: true}},
		{Grammars: all, Format: JSONL, AST: true},
		{Grammars: all[:1], Format: JSONL, AST: true},
		{Grammars: all, Format: JSONL},
	} {
		var outs [2]lineDigests // the outputs run to 150 MB: their lines' digests are compared
		for k, stream := range []bool{false, true} {
			func() {
				defer func(a, o int) { streamAbove, batchOutput = a, o }(streamAbove, batchOutput)
				if stream {
					streamAbove = 0
				} else {
					streamAbove, batchOutput = 1<<30, math.MaxInt // nothing streamed, one batch
				}
				_, err := Run(context.Background(), cfg, []Input{{Name: "f", Reader: strings.NewReader(in)}}, func(r *Record) error {
					require.Equal(t, stream, r.Streamed())
					_, err := r.WriteTo(&outs[k])
					return err
				})
				require.NoError(t, err)
				require.Zero(t, outs[k].n, "the output ends with a line's end")
			}()
		}
		require.Len(t, outs[0].lines, len(lines))
		require.Equal(t, outs[0].lines, outs[1].lines, "%d grammars: the lines' lengths and digests, held and streamed", len(cfg.Grammars))
	}
}

// lineDigests is a writer that keeps, for each line written to it, its length and its
// digest (hash/maphash, one seed for the process).
type lineDigests struct {
	h     maphash.Hash
	n     uint64 // the bytes of the line not ended yet
	lines []struct{ len, sum uint64 }
}

var digestSeed = maphash.MakeSeed()

func (d *lineDigests) Write(p []byte) (int, error) {
	if d.n == 0 && d.lines == nil {
		d.h.SetSeed(digestSeed)
	}
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			d.h.Write(p)
			d.n += uint64(len(p))
			break
		}
		d.h.Write(p[:i+1])
		d.lines = append(d.lines, struct{ len, sum uint64 }{d.n + uint64(i+1), d.h.Sum64()})
		d.h.Reset()
		d.n = 0
		p = p[i+1:]
	}
	return n, nil
}

// A Streamed record is written from a buffer that serves the next one, as WriteJSON's: 1,000
// small records streamed (as check -g all --ast streams most of its records, past a batch's
// BatchOutput) allocate what their trees and records need, not a 64 KB buffer each.
func TestStreamedRecordsShareBuffers(t *testing.T) {
	if raceDetector {
		t.Skip("not counted under the race detector: its sync.Pool drops buffers at random")
	}
	defer func(a int) { streamAbove = a }(streamAbove)
	streamAbove = 0
	in := strings.Repeat("http://a/b?q#f\n", 1000)
	cfg := Config{Grammars: []*urlgrammar.Grammar{urlgrammar.MustLookup("rfc3986")}, Format: JSONL, AST: true}
	run := func() {
		streamed := 0
		_, err := Run(context.Background(), cfg, []Input{{Name: "f", Reader: strings.NewReader(in)}}, func(r *Record) error {
			if r.Streamed() {
				streamed++
			}
			_, err := r.WriteTo(io.Discard)
			return err
		})
		require.NoError(t, err)
		require.Equal(t, 1000, streamed)
	}
	run()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	run()
	runtime.ReadMemStats(&after)
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("%d bytes allocated by 1,000 streamed records", alloc)
	assert.Less(t, alloc, uint64(1000*1024), "bytes allocated by 1,000 streamed records")
}
