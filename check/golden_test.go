package check

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/internal/spectest"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/golden/ID.jsonl from the current parse --json records")

// goldenInputs are the inputs of every grammar's tables, of both drafts' Appendix C and
// section examples, and of the bundled corpora: each once, sorted.
func goldenInputs(t testing.TB) []string {
	seen := map[string]bool{}
	add := func(s string) { seen[spectest.Unempty(s)] = true }
	for _, dir := range []string{"rfc1738", "rfc2396bis-01", "url-1993", "url-syntax-05", "corpus", "rfc3986", "rfc3987"} {
		folder := filepath.Join("..", "grammars", dir, "testdata") // a grammar's tables
		if dir == "corpus" {
			folder = filepath.Join("..", "testdata", dir)
		}
		files, err := filepath.Glob(filepath.Join(folder, "*.txt"))
		require.NoError(t, err)
		for _, f := range files {
			switch filepath.Base(f) {
			case "rules.txt", "resolution.txt", "to-uri.txt", "to-iri.txt":
				continue // rule-level cases and resolution tables, not whole inputs
			case "appendix-c.txt":
				ex, err := spectest.AppendixC(f)
				require.NoError(t, err)
				for _, e := range ex {
					add(e.Base)
					add(e.Ref)
					for _, r := range e.Results {
						if !strings.HasPrefix(r, spectest.SameDocument) {
							add(r)
						}
					}
				}
				continue
			}
			lines, err := spectest.Lines(f)
			require.NoError(t, err)
			for _, l := range lines {
				if in, _, ok := strings.Cut(l, " -- "); ok && filepath.Base(f) == "examples.txt" {
					l = in
				}
				add(l)
			}
		}
	}
	var out []string
	for s := range seen {
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

// The JSON contract of `parse --json` and `check --format jsonl` (docs/design.md: components,
// parts, null vs "", hostKind, the ast object, errors), pinned byte for byte for every
// grammar on every table input: testdata/golden/ID.jsonl, one record per input in the order
// of goldenInputs. A change of the tree (issue "One compact tree for every grammar") must
// leave these files as they are, or change them on purpose: go test ./check
// -run TestGoldenJSON -update-golden rewrites them, and the diff is the review.
func TestGoldenJSON(t *testing.T) {
	inputs := goldenInputs(t)
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		var got bytes.Buffer
		for _, in := range inputs {
			tree, err := g.Parse(in)
			rec := ParseRecord(g, in, tree, err)
			line := AppendJSON(nil, rec)
			require.Equal(t, string(line), string(appendRecord(nil, rec)), "%s %q: check's encoder", id, in)
			got.Write(line)
		}
		name := filepath.Join("..", "testdata", "golden", id+".jsonl")
		if *updateGolden {
			require.NoError(t, os.MkdirAll(filepath.Dir(name), 0o755))
			require.NoError(t, os.WriteFile(name, got.Bytes(), 0o644))
			continue
		}
		want, err := os.ReadFile(name)
		require.NoError(t, err, "run go test ./check -run TestGoldenJSON -update-golden")
		if !bytes.Equal(want, got.Bytes()) {
			wl, gl := strings.Split(string(want), "\n"), strings.Split(got.String(), "\n")
			for i := range min(len(wl), len(gl)) {
				if wl[i] != gl[i] {
					t.Fatalf("%s: record %d (input %q) differs from %s:\nwant %s\ngot  %s", id, i+1, inputs[min(i, len(inputs)-1)], name, wl[i], gl[i])
				}
			}
			t.Fatalf("%s: %d records, %s has %d", id, len(gl), name, len(wl))
		}
	}
}
