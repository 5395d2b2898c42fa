package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A file's name reaches the terminal escaped in the text output of check, diff and extract,
// as inputs do: an escape sequence or a line break in it neither acts on the terminal nor
// breaks a record's line. Also in the I/O error of a file that does not exist.
func TestFileNamesEscaped(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "evil\x1b]0;title\x07\x1b[2J\nname")
	require.NoError(t, os.WriteFile(name, []byte("http://a b/\nsee http://example.com/ here\nfoo\n"), 0o644))
	missing := filepath.Join(dir, "gone\x1b[31m")
	for _, args := range [][]string{
		{"check", "-g", "rfc3986", name, missing},
		{"check", "-g", "all", name, missing},
		{"diff", "-g", "rfc3986", "-g", "url-1993", "--only", "all", name, missing},
		{"extract", name, missing},
		{"extract", "--only", "valid", name},
	} {
		_, out, errOut := runCLI("", args...)
		require.NotEmpty(t, out, "%v", args)
		assert.NotContains(t, out, "\x1b", "%v: a raw escape in the output", args)
		assert.NotContains(t, out, "\x07", "%v", args)
		assert.NotContains(t, errOut, "\x1b", "%v: a raw escape on stderr", args)
		assert.Contains(t, out, `evil\x1b]0;title\a\x1b[2J\nname:`, "%v", args)
		for _, l := range outputLines(t, out) {
			assert.False(t, strings.HasPrefix(l, "name:"), "%v: the name broke a line: %q", args, l)
		}
	}
}
