package main

import (
	"encoding/json"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/check"
	"github.com/urlgrammar/urlgrammar/extract"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/internal/textin"
)

// FuzzExtractCommand: `extract --format jsonl` on any text prints one JSON object per
// reference the package finds, in order, each with its place, its reference and the verdict
// of Valid; the exit status says whether one is invalid.
func FuzzExtractCommand(f *testing.F) {
	for _, s := range []string{"x <http://a/b> \"mailto:a@b\" [t](https://c/(d)) url=http://e/%zz", "<http://a/b-\n c>",
		"\xff<http://\x00/>", "href='../x'", "", "<<<\"\"\"(((", "\ufeff<http://a/>", "\xff\xfe<\x00h\x00:\x00/\x00>\x00"} {
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
		decoded, err := io.ReadAll(textin.NewReader(strings.NewReader(text))) // as the command reads its input
		if err != nil {
			t.Fatal(err)
		}
		refs := extract.Find(string(decoded), extract.Options{Relative: relative})
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

	// SARIF's byteOffset is in the file: past a UTF-8 byte order mark, which the text read
	// drops; none for UTF-16, whose offsets the decoded text does not keep (the line stays).
	region := func(input string) (line int, offset *int) {
		_, out, _ := runCLI(input, "extract", "--format", "sarif")
		var log struct {
			Runs []struct {
				Results []struct {
					Locations []struct {
						PhysicalLocation struct {
							Region struct {
								StartLine  int
								ByteOffset *int
							}
						}
					}
				}
			}
		}
		require.NoError(t, json.Unmarshal([]byte(out), &log), out)
		require.Len(t, log.Runs[0].Results, 1, out)
		r := log.Runs[0].Results[0].Locations[0].PhysicalLocation.Region
		return r.StartLine, r.ByteOffset
	}
	bom := "\xef\xbb\xbf" + text
	line, offset := region(bom)
	if assert.Equal(t, 2, line) && assert.NotNil(t, offset) {
		assert.Equal(t, "zz> end\n", bom[*offset:], "where the error is in the file with its byte order mark")
	}
	utf16 := []byte{0xff, 0xfe}
	for _, c := range text {
		utf16 = append(utf16, byte(c), 0)
	}
	line, offset = region(string(utf16))
	assert.Equal(t, 2, line)
	assert.Nil(t, offset, "no byte offset in UTF-16 text")
}

// extractRecord is extract's jsonl record as encoding/json writes it: the oracle of
// extractor.appendRecord, which wrote it through this struct before.
type extractRecord struct {
	File           string  `json:"file"`
	Line           int     `json:"line"`
	Column         int     `json:"column"`
	Offset         int64   `json:"offset"`
	Delimiter      string  `json:"delimiter"`
	Key            string  `json:"key,omitempty"`
	Raw            string  `json:"raw"`
	RawBase64      *string `json:"rawBase64,omitempty"` // when Raw is not valid UTF-8
	Reference      string  `json:"reference"`
	Hyphenated     bool    `json:"hyphenated,omitempty"`
	Unhyphenated   *string `json:"unhyphenated,omitempty"`
	UnhyphenatedOK *bool   `json:"unhyphenatedOk,omitempty"`
	Truncated      bool    `json:"truncated,omitempty"`
	Result         any     `json:"result"`
}

// An extract jsonl record is what encoding/json writes of extractRecord, for every reference
// of the extract package's text cases and of text-shaped corpus lines (keys, hyphens at line
// breaks, invalid UTF-8, references cut at MaxLength, relative ones), with and without the
// tree, in four grammars.
func TestExtractRecordIsJSON(t *testing.T) {
	src, err := os.ReadFile("../../extract/testdata/cases.txt")
	require.NoError(t, err)
	var text strings.Builder
	for l := range strings.Lines(string(src)) {
		if strings.HasPrefix(l, "< ") {
			text.WriteString(strings.ReplaceAll(l[2:], `\r`, "\r"))
		}
	}
	for _, l := range corpus.TextLines(2000, 5) {
		text.WriteString("see " + l + " and <" + l + ">, url=" + l + "\n")
	}
	text.WriteString("a <http://exam-\nple.com/\xff\xfe> and <http://exam-\nple.com/a> and \"javascript:alert(1)\"\n")
	refs := 0
	kinds := map[string]int{} // what the references hold: each must occur
	for _, id := range []string{"rfc3986", "rfc3987", "uri", "rfc2396bis-01"} {
		g := urlgrammar.MustLookup(id)
		for _, opts := range []extract.Options{{}, {Relative: true, MaxLength: 40}} {
			for _, withAST := range []bool{false, true} {
				x := &extractor{g: g, p: g.NewParser(), opts: opts, jsonl: true, ast: withAST}
				for r, err := range extract.References(strings.NewReader(text.String()), opts) {
					require.NoError(t, err)
					var tree ast.Tree
					var perr error
					if r.Truncated {
						perr = errTooLong(opts.MaxLength)
					} else {
						tree, perr = x.p.Parse(r.Text)
					}
					rec := extractRecord{File: "f\t\"é", Line: r.Line, Column: r.Column, Offset: r.Offset,
						Delimiter: string(r.Delimiter), Key: r.Key, Raw: r.Raw, RawBase64: check.InputBase64(r.Raw), Reference: r.Text,
						Hyphenated: r.Hyphenated, Truncated: r.Truncated}
					if r.Hyphenated {
						ok := g.Valid(r.Unhyphenated)
						rec.Unhyphenated, rec.UnhyphenatedOK = &r.Unhyphenated, &ok
					}
					rec.Result = check.ParseRecord(g, r.Text, tree, perr)
					if !withAST {
						rec.Result = check.WithoutAST(rec.Result)
					}
					want := string(check.AppendJSON(nil, rec))
					require.Equal(t, want, string(x.appendRecord(nil, "f\t\"é", r, tree, perr)), "%s %q", id, r.Raw)
					refs++
					for k, ok := range map[string]bool{"key": r.Key != "", "hyphenated": r.Hyphenated, "truncated": r.Truncated,
						"rawBase64": rec.RawBase64 != nil, "invalid": perr != nil, "valid": perr == nil} {
						if ok {
							kinds[k]++
						}
					}
				}
			}
		}
	}
	t.Logf("%d references: %v", refs, kinds)
	for _, k := range []string{"key", "hyphenated", "truncated", "rawBase64", "invalid", "valid"} {
		assert.Positive(t, kinds[k], k)
	}
}
