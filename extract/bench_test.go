package extract_test

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"mvdan.cc/xurls/v2"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/extract"
)

// repeatReader reads n bytes of pattern repeated, without holding them.
type repeatReader struct {
	pattern []byte
	n, off  int64
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.off >= r.n {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && r.off < r.n {
		c := copy(p[k:min(len(p), k+int(r.n-r.off))], r.pattern[r.off%int64(len(r.pattern)):])
		k += c
		r.off += int64(c)
	}
	return k, nil
}

// adversarial families: inputs that would make a careless extractor quadratic or make it
// hold the whole input (one line of 100 MB, a million "<"), with or without references.
var adversarial = []struct {
	name, pattern string
	prefix        string // once, before the pattern
	relative      bool
}{
	{name: "no-newline", pattern: "a"},
	{name: "zeros", pattern: "\x00"},
	{name: "open-angle", pattern: "<"},
	{name: "close-angle", pattern: ">"},
	{name: "url-angle", pattern: "<URL:"},
	{name: "double-quote", pattern: `"`},
	{name: "single-quote", pattern: `' `},
	{name: "open-paren", pattern: "("},
	{name: "markdown-open", pattern: "]("},
	{name: "markdown-open-relative", pattern: "](", relative: true},
	{name: "colons", pattern: "a:"},
	{name: "scheme-slashes", pattern: "ab://"},
	{name: "hyphen-lines", pattern: "-\n"},
	{name: "hyphen-words", pattern: "a-\n"},
	{name: "equals-in-tag", pattern: "href=", prefix: "<a ", relative: true},
	{name: "one-long-reference", pattern: "a", prefix: "http://example.com/"},
	{name: "long-hyphenated-reference", pattern: "a-\n", prefix: "http://example.com/"},
	{name: "angle-unclosed-reference", pattern: "a", prefix: "<http://example.com/"},
}

// TestBoundedMemory scans 16 MiB of every adversarial family and checks that what the scan
// allocates stays far below the input: the window (about 2 x MaxLength), and a few copies of
// each reference reported (at most MaxLength bytes each). It would fail for a scanner that
// reads the input whole or keeps a line.
func TestBoundedMemory(t *testing.T) {
	size := int64(16 << 20)
	if testing.Short() {
		size = 2 << 20 // the quick loop (docs/testing.md): still twice the 1 MiB allowance
	}
	for _, f := range adversarial {
		t.Run(f.name, func(t *testing.T) {
			r := io.MultiReader(strings.NewReader(f.prefix), &repeatReader{pattern: []byte(f.pattern), n: size})
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			refs := 0
			for _, err := range extract.References(r, extract.Options{Relative: f.relative}) {
				require.NoError(t, err)
				refs++
			}
			runtime.ReadMemStats(&after)
			alloc := after.TotalAlloc - before.TotalAlloc
			limit := uint64(1<<20 + refs*4*extract.DefaultMaxLength)
			t.Logf("%d references, %d bytes allocated for %d bytes of input", refs, alloc, size)
			require.Less(t, alloc, limit, "allocated %d bytes for a %d-byte input with %d references", alloc, size, refs)
		})
	}
}

// BenchmarkAdversarialExtract: ns/byte stays flat from 1 KiB to 16 MiB on every family
// (linear time). `make bench-adversarial` runs it.
func BenchmarkAdversarialExtract(b *testing.B) {
	for _, f := range adversarial {
		for _, size := range []int64{1 << 10, 64 << 10, 1 << 20, 16 << 20} {
			b.Run(fmt.Sprintf("%s/%dKiB", f.name, size>>10), func(b *testing.B) {
				b.SetBytes(size)
				for b.Loop() {
					r := io.MultiReader(strings.NewReader(f.prefix), &repeatReader{pattern: []byte(f.pattern), n: size})
					for range extract.References(r, extract.Options{Relative: f.relative}) {
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(size), "ns/byte")
			})
		}
	}
}

// realText is about 8 MB of real-looking text: the specifications' texts (plain text with
// URIs in angle brackets, quotes and bare), the README and docs/ (Markdown), the HTML and Markdown
// samples and the extract cases (logs, JSON, configuration), repeated.
func realText(b *testing.B) []byte {
	var files []string
	for _, g := range []string{"../testdata/spec/*.txt", "../testdata/text/*", "../README.md", "../docs/*.md", "testdata/cases.txt"} {
		m, err := filepath.Glob(g)
		require.NoError(b, err)
		files = append(files, m...)
	}
	var one bytes.Buffer
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(b, err)
		one.Write(data)
	}
	require.Greater(b, one.Len(), 100_000)
	return bytes.Repeat(one.Bytes(), 8<<20/one.Len()+1)
}

// BenchmarkExtract measures MB/s on real-looking text against mvdan.cc/xurls' Strict
// regular expression (the scheme-based extractor people use in Go) in the same run; with
// "+valid", each reference is also checked with the default grammar's Valid.
func BenchmarkExtract(b *testing.B) {
	text := realText(b)
	g, err := urlgrammar.Lookup(urlgrammar.DefaultGrammar)
	require.NoError(b, err)
	b.Run("urlgrammar", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		n := 0
		for b.Loop() {
			n = 0
			for range extract.References(bytes.NewReader(text), extract.Options{}) {
				n++
			}
		}
		b.ReportMetric(float64(n), "refs")
	})
	b.Run("urlgrammar+valid", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		valid := 0
		for b.Loop() {
			valid = 0
			for r := range extract.References(bytes.NewReader(text), extract.Options{}) {
				if g.Valid(r.Text) {
					valid++
				}
			}
		}
		b.ReportMetric(float64(valid), "valid")
	})
	b.Run("xurls-strict", func(b *testing.B) {
		re := xurls.Strict()
		b.SetBytes(int64(len(text)))
		n := 0
		for b.Loop() {
			n = len(re.FindAllIndex(text, -1))
		}
		b.ReportMetric(float64(n), "refs")
	})
}
