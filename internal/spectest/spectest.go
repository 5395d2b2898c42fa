// Package spectest reads the specification tables under testdata/: one example a line,
// comment lines starting with "# ". It is used only by tests.
package spectest

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Lines returns the lines of a table, without its comment lines ("# " first).
func Lines(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := sc.Text(); !strings.HasPrefix(l, "# ") {
			lines = append(lines, l)
		}
	}
	return lines, sc.Err()
}

// Unempty decodes the drafts' "<>" spelling of the empty reference.
func Unempty(s string) string {
	if s == "<>" {
		return ""
	}
	return s
}

// SameDocument is how the drafts write the result of a same-document reference.
const SameDocument = "(current document)"

// Example is one example of a resolution table (Appendix C of both drafts).
type Example struct {
	Section, Base, Ref string
	// Results holds the result, or for "http:g" in the 2003 draft two: the validating result
	// and the backwards-compatible one. A same-document result starts with SameDocument.
	Results []string
	Line    string // the example as the draft writes it
}

// AppendixC reads a resolution table: "base URI" lines, "[section]" lines and
// "REFERENCE = RESULT" lines, where RESULT may be "R1 ; note / R2 ; note".
func AppendixC(path string) ([]Example, error) {
	lines, err := Lines(path)
	if err != nil {
		return nil, err
	}
	var out []Example
	var base, section string
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "base "):
			base = strings.TrimPrefix(l, "base ")
		case strings.HasPrefix(l, "["):
			section = strings.Trim(l, "[]")
		default:
			ref, rest, ok := strings.Cut(l, " = ")
			if !ok {
				return nil, fmt.Errorf("%s: bad line %q", path, l)
			}
			var results []string
			for _, alt := range strings.Split(rest, " / ") {
				r, _, _ := strings.Cut(alt, " ; ")
				results = append(results, r)
			}
			out = append(out, Example{section, base, Unempty(ref), results, l})
		}
	}
	return out, nil
}

// XMLNotation writes the non-ASCII characters of s as RFC 3987 writes them in its ASCII text,
// "&#xE9;", so that an example written with its characters can be found in the RFC.
func XMLNotation(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < utf8.RuneSelf {
			b.WriteRune(r)
		} else {
			fmt.Fprintf(&b, "&#x%X;", r)
		}
	}
	return b.String()
}

// Differences reads a grammar's testdata/rfc3986-differences.txt: WITNESS<TAB>WHY lines, a
// witness that holds a tab or a line break written as a Go string literal, "<>" the empty
// string. It returns the reason of each witness.
func Differences(path string) (map[string]string, error) {
	lines, err := Lines(path)
	if err != nil {
		return nil, err
	}
	m := map[string]string{}
	for _, l := range lines {
		if l == "" {
			continue
		}
		w, why, ok := strings.Cut(l, "\t")
		if !ok || strings.TrimSpace(why) == "" {
			return nil, fmt.Errorf("%s: %q: want WITNESS<TAB>WHY", path, l)
		}
		if strings.HasPrefix(w, `"`) {
			if w, err = strconv.Unquote(w); err != nil {
				return nil, fmt.Errorf("%s: %q: %w", path, l, err)
			}
		}
		m[Unempty(w)] = why
	}
	return m, nil
}

// Unique returns in with each string kept once, at its first place (in is reused): a line of
// the tables is often in several of them, or in a corpus too.
func Unique(in []string) []string {
	seen := make(map[string]bool, len(in))
	return slices.DeleteFunc(in, func(s string) bool {
		if seen[s] {
			return true
		}
		seen[s] = true
		return false
	})
}

// MarkdownTable returns the rows of the table of the Markdown file at path whose header line
// is header (as written, with its pipes): each row's cells, trimmed, up to the blank line
// that ends the table. A row with another number of cells than the header is an error.
func MarkdownTable(path, header string) ([][]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	_, rest, ok := strings.Cut(string(b), "\n"+header+"\n")
	if !ok {
		return nil, fmt.Errorf("%s: no table with the header %q", path, header)
	}
	cells := func(line string) []string {
		c := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		for i := range c {
			c[i] = strings.TrimSpace(c[i])
		}
		return c
	}
	width := len(cells(header))
	_, rest, _ = strings.Cut(rest, "\n") // the delimiter row
	table, _, _ := strings.Cut(rest, "\n\n")
	var rows [][]string
	for line := range strings.Lines(table) {
		row := cells(line)
		if len(row) != width {
			return nil, fmt.Errorf("%s: %d cells, not %d: %q", path, len(row), width, line)
		}
		rows = append(rows, row)
	}
	return rows, nil
}
