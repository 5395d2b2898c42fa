package check

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"unicode/utf8"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/jsontext"
	"github.com/urlgrammar/urlgrammar/warn"
)

// okRecord is the JSON object for a valid input (docs/design.md, CLI contract). Components are
// null when undefined and "" when present but empty.
type okRecord struct {
	File        *string        `json:"file,omitempty"`    // check only
	Line        *int           `json:"line,omitempty"`    // check only
	Columns     []string       `json:"columns,omitempty"` // check --column only
	Input       string         `json:"input"`
	InputBase64 *string        `json:"inputBase64,omitempty"` // when Input is not valid UTF-8
	Grammar     string         `json:"grammar"`
	OK          bool           `json:"ok"`
	Rule        string         `json:"rule"`
	Scheme      *string        `json:"scheme"`
	Authority   *string        `json:"authority"`
	Userinfo    *string        `json:"userinfo"`
	Host        *string        `json:"host"`
	HostKind    *string        `json:"hostKind"`
	Port        *string        `json:"port"`
	Path        *string        `json:"path"`
	Query       *string        `json:"query"`
	Fragment    *string        `json:"fragment"`
	Parts       map[string]any `json:"parts"`
	AST         *ast.Tree      `json:"ast,omitempty"`      // check and extract: only with --ast
	Warnings    []warn.Warning `json:"warnings,omitempty"` // check --warn only
}

// errRecord is the JSON object for an invalid input.
type errRecord struct {
	File        *string  `json:"file,omitempty"`
	Line        *int     `json:"line,omitempty"`
	Columns     []string `json:"columns,omitempty"`
	Input       string   `json:"input"`
	InputBase64 *string  `json:"inputBase64,omitempty"`
	// InputTruncated is set when the input is a line's first MaxInputLength bytes (a
	// TooLongError).
	InputTruncated bool        `json:"inputTruncated,omitempty"`
	Grammar        string      `json:"grammar"`
	OK             bool        `json:"ok"`
	Error          ErrorDetail `json:"error"`
	// syntax is the error when it is a SyntaxError: appendErrObject writes its expected set
	// from the JSON the grammar keeps of it (AppendExpectedJSON).
	syntax *urlgrammar.SyntaxError
}

// ErrorDetail is the "error" object of the JSON contract (docs/design.md): where the input stops
// matching and what the grammar expected there.
//
// Offset, Line and Column are where the longest valid prefix of the input ends; At, when the
// grammar blames the error on an earlier byte (urlgrammar.SyntaxError.At: "http://localhost:80x/"
// in RFC 3986 is valid up to the "/" as a userinfo that an "@" would end, and the error is the
// x, in the port), is that byte: Rule, Message and Expected describe the error there.
type ErrorDetail struct {
	Offset   int       `json:"offset"`
	Line     int       `json:"line"`
	Column   int       `json:"column"`
	At       *Position `json:"at,omitempty"`
	Expected []string  `json:"expected"`
	Rule     string    `json:"rule"`
	Message  string    `json:"message"`
	// Scheme and Grammar are set when the grammar of the input's scheme rejected it, for a
	// grammar that checks schemes (uri): the scheme, and that grammar's id, whose rule Rule is.
	Scheme  string `json:"scheme,omitempty"`
	Grammar string `json:"grammar,omitempty"`
}

// Position is a place in the input: a byte offset, and its 1-based line and byte column.
type Position struct {
	Offset int `json:"offset"`
	Line   int `json:"line"`
	Column int `json:"column"`
}

// ParseRecord returns the JSON object of `urlgrammar parse --json` for the result of parsing
// input with g: the components, the tree as the "ast" object, or the error (docs/design.md, CLI
// contract); tree is not read when err is set. The components are those the grammar's header
// declares. Its value is meant for encoding/json. Input that is not valid UTF-8 also gets
// "inputBase64", the exact bytes in standard base64, since a JSON string cannot hold them.
func ParseRecord(g *urlgrammar.Grammar, input string, tree ast.Tree, err error) any {
	if err != nil {
		rec := errRecordOf(g, input, err, true)
		return &rec
	}
	c := tree.Components()
	return &okRecord{Input: input, InputBase64: InputBase64(input), Grammar: g.ID(), OK: true, Rule: c.Rule, Scheme: c.Scheme,
		Authority: c.Authority, Userinfo: c.Userinfo, Host: c.Host, HostKind: c.HostKind,
		Port: c.Port, Path: c.Path, Query: c.Query, Fragment: c.Fragment, Parts: c.Parts, AST: &tree}
}

// AppendResultJSON appends the object of ParseRecord(g, input, tree, err), with its "ast"
// only when withAST (WithoutAST's otherwise), as AppendJSON writes it but without the
// newline, and without encoding/json's reflection: for a record that holds a result (extract's
// jsonl records).
func AppendResultJSON(b []byte, g *urlgrammar.Grammar, input string, tree ast.Tree, err error, withAST bool) []byte {
	if err != nil {
		er := errRecordOf(g, input, err, false)
		return appendErrObject(b, &er)
	}
	return appendTreeObject(b, place{noAST: !withAST}, g.ID(), tree, nil, nil)
}

// errRecordOf is ParseRecord's record of err. Without expected (a record that is only
// written, by appendErrObject), the ErrorDetail of a SyntaxError leaves its Expected nil: the
// record is written with the error's own JSON of it, and the slice is not copied.
func errRecordOf(g *urlgrammar.Grammar, input string, err error, expected bool) errRecord {
	se, _ := asSyntaxError(err)
	return errRecord{Input: input, InputBase64: InputBase64(input), InputTruncated: errors.Is(err, ErrTooLong),
		Grammar: g.ID(), Error: errorDetail(err, expected || se == nil), syntax: se}
}

// WithoutAST returns a record object of ParseRecord without its "ast" (a valid input's
// tree), as check and extract write their jsonl records unless asked for it.
func WithoutAST(rec any) any {
	if r, ok := rec.(*okRecord); ok {
		c := *r
		c.AST = nil
		return &c
	}
	return rec
}

// setPlace adds the "file" and "line" keys of check's jsonl records, and "columns" with
// Config.Column.
func setPlace(obj any, rec *Record) {
	pl := placeOf(rec)
	switch r := obj.(type) {
	case *okRecord:
		r.File, r.Line, r.Columns = pl.file, pl.line, pl.columns
	case *errRecord:
		r.File, r.Line, r.Columns = pl.file, pl.line, pl.columns
	}
}

// placeOf is where a record is from, as its rendering says it (Config.NoPlace: only its
// columns).
func placeOf(rec *Record) place {
	if rec.noPlace {
		return place{columns: rec.Columns, noAST: rec.noAST}
	}
	file, line := rec.File, rec.Line
	return place{file: &file, line: &line, columns: rec.Columns, noAST: rec.noAST}
}

// InputBase64 returns the base64 of s when s is not valid UTF-8 (encoding/json would write
// U+FFFD for its bad bytes), and nil otherwise.
func InputBase64(s string) *string {
	if utf8.ValidString(s) {
		return nil
	}
	b := base64.StdEncoding.EncodeToString([]byte(s))
	return &b
}

// setWarnings adds check's "warnings" key to a valid line's record.
func setWarnings(rec any, ws []warn.Warning) {
	if r, ok := rec.(*okRecord); ok && len(ws) > 0 {
		r.Warnings = ws
	}
}

// AppendJSON appends v as one line of JSON (with its newline), without HTML escaping, and
// with U+FFFD written \ufffd as the records' own encoder writes it, whatever Go built it.
func AppendJSON(b []byte, v any) []byte {
	w := bytes.NewBuffer(b)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// Only a value encoding/json cannot encode gets here; the records never are one.
		panic("check: " + err.Error())
	}
	out := w.Bytes()
	if esc := jsontext.EscapeReplacement(out[len(b):]); len(esc) != len(out)-len(b) { // rewritten
		out = append(out[:len(b)], esc...)
	}
	return out
}

// allRecord is the jsonl record of a check with several grammars: which grammars accept the
// line, and each one's parse --json object. appendAllRecord writes it (TestAppendAllRecordMatchesJSON
// holds the two to the same bytes).
type allRecord struct {
	File        string         `json:"file"`
	Line        int            `json:"line"`
	Columns     []string       `json:"columns,omitempty"`
	Input       string         `json:"input"`
	InputBase64 *string        `json:"inputBase64,omitempty"`
	Truncated   bool           `json:"inputTruncated,omitempty"`
	Accepted    []string       `json:"accepted"`
	Warnings    []warn.Warning `json:"warnings,omitempty"`
	Results     []any          `json:"results"`
}
