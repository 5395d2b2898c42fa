package main

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/internal/spectest"
)

// runCLI runs the command line with stdin and returns its exit status and outputs.
func runCLI(stdin string, args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// outputLines returns the lines of a command's output, which must end in a newline: one
// record a line.
func outputLines(t testing.TB, out string) []string {
	t.Helper()
	lines := strings.Split(out, "\n")
	if lines[len(lines)-1] != "" {
		t.Fatalf("output does not end in a newline: %q", out)
	}
	return lines[:len(lines)-1]
}

func TestParseJSONContract(t *testing.T) {
	code, out, _ := runCLI("", "parse", "-g", "rfc2396bis-01", "--json", "http://u@[::1]:8080/a/b?q#f", "a?")
	require.Equal(t, 0, code)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 2, "one object per input, one per line")

	var rec map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &rec))
	want := map[string]any{
		"input": "http://u@[::1]:8080/a/b?q#f", "grammar": "rfc2396bis-01", "ok": true,
		"rule": "URI-reference", "scheme": "http", "authority": "u@[::1]:8080", "userinfo": "u",
		"host": "[::1]", "hostKind": "ipv6", "port": "8080", "path": "/a/b", "query": "q",
		"fragment": "f",
	}
	for k, v := range want {
		assert.Equal(t, v, rec[k], "key %s", k)
	}
	assert.Equal(t, map[string]any{"scheme": "http", "authority": "u@[::1]:8080", "userinfo": "u",
		"host": "[::1]", "IPv6address": "::1", "port": "8080", "segment": []any{"a", "b"},
		"query": "q", "fragment": "f"}, rec["parts"])
	assert.Contains(t, rec, "ast")
	// The keys come in the contract's order.
	keys := []string{`"input"`, `"grammar"`, `"ok"`, `"rule"`, `"scheme"`, `"authority"`, `"userinfo"`,
		`"host"`, `"hostKind"`, `"port"`, `"path"`, `"query"`, `"fragment"`, `"parts"`, `"ast"`}
	last := -1
	for _, k := range keys {
		i := strings.Index(lines[0], k)
		require.Greater(t, i, last, "key %s in order", k)
		last = i
	}

	// Undefined is null, empty is "".
	require.NoError(t, json.Unmarshal([]byte(lines[1]), &rec))
	assert.Equal(t, "", rec["query"])
	for _, k := range []string{"scheme", "authority", "userinfo", "host", "hostKind", "port", "fragment"} {
		v, ok := rec[k]
		assert.True(t, ok, "key %s present", k)
		assert.Nil(t, v, "key %s is null", k)
	}
}

func TestParseJSONRegNameAndError(t *testing.T) {
	code, out, _ := runCLI("", "parse", "-g", "rfc2396bis-01", "--json", "//h:80x", "http://a/%zz")
	assert.Equal(t, 1, code, "some input invalid")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 2)
	var rec map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &rec))
	assert.Equal(t, "reg-name", rec["hostKind"])
	assert.Equal(t, "h:80x", rec["host"])
	assert.Nil(t, rec["userinfo"])
	assert.Nil(t, rec["port"])

	assert.Equal(t, `{"input":"http://a/%zz","grammar":"rfc2396bis-01","ok":false,"error":{"offset":10,"line":1,"column":11,"expected":["0-9","A-F","a-f"],"rule":"segment","message":"unexpected 'z' in segment, expected 0-9, A-F or a-f"}}`, lines[1])
}

// --typed (the typed trees, which the generated views replaced) is gone: a usage error.
func TestParseTypedGone(t *testing.T) {
	code, _, errOut := runCLI("", "parse", "-g", "rfc2396bis-01", "--typed", "//1.2.3.4:80")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "-typed")
}

// parse prints the grammar's own parse (--generic, the default, says so too); with --json it
// is the ast object and the components are those of the contract; an invalid input is the
// same error.
func TestParseGeneric(t *testing.T) {
	code, out, _ := runCLI("", "parse", "-g", "rfc2396bis-01", "--generic", "//1.2.3.4:80")
	require.Equal(t, 0, code)
	assert.Equal(t, `URI-reference [0,12) "//1.2.3.4:80"
  authority [2,12) "1.2.3.4:80"
    server [2,12) "1.2.3.4:80"
      host [2,9) "1.2.3.4"
        IPv4address [2,9) "1.2.3.4"
          dec-octet [2,3) "1"
          dec-octet [4,5) "2"
          dec-octet [6,7) "3"
          dec-octet [8,9) "4"
      port [10,12) "80"
`, out)
	code, out, _ = runCLI("", "parse", "--generic", "--json", "-g", "url-syntax-05", "//a/b?q")
	require.Equal(t, 0, code)
	assert.Contains(t, out, `"path":"/b","query":"q"`, "the contract's components")
	assert.Contains(t, out, `"ast":{"rule":"URL-reference","start":0,"end":7,"text":"//a/b?q","children":[{"rule":"site"`)
	// Text beyond ASCII is JSON's UTF-8 (Go's \U escapes made encoding/json panic).
	code, out, _ = runCLI("", "parse", "--generic", "--json", "-g", "rfc3987", "http://a/\U0001F600")
	require.Equal(t, 0, code)
	assert.Contains(t, out, `{"rule":"isegment","start":9,"end":13,"text":"😀"}`)
	code, generic, _ := runCLI("", "parse", "-g", "rfc2396bis-01", "--generic", "a b")
	_, typed, _ := runCLI("", "parse", "-g", "rfc2396bis-01", "a b")
	assert.Equal(t, 1, code)
	assert.Equal(t, typed, generic)
}

func TestCommands(t *testing.T) {
	cases := []struct {
		name     string
		args     []string
		stdin    string
		code     int
		stdout   string // must contain
		stderr   string // must contain
		noStdout bool
	}{
		{name: "no args", args: nil, code: 2, stderr: "usage: urlgrammar"},
		{name: "help", args: []string{"--help"}, code: 0, stdout: "commands:"},
		{name: "unknown command", args: []string{"frob"}, code: 2, stderr: `unknown command "frob"`},
		{name: "unknown grammar", args: []string{"parse", "-g", "nope", "x"}, code: 2, stderr: `unknown grammar "nope"`},
		{name: "bad flag", args: []string{"parse", "--bogus", "x"}, code: 2, stderr: "flag provided but not defined"},
		{name: "parse reads stdin", args: []string{"parse"}, stdin: "a:b\n", code: 0, stdout: "URI-reference [0,3)"},
		{name: "flags after inputs", args: []string{"parse", "a:b", "--json"}, code: 0, stdout: `"ok":true`},
		{name: "dash dash", args: []string{"parse", "--json", "--", "-x"}, code: 0, stdout: `"input":"-x"`},
		{name: "parse invalid", args: []string{"parse", "-g", "rfc2396bis-01", "a b"}, code: 1, stdout: "rfc2396bis-01:1:2: unexpected ' '"},
		{name: "rules", args: []string{"rules", "-g", "rfc2396bis-01"}, code: 0, stdout: "URI-reference\nabsolute-URI-reference\nabsolute-URI\n"},
		{name: "rules extra arg", args: []string{"rules", "x"}, code: 2},
		{name: "grammars", args: []string{"grammars"}, code: 0, stdout: "rfc2396bis-01"},
		{name: "match ok", args: []string{"match", "dec-octet", "255"}, code: 0, stdout: `"255" matches dec-octet`},
		{name: "match bad", args: []string{"match", "-g", "rfc2396bis-01", "dec-octet", "255", "256"}, code: 1, stdout: "rfc2396bis-01:1:3: unexpected '6' in dec-octet"},
		{name: "match unknown rule", args: []string{"match", "nope", "x"}, code: 2, stderr: `has no rule "nope"`},
		{name: "match reads stdin", args: []string{"match", "host"}, stdin: "h\n", code: 0, stdout: "matches host"},
		{name: "check all valid", args: []string{"check"}, stdin: "http://a/\n//b\n", code: 0, stderr: "2 lines, 2 valid, 0 invalid", noStdout: true},
		{name: "check text", args: []string{"check"}, stdin: "ok:\nbad b\n", code: 1,
			stdout: "<stdin>:2:4: unexpected ' ' in segment", stderr: "2 lines, 1 valid, 1 invalid"},
		{name: "check bad format", args: []string{"check", "--format", "xml"}, code: 2, stderr: `unknown format "xml"`},
		{name: "check missing file", args: []string{"check", "/nonexistent/file"}, code: 2, stdout: "no such file", stderr: "could not be read"},
		{name: "check summary only", args: []string{"check", "--summary-only"}, stdin: "a b\n", code: 1, noStdout: true, stderr: "1 line, 0 valid, 1 invalid"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runCLI(c.stdin, c.args...)
			assert.Equal(t, c.code, code, "stdout: %s\nstderr: %s", out, errOut)
			assert.Contains(t, out, c.stdout)
			assert.Contains(t, errOut, c.stderr)
			if c.noStdout {
				assert.Empty(t, out)
			}
		})
	}
}

// Every input line gets exactly one result, in input order: CRLF endings are removed, empty
// lines are the empty reference, a final line without newline counts.
func TestCheckJSONLOneResultPerLine(t *testing.T) {
	stdin := "http://a/\r\n\nbad line\n\xff\nlast"
	code, out, errOut := runCLI(stdin, "check", "--format", "jsonl")
	assert.Equal(t, 1, code)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 5, out)
	wantOK := []bool{true, true, false, false, true}
	wantInput := []string{"http://a/", "", "bad line", "\ufffd", "last"}
	for i, l := range lines {
		var rec map[string]any
		require.NoError(t, json.Unmarshal([]byte(l), &rec))
		assert.Equal(t, float64(i+1), rec["line"])
		assert.Equal(t, wantOK[i], rec["ok"], l)
		assert.Equal(t, wantInput[i], rec["input"], l)
	}
	assert.Contains(t, errOut, "5 lines, 3 valid, 2 invalid")
}

func TestCheckTSV(t *testing.T) {
	code, out, _ := runCLI("a:b\nx\ty\n", "check", "--format", "tsv")
	assert.Equal(t, 1, code)
	assert.Equal(t, "file\tline\tstatus\tcolumn\trule\tmessage\twarnings\tinput\n"+
		"-\t1\tvalid\t\t\t\t\ta:b\n"+
		"-\t2\tinvalid\t2\tsegment\tunexpected '\\\\t' in segment, expected \"!\", \"#\", \"$\", \"%\", \"&\", \"'\", \"(\", \")\", \"*\", \"+\", \",\", \"-\", \".\", \"/\", 0-9, \":\", \";\", \"=\", \"?\", \"@\", A-Z, \"_\", a-z, \"~\" or EOF\t\tx\\ty\n", out)
}

func TestResolveNormalizeEqual(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout string // exact
	}{
		{"resolve", []string{"resolve", "-g", "rfc2396bis-01", base, "g", "../../../g", "#s", "", "?y"}, 0,
			"http://a/b/c/g\nhttp://a/../g\nhttp://a/b/c/d;p?q#s\nhttp://a/b/c/d;p?q\nhttp://a/b/c/d;p?y\n"},
		{"resolve 1997", []string{"resolve", "--algorithm", "1997", base, "?y", "g?y/../x"}, 0, "http://a/b/c/?y\nhttp://a/b/c/x\n"},
		{"resolve dots", []string{"resolve", "--dots", "remove", base, "../../../g"}, 0, "http://a/g\n"},
		{"resolve dots error", []string{"resolve", "-g", "rfc2396bis-01", "--dots", "error", base, "../../../g"}, 1,
			"error: resolve \"../../../g\" against \"http://a/b/c/d;p?q\": the reference has more \"..\" segments than the base path has levels (section 5.2, step 7)\n"},
		{"resolve compat", []string{"resolve", "--compat", base, "http:g"}, 0, "http://a/b/c/g\n"},
		{"resolve validating", []string{"resolve", base, "http:g"}, 0, "http:g\n"},
		{"resolve invalid ref", []string{"resolve", "-g", "rfc2396bis-01", base, "a b", "g"}, 1,
			"error: rfc2396bis-01:1:2: unexpected ' ' in segment, expected \"!\", \"#\", \"$\", \"%\", \"&\", \"'\", \"(\", \")\", \"*\", \"+\", \",\", \"-\", \".\", \"/\", 0-9, \":\", \";\", \"=\", \"?\", \"@\", A-Z, \"_\", a-z, \"~\" or EOF\nhttp://a/b/c/g\n"},
		{"resolve json", []string{"resolve", "--json", base, "#s", "g"}, 0,
			`{"base":"http://a/b/c/d;p?q","reference":"#s","ok":true,"result":"http://a/b/c/d;p?q#s","sameDocument":true}` + "\n" +
				`{"base":"http://a/b/c/d;p?q","reference":"g","ok":true,"result":"http://a/b/c/g","sameDocument":false}` + "\n"},
		{"resolve relative base", []string{"resolve", "/b", "g"}, 1, "error: resolve \"g\" against \"/b\": the base is not an absolute URI (it has no scheme)\n"},
		{"resolve bad algorithm", []string{"resolve", "--algorithm", "1808", base, "g"}, 2, ""},
		{"resolve rfc3986", []string{"resolve", "-g", "rfc3986", base, "../../../g", "/./g", "g?y/../x", "http:g"}, 0,
			"http://a/g\nhttp://a/g\nhttp://a/b/c/g?y/../x\nhttp:g\n"},
		{"resolve rfc3986 compat", []string{"resolve", "-g", "rfc3986", "--compat", base, "http:g"}, 0, "http://a/b/c/g\n"},
		{"resolve algorithm 3986", []string{"resolve", "--algorithm", "3986", base, "/../g"}, 0, "http://a/g\n"},
		{"resolve rfc3986 dots error", []string{"resolve", "-g", "rfc3986", "--dots", "error", base, "/../g"}, 1,
			"error: resolve \"/../g\" against \"http://a/b/c/d;p?q\": the reference has more \"..\" segments than the base path has levels (RFC 3986 section 5.2.4)\n"},
		{"normalize rfc3986", []string{"normalize", "-g", "rfc3986", "--level", "scheme", "HTTP://Example.COM:80", "http://a/%2E%2E/%2D"}, 0,
			"http://example.com/\nhttp://a/-\n"},
		{"resolve reads stdin", []string{"resolve", base}, 0, ""},
		{"normalize", []string{"normalize", "eXAMPLE://a/./b/../b/c/%7a", "HTTP://h:80/"}, 0, "example://a/b/c/z\nhttp://h/\n"},
		{"normalize syntax", []string{"normalize", "--level", "syntax", "HTTP://h:80/"}, 0, "http://h:80/\n"},
		{"normalize changes", []string{"normalize", "--changes", "HTTP://h/"}, 0, "http://h/\n\tcase: scheme \"HTTP\" -> \"http\"\n"},
		{"normalize invalid", []string{"normalize", "a b"}, 1, ""},
		{"normalize bad level", []string{"normalize", "--level", "string", "a:"}, 2, ""},
		{"equal syntax", []string{"equal", "--level", "syntax", "example://a/b/c/%7A", "eXAMPLE://a/./b/../b/c/%7a"}, 0, "equivalent at the syntax level\n"},
		{"equal string", []string{"equal", "--level", "string", "example://a/b/c/%7A", "eXAMPLE://a/./b/../b/c/%7a"}, 1, "different at the string level\n"},
		{"equal port syntax", []string{"equal", "--level", "syntax", "http://example.com/", "http://example.com:80/"}, 1, "different at the syntax level\n"},
		{"equal port default", []string{"equal", "http://example.com/", "http://example.com:80/"}, 0, "equivalent at the scheme level\n"}, // as normalize's default
		{"equal port scheme", []string{"equal", "--level", "scheme", "http://example.com/", "http://example.com:80/"}, 0, "equivalent at the scheme level\n"},
		{"equal fragment", []string{"equal", "--ignore-fragment", "http://a/#x", "http://a/#y"}, 0, "equivalent at the scheme level\n"},
		{"equal relative", []string{"equal", "g", "http://a/g"}, 1, "error: compare \"g\": a relative reference cannot be compared: resolve it first (section 6.1)\n"},
		{"equal one arg", []string{"equal", "a:"}, 2, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runCLI("", c.args...)
			assert.Equal(t, c.code, code, "stderr: %s", errOut)
			if c.stdout != "" || c.code == 2 {
				assert.Equal(t, c.stdout, out)
			}
		})
	}
}

// TestParseJSONRFC1738: rule is the scheme production, hostKind hostname or hostnumber, and
// parts are keyed by the BNF names of RFC 1738 section 5.
func TestParseJSONRFC1738(t *testing.T) {
	inputs := []string{"ftp://u:p@1.2.3.4:21/a/b;type=d", "gopher://h/7sel%09q%09+", "news:foo@bar.com",
		"prospero://h/p;a=b;c=d", "HTTP://h/p?q", "x-y://h/z", "http://h/~"}
	code, out, _ := runCLI("", append([]string{"parse", "-g", "rfc1738", "--json"}, inputs...)...)
	assert.Equal(t, 1, code, "the last input is invalid")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, len(inputs))
	recs := make([]map[string]any, len(lines))
	for i, l := range lines {
		require.NoError(t, json.Unmarshal([]byte(l), &recs[i]))
		assert.Equal(t, "rfc1738", recs[i]["grammar"])
		assert.Equal(t, inputs[i], recs[i]["input"])
	}
	ftp := recs[0]
	for k, v := range map[string]any{"ok": true, "rule": "ftpurl", "scheme": "ftp", "authority": "u:p@1.2.3.4:21",
		"userinfo": "u:p", "host": "1.2.3.4", "hostKind": "hostnumber", "port": "21", "path": "a/b;type=d",
		"query": nil, "fragment": nil} {
		assert.Equal(t, v, ftp[k], "ftp key %s", k)
	}
	assert.Equal(t, map[string]any{"user": "u", "password": "p", "host": "1.2.3.4", "port": "21",
		"fpath": "a/b", "fsegment": []any{"a", "b"}, "ftptype": "d"}, ftp["parts"])

	assert.Equal(t, "gopherurl", recs[1]["rule"])
	assert.Equal(t, map[string]any{"host": "h", "gtype": "7", "selector": "sel", "search": "q",
		"gopher+_string": "+"}, recs[1]["parts"])
	assert.Equal(t, "7sel%09q%09+", recs[1]["path"])

	assert.Equal(t, "newsurl", recs[2]["rule"])
	assert.Nil(t, recs[2]["host"], "an article's host is not the URL's")
	assert.Equal(t, map[string]any{"grouppart": "foo@bar.com", "article": "foo@bar.com", "host": "bar.com"},
		recs[2]["parts"])

	assert.Equal(t, map[string]any{"host": "h", "ppath": "p", "psegment": []any{"p"},
		"fieldname": []any{"a", "c"}, "fieldvalue": []any{"b", "d"}}, recs[3]["parts"])

	assert.Equal(t, "httpurl", recs[4]["rule"])
	assert.Equal(t, "HTTP", recs[4]["scheme"])
	assert.Equal(t, "hostname", recs[4]["hostKind"])
	assert.Equal(t, "q", recs[4]["query"])

	assert.Equal(t, "otherurl", recs[5]["rule"])
	assert.Equal(t, "h", recs[5]["authority"])
	assert.Equal(t, "z", recs[5]["path"])

	assert.Equal(t, false, recs[6]["ok"])
	e := recs[6]["error"].(map[string]any)
	assert.Equal(t, float64(9), e["offset"])
}

func TestRFC1738Commands(t *testing.T) {
	code, out, _ := runCLI("", "parse", "-g", "rfc1738", "gopher://h/7sel%09search")
	require.Equal(t, 0, code)
	assert.Equal(t, `url [0,24) "gopher://h/7sel%09search"
  gopherurl [0,24) "gopher://h/7sel%09search"
    scheme [0,6) "gopher"
    hostport [9,10) "h"
      host [9,10) "h"
        hostname [9,10) "h"
          toplabel [9,10) "h"
    gtype [11,12) "7"
    selector [12,15) "sel"
    search [18,24) "search"
`, out)

	code, out, _ = runCLI("", "match", "-g", "rfc1738", "waisindex", "wais://h/db?x", "wais://h/db")
	assert.Equal(t, 1, code)
	assert.Contains(t, out, `"wais://h/db?x" matches waisindex`)

	code, _, errOut := runCLI("", "resolve", "-g", "rfc1738", "http://a/b", "c")
	assert.Equal(t, 2, code, "a usage error")
	assert.Contains(t, errOut, "grammar rfc1738 does not define references")

	code, out, _ = runCLI("", "rules", "-g", "rfc1738")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "gopher-plus-string\n")
	assert.True(t, strings.HasPrefix(out, "url\n"))
}

// Every Appendix C example of draft-fielding-url-syntax-05 through `urlgrammar resolve -g
// url-syntax-05`, which resolves with that draft's algorithm unless --algorithm says
// otherwise.
func TestResolveURLSyntax05AppendixC(t *testing.T) {
	examples, err := spectest.AppendixC("../../grammars/url-syntax-05/testdata/appendix-c.txt")
	require.NoError(t, err)
	require.Len(t, examples, 44)
	for _, ex := range examples {
		code, out, errOut := runCLI("", "resolve", "-g", "url-syntax-05", "--json", ex.Base, spectest.Unempty(ex.Ref))
		require.Equal(t, 0, code, "%s: %s", ex.Line, errOut)
		var rec struct {
			Result       string `json:"result"`
			SameDocument bool   `json:"sameDocument"`
		}
		require.NoError(t, json.Unmarshal([]byte(out), &rec))
		want := ex.Results[0]
		switch {
		case ex.Ref == "http://a/../b/c":
			// The draft shows what stripping parsers produce; the algorithm keeps the URL.
			want = ex.Ref
		case strings.HasPrefix(want, spectest.SameDocument):
			assert.True(t, rec.SameDocument, ex.Line)
			want = ex.Base + strings.TrimPrefix(want, spectest.SameDocument)
		}
		assert.Equal(t, want, rec.Result, ex.Line)
	}
	// The 2003 algorithm on request: "?y" keeps the base's last segment.
	_, out, _ := runCLI("", "resolve", "-g", "url-syntax-05", "--algorithm", "2003", "http://a/b/c/d;p?q", "?y")
	assert.Equal(t, "http://a/b/c/d;p?y\n", out)
}

// TestParseJSONURL1993: rule is the production of url, parts are keyed by the draft's names.
func TestParseJSONURL1993(t *testing.T) {
	code, out, _ := runCLI("", "parse", "-g", "url-1993", "--json", "http://info.cern.ch:80/a/b?x+y#frag")
	require.Equal(t, 0, code)
	var rec map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &rec))
	for k, v := range map[string]any{"grammar": "url-1993", "rule": "httpaddress", "scheme": "http",
		"authority": "info.cern.ch:80", "host": "info.cern.ch", "hostKind": "hostname", "port": "80",
		"path": "a/b", "query": "x+y", "fragment": "frag", "userinfo": nil} {
		assert.Equal(t, v, rec[k], "key %s", k)
	}
	assert.Equal(t, map[string]any{"scheme": "http", "host": "info.cern.ch", "port": "80", "path": "a/b",
		"search": "x+y", "fragmentid": "frag"}, rec["parts"])

	code, _, errOut := runCLI("", "resolve", "-g", "url-1993", "http://a/b", "c")
	assert.Equal(t, 2, code)
	var generic []string
	for _, id := range urlgrammar.IDs() {
		if urlgrammar.MustLookup(id).Generic() {
			generic = append(generic, id)
		}
	}
	assert.Contains(t, errOut, "use "+strings.Join(generic, " or "))
	assert.Contains(t, generic, "rfc2396bis-01")
	assert.Contains(t, generic, "url-syntax-05")
}
func TestExtractCommand(t *testing.T) {
	code, out, errOut := runCLI("ok <http://a/b>\nbad <http://a/%zz> end\n", "extract")
	assert.Equal(t, 1, code)
	assert.Equal(t, "<stdin>:1:5: http://a/b\n<stdin>:2:6: http://a/%zz\n\tinvalid at column 11 of the reference: unexpected 'z' in segment, expected 0-9, A-F or a-f\n", out)
	assert.Contains(t, errOut, "2 references found, 1 valid, 1 invalid")

	code, out, _ = runCLI("x <http://a/b>\n", "extract", "--format", "jsonl")
	assert.Equal(t, 0, code)
	var rec map[string]any
	require.NoError(t, json.Unmarshal([]byte(strings.TrimSpace(out)), &rec))
	assert.Equal(t, float64(1), rec["line"])
	assert.Equal(t, float64(4), rec["column"])
	assert.Equal(t, "angle", rec["delimiter"])
	assert.Equal(t, true, rec["result"].(map[string]any)["ok"])

	code, _, _ = runCLI("", "extract", "a", "b")
	assert.Equal(t, 2, code)
}

// The streaming commands run the collector at 400% unless GOGC says otherwise, and give the
// old target back.
func TestStreamingGC(t *testing.T) {
	t.Setenv("GOGC", "")
	before := debug.SetGCPercent(150)
	defer debug.SetGCPercent(before)
	restore := streamingGC()
	require.Equal(t, 400, debug.SetGCPercent(400))
	restore()
	require.Equal(t, 150, debug.SetGCPercent(150))
	t.Setenv("GOGC", "150")
	restore = streamingGC()
	require.Equal(t, 150, debug.SetGCPercent(150), "GOGC set: left as it is")
	restore()
}

// The package's doc comment lists every command with its synopsis, as `help COMMAND` prints
// it; and every command that answers inputs read one per line takes --exit-zero, so that any
// of them can be a stage of a data engine (diff's status says the grammars differ, not that
// an input is invalid).
func TestDocCommentListsCommands(t *testing.T) {
	src, err := os.ReadFile("main.go")
	require.NoError(t, err)
	doc := string(src[:bytes.Index(src, []byte("\npackage main"))])
	for _, c := range commands {
		line := "//\turlgrammar " + strings.TrimSpace(c.name+" "+c.synopsis) + "\n"
		if !strings.Contains(doc, line) {
			t.Errorf("the doc comment of package main lacks %q", line)
		}
		if c.name != "diff" && regexp.MustCompile(`\b(INPUT|FILE|REF)\|-`).MatchString(c.synopsis) && !strings.Contains(c.synopsis, "[--exit-zero]") {
			t.Errorf("%s answers inputs and does not take --exit-zero: %s", c.name, c.synopsis)
		}
	}
}

// unlistedFlags are the flags that the synopses and the documentation leave out on purpose,
// with the reason.
var unlistedFlags = map[string]string{
	"parse --generic": "the default, kept for the scripts that ask for it: not to be offered",
}

// Every flag a command takes is in its synopsis (the first line of `help COMMAND`, the doc
// comment, the manual page, the completion's description), spelt as the help spells it; and
// where the synopsis lists a flag's values (--format text|jsonl), they are the values the
// command takes: those its usage error lists for one it does not take.
func TestSynopsisNamesEveryFlag(t *testing.T) {
	positional := map[string][]string{"resolve": {"http://a/b"}, "equal": {"http://a/", "http://a/"}}
	values := regexp.MustCompile(`(--?[a-z][a-z-]*) ([a-z0-9]+(?:\|[a-z0-9]+)+)`)
	taken := regexp.MustCompile(`"no-such-value" \(([^)]*)\)`)
	enumerations := 0
	for _, c := range commands {
		for _, f := range cmdFlags(c) {
			name := dashName(f)
			if _, ok := unlistedFlags[c.name+" "+name]; ok {
				continue
			}
			if !regexp.MustCompile(`(^|[\[ |])` + regexp.QuoteMeta(name) + `($|[\] |=])`).MatchString(c.synopsis) {
				t.Errorf("%s takes %s, which its synopsis does not name: %s", c.name, name, c.synopsis)
			}
		}
		for _, m := range values.FindAllStringSubmatch(c.synopsis, -1) {
			enumerations++
			args := append([]string{c.name, m[1] + "=no-such-value"}, positional[c.name]...)
			code, _, stderr := runCLI("", args...)
			got := taken.FindStringSubmatch(stderr)
			if code != exitUsage || got == nil {
				t.Errorf("%s: status %d, and no list of the values taken: %s", strings.Join(args, " "), code, stderr)
				continue
			}
			assert.ElementsMatch(t, strings.Split(got[1], ", "), strings.Split(m[2], "|"),
				"%s: the values the synopsis lists (%s) and those the command takes (%s)", c.name, m[0], got[1])
		}
	}
	require.GreaterOrEqual(t, enumerations, 10, "the synopses' lists of values were not found")
}

// Every flag a command takes is in the documentation for users, docs/cli.md or (the crawl
// formats, the engines' contract) docs/engines.md, spelt as the help spells it.
func TestDocsNameEveryFlag(t *testing.T) {
	var docs []byte
	for _, name := range []string{"../../docs/cli.md", "../../docs/engines.md"} {
		b, err := os.ReadFile(name)
		require.NoError(t, err)
		docs = append(docs, b...)
	}
	for _, c := range commands {
		for _, f := range cmdFlags(c) {
			name := dashName(f)
			if _, ok := unlistedFlags[c.name+" "+name]; ok {
				continue
			}
			if !regexp.MustCompile(`(^|[^a-z-])` + regexp.QuoteMeta(name) + `($|[^a-z-])`).Match(docs) {
				t.Errorf("%s takes %s, which docs/cli.md and docs/engines.md do not name", c.name, name)
			}
		}
	}
}
