package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// shell returns the path of a shell to run the completion scripts with, or skips the test by
// name when it is not installed (make tools installs Debian's zsh and fish; make test runs
// it).
func shell(t *testing.T, name string) string {
	p, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s: %s is not installed (make tools installs it): its completion script is not run", t.Name(), name)
	}
	return p
}

// completionScript writes urlgrammar completion SHELL to a file.
func completionScript(t *testing.T, sh string) string {
	code, out, errOut := runCLI("", "completion", sh)
	require.Equal(t, 0, code, errOut)
	f := filepath.Join(t.TempDir(), "urlgrammar."+sh)
	require.NoError(t, os.WriteFile(f, []byte(out), 0o644))
	return f
}

// The bash script completes commands, a command's flags (from the command's own flag set)
// and grammar ids after -g.
func TestCompletionBash(t *testing.T) {
	bash := shell(t, "bash")
	f := completionScript(t, "bash")
	for words, want := range map[string]string{
		"urlgrammar ch":               "check",
		"urlgrammar check --fo":       "--format",
		"urlgrammar check --fail":     "--fail-on-warning",
		"urlgrammar parse -g rfc39":   "rfc3987",
		"urlgrammar check -g al":      "all",
		"urlgrammar help nor":         "normalize",
		"urlgrammar completion z":     "zsh",
		"urlgrammar normalize --le":   "--level",
		"urlgrammar rules --j":        "--json",
		"urlgrammar extract --format": "--format",
	} {
		script := "source " + f + "\nCOMP_WORDS=(" + words + ")\nCOMP_CWORD=$((${#COMP_WORDS[@]}-1))\n_urlgrammar\necho \"${COMPREPLY[@]}\"\n"
		out, err := exec.Command(bash, "-c", script).CombinedOutput()
		require.NoError(t, err, "%s", out)
		assert.Contains(t, strings.Fields(string(out)), want, "%q completes to %q", words, out)
	}
}

// zsh loads the bash script through bashcompinit and registers the function.
func TestCompletionZsh(t *testing.T) {
	zsh := shell(t, "zsh")
	f := completionScript(t, "zsh")
	out, err := exec.Command(zsh, "-f", "-c", "autoload -U compinit && compinit -u -D; source "+f+"; print -r -- ${_comps[urlgrammar]}").CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Contains(t, string(out), "_urlgrammar")
}

// fish completes commands and flags, with their help, and grammar ids after -g.
func TestCompletionFish(t *testing.T) {
	fish := shell(t, "fish")
	f := completionScript(t, "fish")
	for line, want := range map[string]string{
		"urlgrammar ch":          "check\t",
		"urlgrammar check --fai": "--fail-on-warning\t",
		"urlgrammar parse -g rf": "rfc3986",
		"urlgrammar normalize -": "--json\t",
	} {
		out, err := exec.Command(fish, "--no-config", "-c", "source "+f+"; complete -C '"+line+"'").CombinedOutput()
		require.NoError(t, err, "%s", out)
		assert.Contains(t, string(out), want, "%q", line)
	}
}

// The man page is roff that groff reads without a warning, with every command.
func TestManPage(t *testing.T) {
	code, out, _ := runCLI("", "man")
	require.Equal(t, 0, code)
	for _, c := range commands {
		assert.Contains(t, out, ".SS "+c.name+"\n", "the page has %s", c.name)
	}
	assert.Contains(t, out, `\fB\-\-fail\-on\-warning\fR`)
	groff, err := exec.LookPath("groff")
	if err != nil {
		t.Skipf("%s: groff is not installed: the page is not rendered", t.Name())
	}
	cmd := exec.Command(groff, "-man", "-Tutf8", "-ww", "-z")
	cmd.Stdin = strings.NewReader(out)
	msg, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", msg)
	assert.Empty(t, string(msg), "groff's warnings")
}

// The progress line of check, diff and extract says how far the input is, in percent, when
// its size is known.
func TestProgressLine(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "in.txt")
	require.NoError(t, os.WriteFile(f, []byte("http://a/\na b\n"), 0o644))
	size := inputSize([]string{f})
	assert.Equal(t, int64(14), size)
	assert.Zero(t, inputSize([]string{f, "-"}), "standard input has no size")
	assert.Zero(t, inputSize(nil))
	p := &progressLine{noun: "lines", total: size, start: time.Now().Add(-time.Second)}
	p.items.Add(1)
	p.bytes.Add(7)
	p.invalid.Add(1)
	assert.Regexp(t, `^1 lines, \d+ lines/s, 1 invalid \(50%\)$`, p.line())
	for _, args := range [][]string{{"check", "--progress", f}, {"diff", "--progress", "-g", "rfc3986", "-g", "url-1993", f}, {"extract", "--progress", f}} {
		_, _, errOut := runCLI("", args...)
		assert.NotContains(t, errOut, "panic", "%v", args)
	}
}
