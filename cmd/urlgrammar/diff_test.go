package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/check"
)

// FuzzDiffCommand: diff of a corpus prints one record per input line, in order, in the
// partition the two grammars' Valid give it, and exits 1 exactly when some line is accepted
// by one grammar only.
func FuzzDiffCommand(f *testing.F) {
	for _, s := range []string{"http://a/b\n0:x\nhttp://[::1]/\na:[x]\nnot a url\n:", "", "\n\n", "\xff\r\nA:\rftp:/x",
		"mailto:a@b\nHTTP://h/\nnews:a@b"} {
		f.Add(s, uint8(0))
	}
	ids := urlgrammar.IDs()
	f.Fuzz(func(t *testing.T, text string, pair uint8) {
		a := urlgrammar.MustLookup(ids[int(pair)%len(ids)])
		b := urlgrammar.MustLookup(ids[int(pair/4)%len(ids)])
		code, out, errOut := runCLI(text, "diff", "-g", a.ID(), "-g", b.ID(), "--only", "all", "--format", "jsonl", "-j", "2", "-")
		var inputs []string
		check.EachLine(strings.NewReader(text), urlgrammar.MaxInputLength, func(n int, line []byte, tooLong bool) error {
			inputs = append(inputs, string(line))
			return nil
		})
		lines := outputLines(t, out)
		if len(lines) != len(inputs) {
			t.Fatalf("%d records for %d lines\n%s", len(lines), len(inputs), out)
		}
		want := 0
		for i, l := range lines {
			var rec struct {
				Line      int
				Partition string
			}
			if err := json.Unmarshal([]byte(l), &rec); err != nil {
				t.Fatalf("record %d is not JSON: %v\n%s", i, err, l)
			}
			va, vb := a.Valid(inputs[i]), b.Valid(inputs[i])
			p := map[[2]bool]string{{true, true}: "both", {true, false}: "only-a", {false, true}: "only-b", {false, false}: "neither"}[[2]bool{va, vb}]
			if rec.Line != i+1 || rec.Partition != p {
				t.Fatalf("record %d: line %d, %s; want line %d, %s (%q)", i, rec.Line, rec.Partition, i+1, p, inputs[i])
			}
			if va != vb {
				want = 1
			}
		}
		if code != want {
			t.Fatalf("exit status %d, want %d; stderr %s", code, want, errOut)
		}
	})
}
