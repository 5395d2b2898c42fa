package check

import (
	"bytes"
	"context"
	"io"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/internal/jsontext"
)

// SARIF 2.1.0 (OASIS) and GitHub Actions workflow commands: the formats CI systems read to
// annotate files. Each invalid line gives one result per grammar that rejects it, at its
// line and column; each warning one more; an I/O error one result at the file.

// SARIFHeader is what a SARIF log holds before its first result: one run of the tool
// urlgrammar, whose columns count Unicode code points (SARIF's columnKind), and the opening
// of its results.
func SARIFHeader() []byte {
	return []byte(`{"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0","runs":[{` +
		`"tool":{"driver":{"name":"urlgrammar","informationUri":"https://github.com/urlgrammar/urlgrammar"}},` +
		`"columnKind":"unicodeCodePoints","results":[`)
}

// SARIFFooter closes what SARIFHeader opened.
func SARIFFooter() []byte { return []byte("\n]}]}\n") }

// A Note is one annotation: a result of SARIF, a command of GitHub Actions.
type Note struct {
	Level   string // "error" or "warning"
	Rule    string // what kind of finding: "GRAMMAR/RULE", "warning/KIND", "io-error"
	Message string
	File    string // as the inputs name it ("-" for standard input)
	Line    int    // 1-based; 0: the file as a whole
	Column  int    // 1-based, in Unicode code points; 0: none
	// ByteOffset, when not negative, is where in the file the finding is, in bytes (SARIF's
	// region byteOffset): for a finding whose column in code points is not known.
	ByteOffset int64

	// msgOf, when set, is the syntax error whose Msg the Message is: SARIF's JSON string of
	// it is then AppendMsgJSON's, whose list of what was expected is escaped once per place
	// in the grammar, not for each finding (that escaping was a sixth of check --format sarif).
	msgOf *urlgrammar.SyntaxError
}

// AppendSARIFResult appends a SARIF result object, after a comma when more is true (a result
// follows another in the array).
func AppendSARIFResult(b []byte, n Note, more bool) []byte {
	if more {
		b = append(b, ',')
	}
	b = append(b, "\n{\"ruleId\":"...)
	b = jsontext.AppendString(b, n.Rule)
	b = append(b, `,"level":`...)
	b = jsontext.AppendString(b, n.Level)
	b = append(b, `,"message":{"text":`...)
	if n.msgOf != nil {
		b = n.msgOf.AppendMsgJSON(b)
	} else {
		b = jsontext.AppendString(b, n.Message)
	}
	b = append(b, `},"locations":[{"physicalLocation":{"artifactLocation":{"uri":`...)
	b = jsontext.AppendString(b, (&url.URL{Path: n.File}).String())
	b = append(b, '}')
	if n.Line > 0 {
		b = append(b, `,"region":{"startLine":`...)
		b = strconv.AppendInt(b, int64(n.Line), 10)
		if n.Column > 0 {
			b = append(b, `,"startColumn":`...)
			b = strconv.AppendInt(b, int64(n.Column), 10)
		}
		if n.ByteOffset >= 0 {
			b = append(b, `,"byteOffset":`...)
			b = strconv.AppendInt(b, n.ByteOffset, 10)
		}
		b = append(b, '}')
	}
	return append(b, "}}]}"...)
}

// AppendGitHubAnnotation appends a GitHub Actions workflow command that annotates the file:
// "::error file=F,line=L,col=C,title=T::MESSAGE", escaped as the runner reads it.
func AppendGitHubAnnotation(b []byte, n Note) []byte {
	b = append(b, "::"...)
	b = append(b, n.Level...)
	b = append(b, " file="...)
	b = appendGitHubProperty(b, n.File)
	if n.Line > 0 {
		b = append(b, ",line="...)
		b = strconv.AppendInt(b, int64(n.Line), 10)
		if n.Column > 0 {
			b = append(b, ",col="...)
			b = strconv.AppendInt(b, int64(n.Column), 10)
		}
	}
	b = append(b, ",title="...)
	b = appendGitHubProperty(append(b, "urlgrammar "...), n.Rule)
	b = append(b, "::"...)
	b = appendGitHubData(b, n.Message)
	return append(b, '\n')
}

// appendGitHubData escapes a command's message: %, CR and LF.
func appendGitHubData(b []byte, s string) []byte { return appendGitHubEscaped(b, s, "%\r\n") }

// appendGitHubProperty escapes a command's property value: as its message, and ":" and ",".
func appendGitHubProperty(b []byte, s string) []byte { return appendGitHubEscaped(b, s, "%\r\n:,") }

// appendGitHubEscaped appends s with each byte of special percent-encoded as GitHub's
// workflow commands read it: the runs between them copied whole.
func appendGitHubEscaped(b []byte, s, special string) []byte {
	const hex = "0123456789ABCDEF"
	for {
		i := strings.IndexAny(s, special)
		if i < 0 {
			return append(b, s...)
		}
		b = append(b, s[:i]...)
		b = append(b, '%', hex[s[i]>>4], hex[s[i]&15])
		s = s[i+1:]
	}
}

// notes returns the annotations of a record: its I/O error, each grammar's error of an
// invalid line, and its warnings.
func notes(rec *Record, multi bool) []Note {
	if rec.IOErr != nil {
		return []Note{{Level: "error", Rule: "io-error", Message: rec.IOErr.Error(), File: rec.File, Line: rec.Line, ByteOffset: -1}}
	}
	var out []Note
	if !rec.Valid() {
		for _, res := range rec.Results {
			n := Note{Level: "error", File: rec.File, Line: rec.Line, Rule: res.Grammar.ID(), ByteOffset: -1}
			se, isSyntax := asSyntaxError(res.Err)
			switch {
			case isSyntax:
				n.Rule += "/" + se.Rule()
				n.Message, n.msgOf = se.Msg(), se
				at, _, _ := se.At()
				n.Column = utf8.RuneCountInString(rec.Input[:min(at, len(rec.Input))]) + 1
			default:
				n.Rule += "/too-long"
				n.Message = res.Err.Error()
				n.Column = utf8.RuneCountInString(rec.Input) + 1
			}
			if multi {
				n.Message, n.msgOf = res.Grammar.ID()+": "+n.Message, nil
			}
			out = append(out, n)
		}
	}
	for _, w := range rec.Warnings {
		out = append(out, Note{Level: "warning", Rule: "warning/" + string(w.Kind), File: rec.File, Line: rec.Line, ByteOffset: -1,
			Column:  utf8.RuneCountInString(rec.Input[:min(w.Offset, len(rec.Input))]) + 1,
			Message: w.String()})
	}
	return out
}

// A Writer writes a Run's records in its Config's format, with what the format needs before
// the first record and after the last: tsv's header row, SARIF's log around its results. It
// writes each record with Record.WriteTo (Streamed records too).
type Writer struct {
	w       io.Writer
	cfg     Config
	results int // SARIF results written
	err     error
}

// NewWriter returns a Writer of cfg's format to w, and writes the format's header.
func NewWriter(w io.Writer, cfg Config) *Writer {
	wr := &Writer{w: w, cfg: cfg}
	switch cfg.Format {
	case TSV:
		_, wr.err = w.Write(Header(cfg))
	case SARIF:
		_, wr.err = w.Write(SARIFHeader())
	}
	return wr
}

// Write writes a record (as emit receives it from Run).
func (w *Writer) Write(r *Record) error {
	if w.err != nil {
		return w.err
	}
	if r.stream != nil {
		_, w.err = r.WriteTo(w.w)
		return w.err
	}
	w.writeOut(r.Out)
	return w.err
}

// writeOut writes the renderings of records, one after the other, as Write writes each.
func (w *Writer) writeOut(out []byte) {
	if w.err != nil || len(out) == 0 {
		return
	}
	if w.cfg.Format == SARIF {
		// Each result follows a comma; the log's first does not.
		if w.results == 0 {
			out = out[1:]
		}
		w.results += bytes.Count(out, sarifResultStart)
	}
	_, w.err = w.w.Write(out)
}

// sarifResultStart begins each SARIF result a record's rendering holds.
var sarifResultStart = []byte("\n{\"ruleId\":")

// Run is check.Run with the Writer's Config, writing every record as Write would, and
// faster: the renderings of a batch of lines are written in one piece (where Write copies
// each record's into w's buffer, a call for each line), before each is called with the
// batch's records. each may be nil; it is called as Run calls emit, with every record in
// input order, and a record is valid only during its call. Run stops at the first write
// error, or the first error each returns (the records of that batch are written), and returns
// it; Close writes the format's end after it.
func (w *Writer) Run(ctx context.Context, inputs []Input, each func(*Record) error) (*Summary, error) {
	return run(ctx, w.cfg, inputs, each, w)
}

// Close writes what the format needs after the last record (SARIF's end of the log) and
// returns the first write error.
func (w *Writer) Close() error {
	if w.err == nil && w.cfg.Format == SARIF {
		_, w.err = w.w.Write(SARIFFooter())
	}
	return w.err
}
