package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
)

// diagram -o DIR writes one SVG per rule, linking to the others, and the page of all rules;
// with one rule it prints that rule's SVG; with none, the page.
func TestDiagramCommand(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCLI("", "diagram", "-g", "rfc2396bis-01", "-o", dir, "hier-part", "query")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, []string{filepath.Join(dir, "hier-part.svg"), filepath.Join(dir, "query.svg"), filepath.Join(dir, "index.html")},
		strings.Fields(out))
	svg, err := os.ReadFile(filepath.Join(dir, "hier-part.svg"))
	require.NoError(t, err)
	assert.Contains(t, string(svg), `href="net-path.svg"`)
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	require.NoError(t, err)
	assert.Equal(t, len(urlgrammar.MustLookup("rfc2396bis-01").Rules()), strings.Count(string(page), "<svg "), "every rule of rfc2396bis-01")

	code, out, _ = runCLI("", "diagram", "-g", "rfc2396bis-01", "port")
	assert.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(out, "<?xml"))
	assert.Contains(t, out, "<title>port</title>")
	code, out, _ = runCLI("", "diagram", "-g", "url-1993")
	assert.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(out, "<!DOCTYPE html>"))
}
