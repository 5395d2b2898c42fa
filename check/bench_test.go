package check

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/warn"
)

// BenchmarkRun is the checker end to end with one worker (-j 1): reading, checking and
// rendering 10,000 lines per op, in each format (and in text with --warn all), on two corpora: the generated valid lines
// of the package benchmarks, and text-shaped lines about half of which are invalid
// (corpus.TextLines). It reports lines/s per core; compare formats and corpora within one
// run (make bench-check).
func BenchmarkRun(b *testing.B) {
	g := urlgrammar.MustLookup(urlgrammar.DefaultGrammar)
	var valid []string
	for _, l := range corpus.Lines(20000, 1) {
		if g.Valid(l) && len(valid) < 10000 {
			valid = append(valid, l)
		}
	}
	corpora := []struct {
		name  string
		lines []string
	}{
		{"all-valid", valid},
		{"text-half-invalid", corpus.TextLines(10000, 1)},
	}
	for _, c := range corpora {
		text := strings.Join(c.lines, "\n") + "\n"
		for _, v := range []struct {
			name   string
			format Format
			warn   bool
		}{{"text", Text, false}, {"tsv", TSV, false}, {"jsonl", JSONL, false}, {"text-warn-all", Text, true}} {
			b.Run(v.name+"/"+c.name, func(b *testing.B) {
				cfg := defaultConfig(v.format, 1)
				if v.warn {
					cfg.Warnings, _ = warn.ParseSet("all")
				}
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					n := 0
					_, err := Run(context.Background(), cfg, []Input{{Name: "x", Reader: strings.NewReader(text)}}, func(r *Record) error {
						n++
						return nil
					})
					if err != nil || n != len(c.lines) {
						b.Fatalf("%d records for %d lines: %v", n, len(c.lines), err)
					}
				}
				b.ReportMetric(float64(b.N*len(c.lines))/b.Elapsed().Seconds(), "lines/s")
				b.ReportMetric(0, "ns/op")
			})
		}
	}
}

// BenchmarkNetURLLoop is the baseline of BenchmarkRun: a loop of net/url.Parse over the same
// lines, in lines/s (it explains no error and writes nothing).
func BenchmarkNetURLLoop(b *testing.B) {
	for _, c := range []struct {
		name  string
		lines []string
	}{{"all-lines", corpus.Lines(10000, 1)}, {"text-half-invalid", corpus.TextLines(10000, 1)}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				for _, l := range c.lines {
					_, _ = url.Parse(l)
				}
			}
			b.ReportMetric(float64(b.N*len(c.lines))/b.Elapsed().Seconds(), "lines/s")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// BenchmarkInputFormats is the checker end to end (-j 1, tsv) on the same 10,000 corpus lines
// held as each input format: plain lines, CDXJ index lines, WARC records (one request
// record each, with its WARC-Target-URI) and a Parquet file of Common Crawl's columns (its url
// column, zstd-compressed as cc-index is); lines/s per core, to compare within one run:
// go test -run '^$' -bench InputFormats -benchmem ./check.
func BenchmarkInputFormats(b *testing.B) {
	lines := corpus.Lines(10000, 1)
	var text, cdxj, warc strings.Builder
	var rows []ccRow
	for i, l := range lines {
		text.WriteString(l + "\n")
		u, _ := json.Marshal(l)
		fmt.Fprintf(&cdxj, "com,example)/%d 20240101000000 {\"url\":%s,\"status\":\"200\"}\n", i, u)
		warc.WriteString(warcRecord("request", l, ""))
		l := l
		rows = append(rows, ccRow{URLSurtKey: "k", URL: &l, FetchStatus: 200})
	}
	var pq bytes.Buffer
	w := parquet.NewGenericWriter[ccRow](&pq, parquet.Compression(&parquet.Zstd))
	if _, err := w.Write(rows); err != nil {
		b.Fatal(err)
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		format InputFormat
		data   []byte
	}{
		{"lines", LineInput, []byte(text.String())},
		{"cdxj", CDXJ, []byte(cdxj.String())},
		{"warc", WARC, []byte(warc.String())},
		{"parquet", Parquet, pq.Bytes()},
	} {
		b.Run(c.name, func(b *testing.B) {
			cfg := defaultConfig(TSV, 1)
			cfg.Input = c.format
			b.SetBytes(int64(len(c.data)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				n := 0
				_, err := Run(context.Background(), cfg, []Input{{Name: "x", Reader: bytes.NewReader(c.data)}}, func(r *Record) error {
					n++
					return nil
				})
				if err != nil || n != len(lines) {
					b.Fatalf("%d records for %d lines: %v", n, len(lines), err)
				}
			}
			b.ReportMetric(float64(b.N*len(lines))/b.Elapsed().Seconds(), "lines/s")
			b.ReportMetric(0, "ns/op")
		})
	}
}
