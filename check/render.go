package check

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/jsontext"
	"github.com/urlgrammar/urlgrammar/internal/tsvtext"
)

// Format is how a Record is rendered in Record.Out.
type Format int

// The formats of `urlgrammar check --format`.
const (
	// NoFormat renders nothing: Record.Out stays empty.
	NoFormat Format = iota
	// Text is for people: nothing for a valid line; for an invalid one
	// "FILE:LINE:COLUMN: message" ("FILE:LINE:COLUMN: GRAMMAR: message" with several
	// grammars, one line per grammar) and the input with a caret under the error (bytes that
	// would not print shown as Go escapes); "FILE:LINE: error: ..." for an I/O error. Standard input
	// is named <stdin>. The exact input is the line at FILE:LINE.
	Text
	// JSONL is one JSON object a line: the `parse --json` object with "file" and "line" first
	// (docs/design.md, CLI contract), or with several grammars
	// {"file","line","input","accepted":[ids],"results":[objects]}; for an I/O error
	// {"file","line","ok":false,"ioError":message}. An input that is not valid UTF-8 also
	// has "inputBase64", its exact bytes.
	JSONL
	// TSV is tab-separated values with a header row (Header). Fields are escaped so that a
	// field never holds a tab, a line break or a byte that is not printable UTF-8: "\\" for a
	// backslash, "\t", "\n", "\r", and "\xHH" for any other control byte or byte of invalid
	// UTF-8 (UnescapeTSV reverses it). An I/O error has status "error" and the message.
	TSV
	// SARIF is a SARIF 2.1.0 log (what code-scanning tools read): one result per grammar
	// that rejects a line, at its line and column (in code points), one per warning, one per
	// I/O error; a Writer adds the log around the records' results.
	SARIF
	// GitHub is one GitHub Actions workflow command a finding ("::error file=F,line=L,col=C,
	// title=T::message"), which annotates the file in a pull request.
	GitHub
)

// ParseFormat returns the Format of a --format name: text, jsonl, tsv, sarif or github.
func ParseFormat(name string) (Format, error) {
	switch name {
	case "text":
		return Text, nil
	case "jsonl":
		return JSONL, nil
	case "tsv":
		return TSV, nil
	case "sarif":
		return SARIF, nil
	case "github":
		return GitHub, nil
	}
	return NoFormat, fmt.Errorf("unknown format %q (text, jsonl, tsv, sarif, github)", name)
}

func (f Format) String() string {
	switch f {
	case Text:
		return "text"
	case JSONL:
		return "jsonl"
	case TSV:
		return "tsv"
	case SARIF:
		return "sarif"
	case GitHub:
		return "github"
	}
	return "none"
}

// Header returns what the format prints before the first record: the TSV header row, or
// nothing (also with Config.NoHeader, and with Config.Column, whose rows start with the
// line's own columns).
func Header(cfg Config) []byte {
	if cfg.Format != TSV || cfg.NoHeader || cfg.Column > 0 {
		return nil
	}
	if cfg.NoPlace {
		if len(cfg.Grammars) > 1 {
			return []byte("status\taccepted\tmessage\tinput\n")
		}
		return []byte("status\tcolumn\trule\tmessage\twarnings\tinput\n")
	}
	if len(cfg.Grammars) > 1 {
		return []byte("file\tline\tstatus\taccepted\tmessage\tinput\n")
	}
	return []byte("file\tline\tstatus\tcolumn\trule\tmessage\twarnings\tinput\n")
}

// renderer renders records in one worker.
type renderer struct {
	cfg    Config
	line   int // the line number appendLine wrote last, and its digits
	digits []byte
	file   string // the file name fileField was asked for last, and its field
	name   string
	named  bool
	// grammar is the ID grammarJSON was asked for last, and its JSON string
	grammar, grammarJSON string
	// plainOf is the grammar plain was found for last: whether every input it accepts is
	// written as it is in a TSV field (its AcceptedBytes are all tsvtext.PlainByte), so that
	// a valid line's input is copied, not scanned (a twentieth of tsv on text-shaped lines).
	plainOf *urlgrammar.Grammar
	plain   bool
}

// plainInputs reports whether every input g accepts is a TSV field as it is.
func (r *renderer) plainInputs(g *urlgrammar.Grammar) bool {
	if g != r.plainOf {
		r.plainOf, r.plain = g, true
		for c, in := range g.AcceptedBytes() {
			r.plain = r.plain && (!in || tsvtext.PlainByte(byte(c)))
		}
	}
	return r.plain
}

// grammarField is the grammar's ID as a JSON string, made once for the records of one
// grammar.
func (r *renderer) grammarField(id string) string {
	if id != r.grammar || r.grammarJSON == "" {
		r.grammar, r.grammarJSON = id, string(jsontext.AppendString(nil, id))
	}
	return r.grammarJSON
}

// fileField is the file's name as the format writes it, made once for the lines of one
// file: TextName(file) in text, its TSV field in tsv, a JSON string in jsonl.
func (r *renderer) fileField(file string) string {
	if file != r.file || !r.named {
		r.file, r.named = file, true
		switch r.cfg.Format {
		case TSV:
			r.name = string(AppendTSV(nil, file))
		case JSONL:
			r.name = string(jsontext.AppendString(nil, file))
		default:
			r.name = TextName(file)
		}
	}
	return r.name
}

// appendLine appends line number n in decimal (lineDigits).
func (r *renderer) appendLine(b []byte, n int) []byte { return append(b, r.lineDigits(n)...) }

// lineDigits returns line number n in decimal, valid until the next call. The line after
// the one written last is its digits plus one, without a division: tsv and jsonl write a
// record for every line, and strconv's AppendInt of its number was 3% of it.
func (r *renderer) lineDigits(n int) []byte {
	if r.line > 0 && n == r.line+1 {
		i := len(r.digits) - 1
		for i >= 0 && r.digits[i] == '9' {
			r.digits[i] = '0'
			i--
		}
		if i >= 0 {
			r.digits[i]++
		} else {
			r.digits[0] = '1' // all nines: now a one and as many zeros as there were nines
			r.digits = append(r.digits, '0')
		}
	} else {
		r.digits = strconv.AppendInt(r.digits[:0], int64(n), 10)
	}
	r.line = n
	return r.digits
}

// TextName is a file name as the text formats show it (check, diff, extract): standard
// input ("-") is <stdin>, and a byte that would not print as itself (an escape sequence, a
// line break, invalid UTF-8) is written as a Go escape, as inputs are (urlgrammar.Display),
// so that a file's name cannot write to the terminal or break a record's line.
func TextName(file string) string {
	if file == "-" {
		return "<stdin>"
	}
	return urlgrammar.Display(file)
}

// render appends the rendering of rec to b; trees[i] is the tree of grammar i (empty when it
// rejected the line or its tree was not needed).
func (r *renderer) render(b []byte, rec *Record, trees []ast.Tree) []byte {
	multi := len(r.cfg.Grammars) > 1
	switch r.cfg.Format {
	case JSONL:
		return r.jsonl(b, rec, trees, multi)
	case TSV:
		return r.tsv(b, rec, multi)
	case Text:
		return r.text(b, rec, multi)
	case SARIF:
		for _, n := range notes(rec, multi) {
			b = AppendSARIFResult(b, n, true)
		}
	case GitHub:
		for _, n := range notes(rec, multi) {
			b = AppendGitHubAnnotation(b, n)
		}
	}
	return b
}

func (r *renderer) jsonl(b []byte, rec *Record, trees []ast.Tree, multi bool) []byte {
	switch {
	case rec.IOErr != nil:
		return AppendJSON(b, ioRecord{File: rec.File, Line: rec.Line, IOError: rec.IOErr.Error()})
	case multi:
		return appendAllRecord(b, rec, func(i int) (ast.Tree, error) { return trees[i], nil }, nil)
	}
	res := rec.Results[0]
	if res.Err == nil && trees[0].Len() > 0 {
		pl := placeOf(rec)
		if pl.line != nil {
			pl.lineText, pl.fileJSON = r.lineDigits(*pl.line), r.fileField(rec.File)
		}
		pl.grammarJSON = r.grammarField(res.Grammar.ID())
		return appendTreeRecord(b, pl, res.Grammar.ID(), trees[0], rec.Warnings)
	}
	if res.Err != nil {
		// An error's record, on the stack: no record object, and no copy of the expected set.
		er := errRecordOf(res.Grammar, rec.Input, res.Err, false)
		pl := placeOf(rec)
		er.File, er.Line, er.Columns = pl.file, pl.line, pl.columns
		return append(appendErrObject(b, &er), '\n')
	}
	obj := ParseRecord(res.Grammar, rec.Input, trees[0], res.Err)
	setPlace(obj, rec)
	setWarnings(obj, rec.Warnings)
	return appendRecord(b, obj)
}

// ioRecord is the jsonl record of an input that could not be opened or read.
type ioRecord struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	OK      bool   `json:"ok"`
	IOError string `json:"ioError"`
}

func (r *renderer) tsv(b []byte, rec *Record, multi bool) []byte {
	for _, c := range rec.Columns { // the line's other columns first, as they are
		b = append(b, c...)
		b = append(b, '\t')
	}
	if rec.noPlace && rec.IOErr == nil { // the row without file and line: from its status on
		at := len(b)
		b = r.tsvVerdict(b, rec, multi)
		return append(b[:at], b[at+1:]...) // the tab before the status
	}
	b = append(b, r.fileField(rec.File)...)
	b = append(b, '\t')
	b = r.appendLine(b, rec.Line)
	return r.tsvVerdict(b, rec, multi)
}

// tsvVerdict appends a tsv row's fields after file and line, each after a tab.
func (r *renderer) tsvVerdict(b []byte, rec *Record, multi bool) []byte {
	if rec.IOErr != nil {
		if multi {
			b = append(b, "\terror\t\t"...)
		} else {
			b = append(b, "\terror\t\t\t"...)
		}
		b = AppendTSV(b, rec.IOErr.Error())
		if multi {
			return append(b, "\t\n"...)
		}
		return append(b, "\t\t\n"...)
	}
	if multi {
		if rec.Valid() {
			b = append(b, "\tvalid\t"...)
		} else {
			b = append(b, "\tinvalid\t"...)
		}
		sep := false
		for _, res := range rec.Results {
			if res.Err == nil {
				if sep {
					b = append(b, ',')
				}
				b, sep = append(b, res.Grammar.ID()...), true
			}
		}
		b = append(b, '\t')
		// An invalid line's message is each grammar's cause, as the summary counts them
		// ("rfc3986: segment: unexpected space; ...").
		for i, c := range rec.causes {
			if i > 0 {
				b = append(b, "; "...)
			}
			b = AppendTSV(b, c.text)
		}
		b = append(b, '\t')
		b = AppendTSV(b, rec.Input)
		return append(b, '\n')
	}
	err := rec.Results[0].Err
	se, isSyntax := asSyntaxError(err)
	switch {
	case err == nil:
		b = append(b, "\tvalid\t\t\t\t"...)
	case isSyntax:
		b = append(b, "\tinvalid\t"...)
		_, _, col := se.At()
		b = strconv.AppendInt(b, int64(col), 10)
		b = append(b, '\t')
		b = AppendTSV(b, se.Rule())
		b = append(b, '\t')
		b = se.AppendMsgTSV(b)
		b = append(b, '\t')
	default:
		b = append(b, "\tinvalid\t"...)
		if d := NewErrorDetail(err); d.Column > 0 { // a too-long line: where it was cut
			b = strconv.AppendInt(b, int64(d.Column), 10)
		}
		b = append(b, "\t\t"...)
		b = AppendTSV(b, err.Error())
		b = append(b, '\t')
	}
	for i, w := range rec.Warnings {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, w.Kind...)
	}
	b = append(b, '\t')
	if err == nil && (len(r.cfg.Rules) == 0 || r.cfg.Rules[0] == "") && r.plainInputs(rec.Results[0].Grammar) {
		// Accepted by the start rule: no byte to escape. (Another rule may accept bytes the
		// start rule never does: rfc2396bis-01's unwise, a backslash.)
		b = append(b, rec.Input...)
	} else {
		b = AppendTSV(b, rec.Input)
	}
	return append(b, '\n')
}

// AppendTSV appends s to b escaped as a TSV field (see TSV).
func AppendTSV(b []byte, s string) []byte { return tsvtext.Append(b, s) }

// UnescapeTSV reverses AppendTSV: it returns the exact bytes of a TSV field.
func UnescapeTSV(field string) (string, error) {
	if !strings.Contains(field, `\`) {
		return field, nil
	}
	var b strings.Builder
	for i := 0; i < len(field); i++ {
		c := field[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		if i+1 >= len(field) {
			return "", fmt.Errorf("TSV field ends in a lone backslash at byte %d", i)
		}
		i++
		switch field[i] {
		case '\\':
			b.WriteByte('\\')
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 'x':
			if i+2 >= len(field) {
				return "", fmt.Errorf("TSV field: short \\x escape at byte %d", i-1)
			}
			v, err := strconv.ParseUint(field[i+1:i+3], 16, 8)
			if err != nil {
				return "", fmt.Errorf("TSV field: bad \\x escape at byte %d", i-1)
			}
			b.WriteByte(byte(v))
			i += 2
		default:
			return "", fmt.Errorf("TSV field: unknown escape \\%c at byte %d", field[i], i-1)
		}
	}
	return b.String(), nil
}

// Terminal colours.
const (
	bold   = "1"
	red    = "31"
	green  = "32"
	yellow = "33"
)

func (r *renderer) paint(b []byte, code, s string) []byte {
	return r.unpaint(append(r.startPaint(b, code), s...))
}

// startPaint begins text in colour code (when colours are on); unpaint ends it.
func (r *renderer) startPaint(b []byte, code string) []byte {
	if !r.cfg.Colour {
		return b
	}
	b = append(b, "\x1b["...)
	b = append(b, code...)
	return append(b, 'm')
}

func (r *renderer) unpaint(b []byte) []byte {
	if !r.cfg.Colour {
		return b
	}
	return append(b, "\x1b[0m"...)
}

func (r *renderer) text(b []byte, rec *Record, multi bool) []byte {
	file := r.fileField(rec.File)
	if rec.IOErr != nil {
		where := file + ":"
		if rec.Line > 0 {
			where += strconv.Itoa(rec.Line) + ":"
		}
		b = r.paint(b, bold, where)
		b = append(b, ' ')
		b = r.paint(b, red, "error: "+urlgrammar.Display(rec.IOErr.Error())) // it may hold the file's name
		return append(b, '\n')
	}
	valid, rejects := false, 0
	for _, res := range rec.Results {
		if res.Err == nil {
			valid = true
			continue
		}
		rejects++
		// FILE:LINE:COLUMN: first, as compilers write it, so that editors jump to it; with
		// several grammars the grammar follows.
		if se, ok := asSyntaxError(res.Err); ok {
			_, _, col := se.At()
			b = r.startPaint(b, bold)
			b = append(b, file...)
			b = append(b, ':')
			b = strconv.AppendInt(b, int64(rec.Line), 10)
			b = append(b, ':')
			b = strconv.AppendInt(b, int64(col), 10)
			b = append(b, ':')
			if multi {
				b = append(b, ' ')
				b = append(b, res.Grammar.ID()...)
				b = append(b, ':')
			}
			b = r.unpaint(b)
			b = append(b, ' ')
			b = r.unpaint(se.AppendMsg(r.startPaint(b, red)))
			b = append(b, '\n')
			b = r.unpaint(se.AppendCaret(r.startPaint(b, green)))
		} else {
			prefix := file + ":" + strconv.Itoa(rec.Line) + ":"
			if d := NewErrorDetail(res.Err); d.Column > 0 { // a line too long: where it was cut
				prefix += strconv.Itoa(d.Column) + ":"
			}
			if multi {
				prefix += " " + res.Grammar.ID() + ":"
			}
			b = r.paint(b, bold, prefix)
			b = append(b, ' ')
			b = r.paint(b, red, res.Err.Error())
		}
		b = append(b, '\n')
	}
	for _, w := range rec.Warnings {
		b = r.paint(b, bold, file+":"+strconv.Itoa(rec.Line)+":"+strconv.Itoa(w.Offset+1)+":")
		b = append(b, ' ')
		b = r.paint(b, yellow, w.String())
		b = append(b, '\n')
	}
	if multi && valid && rejects > 0 {
		// "FILE:LINE: accepted by A, B", appended in place.
		b = append(append(b, file...), ':')
		b = append(strconv.AppendInt(b, int64(rec.Line), 10), ": accepted by "...)
		sep := false
		for _, res := range rec.Results {
			if res.Err == nil {
				if sep {
					b = append(b, ", "...)
				}
				b, sep = append(b, res.Grammar.ID()...), true
			}
		}
		b = append(b, '\n')
	}
	return b
}
