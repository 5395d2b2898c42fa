package check

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/warn"
)

func defaultConfig(format Format, jobs int) Config {
	return Config{Grammars: []*urlgrammar.Grammar{urlgrammar.MustLookup(urlgrammar.DefaultGrammar)}, Format: format, Jobs: jobs}
}

// collect runs a check and returns its records (copied, each with its whole rendering in
// Out, as WriteTo writes it) and summary.
func collect(t testing.TB, cfg Config, inputs []Input) ([]Record, *Summary) {
	var recs []Record
	sum, err := Run(context.Background(), cfg, inputs, func(r *Record) error {
		c := r.Clone()
		var out bytes.Buffer
		if _, err := r.WriteTo(&out); err != nil {
			return err
		}
		if !r.Streamed() {
			require.Equal(t, string(r.Out), out.String(), "WriteTo writes Out")
		}
		c.Out = out.Bytes()
		recs = append(recs, c)
		return nil
	})
	require.NoError(t, err)
	return recs, sum
}

// An I/O error is a record at its place; the inputs after it are checked in full.
func TestRunIOErrorRecords(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.txt")
	require.NoError(t, os.WriteFile(a, []byte("http://a/\na b\n"), 0o644))
	inputs := []Input{
		{Name: a},
		{Name: filepath.Join(dir, "missing")},
		{Name: dir}, // a directory opens, and fails on read
		{Name: "-"},
		{Name: "r", Reader: &failAfter{s: "x:\ny:\npartial", err: errors.New("disk on fire")}},
	}
	cfg := defaultConfig(JSONL, 3)
	cfg.Stdin = strings.NewReader("s:\n")
	recs, sum := collect(t, cfg, inputs)
	var got []string
	for _, r := range recs {
		if r.IOErr != nil {
			got = append(got, fmt.Sprintf("%s:%d: error", filepath.Base(r.File), r.Line))
		} else {
			got = append(got, fmt.Sprintf("%s:%d: %s %v", filepath.Base(r.File), r.Line, r.Input, r.Valid()))
		}
	}
	assert.Equal(t, []string{
		"a.txt:1: http://a/ true", "a.txt:2: a b false",
		"missing:0: error",
		filepath.Base(dir) + ":1: error",
		"-:1: s: true",
		"r:1: x: true", "r:2: y: true", "r:3: error",
	}, got)
	assert.Equal(t, 3, sum.IOErrors)
	assert.Equal(t, 5, sum.Lines)
	assert.Equal(t, 1, sum.Invalid)
	assert.Contains(t, string(recs[2].Out), `"ioError":"open `)
	assert.Contains(t, string(recs[7].Out), `"ioError":"disk on fire"`)
}

// Each file is closed when it has been read, not at the end of the run: the number of open
// descriptors stays flat over many files.
func TestRunClosesEachFile(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc/self/fd to count open files on this system")
	}
	dir := t.TempDir()
	var inputs []Input
	for i := 0; i < 200; i++ {
		name := filepath.Join(dir, fmt.Sprintf("%03d.txt", i))
		require.NoError(t, os.WriteFile(name, []byte("http://a/\n"), 0o644))
		inputs = append(inputs, Input{Name: name})
	}
	openFiles := func() int {
		fds, err := os.ReadDir("/proc/self/fd")
		require.NoError(t, err)
		return len(fds)
	}
	base := openFiles()
	most := 0
	_, err := Run(context.Background(), defaultConfig(Text, 2), inputs, func(r *Record) error {
		most = max(most, openFiles()-base)
		return nil
	})
	require.NoError(t, err)
	assert.LessOrEqual(t, most, 4, "files are closed as they are read")
}

// Cancelling the context while the input blocks (a pipe that stays open) finishes the lines
// already read and returns, marked interrupted: with one worker (which checks on the records'
// goroutine) and with several.
func TestRunInterruptedOnBlockingInput(t *testing.T) {
	for _, jobs := range []int{1, 2} {
		pr, pw := io.Pipe()
		defer pw.Close()
		ctx, cancel := context.WithCancel(context.Background())
		go func() {
			fmt.Fprint(pw, "http://a/\na b\nc:\n")
		}()
		seen := 0
		done := make(chan struct{})
		var sum *Summary
		var err error
		go func() {
			defer close(done)
			sum, err = Run(ctx, defaultConfig(JSONL, jobs), []Input{{Name: "-", Reader: pr}}, func(r *Record) error {
				seen++
				if seen == 3 {
					cancel()
				}
				return nil
			})
		}()
		select {
		case <-done:
		case <-time.After(time.Minute):
			t.Fatalf("-j %d: Run did not return after the context was cancelled", jobs)
		}
		require.NoError(t, err, "-j %d", jobs)
		assert.True(t, sum.Interrupted, "-j %d", jobs)
		assert.Equal(t, 3, seen, "-j %d: every line read before the interrupt has its record", jobs)
		assert.Equal(t, 3, sum.Lines, "-j %d", jobs)
	}
}

// An error from emit stops the run and is returned.
func TestRunEmitError(t *testing.T) {
	in := strings.Repeat("http://a/\n", 5000)
	for _, jobs := range []int{1, 4} {
		n := 0
		boom := errors.New("boom")
		_, err := Run(context.Background(), defaultConfig(Text, jobs), []Input{{Name: "x", Reader: strings.NewReader(in)}}, func(*Record) error {
			n++
			if n == 10 {
				return boom
			}
			return nil
		})
		assert.ErrorIs(t, err, boom, "-j %d", jobs)
		assert.Equal(t, 10, n, "-j %d", jobs)
	}
}

// -j is capped: a huge number of workers starts at most MaxJobs goroutines of work.
func TestRunCapsJobs(t *testing.T) {
	before := runtime.NumGoroutine()
	most := 0
	_, err := Run(context.Background(), defaultConfig(Text, 1_000_000), []Input{{Name: "x", Reader: strings.NewReader("a:\n")}}, func(*Record) error {
		most = runtime.NumGoroutine() - before
		return nil
	})
	require.NoError(t, err)
	assert.LessOrEqual(t, most, MaxJobs()+2)
}

func TestTSVRoundTrip(t *testing.T) {
	for _, s := range []string{"", "plain", "a\tb\nc\rd\\e", "\x00\x01\x7f", "\xff\x80", "héllo wörld", "\\x41", "\xe2\x82"} {
		field := string(AppendTSV(nil, s))
		assert.NotContains(t, field, "\t")
		assert.NotContains(t, field, "\n")
		back, err := UnescapeTSV(field)
		require.NoError(t, err)
		assert.Equal(t, s, back, "field %q", field)
	}
	_, err := UnescapeTSV(`a\`)
	assert.Error(t, err)
	_, err = UnescapeTSV(`\q`)
	assert.Error(t, err)
}

// A message written in a tsv record (SyntaxError.AppendMsgTSV) is AppendTSV of it, where it
// has bytes to escape (a tab, a backslash, a control or non-ASCII character found) and where
// it has none, and of a Clone's.
func TestTSVMessage(t *testing.T) {
	escaped := 0
	for _, id := range []string{"rfc3986", "rfc3987", "uri"} {
		p := urlgrammar.MustLookup(id).NewParser()
		for _, s := range []string{"http://a b/", "http://a\tb/", "http://a\\b/", "http://a\x00/", "http://a\xff/",
			"http://ü\u200e/", "tel:abc", "http://[::1/", "a b", "http://a/%zz"} {
			_, err := p.Parse(s)
			se, ok := err.(*urlgrammar.SyntaxError)
			if !ok {
				continue
			}
			want := string(AppendTSV([]byte("x\t"), se.Msg()))
			if want != "x\t"+se.Msg() {
				escaped++
			}
			assert.Equal(t, want, string(se.AppendMsgTSV([]byte("x\t"))), "%s on %q", id, s)
			assert.Equal(t, want, string(se.Clone().AppendMsgTSV([]byte("x\t"))), "%s on %q: Clone", id, s)
		}
	}
	assert.Greater(t, escaped, 3, "messages with bytes to escape")
}

func TestCause(t *testing.T) {
	g := urlgrammar.MustLookup("rfc2396bis-01")
	for in, want := range map[string]string{
		"a b":          "segment: unexpected space",
		"c d":          "segment: unexpected space",
		"http://a/%zz": "segment: unexpected letter",
		"http://a/%z":  "segment: unexpected letter",
		"http://a/%":   "segment: unexpected end of input",
		"\xff":         "URI-reference: unexpected invalid UTF-8",
		"a\x01":        "segment: unexpected control character",
		"é":            "URI-reference: unexpected non-ASCII character",
		"http://[::1":  "IPv6reference: unexpected end of input",
	} {
		_, err := g.Parse(in)
		require.Error(t, err, in)
		assert.Equal(t, want, Cause(err), in)
	}
	assert.Equal(t, ErrTooLong.Error(), Cause(ErrTooLong))
	assert.Equal(t, "", Cause(nil), "a valid line's")
	assert.Equal(t, ErrorDetail{Expected: []string{}}, NewErrorDetail(nil), "no error")
}

// FuzzCheckPipeline sends random line sets through the pipeline with one worker and with
// four (reading in small pieces), and with every jsonl record Streamed, with one grammar or
// all: one record per line, in order, with the verdict of Grammar.Valid, and the same
// rendering every way.
func FuzzCheckPipeline(f *testing.F) {
	f.Add("http://a/\na b\n\n//[::1]/x\r\n%zz", uint8(3))
	f.Add("\x00\n\xff\n"+strings.Repeat("g?y#s\n", 300), uint8(0))
	f.Add(strings.Repeat("a:b\n", 600)+"no newline", uint8(1))
	f.Add("http://a/b?c#d\nmailto:x@y\n\xff", uint8(0x41)) // -g all, jsonl
	f.Add("http://a/b?c#d\nmailto:x@y\n\xff", uint8(0xc1)) // -g all, jsonl with the ast
	f.Add("a b\n\xff\nhttp://u:p@h:25/\n", uint8(0x44))    // -g all, sarif
	f.Add("a b\n\xff\nhttp://u:p@h:25/\n", uint8(5))       // github
	f.Add("\ufeffhttp://a/\r\n\ufeffb", uint8(1))          // a byte order mark, then one inside a line
	var grammars []*urlgrammar.Grammar
	for _, id := range urlgrammar.IDs() {
		grammars = append(grammars, urlgrammar.MustLookup(id))
	}
	f.Fuzz(func(t *testing.T, in string, fmtSel uint8) {
		format := []Format{Text, JSONL, TSV, NoFormat, SARIF, GitHub}[fmtSel%6]
		var want []string
		err := EachLine(strings.NewReader(in), urlgrammar.MaxInputLength, func(n int, line []byte, tooLong bool) error {
			want = append(want, string(line))
			return nil
		})
		require.NoError(t, err)
		var outs [3][]byte
		for k, jobs := range []int{1, 4, 2} {
			// With four workers the input comes in halves of reads: a pause (Config.Paused)
			// after almost every read, and empty pause batches after full ones.
			var r io.Reader = strings.NewReader(in)
			cfg := defaultConfig(format, jobs)
			if fmtSel&0x40 != 0 { // -g all
				cfg.Grammars = grammars
			}
			cfg.AST = fmtSel&0x80 != 0
			if jobs == 4 {
				r = iotest.HalfReader(r)
				cfg.Paused = func() {}
			}
			if k == 2 { // every jsonl record of a line over 2 bytes, or after 64 bytes of a batch's, Streamed
				defer func(a, b int) { streamAbove, batchOutput = a, b }(streamAbove, batchOutput)
				streamAbove, batchOutput = 2, 64
			}
			recs, sum := collect(t, cfg, []Input{{Name: "f", Reader: r}})
			require.Len(t, recs, len(want), "one record per line (jobs %d)", jobs)
			for i, r := range recs {
				require.Equal(t, i+1, r.Line)
				require.Equal(t, want[i], r.Input)
				valid := false
				for _, gr := range cfg.Grammars {
					valid = valid || gr.Valid(want[i])
				}
				require.Equal(t, valid, r.Valid(), "line %d %q", i+1, want[i])
				outs[k] = append(outs[k], r.Out...)
			}
			require.Equal(t, len(want), sum.Lines)
			if k == 1 { // Writer.Run writes what Write writes, here with pauses between reads
				inputs := func() []Input { return []Input{{Name: "f", Reader: iotest.HalfReader(strings.NewReader(in))}} }
				require.Equal(t, viaWrite(t, cfg, inputs), viaRun(t, cfg, inputs), "Writer.Run")
			}
		}
		require.Equal(t, string(outs[0]), string(outs[1]), "-j 4 renders what -j 1 renders")
		require.Equal(t, string(outs[0]), string(outs[2]), "Streamed records render what held ones do")
	})
}

// Paused is called once the records of the lines read so far are emitted and the input would
// block: here after the first line's record, while the second line is not written yet.
func TestPausedOnSlowInput(t *testing.T) {
	for _, jobs := range []int{1, 2} { // one worker checks on the records' goroutine
		in, feed := io.Pipe()
		paused := make(chan int, 10)
		var emitted int
		cfg := Config{Grammars: []*urlgrammar.Grammar{urlgrammar.MustLookup("rfc3986")}, Jobs: jobs,
			Paused: func() { paused <- emitted }}
		done := make(chan error, 1)
		go func() {
			_, err := Run(context.Background(), cfg, []Input{{Name: "-", Reader: in}}, func(r *Record) error {
				emitted++
				return nil
			})
			done <- err
		}()
		_, err := feed.Write([]byte("http://a/\nhttp://b/\n"))
		require.NoError(t, err)
		select {
		case n := <-paused:
			assert.Equal(t, 2, n, "-j %d: both lines' records before the pause", jobs)
		case <-time.After(20 * time.Second):
			t.Fatalf("-j %d: no pause while the input waits", jobs)
		}
		_, err = feed.Write([]byte("http://c/\n"))
		require.NoError(t, err)
		require.NoError(t, feed.Close())
		require.NoError(t, <-done)
		assert.Equal(t, 3, emitted, "-j %d", jobs)
	}
}

// With several grammars, a tsv row of an invalid line says why: each grammar's cause, as
// the summary counts it (the message column was empty).
func TestTSVAllGrammarsMessage(t *testing.T) {
	var all []*urlgrammar.Grammar
	for _, id := range urlgrammar.IDs() {
		all = append(all, urlgrammar.MustLookup(id))
	}
	recs, _ := collect(t, Config{Grammars: all, Format: TSV, Jobs: 1}, []Input{{Name: "f", Reader: strings.NewReader("a b\nhttp://a/\n")}})
	require.Len(t, recs, 2)
	row := strings.Split(strings.TrimSuffix(string(recs[0].Out), "\n"), "\t")
	require.Len(t, row, 6)
	assert.Equal(t, "invalid", row[2])
	for _, g := range all {
		assert.Contains(t, row[4], g.ID()+": ", "the message names every grammar's cause")
	}
	assert.Contains(t, row[4], "rfc3986: segment: unexpected space")
	row = strings.Split(strings.TrimSuffix(string(recs[1].Out), "\n"), "\t")
	assert.Equal(t, []string{"f", "2", "valid"}, row[:3])
	assert.Empty(t, row[4], "a valid line has no message")
}

// FuzzCheckColumns: with Config.Column every line is one record, in order, with -j 1 and -j 3
// alike; its Input and Columns are the line's columns (the URL's put back where it was gives
// the line), or it has too few columns and says so.
func FuzzCheckColumns(f *testing.F) {
	f.Add("k\thttp://a/\tx\nk2\n\tb c\n", uint8(2))
	f.Add("\t\t\n\xff\ta\n", uint8(1))
	f.Fuzz(func(t *testing.T, in string, col uint8) {
		column := int(col%4) + 1
		var want []string
		require.NoError(t, EachLine(strings.NewReader(in), urlgrammar.MaxInputLength, func(n int, line []byte, tooLong bool) error {
			want = append(want, string(line))
			return nil
		}))
		var outs [2]string
		for k, jobs := range []int{1, 3} {
			cfg := defaultConfig(JSONL, jobs)
			cfg.Column = column
			recs, _ := collect(t, cfg, []Input{{Name: "f", Reader: strings.NewReader(in)}})
			require.Len(t, recs, len(want))
			for i, r := range recs {
				fields := strings.Split(want[i], "\t")
				var ce *ColumnError
				if len(fields) < column {
					require.ErrorAs(t, r.Results[0].Err, &ce, "line %q", want[i])
					require.Equal(t, fields, r.Columns)
				} else {
					back := append(append(append([]string{}, r.Columns[:column-1]...), r.Input), r.Columns[column-1:]...)
					require.Equal(t, want[i], strings.Join(back, "\t"))
				}
				outs[k] += string(r.Out)
			}
		}
		require.Equal(t, outs[0], outs[1])
	})
}

// Run reuses a record's memory once it is emitted, its errors' too; a Clone stays as it was. Over many
// batches, with one worker (on the records' goroutine) and two, the clones kept to the end
// still say what each line is, and the memory is reused (a record kept without Clone changes).
func TestCloneKeepsRecord(t *testing.T) {
	g := urlgrammar.MustLookup(urlgrammar.DefaultGrammar)
	lines := corpus.TextLines(12*batchLines, 3)
	for _, jobs := range []int{1, 2} {
		var clones, kept []Record
		_, err := Run(context.Background(), defaultConfig(Text, jobs), []Input{{Name: "x", Reader: strings.NewReader(strings.Join(lines, "\n") + "\n")}}, func(r *Record) error {
			clones, kept = append(clones, r.Clone()), append(kept, *r)
			return nil
		})
		require.NoError(t, err)
		require.Len(t, clones, len(lines))
		changed := 0
		for i, c := range clones {
			want := g.Match(g.Start(), lines[i])
			require.Equal(t, lines[i], c.Input)
			require.Equal(t, fmt.Sprint(want), fmt.Sprint(c.Results[0].Err), "-j %d, line %d", jobs, i+1)
			if want != nil {
				require.NotEmpty(t, c.Out, "-j %d, line %d", jobs, i+1)
			}
			if kept[i].Results[0].Err != c.Results[0].Err || string(kept[i].Out) != string(c.Out) {
				changed++
			}
		}
		require.Positive(t, changed, "-j %d: no record's memory was reused", jobs)
	}
}

// The summary's failures and examples are those counted from the records by their causes'
// texts, with one grammar and with several, on one worker and on several (the summary counts
// a cause it has seen by its worker's index), and with a cause that is no syntax error (a
// line too long).
func TestSummaryCountsCauses(t *testing.T) {
	lines := corpus.TextLines(6*batchLines, 5)
	lines = append(lines, strings.Repeat("a", urlgrammar.MaxInputLength+1), "a b")
	input := strings.Join(lines, "\n") + "\n"
	all := []*urlgrammar.Grammar{urlgrammar.MustLookup("rfc3986"), urlgrammar.MustLookup("rfc1738")}
	for _, grammars := range [][]*urlgrammar.Grammar{all[:1], all} {
		for _, jobs := range []int{1, 3} {
			cfg := Config{Grammars: grammars, Format: TSV, Jobs: jobs}
			failures, examples := map[string]int{}, map[string]string{}
			sum, err := Run(context.Background(), cfg, []Input{{Name: "x", Reader: strings.NewReader(input)}}, func(r *Record) error {
				if r.Valid() {
					return nil
				}
				for _, res := range r.Results {
					c := Cause(res.Err)
					if len(grammars) > 1 {
						c = res.Grammar.ID() + ": " + c
					}
					failures[c]++
					if _, ok := examples[c]; !ok {
						examples[c] = example(r.Input)
					}
				}
				return nil
			})
			require.NoError(t, err)
			require.Greater(t, len(failures), 20, "%d grammar(s), -j %d", len(grammars), jobs)
			require.Equal(t, failures, sum.Failures, "%d grammar(s), -j %d", len(grammars), jobs)
			require.Equal(t, examples, sum.Examples, "%d grammar(s), -j %d", len(grammars), jobs)
		}
	}
}

// A causeTable gives Cause of every error, and a cause it holds with no allocation.
func TestCauseTable(t *testing.T) {
	g := urlgrammar.MustLookup(urlgrammar.DefaultGrammar)
	var errs []error
	for _, s := range corpus.TextLines(3000, 4) {
		if err := g.Match(g.Start(), s); err != nil {
			errs = append(errs, err)
		}
	}
	errs = append(errs, errors.New("not a syntax error"), fmt.Errorf("wrapped: %w", g.Match(g.Start(), "a b")))
	var ct causeTable
	ids := map[string]int32{}
	for _, prefix := range []string{"", "rfc3986"} {
		for _, err := range errs {
			want := Cause(err)
			if prefix != "" {
				want = prefix + ": " + want
			}
			c := ct.of(prefix, err)
			require.Equal(t, want, c.text, "%v", err)
			if _, syntax := asSyntaxError(err); !syntax {
				require.Equal(t, int32(-1), c.id, "%v: not held", err)
				continue
			}
			require.Equal(t, c.text, ct.texts[c.id], "%v: the index of its text", err)
			if id, seen := ids[c.text]; seen {
				require.Equal(t, id, c.id, "%v: one index a cause", err)
			}
			ids[c.text] = c.id
		}
	}
	require.Greater(t, len(ct.m), 20)
	require.Less(t, len(ct.m), len(errs)/2, "causes repeat")
	if !raceDetector {
		require.Zero(t, testing.AllocsPerRun(100, func() { ct.of("", errs[0]) }), "a cause held costs no allocation")
		require.Zero(t, testing.AllocsPerRun(100, func() { ct.of("rfc3986", errs[0]) }), "a cause held costs no allocation")
	}
}

// asSyntaxError of no error (a valid line's, which tsv asks about) allocates nothing:
// errors.As's target escapes, and it cost an allocation on every valid line.
func TestAsSyntaxErrorOfNil(t *testing.T) {
	if raceDetector {
		t.Skip("TestAsSyntaxErrorOfNil: the race detector allocates")
	}
	require.Zero(t, testing.AllocsPerRun(100, func() { asSyntaxError(nil) }))
	wrapped := fmt.Errorf("x: %w", urlgrammar.MustLookup(urlgrammar.DefaultGrammar).Match("URI-reference", "a b"))
	se, ok := asSyntaxError(wrapped)
	require.True(t, ok)
	require.Equal(t, 1, se.Offset)
}

// appendLine writes strconv's decimal of every line number: counting up by one across
// carries (9, 99, 999), after jumps forward and back, after 0 and negative numbers.
func TestAppendLine(t *testing.T) {
	var r renderer
	rng := rand.New(rand.NewSource(3))
	n := 0
	for range 200000 {
		switch rng.Intn(50) {
		case 0:
			n = rng.Intn(2000000) - 1000
		case 1:
			n = -n
		case 2:
			n = 0
		default:
			n++
		}
		got := r.appendLine([]byte("x"), n)
		require.Equal(t, "x"+strconv.Itoa(n), string(got))
	}
	r = renderer{}
	for n := 1; n <= 100001; n++ {
		if got := string(r.appendLine(nil, n)); got != strconv.Itoa(n) {
			t.Fatalf("line %d written %q", n, got)
		}
	}
}

// With several grammars a line's warnings are the default grammar's reading when it accepts
// the line, else the first accepting grammar's that warn applies to (rfc1738's trees have
// none), whatever the order of the grammars.
func TestWarningsOfSeveralGrammars(t *testing.T) {
	gs := []*urlgrammar.Grammar{urlgrammar.MustLookup("rfc1738"), urlgrammar.MustLookup("rfc2396"), urlgrammar.MustLookup(urlgrammar.DefaultGrammar)}
	all, err := warn.ParseSet("all")
	require.NoError(t, err)
	in := "ftp://u:p@0x7f.1/\nftp://u:p@a/#[\n"
	recs, _ := collect(t, Config{Grammars: gs, Warnings: all, Jobs: 1}, []Input{{Name: "x", Reader: strings.NewReader(in)}})
	require.Len(t, recs, 2)
	var got [][]string
	for _, r := range recs {
		var ws []string
		for _, w := range r.Warnings {
			ws = append(ws, string(w.Kind)+" "+w.Section)
		}
		got = append(got, ws)
	}
	assert.Equal(t, [][]string{
		// rfc3986, the default, accepts it: RFC 3986's section 7.
		{"userinfo 7.6", "password 7.5", "rare-ip 7.4", "confusion WHATWG URL"},
		// rfc3986 rejects "[" in a fragment, rfc2396 accepts it: RFC 2396's section 7.
		{"password 7"},
	}, got)
}
