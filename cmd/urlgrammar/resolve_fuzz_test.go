package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/check"
	"github.com/urlgrammar/urlgrammar/resolve"
)

// FuzzResolveCommands: resolve, normalize and key print one line per input line, in order: what
// the package's Resolve (against the base), Normalize or Key gives for the line's tree, or
// "error: ..." with the first line of the error (the grammar's own, for a line that does not
// parse), with status 1 exactly when one failed. normalize runs at its default level
// (scheme, the CLI's default, not the package's) and at --level syntax. With --json each
// prints a record of the same answer a line (compareJSONAnswers).
func FuzzResolveCommands(f *testing.F) {
	f.Add("http://www.Example.com:80/a/../b#f\n/rel\nhttp://a,b.example/", "", true)
	f.Add("../g\n?y\na b\n\xff\n#s", "http://a/b/c/d;p?q", false)
	f.Add("HTTP://A/./b/%7e\nfoo:/.//b\n%zz", "", true)
	g := urlgrammar.MustLookup(urlgrammar.DefaultGrammar)
	f.Fuzz(func(t *testing.T, text, base string, normalize bool) {
		if len(text) > 4096 || strings.ContainsAny(base, "\n\r") {
			return
		}
		if normalize {
			for _, level := range []resolve.Level{resolve.LevelScheme, resolve.LevelSyntax} {
				args := []string{"normalize"}
				if level != resolve.LevelScheme {
					args = append(args, "--level", level.String())
				}
				compareResolveCommand(t, g, text, args, func(ref ast.Tree) (string, error) {
					n, _, err := resolve.Normalize(ref, resolve.NormalizeOptions{Grammar: g, Level: level})
					return n.String(), err
				})
			}
			for _, kind := range []resolve.KeyKind{resolve.KeySURT, resolve.KeyDomain} {
				compareResolveCommand(t, g, text, []string{"key", "--kind", kind.String()}, func(ref ast.Tree) (string, error) {
					return resolve.Key(ref, kind, resolve.NormalizeOptions{Grammar: g})
				})
			}
			return
		}
		b, err := g.Parse(base)
		if err != nil {
			return
		}
		compareResolveCommand(t, g, text, []string{"resolve", "--", base}, func(ref ast.Tree) (string, error) {
			res, err := resolve.Resolve(b, ref, resolve.Options{Grammar: g, Algorithm: resolve.DefaultAlgorithm(g)})
			if err != nil {
				return "", err
			}
			return res.String(), nil
		})
	})
}

// compareResolveCommand runs the CLI with args on text and holds its output and status to
// what lib gives for each line's tree.
func compareResolveCommand(t *testing.T, g *urlgrammar.Grammar, text string, args []string, lib func(ast.Tree) (string, error)) {
	t.Helper()
	code, out, errOut := runCLI(text, args...)
	var want strings.Builder
	wantCode := 0
	check.EachLine(strings.NewReader(text), 1<<20, func(n int, line []byte, tooLong bool) error {
		var s string
		ref, err := g.Parse(string(line))
		if err == nil {
			s, err = lib(ref)
		}
		if err != nil {
			wantCode = 1
			want.WriteString("error: " + oneLine(err) + "\n")
		} else {
			want.WriteString(s + "\n")
		}
		return nil
	})
	if out != want.String() || code != wantCode {
		t.Fatalf("%v on %q: status %d, output\n%s\nwant status %d, output\n%s\nstderr %s", args, text, code, out, wantCode, want.String(), errOut)
	}
	compareJSONAnswers(t, text, args, out, code)
}

// compareJSONAnswers runs the command of args with --json on text and holds its records to
// out and code, what it printed without --json: the same status, one record a line, each
// what encoding/json writes of its struct (records_test.go) read back from it, with the
// line's answer, or in error where the line is.
func compareJSONAnswers(t *testing.T, text string, args []string, out string, code int) {
	t.Helper()
	jcode, jout, errOut := runCLI(text, append([]string{args[0], "--json"}, args[1:]...)...)
	want, got := strings.SplitAfter(out, "\n"), strings.SplitAfter(jout, "\n")
	if jcode != code || len(got) != len(want) {
		t.Fatalf("%v --json on %q: status %d, %d lines, want %d and %d\nstderr %s", args, text, jcode, len(got), code, len(want), errOut)
	}
	for i, line := range got[:len(got)-1] {
		var rec any
		var answer func() (*string, bool)
		switch args[0] {
		case "resolve":
			r := new(resolveRecord)
			rec, answer = r, func() (*string, bool) { return r.Result, r.OK }
		case "normalize":
			r := new(normalRecord)
			rec, answer = r, func() (*string, bool) { return r.Normal, r.OK }
		case "key":
			r := new(keyRecord)
			rec, answer = r, func() (*string, bool) { return r.Key, r.OK }
		case "iri2uri", "uri2iri":
			r := new(mapRecord)
			rec, answer = r, func() (*string, bool) { return r.Result, r.OK }
		default:
			t.Fatalf("no record of %v", args)
		}
		if err := json.Unmarshal([]byte(line), rec); err != nil {
			t.Fatalf("%v --json on %q: line %d: %v\n%s", args, text, i+1, err, line)
		}
		// Invalid UTF-8 is written as \ufffd, which reads back as U+FFFD, written \ufffd again.
		if again := string(check.AppendJSON(nil, rec)); again != line {
			t.Fatalf("%v --json on %q: line %d is\n%swhere encoding/json writes\n%s", args, text, i+1, line, again)
		}
		if a, ok := answer(); ok != (a != nil) || ok && want[i] != *a+"\n" || !ok && !strings.HasPrefix(want[i], "error: ") {
			t.Fatalf("%v --json on %q: line %d is\n%swhere the answer is\n%s", args, text, i+1, line, want[i])
		}
	}
}
