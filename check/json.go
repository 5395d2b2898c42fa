package check

import (
	"strconv"

	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/jsontext"
	"github.com/urlgrammar/urlgrammar/warn"
)

// Direct JSON encoding of check's records: the same bytes as encoding/json (with HTML
// escaping off) gives for them, without reflection or an allocation per value, for the
// generic trees (ast.Tree) of every grammar; typed trees are encoded by encoding/json. TestAppendRecordMatchesJSON
// holds the two to the same output on every grammar's tables and the corpora.

// appendRecord appends the JSON line of a record object made by ParseRecord (after setPlace
// and setWarnings).
func appendRecord(b []byte, rec any) []byte {
	switch r := rec.(type) {
	case *okRecord:
		tree, ok := r.AST.(ast.Tree)
		if !ok {
			return AppendJSON(b, r)
		}
		// The record's components and parts are the tree's (ParseRecord): written from it.
		return appendTreeRecord(b, r.File, r.Line, r.Grammar, tree, r.Warnings)
	case *errRecord:
		b = append(b, '{')
		b = appendPlace(b, r.File, r.Line)
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
		b = append(b, `,"ok":false,"error":{"offset":`...)
		b = strconv.AppendInt(b, int64(r.Error.Offset), 10)
		b = append(b, `,"line":`...)
		b = strconv.AppendInt(b, int64(r.Error.Line), 10)
		b = append(b, `,"column":`...)
		b = strconv.AppendInt(b, int64(r.Error.Column), 10)
		b = append(b, `,"expected":`...)
		b = appendStrings(b, r.Error.Expected)
		b = appendKey(b, "rule")
		b = jsontext.AppendString(b, r.Error.Rule)
		b = appendKey(b, "message")
		b = jsontext.AppendString(b, r.Error.Message)
		return append(b, "}}\n"...)
	}
	return AppendJSON(b, rec)
}

// appendTreeRecord appends the JSON line of the record of a valid input from its tree (its
// Spans and parts, as Tree.Components gives them, without making them): what appendRecord
// writes for ParseRecord's record of the tree, with place and warnings (file and line may
// be nil).
func appendTreeRecord(b []byte, file *string, line *int, grammar string, tree ast.Tree, ws []warn.Warning) []byte {
	sp, src := tree.Spans(), tree.Src()
	b = append(b, '{')
	b = appendPlace(b, file, line)
	b = appendKey(b, "input")
	b = jsontext.AppendString(b, src)
	if b64 := InputBase64(src); b64 != nil {
		b = appendKey(b, "inputBase64")
		b = jsontext.AppendString(b, *b64)
	}
	b = appendKey(b, "grammar")
	b = jsontext.AppendString(b, grammar)
	b = append(b, `,"ok":true`...)
	b = appendKey(b, "rule")
	b = jsontext.AppendString(b, sp.Rule)
	for _, c := range sp.All() {
		b = appendKey(b, c.Name)
		b = appendRange(b, src, c.Range)
		if c.Name == "host" { // the host's kind follows it
			b = appendKey(b, "hostKind")
			if sp.HostKind == "" {
				b = append(b, "null"...)
			} else {
				b = jsontext.AppendString(b, sp.HostKind)
			}
		}
	}
	b = appendKey(b, "parts")
	b = tree.AppendPartsJSON(b)
	b = appendKey(b, "ast")
	b = tree.AppendJSON(b)
	if len(ws) > 0 {
		b = appendKey(b, "warnings")
		b = appendWarnings(b, ws)
	}
	return append(b, "}\n"...)
}

// appendRange appends a component's text, or null when it is undefined.
func appendRange(b []byte, src string, r ast.Range) []byte {
	if !r.Defined {
		return append(b, "null"...)
	}
	return jsontext.AppendString(b, r.In(src))
}

func appendPlace(b []byte, file *string, line *int) []byte {
	if file != nil {
		b = append(b, `"file":`...)
		b = jsontext.AppendString(b, *file)
		b = append(b, ',')
	}
	if line != nil {
		b = append(b, `"line":`...)
		b = strconv.AppendInt(b, int64(*line), 10)
		b = append(b, ',')
	}
	return b
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
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsontext.AppendString(b, s)
	}
	return append(b, ']')
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
