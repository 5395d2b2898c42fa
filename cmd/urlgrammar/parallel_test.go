package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar/internal/corpus"
)

// GNU parallel splits the input into blocks, runs check on each in its own process and joins
// the outputs in order (--pipe --keep-order): with engine mode (--exit-zero, --no-header,
// --no-place),
// the joined output is byte for byte what one process writes. This is how check runs on
// every core, or on several hosts (--sshlogin), with no code of its own for it. --no-place
// leaves out the line numbers, which each part would count from 1.
func TestGNUParallelSplit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs GNU parallel")
	}
	par, err := exec.LookPath("parallel")
	if err != nil {
		t.Skipf("%s: GNU parallel is not installed (make tools installs Debian's parallel): not run", t.Name())
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "urlgrammar")
	build := exec.Command("go", "build", "-o", bin, ".")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)
	lines := append(corpus.Lines(3000, 7), corpus.TextLines(3000, 8)...)
	in := strings.Join(lines, "\n") + "\n"
	for _, format := range []string{"jsonl", "tsv"} {
		args := []string{"check", "--exit-zero", "--no-header", "--no-place", "--format", format}
		one := exec.Command(bin, args...)
		one.Stdin = strings.NewReader(in)
		want, err := one.Output()
		require.NoError(t, err)
		split := exec.Command(par, append([]string{"--will-cite", "--pipe", "--keep-order", "--block", "64k", "-j", "4", bin}, args...)...)
		split.Stdin = strings.NewReader(in)
		var stderr bytes.Buffer
		split.Stderr = &stderr
		split.Env = append(os.Environ(), "HOME="+dir) // parallel keeps its state under $HOME
		got, err := split.Output()
		require.NoError(t, err, "%s", stderr.String())
		require.Equal(t, strings.Count(string(want), "\n"), len(lines), "one line out per line in")
		require.Equal(t, string(want), string(got), "%s: parallel's joined output differs from one process's", format)
	}
}
