package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
)

// The JSON summaries of check over the shards of an input, merged in order, are the summary
// of one check over the whole input: as JSON (counts, failures, first examples) and as text.
func TestSummaryMerge(t *testing.T) {
	lines := append(corpus.Lines(900, 3), corpus.TextLines(900, 4)...)
	dir := t.TempDir()
	var shards []string
	for i := 0; i < 3; i++ {
		f := filepath.Join(dir, "shard"+string(rune('0'+i))+".txt")
		require.NoError(t, os.WriteFile(f, []byte(strings.Join(lines[i*600:(i+1)*600], "\n")+"\n"), 0o644))
		shards = append(shards, f)
	}
	whole := strings.Join(lines, "\n") + "\n"
	for _, g := range []string{"rfc3986", "all"} {
		var sums []string
		for i, f := range shards {
			_, _, errOut := runCLI("", "check", "-g", g, "--summary-only", "--summary-format", "json", f)
			p := filepath.Join(dir, g+"-sum"+string(rune('0'+i))+".json")
			require.NoError(t, os.WriteFile(p, []byte(errOut), 0o644))
			sums = append(sums, p)
		}
		_, _, wantJSON := runCLI(whole, "check", "-g", g, "--summary-only", "--summary-format", "json")
		_, _, wantText := runCLI(whole, "check", "-g", g, "--summary-only")
		code, gotJSON, errOut := runCLI("", append([]string{"summary", "merge", "--json"}, sums...)...)
		require.Equal(t, 0, code, errOut)
		assert.JSONEq(t, wantJSON, gotJSON, g)
		_, gotText, _ := runCLI("", append([]string{"summary", "merge"}, sums...)...)
		assert.Equal(t, wantText, gotText, g)
	}
	// The same summaries as Windows writes them: UTF-16 (PowerShell's redirection), UTF-8
	// with a byte order mark.
	var sums []string
	for i := range shards {
		src, err := os.ReadFile(filepath.Join(dir, "rfc3986-sum"+string(rune('0'+i))+".json"))
		require.NoError(t, err)
		p := filepath.Join(dir, "windows-sum"+string(rune('0'+i))+".json")
		if i%2 == 0 {
			u := []byte{0xff, 0xfe}
			for _, c := range utf16.Encode([]rune(string(src))) {
				u = append(u, byte(c), byte(c>>8))
			}
			src = u
		} else {
			src = append([]byte("\ufeff"), src...)
		}
		require.NoError(t, os.WriteFile(p, src, 0o644))
		sums = append(sums, p)
	}
	code, gotJSON, errOut := runCLI("", append([]string{"summary", "merge", "--json"}, sums...)...)
	require.Equal(t, 0, code, errOut)
	_, _, wantJSON := runCLI(whole, "check", "--summary-only", "--summary-format", "json")
	assert.JSONEq(t, wantJSON, gotJSON)

	code, _, errOut = runCLI("", "summary", "merge", filepath.Join(dir, "rfc3986-sum0.json"), filepath.Join(dir, "all-sum1.json"))
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, fmt.Sprintf("merging the summary of %d grammar(s) into one of 1", len(urlgrammar.IDs())))
}
