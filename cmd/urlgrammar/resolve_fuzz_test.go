package main

import (
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/check"
	"github.com/urlgrammar/urlgrammar/resolve"
)

// FuzzResolveCommands: resolve and normalize print one line per input line, in order: what
// the package's Resolve (against the base) or Normalize gives for the line's tree, or
// "error: ..." with the first line of the error (the grammar's own, for a line that does not
// parse), with status 1 exactly when one failed.
func FuzzResolveCommands(f *testing.F) {
	f.Add("../g\n?y\na b\n\xff\n#s", "http://a/b/c/d;p?q", false)
	f.Add("HTTP://A/./b/%7e\nfoo:/.//b\n%zz", "", true)
	g := urlgrammar.MustLookup(urlgrammar.DefaultGrammar)
	f.Fuzz(func(t *testing.T, text, base string, normalize bool) {
		if len(text) > 4096 || strings.ContainsAny(base, "\n\r") {
			return
		}
		var b ast.Tree
		args := []string{"normalize"}
		if !normalize {
			var err error
			if b, err = g.Parse(base); err != nil {
				return
			}
			args = []string{"resolve", "--", base}
		}
		code, out, errOut := runCLI(text, args...)
		var want strings.Builder
		wantCode := 0
		check.EachLine(strings.NewReader(text), 1<<20, func(n int, line []byte, tooLong bool) error {
			var s string
			ref, err := g.Parse(string(line))
			if err == nil && normalize {
				var n ast.Tree
				if n, _, err = resolve.Normalize(ref, resolve.NormalizeOptions{Grammar: g}); err == nil {
					s = n.String()
				}
			} else if err == nil {
				var res *resolve.Result
				if res, err = resolve.Resolve(b, ref, resolve.Options{Grammar: g, Algorithm: resolve.DefaultAlgorithm(g)}); err == nil {
					s = res.String()
				}
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
	})
}
