package main

import (
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar/check"
	"github.com/urlgrammar/urlgrammar/iri"
)

// FuzzIRICommands: iri2uri and uri2iri print one line per input line, in order: the
// package's result, or "error: ..." when it fails, with status 1 exactly when one failed;
// with --json, a record of the same answer a line.
func FuzzIRICommands(f *testing.F) {
	f.Add("http://r\u00e9sum\u00e9.example.org\nhttp://a b/\n\xff", false)
	f.Add("http://www.example.org/D%C3%BCrst\n%\n", true)
	f.Fuzz(func(t *testing.T, text string, toIRI bool) {
		cmd := "iri2uri"
		conv := func(s string) (string, error) { return iri.ToURI(s, iri.Options{}) }
		if toIRI {
			cmd, conv = "uri2iri", iri.ToIRI
		}
		code, out, errOut := runCLI(text, cmd)
		var want strings.Builder
		wantCode := 0
		check.EachLine(strings.NewReader(text), 1<<20, func(n int, line []byte, tooLong bool) error {
			r, err := conv(string(line))
			if err != nil {
				wantCode = 1
				want.WriteString("error: " + err.Error() + "\n")
			} else {
				want.WriteString(r + "\n")
			}
			return nil
		})
		if out != want.String() || code != wantCode {
			t.Fatalf("%s on %q: status %d, output\n%s\nwant status %d, output\n%s\nstderr %s", cmd, text, code, out, wantCode, want.String(), errOut)
		}
		compareJSONAnswers(t, text, []string{cmd}, out, code)
	})
}
