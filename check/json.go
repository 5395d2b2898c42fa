package check

import (
	"strconv"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/jsontext"
	"github.com/urlgrammar/urlgrammar/warn"
)

// Direct JSON encoding of check's records: the same bytes as encoding/json (with HTML
// escaping off) gives for them, without reflection or an allocation per value, for the
// trees (ast.Tree) of every grammar. TestAppendRecordMatchesJSON holds the two to the same output on every grammar's tables and the corpora.

// appendRecord appends the JSON line of a record object made by ParseRecord (after setPlace
// and setWarnings).
func appendRecord(b []byte, rec any) []byte {
	switch r := rec.(type) {
	case *okRecord:
		if r.AST == nil {
			return AppendJSON(b, r) // WithoutAST's
		}
		// The record's components and parts are the tree's (ParseRecord): written from it.
		return appendTreeRecord(b, place{file: r.File, line: r.Line, columns: r.Columns}, r.Grammar, *r.AST, r.Warnings)
	case *errRecord:
		return append(appendErrObject(b, r), '\n')
	}
	return AppendJSON(b, rec)
}

// appendErrObject appends the JSON object of an invalid input's record, without a newline.
func appendErrObject(b []byte, r *errRecord) []byte {
	b = append(b, '{')
	b = appendPlace(b, place{file: r.File, line: r.Line, columns: r.Columns})
	b = appendKey(b, "input")
	b = jsontext.AppendString(b, r.Input)
	if r.InputBase64 != nil {
		b = appendKey(b, "inputBase64")
		b = jsontext.AppendString(b, *r.InputBase64)
	}
	if r.InputTruncated {
		b = append(b, `,"inputTruncated":true`...)
	}
	b = appendKey(b, "grammar")
	b = jsontext.AppendString(b, r.Grammar)
	b = append(b, `,"ok":false,"error":`...)
	b = appendErrorDetail(b, &r.Error, r.syntax)
	return append(b, '}')
}

// appendErrorDetail appends the "error" object of d, the ErrorDetail of an error whose
// *urlgrammar.SyntaxError is se (nil for another error): its expected set, and its message
// when d has none (errorDetail without expected), are written from se, as they are made
// once for each place in the grammar where an error can be, not for each error.
func appendErrorDetail(b []byte, d *ErrorDetail, se *urlgrammar.SyntaxError) []byte {
	b = append(b, `{"offset":`...)
	b = strconv.AppendInt(b, int64(d.Offset), 10)
	b = append(b, `,"line":`...)
	b = strconv.AppendInt(b, int64(d.Line), 10)
	b = append(b, `,"column":`...)
	b = strconv.AppendInt(b, int64(d.Column), 10)
	if at := d.At; at != nil {
		b = append(b, `,"at":{"offset":`...)
		b = strconv.AppendInt(b, int64(at.Offset), 10)
		b = append(b, `,"line":`...)
		b = strconv.AppendInt(b, int64(at.Line), 10)
		b = append(b, `,"column":`...)
		b = strconv.AppendInt(b, int64(at.Column), 10)
		b = append(b, '}')
	}
	b = append(b, `,"expected":`...)
	if se != nil {
		b = se.AppendExpectedJSON(b)
	} else {
		b = appendStrings(b, d.Expected)
	}
	b = appendKey(b, "rule")
	b = jsontext.AppendString(b, d.Rule)
	b = appendKey(b, "message")
	if se != nil && d.Message == "" {
		b = se.AppendMsgJSON(b)
	} else {
		b = jsontext.AppendString(b, d.Message)
	}
	if d.Scheme != "" {
		b = appendKey(b, "scheme")
		b = jsontext.AppendString(b, d.Scheme)
		b = appendKey(b, "grammar")
		b = jsontext.AppendString(b, d.Grammar)
	}
	return append(b, '}')
}

// appendAllRecord appends the jsonl record of a check with several grammars (allRecord, as
// encoding/json writes it): tree(i) is grammar i's tree of a line it accepts, asked for in
// order when its result is written (an error there is written as that grammar's result);
// flush is as ast.Tree.AppendJSONChunks says (nil: none).
func appendAllRecord(b []byte, rec *Record, tree func(i int) (ast.Tree, error), flush func([]byte) []byte) []byte {
	b = append(b, '{')
	b = appendPlace(b, placeOf(rec))
	b = appendInputFields(b, rec.Input, rec.TooLong)
	b = append(b, `,"accepted":`...)
	b = appendAccepted(b, rec.Results, func(i int) string { return rec.Results[i].Grammar.ID() })
	if len(rec.Warnings) > 0 {
		b = append(b, `,"warnings":`...)
		b = appendWarnings(b, rec.Warnings)
	}
	b = append(b, `,"results":[`...)
	for i, res := range rec.Results {
		if i > 0 {
			b = append(b, ',')
		}
		err := res.Err
		if err == nil {
			var t ast.Tree
			if t, err = tree(i); err == nil {
				b = appendTreeObject(b, place{noAST: rec.noAST}, res.Grammar.ID(), t, nil, flush)
				continue
			}
		}
		er := errRecordOf(res.Grammar, rec.Input, err, false)
		b = appendErrObject(b, &er)
		if flush != nil && len(b) >= ast.JSONChunk {
			// An error object holds the input: two in a row are two texts of the line.
			b = flush(b)
		}
	}
	return append(b, "]}\n"...)
}

// appendTreeRecord appends the JSON line of the record of a valid input from its tree (its
// Spans and parts, as Tree.Components gives them, without making them): what appendRecord
// writes for ParseRecord's record of the tree, with place and warnings (file and line may
// be nil).
func appendTreeRecord(b []byte, pl place, grammar string, tree ast.Tree, ws []warn.Warning) []byte {
	return append(appendTreeObject(b, pl, grammar, tree, ws, nil), '\n')
}

// appendTreeObject appends the object appendTreeRecord writes, without its newline, handing
// the buffer to flush as ast.Tree.AppendJSONChunks does while it writes the tree (nil: no
// flush).
func appendTreeObject(b []byte, pl place, grammar string, tree ast.Tree, ws []warn.Warning, flush func([]byte) []byte) []byte {
	// Between fields, a full buffer goes out: a field is at most one text of the line.
	flushed := func(b []byte) []byte {
		if flush != nil && len(b) >= ast.JSONChunk {
			return flush(b)
		}
		return b
	}
	sp, src := tree.Spans(), tree.Src()
	// A plain input (printable ASCII but '"' and '\\', as most URLs are) is read once: its
	// components are then copied as they are, not escaped byte by byte again.
	plain := jsontext.Plain(src)
	b = append(b, '{')
	b = appendPlace(b, pl)
	b = appendKey(b, "input")
	b = jsontext.AppendStringOf(b, src, plain)
	if !plain { // else ASCII, valid UTF-8
		if b64 := InputBase64(src); b64 != nil {
			b = flushed(appendKey(b, "inputBase64"))
			b = jsontext.AppendString(b, *b64)
		}
	}
	b = appendKey(b, "grammar")
	if pl.grammarJSON != "" {
		b = append(b, pl.grammarJSON...)
	} else {
		b = jsontext.AppendString(b, grammar)
	}
	b = append(b, `,"ok":true`...)
	b = appendKey(b, "rule")
	b = jsontext.AppendString(b, sp.Rule)
	// The ranges through pointers, in Spans.All's order: All's array of names and ranges
	// is 320 bytes, made and copied for each record.
	for k, r := range [...]*ast.Range{&sp.Scheme, &sp.Authority, &sp.Userinfo, &sp.Host, &sp.Port, &sp.Path, &sp.Query, &sp.Fragment} {
		b = flushed(append(b, componentKeys[k]...))
		b = appendRange(b, src, *r, plain)
		if k == hostComponent { // the host's kind follows it
			b = append(b, `,"hostKind":`...)
			if sp.HostKind == "" {
				b = append(b, "null"...)
			} else {
				b = jsontext.AppendString(b, sp.HostKind)
			}
		}
	}
	b = flushed(appendKey(b, "parts"))
	b = tree.AppendPartsJSONSpans(b, &sp, flush)
	if !pl.noAST {
		b = appendKey(b, "ast")
		b = tree.AppendJSONChunks(b, flush)
	}
	if len(ws) > 0 {
		b = appendKey(b, "warnings")
		b = appendWarnings(b, ws)
	}
	return append(b, '}')
}

// componentKeys are the keys of the components, as ast.Spans.All orders them, each after the
// comma that ends the field before it (the record's rule comes first).
var componentKeys = func() (keys []string) {
	for k, c := range (&ast.Spans{}).All() {
		keys = append(keys, `,"`+c.Name+`":`)
		if (c.Name == "host") != (k == hostComponent) {
			panic("check: the host is not component " + strconv.Itoa(hostComponent))
		}
	}
	return keys
}()

// hostComponent is the host's index in ast.Spans.All: its kind follows it in a record.
const hostComponent = 3

// appendRange appends a component's text, or null when it is undefined; plain says that src
// is jsontext.Plain.
func appendRange(b []byte, src string, r ast.Range, plain bool) []byte {
	if !r.Defined {
		return append(b, "null"...)
	}
	return jsontext.AppendStringOf(b, r.In(src), plain)
}

// place is where a check record is from: its file and line, and the other columns of its
// line (Config.Column); all nil for parse --json.
type place struct {
	file     *string
	line     *int
	columns  []string
	noAST    bool   // the record is written without its "ast" (Config.AST unset)
	lineText []byte // *line in decimal, when the renderer has it (nil: written from line)
	// *file and the grammar's ID as JSON strings, when the renderer has them ("": written
	// from file and the ID)
	fileJSON, grammarJSON string
}

func appendPlace(b []byte, pl place) []byte {
	if pl.file != nil {
		b = append(b, `"file":`...)
		if pl.fileJSON != "" {
			b = append(b, pl.fileJSON...)
		} else {
			b = jsontext.AppendString(b, *pl.file)
		}
		b = append(b, ',')
	}
	if pl.line != nil {
		b = append(b, `"line":`...)
		if pl.lineText != nil {
			b = append(b, pl.lineText...)
		} else {
			b = strconv.AppendInt(b, int64(*pl.line), 10)
		}
		b = append(b, ',')
	}
	if pl.columns != nil {
		b = append(b, `"columns":`...)
		b = appendStrings(b, pl.columns)
		b = append(b, ',')
	}
	return b
}

// appendInputFields appends the fields of a record's input: "input", "inputBase64" when
// the input is not valid UTF-8 (InputBase64), "inputTruncated" when it was cut.
func appendInputFields(b []byte, input string, truncated bool) []byte {
	b = append(b, `"input":`...)
	b = jsontext.AppendString(b, input)
	if b64 := InputBase64(input); b64 != nil {
		b = append(b, `,"inputBase64":`...)
		b = jsontext.AppendString(b, *b64)
	}
	if truncated {
		b = append(b, `,"inputTruncated":true`...)
	}
	return b
}

// appendAccepted appends the JSON array of the names (name(i)) of the results that
// accept their line, in order.
func appendAccepted(b []byte, results []Result, name func(i int) string) []byte {
	b = append(b, '[')
	sep := false
	for i, res := range results {
		if res.Err == nil {
			if sep {
				b = append(b, ',')
			}
			b, sep = jsontext.AppendString(b, name(i)), true
		}
	}
	return append(b, ']')
}

// appendKey appends `,"k":`, without the comma right after '{' or ','.
func appendKey(b []byte, k string) []byte {
	if len(b) > 0 && b[len(b)-1] != '{' && b[len(b)-1] != ',' {
		b = append(b, ',')
	}
	b = append(b, '"')
	b = append(b, k...)
	return append(b, '"', ':')
}

func appendStrings(b []byte, ss []string) []byte {
	if ss == nil {
		return append(b, "null"...)
	}
	return jsontext.AppendStrings(b, ss)
}

func appendWarnings(b []byte, ws []warn.Warning) []byte {
	b = append(b, '[')
	for i, w := range ws {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"kind":`...)
		b = jsontext.AppendString(b, string(w.Kind))
		b = append(b, `,"section":`...)
		b = jsontext.AppendString(b, w.Section)
		b = append(b, `,"offset":`...)
		b = strconv.AppendInt(b, int64(w.Offset), 10)
		b = append(b, `,"message":`...)
		b = jsontext.AppendString(b, w.Message)
		b = append(b, '}')
	}
	return append(b, ']')
}
