// Package check is urlgrammar's conformance checker as a library: it checks every line of a
// set of inputs (files, or any io.Reader) against one grammar or several, with parallel
// workers, and hands back one Record per line in input order, rendered in the format of
// `urlgrammar check` (text, jsonl or tsv) when asked, with a Summary. A Record is valid
// during the call that hands it over (Record.Clone keeps one): its memory serves later lines.
//
// Guarantees, whatever the input:
//   - every line gets exactly one Record, in input order, with any number of workers;
//   - an input that cannot be opened or read gets one Record with IOErr set, at its place in
//     the order (after the lines read before the error), and the inputs after it are still
//     checked;
//   - each file is closed as soon as it has been read;
//   - an input compressed with gzip, bzip2 or zstd is read as its text (found by its first
//     bytes, whatever its name); one compressed with xz is an I/O error record that says so;
//   - memory is bounded by the number of workers times the batch size (1,024 lines or 1 MiB of
//     lines, and 4 MiB of jsonl records), whatever the length of a line: a line over
//     urlgrammar.MaxInputLength is cut there and reported as too long, not checked; a jsonl
//     record of a line over 64 KiB (its tree's JSON is 35 times the line or more) is
//     rendered as it is written (Record.Streamed, Record.WriteTo), never held whole;
//   - when the context is cancelled, reading stops, the lines already read are finished and
//     handed over, and Run returns the Summary so far with Interrupted set.
package check

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/warn"
)

// Config says what Run checks and how it renders the records.
type Config struct {
	// Grammars are the grammars every line is checked against: one, or several (the CLI's
	// -g all). With several, a line is valid when at least one grammar accepts it.
	Grammars []*urlgrammar.Grammar
	// Rules, when set, holds for each grammar (in Grammars order) the rule a line must match
	// instead of the start rule ("" for the start rule), as Grammar.Match decides. A line
	// checked against another rule than the start rule has no tree: the formats that show
	// trees (jsonl) and Warnings are for start rules.
	Rules []string
	// Format, when set, makes every Record carry its rendering in Out.
	Format Format
	// Warnings are the warnings to report (package warn) on a valid line, as one grammar
	// reads it: the default grammar (urlgrammar.DefaultGrammar) when it is among Grammars and
	// accepts the line, else the first grammar of Grammars that accepts it and that warn
	// applies to (warn.Applies: generic grammars, scheme grammars); none otherwise.
	Warnings warn.Set
	// Colour paints the text format with ANSI colours.
	Colour bool
	// Jobs is the number of workers; 0 means one per CPU. It is capped at MaxJobs().
	Jobs int
	// Stdin is read for an Input named "-" without a Reader (nil: os.Stdin).
	Stdin io.Reader
	// AST adds each valid line's tree to its jsonl record ("ast", the grammar's own parse, as
	// parse --json gives it). Without it a record is the verdict, the components and the
	// parts: the tree repeats each node's text and is most of a record (1.2 KB of a URL's).
	AST bool
	// NoPlace leaves the file and the line out of jsonl and tsv records: the output of a split
	// input (GNU parallel, an engine's partitions) joins to the output of the whole, byte
	// for byte, where each part would number its lines from 1 (a key column says where a
	// record is from: Column).
	NoPlace bool
	// Input is how the inputs hold their URLs: lines (the default), CDX or CDXJ index lines,
	// WARC records or the rows of a Parquet file (InputFormat).
	Input InputFormat
	// ParquetColumn is the column of a Parquet input's URLs (a dotted path for a nested
	// column); "" is DefaultParquetColumn, url.
	ParquetColumn string
	// NoHeader leaves out the TSV header row: every output line is a record (an engine that
	// pipes lines through the checker needs one line out per line in).
	NoHeader bool
	// Column, when not 0, says that every line is tab-separated and its URL is column Column
	// (1-based): the other columns pass through to the Record (Columns) and its rendering
	// (jsonl: "columns"; tsv: first, as they are, and no header). A line with fewer columns
	// is a record whose error is a *ColumnError.
	Column int
	// NoFailures leaves the Summary's Failures and Examples empty, and so the naming of each
	// invalid line's error out of the check, unless the Format's rendering needs it (tsv and
	// text with several grammars write each one's cause): a caller that reads the verdicts
	// and not the causes (urlgrammar diff, whose summary counts reasons of its own, for the
	// lines one grammar accepts) saves most of the time an invalid line takes.
	NoFailures bool
	// Render, when set, renders each record in the worker that checks it, in place of Format
	// (which must be NoFormat): Out holds what it appends to b for the record (nothing, for a
	// record it does not show). It is called from several workers at once, and must not keep
	// r, nor b's bytes before len(b). A caller with a rendering of its own (urlgrammar diff's
	// records) gets it made in parallel, as Format's is, instead of in emit.
	Render func(b []byte, r *Record) []byte
	// Paused, when set, is called (in the goroutine that calls emit) after the records of the
	// lines read before a read that may block: the input has paused, and a caller that
	// buffers its output writes it now, so that a slow input (a pipe, tail -f) gets its
	// records as its lines come.
	Paused func()
}

// MaxJobs is the largest number of workers Run starts: four per CPU. More workers than that
// only add memory (each holds up to two batches in flight) for no speed.
func MaxJobs() int { return 4 * runtime.NumCPU() }

// An Input is one stream of lines. Run opens a file by Name when Reader is nil ("-" is
// Config.Stdin), and closes it when it has been read.
type Input struct {
	Name   string    // the file name records carry; "-" for standard input
	Reader io.Reader // or nil: open Name
}

// Files returns the Inputs of file names, "-" standing for standard input.
func Files(names ...string) []Input {
	in := make([]Input, len(names))
	for i, n := range names {
		in[i] = Input{Name: n}
	}
	return in
}

// A Record is the result for one line of input, or the I/O error of one input. It is valid
// during the emit call of Run that gives it (Clone keeps one).
type Record struct {
	File  string // Input.Name
	Line  int    // 1-based line number; for an I/O error, the line at which reading stopped (0: could not open)
	Input string // the line, without its line ending (cut at MaxInputLength when TooLong)
	// Columns are the other columns of a tab-separated line whose URL is one column
	// (Config.Column), in order, as they are; nil otherwise.
	Columns []string
	// TooLong is set for a line longer than urlgrammar.MaxInputLength, which is not checked:
	// its Input is the line's first MaxInputLength bytes (jsonl says "inputTruncated":true).
	TooLong bool
	// IOErr is set for the record of an input that could not be opened or read; such a
	// record has no Results.
	IOErr error
	// Results holds each grammar's verdict, in Config.Grammars order. A Result's
	// *urlgrammar.SyntaxError, as the rest of the record, is valid only during the emit
	// call: Run makes the errors of a batch of lines in memory it uses again (Clone copies
	// them).
	Results []Result
	// Warnings are the section 7 warnings of the line (Config.Warnings).
	Warnings []warn.Warning
	// Out is the record rendered in Config.Format (empty when the format prints nothing for
	// it, as text does for a valid line), except for a record that is too large to hold
	// (Streamed): WriteTo writes every record; or by Config.Render. It is valid only during
	// the emit call.
	Out []byte

	noPlace bool      // Config.NoPlace: rendered without its file and line
	noAST   bool      // not Config.AST: rendered without its tree
	causes  []cause   // summary keys of a line no grammar accepts, one per grammar
	worker  int32     // the worker that checked the line, whose causeTable made causes
	stream  *streamer // set during emit for a Streamed record
	// streamed: the record's rendering is made when it is written (WriteTo), not held in Out.
	streamed bool
}

// Clone returns a copy of the record that stays as it is after its emit call (Run reuses
// the record's memory): its Columns, Results, their syntax errors, Warnings and Out copied.
// A Streamed record's rendering is made when it is written, during the call: its copy has
// none (its Out is empty), and WriteTo writes nothing of it.
func (r *Record) Clone() Record {
	c := *r
	c.Columns = slices.Clone(r.Columns)
	c.Results = slices.Clone(r.Results)
	for i := range c.Results {
		if se, ok := c.Results[i].Err.(*urlgrammar.SyntaxError); ok {
			c.Results[i].Err = se.Clone() // the record's is in its batch's memory, used again
		}
	}
	c.Warnings = slices.Clone(r.Warnings)
	c.Out = slices.Clone(r.Out)
	c.causes = slices.Clone(r.causes)
	c.stream = nil
	return c
}

// Streamed reports whether the record is rendered as WriteTo writes it rather than held in
// Out: a jsonl record of a line over StreamAbove bytes, or one that comes after its batch's
// renderings reached BatchOutput bytes. The JSON of a tree repeats each node's text (35x
// the line in RFC 3986 for a long path, more with -g all), so such a record is never held
// whole: memory stays a small multiple of the line.
func (r *Record) Streamed() bool { return r.streamed }

// WriteTo writes the record's rendering to w: Out, or, for a Streamed record, the rendering
// as it is made, in pieces of about ast.JSONChunk bytes. Valid only during the emit call.
func (r *Record) WriteTo(w io.Writer) (int64, error) {
	if r.stream == nil {
		n, err := w.Write(r.Out)
		return int64(n), err
	}
	return r.stream.write(w, r)
}

// StreamAbove is the length of line above which a jsonl record is Streamed.
const StreamAbove = 64 << 10

// BatchOutput is how many bytes of jsonl records a batch of lines holds at most (plus the
// record that crosses it): its further records are Streamed.
const BatchOutput = 4 << 20

// streamAbove and batchOutput are StreamAbove and BatchOutput, smaller in tests.
var streamAbove, batchOutput = StreamAbove, BatchOutput

// streamer renders Streamed records in the goroutine that emits them. It parses the line
// again with each grammar that accepts it, one grammar at a time, so that one tree at a time
// is alive.
type streamer struct {
	r renderer
}

// chunkWriter returns a flush function that writes its buffer to w (until the first error)
// and empties it, and the count and error so far.
func chunkWriter(w io.Writer) (flush func([]byte) []byte, n *int64, err *error) {
	n, err = new(int64), new(error)
	return func(b []byte) []byte {
		if *err == nil && len(b) > 0 {
			var k int
			k, *err = w.Write(b)
			*n += int64(k)
		}
		return b[:0]
	}, n, err
}

// WriteJSON writes a record object made by ParseRecord as one line of JSON, as AppendJSON
// appends it, but in pieces of about ast.JSONChunk bytes: the tree of a long input (its JSON
// is many times the input) is never held whole.
func WriteJSON(w io.Writer, rec any) error {
	flush, _, err := chunkWriter(w)
	buf := chunkBuffers.Get().(*[]byte)
	defer chunkBuffers.Put(buf)
	b := (*buf)[:0]
	if r, ok := rec.(*okRecord); ok {
		if r.AST != nil {
			flush(append(appendTreeObject(b, place{file: r.File, line: r.Line, columns: r.Columns}, r.Grammar, *r.AST, r.Warnings, flush), '\n'))
			return *err
		}
	}
	flush(appendRecord(b, rec))
	return *err
}

// chunkBuffers hold the buffers of WriteJSON and of Streamed records (*[]byte of
// 2*ast.JSONChunk bytes; a record grows past that only by its last piece, which is written):
// made for each record, a buffer was 64 KB of allocation a record; parse --json spent half
// its time collecting them, and check -g all --ast streams most of its records.
var chunkBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 2*ast.JSONChunk); return &b }}

func (s *streamer) write(w io.Writer, rec *Record) (int64, error) {
	flush, n, err := chunkWriter(w)
	// The worker decided with the DFA (Valid), which the differential tests hold equal to
	// Parse; were they ever to differ, the record shows Parse's error, not a crash.
	tree := func(i int) (ast.Tree, error) { return rec.Results[i].Grammar.Parse(rec.Input) }
	buf := chunkBuffers.Get().(*[]byte)
	defer chunkBuffers.Put(buf)
	b := (*buf)[:0]
	switch res := rec.Results; {
	case rec.IOErr != nil:
		b = s.r.render(b, rec, nil)
	case len(res) > 1:
		b = appendAllRecord(b, rec, tree, flush)
	case res[0].Err == nil:
		if t, perr := tree(0); perr == nil {
			b = append(appendTreeObject(b, placeOf(rec), res[0].Grammar.ID(), t, rec.Warnings, flush), '\n')
			break
		} else {
			obj := ParseRecord(res[0].Grammar, rec.Input, ast.Tree{}, perr)
			setPlace(obj, rec)
			b = appendRecord(b, obj)
		}
	default:
		b = s.r.render(b, rec, make([]ast.Tree, 1))
	}
	flush(b)
	return *n, *err
}

// A Result is one grammar's verdict on a line.
type Result struct {
	Grammar *urlgrammar.Grammar
	Err     error // nil when the grammar accepts the line; a *urlgrammar.SyntaxError, or the too-long error
}

// Valid reports whether some grammar accepts the line (false for an I/O error record).
func (r *Record) Valid() bool {
	for _, res := range r.Results {
		if res.Err == nil {
			return true
		}
	}
	return false
}

// ColumnError is the Result.Err of a line that has fewer columns than Config.Column: its
// Input is empty and its Columns are the line's.
type ColumnError struct {
	Column, Have int
}

func (e *ColumnError) Error() string {
	return fmt.Sprintf("the line has %d tab-separated column(s); the URL is column %d", e.Have, e.Column)
}

// column splits a tab-separated line into its column n (1-based) and the others.
func column(line string, n int) (string, []string, error) {
	fields := strings.Split(line, "\t")
	if len(fields) < n {
		return "", fields, &ColumnError{Column: n, Have: len(fields)}
	}
	others := make([]string, 0, len(fields)-1)
	others = append(others, fields[:n-1]...)
	return fields[n-1], append(others, fields[n:]...), nil
}

// ErrTooLong is the Result.Err of a line longer than urlgrammar.MaxInputLength: it is not
// checked, and its Record holds the first MaxInputLength bytes (Record.TooLong). errors.Is
// finds it in any *TooLongError.
var ErrTooLong = &TooLongError{Max: urlgrammar.MaxInputLength}

// TooLongError is the error of a line longer than Max bytes, which is not checked. Its place
// is where the line was cut: byte offset Max, column Max+1 of the line's first line (the
// JSON error object and the tsv column say so, as for a syntax error).
type TooLongError struct {
	Max int
}

func (e *TooLongError) Error() string {
	return fmt.Sprintf("line too long: over %d bytes, not checked (its input is cut there)", e.Max)
}

// Is reports whether target is ErrTooLong, so that every *TooLongError is one.
func (e *TooLongError) Is(target error) bool { return target == ErrTooLong }

// batch is a run of consecutive lines of one input, checked by one worker.
type batch struct {
	file    string
	text    []byte       // the lines, one after another
	lines   []span       // where each line is in text
	extras  []spanExtra  // the columns and whys of the lines that have them (span.extra)
	ioErr   error        // set for an I/O error record that ends the batch
	errLine int          // its line
	records []Record     // filled by the worker
	block   *recordBlock // the memory of records and their Results
	out     []byte       // the records' renderings, one after another
	pause   bool         // the input may block after these lines (Config.Paused)
	done    chan struct{}
}

// span is where a line is in its batch's text. It holds no pointer (a block of them is
// neither scanned nor written with barriers): the few lines with columns or a why have them
// in the batch's extras.
type span struct {
	start, end int
	n          int
	tooLong    bool
	extra      int32 // 1 + the index in batch.extras of the line's columns and why; 0: none
}

// spanExtra is what a line's input format says besides the line, for the few that say it.
type spanExtra struct {
	columns []string // what the input format passes through (a WARC record's type)
	why     string   // the line holds no URL where its format says: why
}

// apply gives the record of the line what its format says: the error of a line that holds
// no URL where its format says, else its columns (those of Config.Column, or the format's).
func (ex *spanExtra) apply(rec *Record, cfg Config) (colErr error) {
	switch {
	case ex.why != "":
		return &InputError{Format: cfg.Input.String(), Why: ex.why}
	case cfg.Column > 0: // a line too long is cut: its columns still pass through
		rec.Input, rec.Columns, colErr = column(rec.Input, cfg.Column)
	case ex.columns != nil:
		rec.Columns = ex.columns
	}
	return colErr
}

// A batch is batchLines lines, or fewer that hold batchBytes: a hand-over from the reader
// to a worker and from it to the records' goroutine costs a thread woken on another core
// (tens of microseconds of CPU), so a batch is large enough for that to be little. At 256
// lines, check -j 1 on two cores took 0.43 s (0.54 s of CPU) over 1,000,000 text-shaped
// lines in tsv, and 0.41 s (0.48 s) at 1,024, for 38 MB of RSS instead of 33 (-j 2: 50 MB
// instead of 33, 0.27 s and 0.24 s).
const (
	batchLines = 1024
	batchBytes = 1 << 20
)

// Run checks every line of the inputs and calls emit with each Record, in input order, from
// the calling goroutine. It stops at the first error emit returns and returns it. The
// Summary counts what was emitted; it is returned also with an error.
//
// A Record, and what its slices hold, is valid only during its emit call: Run reuses their
// memory for later records. Record.Clone returns a copy to keep.
func Run(ctx context.Context, cfg Config, inputs []Input, emit func(*Record) error) (*Summary, error) {
	return run(ctx, cfg, inputs, emit, nil)
}

// run is Run, and Writer.Run when out is set: then each batch's records are written to out,
// the renderings of a batch's held records in one piece, before emit (which may be nil) is
// called with them.
func run(ctx context.Context, cfg Config, inputs []Input, emit func(*Record) error, out *Writer) (*Summary, error) {
	if len(cfg.Grammars) == 0 {
		return nil, errors.New("check: no grammar")
	}
	if len(cfg.Rules) > 0 {
		if len(cfg.Rules) != len(cfg.Grammars) {
			return nil, fmt.Errorf("check: %d rules for %d grammars", len(cfg.Rules), len(cfg.Grammars))
		}
		if cfg.Format != NoFormat && cfg.Format != Text || len(cfg.Warnings) > 0 {
			return nil, errors.New("check: rules other than the start rule have no trees: no jsonl, tsv or warnings")
		}
	}
	if cfg.Render != nil && cfg.Format != NoFormat {
		return nil, errors.New("check: both a Format and a Render")
	}
	jobs := cfg.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	jobs = min(jobs, MaxJobs())
	sum := newSummary(cfg.Grammars)
	sum.noFailures = cfg.NoFailures
	st := &streamer{renderer{cfg: cfg}}
	work := make(chan *batch, jobs)
	order := make(chan *batch, 2*jobs)
	stop := make(chan struct{}) // closed when the consumer stops early
	// With one worker (the CLI's default), the goroutine that emits the records checks
	// their lines: a batch goes from the reader to it and no further. A worker goroutine
	// of its own cost a hand-over more a batch, each of which woke a thread on a core with
	// nothing else to do: on two cores, 1,000,000 text-shaped lines in tsv took 0.45 s and
	// 0.59 s of CPU so, 0.43 s and 0.54 s inline.
	var inline *workerState
	if jobs == 1 {
		inline = newWorkerState(cfg, 0)
	}
	for i := 0; i < jobs && inline == nil; i++ {
		go worker(cfg, int32(i), work)
	}
	go func() {
		defer close(order)
		defer close(work)
		read(ctx, cfg, inputs, stop, func(b *batch) bool {
			select {
			case order <- b:
			case <-stop:
				return false
			}
			if inline == nil {
				work <- b
			}
			return true
		})
	}()
	defer close(stop)
	var err error
	consume := func(b *batch) {
		if inline != nil {
			checkBatch(b, cfg, inline)
		} else {
			<-b.done
		}
		if err != nil {
			return
		}
		if out != nil {
			// The records' renderings lie one after the other in b.out (a Streamed record's
			// is empty: it is rendered as it is written), so the batch is written in pieces
			// between its Streamed records: one piece for most batches.
			written, end := 0, 0
			for i := range b.records {
				r := &b.records[i]
				if r.streamed {
					out.writeOut(b.out[written:end])
					written = end
					r.stream = st
					out.Write(r)
					r.stream = nil
				}
				end += len(r.Out)
			}
			out.writeOut(b.out[written:end])
			err = out.err
		}
		for i := range b.records {
			if err != nil {
				break
			}
			r := &b.records[i]
			sum.add(r)
			if emit == nil {
				continue
			}
			if r.streamed {
				r.stream = st
			}
			err = emit(r)
			r.stream = nil
		}
		putBuffer(&outBuffers, b.out)
		b.out = nil
		putRecords(b) // emitted: the memory of the next batch's
		if err == nil && b.pause && cfg.Paused != nil {
			cfg.Paused()
		}
	}
loop:
	for {
		select {
		case b, ok := <-order:
			if !ok {
				break loop
			}
			consume(b)
			if err != nil {
				break loop
			}
		case <-ctx.Done():
			// The reader may be blocked on an input that never ends (a pipe, a terminal):
			// finish the batches already read, and return without it.
			for err == nil {
				select {
				case b, ok := <-order:
					if !ok {
						break loop
					}
					consume(b)
					continue
				default:
				}
				break
			}
			sum.Interrupted = true
			break loop
		}
	}
	if err == nil && ctx.Err() != nil {
		sum.Interrupted = true
	}
	sum.settle()
	return sum, err
}

// read reads the inputs into batches and sends them until an input ends the run (the
// context is cancelled, or send reports the consumer stopped).
func read(ctx context.Context, cfg Config, inputs []Input, stop chan struct{}, send func(*batch) bool) {
	newBatch := func(file string) *batch {
		return &batch{file: file, text: getBuffer(&textBuffers), lines: getSpans(), done: make(chan struct{})}
	}
	for _, in := range inputs {
		if ctx.Err() != nil {
			return
		}
		r, closer, err := open(in, cfg.Stdin)
		done := func() {}
		var parquetFile io.ReaderAt
		var parquetSize int64
		if err == nil && cfg.Input == Parquet {
			// Random access, not a stream: no decompression, no pauses between reads.
			parquetFile, parquetSize, done, err = parquetSource(r)
			if err != nil && closer != nil {
				closer.Close()
			}
		} else if err == nil {
			// A compressed input is read as its text (gzip, bzip2, zstd), or is an error
			// record (xz): never checked as bytes.
			if r, done, err = decompress(r); err != nil && closer != nil {
				closer.Close()
			}
		}
		if err != nil {
			b := newBatch(in.Name)
			b.ioErr = err
			if !send(b) {
				return
			}
			continue
		}
		cur := newBatch(in.Name)
		lastLine := 0
		stopped := false
		unpaused := false // a batch went since the last pause
		// Before each read that may block, the lines read so far go to the workers, marked
		// as a pause (an empty batch when they went already): a slow input (a pipe, a
		// terminal) gets its records as its lines come, and an interrupt leaves no line read
		// but unchecked.
		r = &beforeRead{r: r, before: func() {
			if (len(cur.lines) > 0 || unpaused) && !stopped {
				cur.pause, unpaused = true, false
				if !send(cur) {
					stopped = true
				}
				cur = newBatch(in.Name)
			}
		}}
		each := func(fn func(n int, line []byte, tooLong bool, columns []string, why string) error) error {
			if parquetFile != nil {
				return eachParquetURL(parquetFile, parquetSize, cfg.ParquetColumn, urlgrammar.MaxInputLength, fn)
			}
			return eachURL(cfg.Input, r, urlgrammar.MaxInputLength, fn)
		}
		err = each(func(n int, line []byte, tooLong bool, columns []string, why string) error {
			if tooLong && len(line) > urlgrammar.MaxInputLength {
				line = line[:urlgrammar.MaxInputLength] // a record holds the first MaxInputLength bytes
			}
			start := len(cur.text)
			cur.text = append(cur.text, line...)
			sp := span{start: start, end: len(cur.text), n: n, tooLong: tooLong}
			if columns != nil || why != "" {
				cur.extras = append(cur.extras, spanExtra{columns, why})
				sp.extra = int32(len(cur.extras))
			}
			cur.lines = append(cur.lines, sp)
			lastLine = n
			if len(cur.lines) == batchLines || len(cur.text) >= batchBytes {
				if ctx.Err() != nil || !send(cur) {
					return errStop
				}
				cur, unpaused = newBatch(in.Name), true
			}
			if stopped {
				return errStop
			}
			return nil
		})
		done()
		if closer != nil {
			closer.Close()
		}
		if err == errStop {
			return
		}
		if err != nil {
			cur.ioErr, cur.errLine = err, lastLine+1
		}
		if len(cur.lines) > 0 || cur.ioErr != nil {
			if !send(cur) {
				return
			}
		}
	}
}

var errStop = errors.New("stop")

// Buffers for reuse: a batch's lines (textBuffers) and its renderings (outBuffers), apart,
// since a batch of jsonl records is some hundreds of KB and its lines some tens: from one
// pool, a rendering often began in a buffer of lines and grew, copied, by doubling (a
// twentieth of the jsonl time), and growing a rendering anew for every batch cost a third.
var textBuffers, outBuffers sync.Pool

func getBuffer(pool *sync.Pool) []byte {
	if p, ok := pool.Get().(*[]byte); ok {
		return (*p)[:0]
	}
	return make([]byte, 0, 64*1024)
}

func putBuffer(pool *sync.Pool, b []byte) {
	if cap(b) == 0 || cap(b) > 8<<20 {
		return
	}
	pool.Put(&b)
}

// recordBlocks hold the memory of the batches' records and their Results for reuse once
// they are emitted (Run: a record is valid during its emit call): made anew for every
// batch, they were three quarters of the bytes the checker allocated, 230 a line, full of
// pointers for the collector to scan.
var recordBlocks sync.Pool

type recordBlock struct {
	records []Record
	results []Result
	errs    urlgrammar.ErrorMemory // the results' syntax errors (Matcher.MatchIn, CloneIn)
}

// getRecords returns a block of n records and m results, all zero.
func getRecords(n, m int) *recordBlock {
	rb, ok := recordBlocks.Get().(*recordBlock)
	if !ok {
		rb = new(recordBlock)
	}
	if cap(rb.records) < n {
		rb.records = make([]Record, n)
	}
	if cap(rb.results) < m {
		rb.results = make([]Result, m)
	}
	rb.records, rb.results = rb.records[:n], rb.results[:m]
	return rb
}

// putRecords gives the memory of b's records back, once they are emitted, zeroed: a block
// in the pool holds no line's text or error.
func putRecords(b *batch) {
	if rb := b.block; rb != nil {
		clear(rb.records) // those past the length are zero: cleared when they were used
		clear(rb.results)
		rb.errs.Reset()
		recordBlocks.Put(rb)
	}
	b.block, b.records = nil, nil
}

// spanBlocks holds the batches' blocks of spans for reuse: a batch's lines were a block
// grown by append for every batch, a quarter of the bytes the checker allocated.
var spanBlocks sync.Pool

func getSpans() []span {
	if p, ok := spanBlocks.Get().(*[]span); ok {
		return (*p)[:0]
	}
	return make([]span, 0, batchLines)
}

// putSpans keeps a batch's block of spans once its records are made (spans hold no
// pointer: nothing to clear).
func putSpans(l []span) {
	if cap(l) != batchLines {
		return
	}
	spanBlocks.Put(&l)
}

// beforeRead calls before ahead of every Read of r.
type beforeRead struct {
	r      io.Reader
	before func()
}

func (b *beforeRead) Read(p []byte) (int, error) {
	b.before()
	return b.r.Read(p)
}

// open returns the reader of an input, and the file to close after it.
func open(in Input, stdin io.Reader) (io.Reader, io.Closer, error) {
	if in.Reader != nil {
		return in.Reader, nil, nil
	}
	if in.Name == "-" {
		if stdin == nil {
			return os.Stdin, nil, nil
		}
		return stdin, nil, nil
	}
	f, err := os.Open(in.Name)
	if err != nil {
		return nil, nil, err
	}
	return f, f, nil
}

// worker checks batches. Each worker has a Parser per grammar: a line's trees are rendered
// before the next line is parsed, so one tree's memory serves every line. It has a Matcher
// per grammar too, which makes the errors records keep in their batch's memory (recordBlock).
func worker(cfg Config, n int32, work <-chan *batch) {
	w := newWorkerState(cfg, n)
	for b := range work {
		checkBatch(b, cfg, w)
		close(b.done)
	}
}

// newWorkerState returns the state of worker n: its Parsers and Matchers, a grammar's each.
func newWorkerState(cfg Config, n int32) *workerState {
	w := &workerState{n: n, parsers: make([]*urlgrammar.Parser, len(cfg.Grammars)), matchers: make([]*urlgrammar.Matcher, len(cfg.Grammars))}
	for i, g := range cfg.Grammars {
		w.parsers[i], w.matchers[i] = g.NewParser(), g.NewMatcher()
	}
	// Only jsonl records and warnings use the tree of a valid line: otherwise the DFA's
	// verdict is enough, and no tree is built for the (usually many) valid lines.
	w.r = renderer{cfg: cfg}
	return w
}

// workerState is what a worker keeps from one batch to the next.
type workerState struct {
	parsers  []*urlgrammar.Parser
	matchers []*urlgrammar.Matcher
	r        renderer
	causes   causeTable
	n        int32 // the worker's number
}

// A cause is the summary key of a grammar's error on a line no grammar accepts: its text
// (Cause, after "GRAMMAR: " with several grammars) and its index in the causeTable of the
// worker that checked the line, -1 for one not held there. The summary counts a cause it
// has seen by the index, without hashing its text again.
type cause struct {
	text string
	id   int32
}

// causeTable interns the causes of invalid lines (Cause): a corpus has few, each of
// thousands of lines, and a line's cause was a string made for it.
type causeTable struct {
	m     map[string]int32 // a cause's text -> its index in texts
	texts []string
	buf   []byte
}

// maxCauses bounds a causeTable: a cause past it is made for its line, as without one.
const maxCauses = 1 << 12

// of returns the cause of err, a grammar's error, as the summary keys it: Cause(err), after
// prefix and ": " when prefix is not "" (the grammar's ID, with several grammars). A cause
// seen before is the same string, with the same index.
func (t *causeTable) of(prefix string, err error) cause {
	se, ok := asSyntaxError(err)
	if !ok {
		if prefix != "" {
			return cause{prefix + ": " + err.Error(), -1}
		}
		return cause{err.Error(), -1}
	}
	t.buf = t.buf[:0]
	if prefix != "" {
		t.buf = append(append(t.buf, prefix...), ": "...)
	}
	t.buf = se.AppendCause(t.buf)
	if id, ok := t.m[string(t.buf)]; ok {
		return cause{t.texts[id], id}
	}
	c := cause{string(t.buf), -1}
	if len(t.texts) < maxCauses {
		if t.m == nil {
			t.m = map[string]int32{}
		}
		c.id = int32(len(t.texts))
		t.m[c.text] = c.id
		t.texts = append(t.texts, c.text)
	}
	return c
}

func checkBatch(b *batch, cfg Config, w *workerState) {
	parsers, matchers, r := w.parsers, w.matchers, &w.r
	n := len(b.lines)
	if b.ioErr != nil {
		n++
	}
	b.block = getRecords(n, len(b.lines)*len(cfg.Grammars))
	b.records = b.block.records
	results := b.block.results
	errs := &b.block.errs  // the errors of the records, until they are emitted (putRecords)
	text := string(b.text) // one string for the batch; each input is a slice of it
	putBuffer(&textBuffers, b.text)
	b.text = nil
	b.out = getBuffer(&outBuffers)
	trees := make([]ast.Tree, len(cfg.Grammars)) // jsonl, --warn: each in its Parser's block, until the next line
	var outs []int                               // end of each record's rendering in b.out
	var causes []cause                           // the invalid records' causes, in blocks
	rendered := cfg.Format != 0 || cfg.Render != nil
	if rendered {
		outs = make([]int, n)
	}
	for i, l := range b.lines {
		rec := &b.records[i]
		rec.File, rec.Line, rec.Input, rec.TooLong, rec.noPlace, rec.noAST = b.file, l.n, text[l.start:l.end], l.tooLong, cfg.NoPlace, !cfg.AST
		rec.Results = results[i*len(cfg.Grammars) : (i+1)*len(cfg.Grammars) : (i+1)*len(cfg.Grammars)]
		var colErr error
		switch {
		case l.extra > 0:
			colErr = b.extras[l.extra-1].apply(rec, cfg)
		case cfg.Column > 0: // a line too long is cut: its columns still pass through
			rec.Input, rec.Columns, colErr = column(rec.Input, cfg.Column)
		}
		// A jsonl record too large to hold is rendered when it is written (Record.WriteTo):
		// its trees are not needed here.
		rec.streamed = cfg.Format == JSONL && (l.end-l.start > streamAbove || len(b.out) > batchOutput)
		for j, g := range cfg.Grammars {
			res := Result{Grammar: g}
			trees[j] = ast.Tree{}
			switch {
			case l.tooLong:
				res.Err = ErrTooLong
			case colErr != nil:
				res.Err = colErr
			case j < len(cfg.Rules) && cfg.Rules[j] != "":
				res.Err = matchers[j].MatchIn(errs, cfg.Rules[j], rec.Input)
			case cfg.Format == JSONL && !rec.streamed || len(cfg.Warnings) > 0 && warn.Applies(g):
				trees[j], res.Err = parsers[j].Parse(rec.Input)
				res.Err = kept(matchers[j], errs, res.Err)
			default:
				// The verdict, and the error of an invalid line, from Match: no tree kept,
				// no allocation for a valid line, and the error is the record's own (a
				// Parser's would have to be copied).
				res.Err = matchers[j].MatchIn(errs, g.Start(), rec.Input)
			}
			rec.Results[j] = res
		}
		if len(cfg.Warnings) > 0 {
			if j := warnWith(cfg.Grammars, rec.Results, trees); j >= 0 {
				rec.Warnings = warn.CheckIn(cfg.Grammars[j], trees[j], cfg.Warnings)
			}
		}
		if !rec.Valid() && (!cfg.NoFailures || cfg.Format != NoFormat) {
			if len(causes)+len(rec.Results) > cap(causes) {
				causes = make([]cause, 0, max(len(b.lines)-i, 1)*len(rec.Results)/4+len(rec.Results))
			}
			rec.causes, causes = causes[len(causes):len(causes)+len(rec.Results)], causes[:len(causes)+len(rec.Results)]
			rec.worker = w.n
			for j, res := range rec.Results {
				prefix := ""
				if len(rec.Results) > 1 {
					prefix = res.Grammar.ID()
				}
				rec.causes[j] = w.causes.of(prefix, res.Err)
			}
		}
		if rendered {
			switch {
			case cfg.Render != nil:
				b.out = cfg.Render(b.out, rec)
			case !rec.streamed:
				b.out = r.render(b.out, rec, trees)
			}
			outs[i] = len(b.out)
		}
	}
	if b.ioErr != nil {
		rec := &b.records[n-1]
		rec.File, rec.Line, rec.IOErr = b.file, b.errLine, b.ioErr
		switch {
		case cfg.Render != nil:
			b.out = cfg.Render(b.out, rec)
			outs[n-1] = len(b.out)
		case cfg.Format != 0:
			b.out = r.render(b.out, rec, nil)
			outs[n-1] = len(b.out)
		}
	}
	start := 0
	for i, end := range outs {
		b.records[i].Out = b.out[start:end:end]
		start = end
	}
	putSpans(b.lines)
	b.lines, b.extras = nil, nil
}

// kept is an error of a Parser as the record keeps it: a *urlgrammar.SyntaxError in the
// Parser's memory, which its next Parse overwrites, is cloned into the batch's errs.
func kept(m *urlgrammar.Matcher, errs *urlgrammar.ErrorMemory, err error) error {
	if se, ok := err.(*urlgrammar.SyntaxError); ok {
		return m.CloneIn(errs, se)
	}
	return err
}

// warnWith returns the index of the grammar whose tree of a line warn reads (Config.Warnings):
// the default grammar's when it accepts the line, else the first accepting grammar warn
// applies to; -1 for none. results and trees are the line's, in the order of grammars.
func warnWith(grammars []*urlgrammar.Grammar, results []Result, trees []ast.Tree) int {
	first := -1
	for j, g := range grammars {
		if !warn.Applies(g) || results[j].Err != nil || trees[j].Len() == 0 {
			continue
		}
		if g.ID() == urlgrammar.DefaultGrammar {
			return j
		}
		if first < 0 {
			first = j
		}
	}
	return first
}
