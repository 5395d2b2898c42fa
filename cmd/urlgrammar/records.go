package main

import (
	"errors"
	"strconv"

	"github.com/urlgrammar/urlgrammar/check"
	"github.com/urlgrammar/urlgrammar/internal/jsontext"
	"github.com/urlgrammar/urlgrammar/iri"
	"github.com/urlgrammar/urlgrammar/resolve"
)

// The --json records of the commands that answer each input on its own (match, resolve,
// normalize, key, iri2uri, uri2iri), one line each, appended directly: written by
// encoding/json (reflection, and each syntax error's expected set copied into its detail), a
// record took more time than the answer it holds. Each appender writes what encoding/json
// writes of the record's struct in records_test.go, key for key (TestRecordsMatchJSON).

// appendMatchRecord appends match's record: the input, the grammar, the rule, and the
// verdict with the error object of parse --json when err is not nil.
func appendMatchRecord(b []byte, input, grammar, rule string, err error) []byte {
	b = appendField(append(b, '{'), "input", input)
	b = appendField(append(b, ','), "grammar", grammar)
	b = appendField(append(b, ','), "rule", rule)
	if err != nil {
		return appendErrorEnd(append(b, `,"ok":false`...), err)
	}
	return append(b, `,"ok":true}`+"\n"...)
}

// appendResolveRecord appends resolve's record: the target and whether it is the base's
// document when err is nil, else the error object.
func appendResolveRecord(b []byte, base, ref, target string, sameDocument bool, err error) []byte {
	b = appendField(append(b, '{'), "base", base)
	b = appendField(append(b, ','), "reference", ref)
	if err != nil {
		return appendErrorEnd(append(b, `,"ok":false,"sameDocument":false`...), err)
	}
	b = appendField(append(b, `,"ok":true,`...), "result", target)
	if sameDocument {
		return append(b, `,"sameDocument":true}`+"\n"...)
	}
	return append(b, `,"sameDocument":false}`+"\n"...)
}

// appendNormalRecord appends normalize's record: the normal form and the rewrites that made
// it when err is nil, else no rewrite and the error object.
func appendNormalRecord(b []byte, input, normal string, changes []resolve.Change, err error) []byte {
	b = appendField(append(b, '{'), "input", input)
	if err != nil {
		return appendErrorEnd(append(b, `,"ok":false,"changes":[]`...), err)
	}
	b = appendField(append(b, `,"ok":true,`...), "normal", normal)
	b = append(b, `,"changes":[`...)
	for i, c := range changes {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendField(append(b, '{'), "rule", c.Rule)
		b = appendField(append(b, ','), "component", c.Component)
		b = appendField(append(b, ','), "before", c.Before)
		b = appendField(append(b, ','), "after", c.After)
		b = append(b, '}')
	}
	return append(b, "]}\n"...)
}

// appendKeyRecord appends key's record: the key of the kind named when err is nil, else the
// error object.
func appendKeyRecord(b []byte, input, kind, key string, err error) []byte {
	b = appendField(append(b, '{'), "input", input)
	if err != nil {
		b = appendField(append(b, `,"ok":false,`...), "kind", kind)
		return appendErrorEnd(b, err)
	}
	b = appendField(append(b, `,"ok":true,`...), "kind", kind)
	b = appendField(append(b, ','), "key", key)
	return append(b, "}\n"...)
}

// appendMapRecord appends the record of iri2uri and uri2iri: the result when err is nil,
// else an error object of an offset (an *iri.Error's, else 0) and a message (the Error's
// Msg, else the error's first line).
func appendMapRecord(b []byte, input, result string, err error) []byte {
	b = appendField(append(b, '{'), "input", input)
	if err == nil {
		b = appendField(append(b, `,"ok":true,`...), "result", result)
		return append(b, "}\n"...)
	}
	offset, msg := 0, oneLine(err)
	var ie *iri.Error
	if errors.As(err, &ie) {
		offset, msg = ie.Offset, ie.Msg
	}
	b = strconv.AppendInt(append(b, `,"ok":false,"error":{"offset":`...), int64(offset), 10)
	b = appendField(append(b, ','), "message", msg)
	return append(b, "}}\n"...)
}

// appendField appends "key":s, with s a JSON string; key is written as it is.
func appendField(b []byte, key, s string) []byte {
	b = append(append(append(b, '"'), key...), `":`...)
	return jsontext.AppendString(b, s)
}

// appendErrorEnd appends the record's last key, "error" (check.AppendErrorJSON of err), and
// closes it.
func appendErrorEnd(b []byte, err error) []byte {
	return append(check.AppendErrorJSON(append(b, `,"error":`...), err), "}\n"...)
}
