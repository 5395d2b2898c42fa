package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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

// extract --format sarif is one SARIF log of the invalid references, at their line and byte
// offset; --format github one annotation each.
func TestExtractAnnotations(t *testing.T) {
	text := "ok <http://a/b>\nbad <http://a/%zz> end\n"
	code, out, _ := runCLI(text, "extract", "--format", "sarif")
	assert.Equal(t, 1, code)
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string
				Locations []struct {
					PhysicalLocation struct {
						Region struct{ StartLine, ByteOffset int }
					}
				}
			}
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &log), out)
	require.Len(t, log.Runs[0].Results, 1)
	r := log.Runs[0].Results[0]
	assert.Equal(t, "rfc3986/segment", r.RuleID)
	assert.Equal(t, 2, r.Locations[0].PhysicalLocation.Region.StartLine)
	assert.Equal(t, len("ok <http://a/b>\nbad <http://a/%"), r.Locations[0].PhysicalLocation.Region.ByteOffset, "where the error is in the file")
	code, out, _ = runCLI(text, "extract", "--format", "github")
	assert.Equal(t, 1, code)
	assert.Equal(t, "::error file=-,line=2,title=urlgrammar rfc3986/segment::unexpected 'z' in segment, expected 0-9, A-F or a-f\n", out)
	_, out, _ = runCLI("nothing here\n", "extract", "--format", "sarif")
	require.NoError(t, json.Unmarshal([]byte(out), &log), "an empty log is valid JSON: %s", out)
}
