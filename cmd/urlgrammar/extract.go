package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/check"
	"github.com/urlgrammar/urlgrammar/extract"
	"github.com/urlgrammar/urlgrammar/internal/jsontext"
	"github.com/urlgrammar/urlgrammar/internal/textin"
)

const helpExtract = `Candidates: angle brackets with or without "URL:" (whitespace and line breaks inside are
removed; a hyphen at a line break is kept, and the reading without it is checked too),
double and single quotes, HTML attributes, Markdown links, key=value, and bare references
without the sentence punctuation and unbalanced brackets after them. A reference needs a
believable scheme: "scheme://", or a scheme written without "//" such as mailto:, urn:,
news:, tel:, data: (--scheme adds more); --relative also finds relative references in
angle brackets, URL attributes and Markdown links. Each record says where the reference
starts (FILE:LINE:COLUMN, and the byte offset in jsonl) and whether it is valid. A file that
cannot be read is an error record at its place; the other files are still read. Memory
stays bounded whatever the input.`

func runExtract(e *env, args []string) int {
	fs := e.flags()
	gid := grammarFlag(fs)
	format := fs.String("format", "text", "output `format`: text, jsonl, sarif (a SARIF 2.1.0 log of the invalid references) or github (GitHub Actions annotations)")
	only := fs.String("only", "", "print only the `valid` or the invalid references (the exit status still counts all)")
	relative := fs.Bool("relative", false, "also find relative references in angle brackets, URL attributes and Markdown links")
	schemes := fs.String("scheme", "", "more schemes believable without \"//\", comma-separated `LIST`")
	maxLen := fs.Int("max-length", extract.DefaultMaxLength, "the longest reference checked, in `bytes`; a longer one is reported as too long")
	progress := fs.Bool("progress", isTerminal(e.stderr), "show a progress line on stderr (default: when stderr is a terminal)")
	exitZero := exitZeroFlag(fs)
	withAST := fs.Bool("ast", false, "jsonl: add each valid reference's tree (the \"ast\" of parse --json)")
	files, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	switch *format {
	case "text", "jsonl", "sarif", "github":
	default:
		return e.usageError("unknown --format %q (text, jsonl, sarif, github)", *format)
	}
	if *only != "" && *only != "valid" && *only != "invalid" {
		return e.usageError("unknown --only %q (valid, invalid)", *only)
	}
	if *maxLen < 1 || *maxLen > urlgrammar.MaxInputLength {
		return e.usageError("--max-length %d: want 1 to %d", *maxLen, urlgrammar.MaxInputLength)
	}
	g, ok := e.lookupGrammar(*gid)
	if !ok {
		return exitUsage
	}
	opts := extract.Options{Relative: *relative, MaxLength: *maxLen}
	for _, s := range strings.Split(*schemes, ",") {
		if s = strings.TrimSpace(s); s != "" {
			opts.Schemes = append(opts.Schemes, s)
		}
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	defer streamingGC()()
	x := &extractor{e: e, g: g, p: g.NewParser(), opts: opts, jsonl: *format == "jsonl", format: *format, only: *only, ast: *withAST}
	if x.format == "sarif" {
		e.out.Write(check.SARIFHeader())
	}
	if *progress {
		x.prog = startProgress(e.stderr, "references", inputSize(files))
	}
	status := exitOK
	for _, name := range files {
		if e.ctx.Err() != nil || e.out.Err() != nil {
			break
		}
		if st := x.file(name); st > status {
			status = st
		}
	}
	x.prog.stop()
	if x.format == "sarif" {
		e.out.Write(check.SARIFFooter())
	}
	fmt.Fprintf(e.stderr, "%s: %d references found, %d valid, %d invalid\n", g.ID(), x.valid+x.invalid, x.valid, x.invalid)
	return answered(status, *exitZero)
}

// extractor checks the references of the files of one extract command.
type extractor struct {
	e              *env
	g              *urlgrammar.Grammar
	p              *urlgrammar.Parser // the jsonl records' trees, one at a time
	opts           extract.Options
	jsonl          bool
	format         string // text, jsonl, sarif, github
	ast            bool   // jsonl records with the tree
	notes          int    // SARIF results written
	only           string
	valid, invalid int
	b              []byte
	prog           *progressLine  // nil: none
	text           *textin.Reader // the file's text: SARIF's byte offsets are the file's
}

// file extracts and checks the references of one file ("-": standard input) and returns
// the status: 1 when one is invalid, 2 when the file cannot be read to its end.
func (x *extractor) file(name string) int {
	e := x.e
	var r io.Reader = e.stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			x.ioError(name, err)
			return exitUsage
		}
		defer f.Close()
		r = f
	}
	if x.prog != nil {
		r = countingReader{r, x.prog}
	}
	x.text = textin.NewReader(r) // a UTF-16 document by its byte order mark; a UTF-8 mark dropped
	r = x.text
	// The scan runs in a goroutine, so that a signal stops the command even while it waits
	// for input. It hands its references over in batches (extractBatch), and before each
	// read of the input those found so far, so that a slow input (a pipe, tail -f) gets its
	// answers as its lines come.
	type item struct {
		ref extract.Ref
		err error
	}
	batches := make(chan []item, 2)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		defer close(batches)
		h := batcher[item]{out: batches, stop: stop, size: extractBatch}
		for ref, err := range extract.References(h.beforeReads(r), x.opts) {
			if !h.add(item{ref, err}) {
				return
			}
		}
		h.send()
	}()
	status := exitOK
	for {
		if len(batches) == 0 {
			e.out.flush() // the scan waits for input: what is buffered goes out now
		}
		select {
		case <-e.ctx.Done():
			return status
		case items, ok := <-batches:
			if !ok {
				return status
			}
			for _, it := range items {
				if it.err != nil {
					x.ioError(name, it.err)
					return exitUsage
				}
				if !x.ref(name, it.ref) {
					status = exitInvalid
				}
				if e.out.Err() != nil || e.ctx.Err() != nil {
					return status
				}
			}
		}
	}
}

// extractBatch is how many references the scan hands over at once. One at a time, each
// hand-over woke a thread on another core: on two cores, extract over 1,000,000 text-shaped
// lines took 1.21 s (1.41 s of CPU), no faster than on one core; in batches, 0.62 s (1.04 s).
const extractBatch = 256

// errTooLong is the error of a reference longer than --max-length.
type errTooLong int

func (n errTooLong) Error() string {
	return fmt.Sprintf("longer than %d bytes (--max-length): not checked", int(n))
}

// ref checks and prints one reference; it reports whether the reference is valid.
func (x *extractor) ref(name string, r extract.Ref) bool {
	var tree ast.Tree
	var err error
	switch {
	case r.Truncated:
		err = errTooLong(x.opts.MaxLength)
	case x.jsonl:
		tree, err = x.p.Parse(r.Text)
	case !x.g.Valid(r.Text):
		_, err = x.p.Parse(r.Text) // the Parser's error: written before its next parse
	}
	valid := err == nil
	if valid {
		x.valid++
	} else {
		x.invalid++
	}
	x.prog.addItem(valid)
	if x.only == "valid" && !valid || x.only == "invalid" && valid {
		return valid
	}
	b := x.b[:0]
	if x.format == "sarif" || x.format == "github" {
		if err != nil {
			b = x.note(b, check.Note{Level: "error", Rule: x.g.ID() + "/" + errRule(err), Message: errMsg(err),
				File: name, Line: r.Line, ByteOffset: x.text.FileOffset(r.Offset + errOffset(err, r))})
		}
		x.e.out.Write(b)
		x.b = b
		return valid
	}
	if x.jsonl {
		b = x.appendRecord(b, name, r, tree, err)
	} else {
		// "NAME:LINE:COLUMN: REFERENCE", without fmt (a tenth of extract's time).
		b = append(append(b, check.TextName(name)...), ':')
		b = append(strconv.AppendInt(b, int64(r.Line), 10), ':')
		b = append(strconv.AppendInt(b, int64(r.Column), 10), ": "...)
		b = append(append(b, urlgrammar.Display(r.Text)...), '\n')
		switch se, isSyntax := syntaxErrorOf(err); {
		case err == nil:
		case isSyntax:
			_, _, col := se.At()
			b = strconv.AppendInt(append(b, "\tinvalid at column "...), int64(col), 10)
			b = append(se.AppendMsg(append(b, " of the reference: "...)), '\n')
		default:
			b = fmt.Appendf(b, "\t%v\n", err)
		}
		if r.Hyphenated {
			verdict := "invalid"
			if x.g.Valid(r.Unhyphenated) {
				verdict = "valid"
			}
			b = fmt.Appendf(b, "\ta hyphen at a line break may not belong to it: without, %s is %s\n", urlgrammar.Display(r.Unhyphenated), verdict)
		}
	}
	x.e.out.Write(b)
	x.b = b
	return valid
}

// appendRecord appends the jsonl record of reference r of file name, whose parse gave tree or
// err: the bytes encoding/json writes of the object {file, line, column, offset, delimiter,
// key (omitted when empty), raw, rawBase64 (when raw is not valid UTF-8), reference,
// hyphenated, unhyphenated and unhyphenatedOk (when hyphenated), truncated (each omitted when
// false), result (check.ParseRecord's)}, without its reflection (TestExtractRecordIsJSON).
func (x *extractor) appendRecord(b []byte, name string, r extract.Ref, tree ast.Tree, err error) []byte {
	b = append(b, `{"file":`...)
	b = jsontext.AppendString(b, name)
	b = append(b, `,"line":`...)
	b = strconv.AppendInt(b, int64(r.Line), 10)
	b = append(b, `,"column":`...)
	b = strconv.AppendInt(b, int64(r.Column), 10)
	b = append(b, `,"offset":`...)
	b = strconv.AppendInt(b, r.Offset, 10)
	b = append(b, `,"delimiter":`...)
	b = jsontext.AppendString(b, string(r.Delimiter))
	if r.Key != "" {
		b = append(b, `,"key":`...)
		b = jsontext.AppendString(b, r.Key)
	}
	b = append(b, `,"raw":`...)
	b = jsontext.AppendString(b, r.Raw)
	if b64 := check.InputBase64(r.Raw); b64 != nil {
		b = append(b, `,"rawBase64":`...)
		b = jsontext.AppendString(b, *b64)
	}
	b = append(b, `,"reference":`...)
	b = jsontext.AppendString(b, r.Text)
	if r.Hyphenated {
		b = append(b, `,"hyphenated":true,"unhyphenated":`...)
		b = jsontext.AppendString(b, r.Unhyphenated)
		b = strconv.AppendBool(append(b, `,"unhyphenatedOk":`...), x.g.Valid(r.Unhyphenated))
	}
	if r.Truncated {
		b = append(b, `,"truncated":true`...)
	}
	b = append(b, `,"result":`...)
	b = check.AppendResultJSON(b, x.g, r.Text, tree, err, x.ast)
	return append(b, "}\n"...)
}

// note appends an annotation in the extractor's format (sarif or github).
func (x *extractor) note(b []byte, n check.Note) []byte {
	if x.format == "github" { // its line: a column in bytes is not GitHub's
		return check.AppendGitHubAnnotation(b, n)
	}
	b = check.AppendSARIFResult(b, n, x.notes > 0)
	x.notes++
	return b
}

// errRule, errMsg and errOffset say what an annotation says of a reference's error: the
// rule, the message, and the error's byte offset in the reference as written (0 when the
// reference was decoded or stripped, so that its offsets are not the file's).
func errRule(err error) string {
	if se, ok := syntaxErrorOf(err); ok {
		return se.Rule()
	}
	return "too-long"
}

func errMsg(err error) string {
	if se, ok := syntaxErrorOf(err); ok {
		return se.Msg()
	}
	return err.Error()
}

func errOffset(err error, r extract.Ref) int64 {
	if se, ok := syntaxErrorOf(err); ok && r.Text == r.Raw {
		at, _, _ := se.At()
		return int64(at)
	}
	return 0
}

// ioError prints the error record of a file that cannot be opened or read to its end.
func (x *extractor) ioError(name string, err error) {
	b := x.b[:0]
	if x.format == "sarif" || x.format == "github" {
		b = x.note(b, check.Note{Level: "error", Rule: "io-error", Message: err.Error(), File: name, ByteOffset: -1})
		x.e.out.Write(b)
		x.b = b
		return
	}
	if x.jsonl {
		b = check.AppendJSON(b, ioRecord{File: name, IOError: err.Error()})
	} else {
		b = fmt.Appendf(b, "%s: error: %s\n", check.TextName(name), urlgrammar.Display(err.Error()))
	}
	x.e.out.Write(b)
	x.b = b
}

// ioRecord is the jsonl record of a file that cannot be opened or read to its end.
type ioRecord struct {
	File    string `json:"file"`
	OK      bool   `json:"ok"`
	IOError string `json:"ioError"`
}
