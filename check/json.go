package check

import (
	"slices"
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
		b = append(b, '{')
		b = appendPlace(b, r.File, r.Line)
		b = appendKey(b, "input")
		b = jsontext.AppendString(b, r.Input)
		if r.InputBase64 != nil {
			b = appendKey(b, "inputBase64")
			b = jsontext.AppendString(b, *r.InputBase64)
		}
		b = appendKey(b, "grammar")
		b = jsontext.AppendString(b, r.Grammar)
		b = append(b, `,"ok":true`...)
		b = appendKey(b, "rule")
		b = jsontext.AppendString(b, r.Rule)
		for _, f := range [...]struct {
			k string
			v *string
		}{{"scheme", r.Scheme}, {"authority", r.Authority}, {"userinfo", r.Userinfo}, {"host", r.Host},
			{"hostKind", r.HostKind}, {"port", r.Port}, {"path", r.Path}, {"query", r.Query}, {"fragment", r.Fragment}} {
			b = appendKey(b, f.k)
			b = appendStringPtr(b, f.v)
		}
		b = appendKey(b, "parts")
		b = appendParts(b, r.Parts)
		b = appendKey(b, "ast")
		b = tree.AppendJSON(b)
		if len(r.Warnings) > 0 {
			b = appendKey(b, "warnings")
			b = appendWarnings(b, r.Warnings)
		}
		return append(b, "}\n"...)
	case *errRecord:
		b = append(b, '{')
		b = appendPlace(b, r.File, r.Line)
		b = appendKey(b, "input")
		b = jsontext.AppendString(b, r.Input)
		if r.InputBase64 != nil {
			b = appendKey(b, "inputBase64")
			b = jsontext.AppendString(b, *r.InputBase64)
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

func appendStringPtr(b []byte, s *string) []byte {
	if s == nil {
		return append(b, "null"...)
	}
	return jsontext.AppendString(b, *s)
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

// appendParts appends the parts map with its keys sorted by bytes, as encoding/json does.
func appendParts(b []byte, parts map[string]any) []byte {
	if parts == nil {
		return append(b, "null"...)
	}
	var buf [16]string // a grammar declares a dozen or two parts; a record has a few
	keys := buf[:0]
	for k := range parts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendPart1(b, k, parts[k])
	}
	return append(b, '}')
}

// appendPart1 appends one "key":value of the parts map.
func appendPart1(b []byte, k string, v any) []byte {
	b = jsontext.AppendString(b, k)
	b = append(b, ':')
	switch v := v.(type) {
	case string:
		return jsontext.AppendString(b, v)
	case []string:
		return appendStrings(b, v)
	}
	return appendMarshal(b, v)
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

// appendMarshal appends v as encoding/json encodes it, without the newline.
func appendMarshal(b []byte, v any) []byte {
	b = AppendJSON(b, v)
	return b[:len(b)-1]
}
