package main

import (
	"encoding/json"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/extract"
)

// FuzzExtractCommand: `extract --format jsonl` on any text prints one JSON object per
// reference the package finds, in order, each with its place, its reference and the verdict
// of Valid; the exit status says whether one is invalid.
func FuzzExtractCommand(f *testing.F) {
	for _, s := range []string{"x <http://a/b> \"mailto:a@b\" [t](https://c/(d)) url=http://e/%zz", "<http://a/b-\n c>",
		"\xff<http://\x00/>", "href='../x'", "", "<<<\"\"\"((("} {
		f.Add(s, false)
	}
	g, err := urlgrammar.Lookup(urlgrammar.DefaultGrammar)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string, relative bool) {
		args := []string{"extract", "--format", "jsonl"}
		if relative {
			args = append(args, "--relative")
		}
		code, out, errOut := runCLI(text, args...)
		refs := extract.Find(text, extract.Options{Relative: relative})
		lines := outputLines(t, out)
		if len(lines) != len(refs) {
			t.Fatalf("%d records for %d references\n%s", len(lines), len(refs), out)
		}
		want := 0
		for i, l := range lines {
			var rec struct {
				Line, Column int
				Offset       int64
				Reference    string
				Result       struct{ OK bool }
			}
			if err := json.Unmarshal([]byte(l), &rec); err != nil {
				t.Fatalf("record %d is not JSON: %v\n%s", i, err, l)
			}
			r := refs[i]
			if rec.Line != r.Line || rec.Column != r.Column || rec.Offset != r.Offset {
				t.Fatalf("record %d at %d:%d (%d), the reference at %d:%d (%d)", i, rec.Line, rec.Column, rec.Offset, r.Line, r.Column, r.Offset)
			}
			if valid := g.Valid(r.Text); rec.Result.OK != valid {
				t.Fatalf("record %d says ok=%v, Valid(%q) = %v", i, rec.Result.OK, r.Text, valid)
			} else if !valid {
				want = 1
			}
		}
		if code != want {
			t.Fatalf("exit status %d, want %d; stderr %s", code, want, errOut)
		}
	})
}
