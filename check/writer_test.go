package check

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
)

// viaWrite and viaRun are what a Writer of cfg writes of the inputs (made anew for each run)
// with Run and Write for each record, and with Writer.Run; each is also the Writer's header
// and end (Close).
func viaWrite(t testing.TB, cfg Config, inputs func() []Input) string {
	var b bytes.Buffer
	w := NewWriter(&b, cfg)
	_, err := Run(context.Background(), cfg, inputs(), w.Write)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	return b.String()
}

func viaRun(t testing.TB, cfg Config, inputs func() []Input) string {
	var b bytes.Buffer
	w := NewWriter(&b, cfg)
	_, err := w.Run(context.Background(), inputs(), nil)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	return b.String()
}

// Writer.Run writes, byte for byte, what Run and Write for each record write: in every
// format, with one worker and several, with one grammar and every one, with Streamed jsonl
// records among held ones, with I/O error records, and lines across several batches.
func TestWriterRunWritesWhatWriteWrites(t *testing.T) {
	var all []*urlgrammar.Grammar
	for _, id := range urlgrammar.IDs() {
		all = append(all, urlgrammar.MustLookup(id))
	}
	var lines strings.Builder
	for i := range 2500 { // three batches of batchLines
		lines.WriteString([]string{"http://a/b?c#d\n", "a b\n", "\xff\n", "http://u:p@h:80/x y\n", "mailto:x@y\n"}[i%5])
	}
	inputs := func() []Input {
		return []Input{{Name: "f\t1", Reader: strings.NewReader(lines.String())},
			{Name: "r", Reader: &failAfter{s: "x:\ny z\npartial", err: errors.New("disk on fire")}},
			{Name: "half", Reader: iotest.HalfReader(strings.NewReader("http://a/\n%zz\n"))}}
	}
	for _, f := range []Format{Text, JSONL, TSV, SARIF, GitHub, NoFormat} {
		for _, jobs := range []int{1, 3} {
			for _, gs := range [][]*urlgrammar.Grammar{{urlgrammar.MustLookup(urlgrammar.DefaultGrammar)}, all} {
				cfg := Config{Grammars: gs, Format: f, Jobs: jobs, Paused: func() {}}
				want := viaWrite(t, cfg, inputs)
				require.Equal(t, want, viaRun(t, cfg, inputs), "%s, -j %d, %d grammars", f, jobs, len(gs))
				if f == JSONL && len(gs) == 1 && jobs == 1 {
					func() { // every record of a line over 2 bytes, or after 64 bytes of a batch's, Streamed
						defer func(a, b int) { streamAbove, batchOutput = a, b }(streamAbove, batchOutput)
						streamAbove, batchOutput = 2, 64
						require.Equal(t, want, viaWrite(t, cfg, inputs), "Streamed records, Write")
						require.Equal(t, want, viaRun(t, cfg, inputs), "Streamed records, Writer.Run")
					}()
				}
			}
		}
	}
}

// countingWriter counts the writes made to it.
type countingWriter struct {
	bytes.Buffer
	writes int
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.writes++
	return c.Buffer.Write(p)
}

// Writer.Run writes a batch of lines in one piece: 3,000 lines in tsv take a few writes (a
// batch ends at batchLines lines, or where a read of the input may block), where Write makes
// one a line.
func TestWriterRunWritesBatches(t *testing.T) {
	text := strings.Repeat("http://a/b\n", 3000)
	var c countingWriter
	w := NewWriter(&c, defaultConfig(TSV, 1))
	lines := 0
	sum, err := w.Run(context.Background(), []Input{{Name: "f", Reader: strings.NewReader(text)}}, func(r *Record) error {
		lines++
		assert.Equal(t, lines, r.Line, "each gets the records in order")
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, 3000, lines)
	assert.Equal(t, 3000, sum.Lines)
	assert.Less(t, c.writes, 30)
	assert.Equal(t, 3001, strings.Count(c.String(), "\n"))
}

// failingWriter fails every write after the first n bytes.
type failingWriter struct {
	n   int
	err error
	bytes.Buffer
}

func (f *failingWriter) Write(p []byte) (int, error) {
	if f.Len()+len(p) > f.n {
		return 0, f.err
	}
	return f.Buffer.Write(p)
}

// A write error stops Writer.Run, which returns it; so does an error of each, after the
// records of its batch are written.
func TestWriterRunStops(t *testing.T) {
	text := strings.Repeat("http://a/b\n", 5000)
	full := errors.New("disk full")
	fw := &failingWriter{n: 100 << 10, err: full}
	w := NewWriter(fw, defaultConfig(TSV, 1))
	called := 0
	_, err := w.Run(context.Background(), []Input{{Name: "f", Reader: strings.NewReader(text)}}, func(*Record) error {
		called++
		return nil
	})
	require.ErrorIs(t, err, full)
	assert.Less(t, called, 5000, "no record after the failed write")
	assert.ErrorIs(t, w.Close(), full)

	stop := errors.New("enough")
	var b bytes.Buffer
	w = NewWriter(&b, defaultConfig(TSV, 1))
	sum, err := w.Run(context.Background(), []Input{{Name: "f", Reader: strings.NewReader(text)}}, func(r *Record) error {
		if r.Line == 10 {
			return stop
		}
		return nil
	})
	require.ErrorIs(t, err, stop)
	assert.Equal(t, 10, sum.Lines, "the summary counts the records up to the one that stopped")
	// The header and the batch of line 10, whole rows: what Write writes of the same lines.
	rows := strings.Count(b.String(), "\n") - 1
	assert.True(t, rows >= 10 && rows <= batchLines, "%d rows", rows)
	whole := viaWrite(t, defaultConfig(TSV, 1), func() []Input { return []Input{{Name: "f", Reader: strings.NewReader(text)}} })
	assert.True(t, strings.HasPrefix(whole, b.String()), "a prefix of what Write writes")
}

// NoFailures leaves the summary's causes out and changes nothing else: the same verdicts,
// errors and renderings (tsv and text with several grammars still name each grammar's cause).
// Without a format, an invalid line's error is then not explained by the check.
func TestNoFailures(t *testing.T) {
	two := []*urlgrammar.Grammar{urlgrammar.MustLookup("rfc3986"), urlgrammar.MustLookup("rfc2396bis-01")}
	text := "http://a/b\na b\nhttp://a/%zz\n\xff\nhttp://[::1/\n"
	for _, f := range []Format{NoFormat, Text, TSV, JSONL} {
		for _, gs := range [][]*urlgrammar.Grammar{two[:1], two} {
			cfg := Config{Grammars: gs, Format: f, Jobs: 1}
			want, wantSum := collect(t, cfg, []Input{{Name: "f", Reader: strings.NewReader(text)}})
			cfg.NoFailures = true
			var explained []bool
			got, sum := collect(t, cfg, []Input{{Name: "f", Reader: strings.NewReader(text)}})
			_, err := Run(context.Background(), cfg, []Input{{Name: "f", Reader: strings.NewReader(text)}}, func(r *Record) error {
				explained = append(explained, r.causes != nil)
				return nil
			})
			require.NoError(t, err)
			require.Len(t, got, len(want))
			for i := range want {
				assert.Equal(t, string(want[i].Out), string(got[i].Out), "%s, %d grammars, line %d", f, len(gs), i+1)
				assert.Equal(t, want[i].Valid(), got[i].Valid())
				for j := range want[i].Results {
					assert.Equal(t, Cause(want[i].Results[j].Err), Cause(got[i].Results[j].Err))
				}
				if f == NoFormat {
					assert.False(t, explained[i], "line %d: no cause made without a format", i+1)
				}
			}
			assert.NotEmpty(t, wantSum.Failures)
			assert.Empty(t, sum.Failures, "%s, %d grammars", f, len(gs))
			assert.Empty(t, sum.Examples)
			wantSum.Failures, wantSum.Examples = sum.Failures, sum.Examples
			wantSum.noFailures = true
			assert.Equal(t, wantSum, sum, "the other counts")
		}
	}
}

// Config.Render renders each record in the worker that checks it: Out is what the function
// appends, byte for byte what it appends to an empty buffer in emit, for every record
// (those it leaves out have an empty Out), with one worker and several, across batches and
// with I/O error records; it may append to a buffer that holds earlier records' output.
// Render and a Format together are refused.
func TestRenderInWorkers(t *testing.T) {
	var lines strings.Builder
	for i := range 2500 { // three batches of batchLines
		lines.WriteString([]string{"http://a/b?c#d\n", "a b\n", "\xff\n", "http://u:p@h:80/x y\n", "g:h\n"}[i%5])
	}
	inputs := func() []Input {
		return []Input{{Name: "f", Reader: strings.NewReader(lines.String())},
			{Name: "r", Reader: &failAfter{s: "x:\ny z\npartial", err: errors.New("disk on fire")}}}
	}
	gs := []*urlgrammar.Grammar{urlgrammar.MustLookup("rfc3986"), urlgrammar.MustLookup("url-syntax-05")}
	names := [2]string{"rfc3986", "url-syntax-05"}
	render := func(b []byte, r *Record) []byte {
		if r.IOErr == nil && PartitionOf(r) == Both {
			return b
		}
		return AppendDiffRecord(b, Text, r, names)
	}
	for _, jobs := range []int{1, 3} {
		cfg := Config{Grammars: gs, Jobs: jobs, Render: render}
		records, empty := 0, 0
		_, err := Run(context.Background(), cfg, inputs(), func(r *Record) error {
			records++
			want := render(nil, r)
			if len(want) == 0 {
				empty++
			}
			if !bytes.Equal(r.Out, want) {
				return fmt.Errorf("-j %d, %s:%d: Out %q, rendered in emit %q", jobs, r.File, r.Line, r.Out, want)
			}
			return nil
		})
		require.NoError(t, err)
		assert.Equal(t, 2500+3, records, "-j %d", jobs)
		assert.Equal(t, 1001, empty, "-j %d: the records of lines both accept (http://a/b?c#d, g:h, x:), left out", jobs)
	}
	_, err := Run(context.Background(), Config{Grammars: gs, Format: Text, Render: render}, inputs(), nil)
	assert.EqualError(t, err, "check: both a Format and a Render")
}
