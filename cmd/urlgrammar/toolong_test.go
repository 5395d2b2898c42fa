package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
)

// A line over MaxInputLength is not checked, and every format says so where it is: the
// error's place is where the line was cut (offset MaxInputLength, column MaxInputLength+1,
// not 0:0), and the JSON records say that their input is cut ("inputTruncated").
func TestTooLongLineSaysWhere(t *testing.T) {
	max := urlgrammar.MaxInputLength
	long := "http://a/" + strings.Repeat("a", max) // over the limit
	in := "http://a/\n" + long + "\n"
	type errObj struct {
		Offset, Line, Column int
		Message              string
	}
	type rec struct {
		Line           int
		Input          string
		InputTruncated bool
		Error          *errObj
		Results        []struct{ Error *errObj }
		RejectedBy     []struct{ Error *errObj }
	}
	for _, args := range [][]string{
		{"check", "-g", "rfc3986", "--format", "jsonl"},
		{"check", "-g", "all", "--format", "jsonl"},
		{"diff", "-g", "rfc3986", "-g", "url-1993", "--only", "all", "--format", "jsonl", "-"},
		{"parse", "--json", "-g", "rfc3986"},
	} {
		_, out, _ := runCLI(in, args...)
		lines := outputLines(t, out)
		require.Len(t, lines, 2, "%v", args)
		var r rec
		require.NoError(t, json.Unmarshal([]byte(lines[1]), &r), "%v", args)
		assert.True(t, r.InputTruncated, "%v: inputTruncated", args)
		assert.Len(t, r.Input, max, "%v", args)
		errs := []*errObj{r.Error}
		if r.Error == nil {
			errs = nil
			for _, x := range r.Results {
				errs = append(errs, x.Error)
			}
			for _, x := range r.RejectedBy {
				errs = append(errs, x.Error)
			}
		}
		require.NotEmpty(t, errs, "%v", args)
		for _, e := range errs {
			require.NotNil(t, e, "%v", args)
			assert.Equal(t, errObj{max, 1, max + 1, e.Message}, *e, "%v", args)
			assert.Contains(t, e.Message, "line too long", "%v", args)
		}
		var first map[string]any
		require.NoError(t, json.Unmarshal([]byte(lines[0]), &first))
		assert.NotContains(t, first, "inputTruncated", "%v: a whole line", args)
	}
	_, out, _ := runCLI(in, "check", "-g", "rfc3986", "--format", "tsv")
	row := strings.Split(outputLines(t, out)[2], "\t")
	assert.Equal(t, []string{"-", "2", "invalid", strconv.Itoa(max + 1), ""}, row[:5])
	assert.Contains(t, row[5], "line too long")
}

// resolve --json gives "error" as the object parse --json gives: where and what was expected.
func TestResolveJSONErrorObject(t *testing.T) {
	code, out, _ := runCLI("a b\ng\n", "resolve", "--json", "-g", "rfc3986", "http://a/b/c")
	assert.Equal(t, 1, code)
	lines := outputLines(t, out)
	require.Len(t, lines, 2)
	var rec struct {
		OK    bool
		Error *struct {
			Offset, Line, Column int
			Expected             []string
			Rule, Message        string
		}
	}
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &rec))
	require.NotNil(t, rec.Error)
	assert.Equal(t, 1, rec.Error.Offset)
	assert.Equal(t, 2, rec.Error.Column)
	assert.Equal(t, "segment", rec.Error.Rule)
	assert.NotEmpty(t, rec.Error.Expected)
	var parsed struct{ Error json.RawMessage }
	_, pout, _ := runCLI("a b\n", "parse", "--json", "-g", "rfc3986")
	require.NoError(t, json.Unmarshal([]byte(pout), &parsed))
	var again struct{ Error json.RawMessage }
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &again))
	assert.JSONEq(t, string(parsed.Error), string(again.Error), "the same object as parse --json")
	require.NoError(t, json.Unmarshal([]byte(lines[1]), &rec))
	assert.True(t, rec.OK)
}

// --json on normalize, equal, iri2uri, uri2iri, match, rules and grammars: one JSON value a
// record, the error object as parse --json gives it where the error is a syntax error.
func TestJSONOutputs(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want []string // JSON values, one a line
	}{
		{[]string{"normalize", "--json", "HTTP://a/./b"}, 0, []string{`{"input":"HTTP://a/./b","ok":true,"normal":"http://a/b","changes":[{"rule":"case","component":"scheme","before":"HTTP","after":"http"},{"rule":"dot-segments","component":"path","before":"/./b","after":"/b"}]}`}},
		{[]string{"equal", "--json", "http://a/", "HTTP://a:80/"}, 0, []string{`{"a":"http://a/","b":"HTTP://a:80/","level":"scheme","ok":true,"equivalent":true}`}},
		{[]string{"equal", "--json", "--level", "string", "http://a/", "HTTP://a/"}, 1, []string{`{"a":"http://a/","b":"HTTP://a/","level":"string","ok":true,"equivalent":false}`}},
		{[]string{"iri2uri", "--json", "http://é/", "a\x01"}, 1, []string{`{"input":"http://é/","ok":true,"result":"http://%C3%A9/"}`, `{"input":"a\u0001","ok":false,"error":{"offset":1,"message":"control character 0x01 is not allowed in an IRI"}}`}},
		{[]string{"uri2iri", "--json", "http://a/%C3%A9"}, 0, []string{`{"input":"http://a/%C3%A9","ok":true,"result":"http://a/é"}`}},
		{[]string{"match", "--json", "dec-octet", "255"}, 0, []string{`{"input":"255","grammar":"rfc3986","rule":"dec-octet","ok":true}`}},
		{[]string{"rules", "--json", "-g", "rfc3986"}, 0, nil},
		{[]string{"grammars", "--json"}, 0, nil},
	} {
		code, out, errOut := runCLI("", c.args...)
		assert.Equal(t, c.code, code, "%v: %s", c.args, errOut)
		lines := outputLines(t, out)
		for _, l := range lines {
			assert.True(t, json.Valid([]byte(l)), "%v: %s", c.args, l)
		}
		if c.want != nil {
			assert.Equal(t, c.want, lines, "%v", c.args)
		}
	}
	_, out, _ := runCLI("", "match", "--json", "dec-octet", "256")
	var m struct{ Error struct{ Offset, Column int } }
	require.NoError(t, json.Unmarshal([]byte(out), &m))
	assert.Equal(t, 2, m.Error.Offset)
	_, out, _ = runCLI("", "rules", "--json", "-g", "rfc3986")
	var rules []string
	require.NoError(t, json.Unmarshal([]byte(out), &rules))
	assert.Contains(t, rules, "URI-reference")
	_, out, _ = runCLI("", "grammars", "--json")
	var gs []struct {
		ID      string
		Default bool
		Schemes []string
	}
	require.NoError(t, json.Unmarshal([]byte(out), &gs))
	assert.Len(t, gs, len(urlgrammar.IDs()))
	schemes := map[string][]string{}
	for _, g := range gs {
		if len(g.Schemes) > 0 {
			schemes[g.ID] = g.Schemes
		}
	}
	assert.Equal(t, []string{"http", "https"}, schemes["rfc9110"])
	assert.Equal(t, []string{"mailto"}, schemes["rfc6068"])
	assert.NotContains(t, schemes, "rfc3986")
}
