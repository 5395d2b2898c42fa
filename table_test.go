package urlgrammar_test

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
)

// readTable returns the lines of a testdata table, without comment lines ("# " first).
func readTable(t testing.TB, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := sc.Text(); !strings.HasPrefix(l, "# ") {
			lines = append(lines, l)
		}
	}
	require.NoError(t, sc.Err())
	return lines
}

// unempty decodes the draft's "<>" spelling of the empty reference.
func unempty(s string) string {
	if s == "<>" {
		return ""
	}
	return s
}

// appendixC is one example of Appendix C: a reference and its resolved result(s).
type appendixC struct {
	section, base, ref string
	results            []string // "(current document)..." for a same-document reference
}

// readAppendixC reads testdata/rfc2396bis-01/appendix-c.txt.
func readAppendixC(t testing.TB) []appendixC {
	var out []appendixC
	var base, section string
	for _, l := range readTable(t, "testdata/rfc2396bis-01/appendix-c.txt") {
		switch {
		case strings.HasPrefix(l, "base "):
			base = strings.TrimPrefix(l, "base ")
		case strings.HasPrefix(l, "["):
			section = strings.Trim(l, "[]")
		default:
			ref, rest, ok := strings.Cut(l, " = ")
			require.True(t, ok, "bad Appendix C line %q", l)
			var results []string
			// "http:g ; for validating parsers / http://a/b/c/g ; for backwards compatibility"
			for _, alt := range strings.Split(rest, " / ") {
				r, _, _ := strings.Cut(alt, " ; ")
				results = append(results, r)
			}
			out = append(out, appendixC{section, base, unempty(ref), results})
		}
	}
	return out
}

// validInputs returns every input the tests know to be a URI-reference: valid.txt, the
// section 1.3 examples, and the references, bases and results of Appendix C.
func validInputs(t testing.TB) []string {
	var in []string
	for _, l := range readTable(t, "testdata/rfc2396bis-01/valid.txt") {
		in = append(in, unempty(l))
	}
	for _, l := range readTable(t, "testdata/rfc2396bis-01/examples.txt") {
		u, _, _ := strings.Cut(l, " -- ")
		in = append(in, u)
	}
	for _, c := range readAppendixC(t) {
		in = append(in, c.base, c.ref)
		for _, r := range c.results {
			if !strings.HasPrefix(r, "(current document)") {
				in = append(in, r)
			}
		}
	}
	return in
}

// invalidInput is one line of invalid.txt.
type invalidInput struct {
	input  string
	offset int
}

func invalidInputs(t testing.TB) []invalidInput {
	var out []invalidInput
	for _, l := range readTable(t, "testdata/rfc2396bis-01/invalid.txt") {
		off, in, ok := strings.Cut(l, "\t")
		require.True(t, ok, "bad invalid.txt line %q", l)
		var n int
		for _, d := range off {
			n = n*10 + int(d-'0')
		}
		out = append(out, invalidInput{in, n})
	}
	return out
}

var g2396 = urlgrammar.MustLookup("rfc2396bis-01")

// parseRef parses s with rfc2396bis-01 and returns the tree.
func parseRef(t testing.TB, s string) *ast.URIReference {
	t.Helper()
	tree, err := g2396.Parse(s)
	require.NoError(t, err, "input %q", s)
	return tree.(*ast.URIReference)
}

func ptr(s string) *string { return &s }
