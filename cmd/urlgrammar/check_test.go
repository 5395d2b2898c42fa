package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
)

// genLines returns n lines mixing valid and invalid references, deterministically.
func genLines(n int) string {
	rng := rand.New(rand.NewSource(7))
	parts := []string{"http://a/b", "a b", "//[::1]/x", "%zz", "foo:[bar]", "", "http://h:25/", "g?y#s", "\x00", "\xff"}
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "%s%d\n", parts[rng.Intn(len(parts))], i)
	}
	return b.String()
}

// With -j N every line still gets one result, in input order, identical to -j 1.
func TestCheckParallelKeepsOrder(t *testing.T) {
	in := genLines(3000)
	for _, format := range []string{"jsonl", "tsv", "text"} {
		code1, out1, err1 := runCLI(in, "check", "--format", format, "--warn", "all", "-j", "1")
		code4, out4, err4 := runCLI(in, "check", "--format", format, "--warn", "all", "-j", "4")
		assert.Equal(t, code1, code4)
		assert.Equal(t, out1, out4, "format %s: -j 4 prints what -j 1 prints", format)
		assert.Equal(t, err1, err4, "the same summary")
	}
	_, out, _ := runCLI(in, "check", "--format", "jsonl", "-j", "3")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 3000, "one result per input line")
	for i, l := range lines {
		var rec struct {
			Line  int    `json:"line"`
			Input string `json:"input"`
		}
		require.NoError(t, json.Unmarshal([]byte(l), &rec))
		require.Equal(t, i+1, rec.Line)
		require.True(t, strings.HasSuffix(rec.Input, fmt.Sprint(i)), "line %d holds input %q", i+1, rec.Input)
	}
}

func TestCheckHostileLines(t *testing.T) {
	long := "http://h/" + strings.Repeat("a", 1<<20)
	in := "a\r\n\n\x00\nhttp://h/\xff\n" + long + "\nlast"
	code, out, errOut := runCLI(in, "check", "--format", "text")
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "<stdin>:3:1: unexpected '\\x00' in URI-reference")
	assert.Contains(t, out, "<stdin>:4:10: unexpected byte 0xff in segment")
	assert.Contains(t, out, "http://h/\\xff\n         ^")
	assert.Contains(t, out, "<stdin>:5:1048577: line too long: over 1048576 bytes, not checked")
	assert.NotContains(t, out, "<stdin>:1:", "CRLF is a line ending, not input")
	assert.NotContains(t, out, "<stdin>:2:", "an empty line is the empty reference")
	assert.Contains(t, errOut, "6 lines, 3 valid, 3 invalid")
}

func TestCheckWarnings(t *testing.T) {
	in := "http://u:p@0x7f.1:25/%0d\nhttp://a/\n"
	code, out, errOut := runCLI(in, "check", "-g", "rfc2396bis-01", "--warn", "all")
	assert.Equal(t, 0, code, "warnings never change validity")
	assert.Equal(t, "<stdin>:1:8: warning userinfo (section 7.5): userinfo \"u:p\" comes before the host \"0x7f.1\" and may disguise it\n"+
		"<stdin>:1:10: warning password (section 7.4): the userinfo has a password in clear text\n"+
		"<stdin>:1:12: warning rare-ip (section 7.3): host \"0x7f.1\" is not an IPv4address, but resolvers read it as 127.0.0.1\n"+
		"<stdin>:1:22: warning escaped-control (section 7.2): escaped CR (%0d)\n"+
		"<stdin>:1:19: warning port (section 7.2): port 25 is not the default port 80 of http\n"+
		"<stdin>:1:8: warning http-userinfo (section RFC 9110 4.2.4): userinfo \"u:p\" in an http URI: a sender must not generate one, and a recipient should treat it as an error (it likely obscures the authority, for phishing)\n"+
		"<stdin>:1:12: warning confusion (section WHATWG URL): the WHATWG URL parser (browsers, most HTTP clients) reads the IPv4 address 127.0.0.1, where the grammar reads the host \"0x7f.1\", a name\n", out)
	assert.Contains(t, errOut, "warnings:\n")
	assert.Contains(t, errOut, "       1  rare-ip\n")

	_, out, _ = runCLI(in, "check", "-g", "rfc2396bis-01", "--warn", "port", "--format", "jsonl")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	var rec map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &rec))
	assert.Equal(t, []any{map[string]any{"kind": "port", "section": "7.2", "offset": float64(18),
		"message": "port 25 is not the default port 80 of http"}}, rec["warnings"])
	var rec2 map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[1]), &rec2))
	assert.NotContains(t, rec2, "warnings")

	_, out, _ = runCLI(in, "check", "--warn", "userinfo,port", "--format", "tsv")
	assert.Contains(t, out, "\tuserinfo,port\thttp://u:p@0x7f.1:25/%0d\n")

	code, _, errOut = runCLI(in, "check", "--warn", "nope")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, `unknown warning "nope"`)
	_, out, _ = runCLI(in, "check")
	assert.Empty(t, out, "no warnings unless asked for")

	// A scheme's own grammar: its URIs are read as RFC 3986's, the first grammar that
	// accepts a line gives its warnings, and a grammar that is no URI's (rfc6570) gives none.
	in = "mailto:a/b@example.org\nhttp://u@:80/\n{x}\n"
	code, out, errOut = runCLI(in, "check", "-g", "rfc6068,rfc9110,rfc6570", "--warn", "all")
	assert.Equal(t, 0, code, errOut)
	var warned []string
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, ": warning ") || strings.Contains(l, ": accepted by ") {
			warned = append(warned, l)
		}
	}
	assert.Equal(t, []string{
		"<stdin>:1:9: warning mailto-encoding (section RFC 6068 2): \"/\" in the address \"a/b@example.org\" must be percent-encoded (a gen-delim other than \"@\" and \":\")",
		"<stdin>:1: accepted by rfc6068, rfc6570",
		"<stdin>:2:8: warning userinfo (section RFC 3986 7.6): userinfo \"u\" comes before the host \"\" and may disguise it",
		"<stdin>:2:8: warning http-userinfo (section RFC 9110 4.2.4): userinfo \"u\" in an http URI: a sender must not generate one, and a recipient should treat it as an error (it likely obscures the authority, for phishing)",
		"<stdin>:2:10: warning http-empty-host (section RFC 9110 4.2.1): the host is empty: a recipient must reject an http URI with an empty host as invalid",
		"<stdin>:2:10: warning confusion (section WHATWG URL): the WHATWG URL parser (browsers, most HTTP clients) rejects this URL, where the grammar reads the host \"\": its host is empty",
		"<stdin>:2: accepted by rfc9110, rfc6570",
		"<stdin>:3: accepted by rfc6570",
	}, warned)
}

func TestCheckAllGrammars(t *testing.T) {
	code, out, errOut := runCLI("http://a/\na b\n", "check", "-g", "all", "--format", "jsonl")
	assert.Equal(t, 1, code)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 2)
	var rec struct {
		Line     int              `json:"line"`
		Accepted []string         `json:"accepted"`
		Results  []map[string]any `json:"results"`
	}
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &rec))
	assert.Equal(t, 1, rec.Line)
	assert.Contains(t, rec.Accepted, "rfc2396bis-01")
	assert.Len(t, rec.Results, len(strings.Fields(grammarIDs())))
	require.NoError(t, json.Unmarshal([]byte(lines[1]), &rec))
	assert.Empty(t, rec.Accepted)
	assert.Contains(t, errOut, "2 lines, 1 accepted by some grammar, 1 rejected by every grammar")
	assert.Regexp(t, `rfc2396bis-01 +1 accepted +1 rejected`, errOut)

	_, out, _ = runCLI("a b\n", "check", "-g", "all")
	assert.Contains(t, out, "<stdin>:1:2: rfc2396bis-01: unexpected ' '")
	_, out, _ = runCLI("a:b\nhttp://h/~u\nHTTP://h/\nfoo:[x]\nhttp://h/a b\n", "check", "-g", "all", "--format", "tsv")
	// The accepted column, restricted to the four grammars of the seeds (a grammar added
	// later joins the column without changing these facts).
	seeds := map[string]bool{"rfc1738": true, "rfc2396bis-01": true, "url-1993": true, "url-syntax-05": true}
	accepted := map[string]string{}
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n")[1:] {
		f := strings.Split(l, "\t")
		require.Len(t, f, 6, l)
		var ids []string
		for _, id := range strings.Split(f[3], ",") {
			if seeds[id] {
				ids = append(ids, id)
			}
		}
		accepted[f[5]] = f[2] + " " + strings.Join(ids, ",")
	}
	assert.Equal(t, map[string]string{
		"a:b":          "valid rfc1738,rfc2396bis-01,url-1993,url-syntax-05",
		"http://h/~u":  "valid rfc2396bis-01,url-syntax-05",         // "~" is unsafe in RFC 1738 and a variant character in 1993
		"HTTP://h/":    "valid rfc1738,rfc2396bis-01,url-syntax-05", // the 1993 scheme literals are lower case
		"foo:[x]":      "valid rfc2396bis-01",                       // "[" only in the 2003 draft
		"http://h/a b": "valid url-1993",                            // space is an extra in 1993
	}, accepted)
}

func grammarIDs() string {
	_, out, _ := runCLI("", "grammars")
	var ids []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		ids = append(ids, strings.Fields(l)[0])
	}
	return strings.Join(ids, " ")
}

func TestColourAndProgress(t *testing.T) {
	// Output to a buffer (not a terminal) is never coloured.
	_, out, _ := runCLI("a b\n", "check")
	assert.NotContains(t, out, "\x1b[")
	// A forced progress line ends by clearing itself; the summary follows it.
	_, _, errOut := runCLI(genLines(10), "check", "--progress")
	assert.Contains(t, errOut, "\r\x1b[K")
	assert.Contains(t, errOut, "10 lines")
}

// /dev/null is a character device but no terminal: output sent there (as a timing run sends
// it) gets no colours and no progress line.
func TestDevNullIsNoTerminal(t *testing.T) {
	f, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	require.NoError(t, err)
	defer f.Close()
	assert.False(t, isTerminal(f))
	assert.False(t, isTerminal(&bytes.Buffer{}))
}

// BenchmarkCheckCommand is the check command end to end (jsonl output, counted and
// discarded: growing a buffer for it took 40% of the time) on the corpus of the package
// benchmarks: 10,000 lines per op.
func BenchmarkCheckCommand(b *testing.B) {
	var in strings.Builder
	for _, s := range corpus.Lines(10000, 1) {
		in.WriteString(s)
		in.WriteByte('\n')
	}
	text := in.String()
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		var out countingWriter
		var errOut bytes.Buffer
		if code := run([]string{"check", "--format", "jsonl"}, strings.NewReader(text), &out, &errOut); code == 2 {
			b.Fatal(errOut.String())
		}
		if out.lines != 10000 {
			b.Fatalf("%d lines of output for 10000 lines of input", out.lines)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*10000), "ns/url")
}

// countingWriter counts the lines written to it and discards them.
type countingWriter struct{ lines int }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.lines += bytes.Count(p, []byte("\n"))
	return len(p), nil
}

// --fail-on-warning makes a warning fail the run (status 1), as an invalid line does; it
// needs --warn.
func TestFailOnWarning(t *testing.T) {
	code, _, _ := runCLI("http://u:p@h/\n", "check", "--warn", "all", "--fail-on-warning")
	assert.Equal(t, 1, code)
	code, _, _ = runCLI("http://u:p@h/\n", "check", "--warn", "all")
	assert.Equal(t, 0, code, "warnings alone do not fail a run")
	code, _, _ = runCLI("http://h/\n", "check", "--warn", "all", "--fail-on-warning")
	assert.Equal(t, 0, code, "no warning")
	code, _, errOut := runCLI("http://h/\n", "check", "--fail-on-warning")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "needs --warn")
}

// With several grammars a text record starts FILE:LINE:COLUMN:, as editors expect, then
// the grammar.
func TestTextAllGrammarsPlace(t *testing.T) {
	_, out, _ := runCLI("a b\n", "check", "-g", "all")
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "<stdin>:") {
			assert.Regexp(t, `^<stdin>:1:\d+: [a-z0-9-]+: `, l)
		}
	}
	assert.Contains(t, out, "<stdin>:1:2: rfc3986: unexpected ' ' in segment")
}
