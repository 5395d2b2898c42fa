package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
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
		t.Skip("runs GNU parallel")
	}
	par, err := exec.LookPath("parallel")
	if err != nil {
		t.Skipf("%s: GNU parallel is not installed (make tools installs Debian's parallel): not run", t.Name())
	}
	dir := t.TempDir()
	bin, env := cli(t)
	lines := append(corpus.Lines(3000, 7), corpus.TextLines(3000, 8)...)
	in := strings.Join(lines, "\n") + "\n"
	for _, format := range []string{"jsonl", "tsv"} {
		args := []string{"check", "--exit-zero", "--no-header", "--no-place", "--format", format}
		one := child(t, args...)
		one.Stdin = strings.NewReader(in)
		want, err := one.Output()
		require.NoError(t, err)
		split := exec.Command(par, append([]string{"--will-cite", "--pipe", "--keep-order", "--block", "64k", "-j", "4", bin}, args...)...)
		split.Stdin = strings.NewReader(in)
		var stderr bytes.Buffer
		split.Stderr = &stderr
		split.Env = append(env, "HOME="+dir) // parallel keeps its state under $HOME
		got, err := split.Output()
		require.NoError(t, err, "%s", stderr.String())
		require.Equal(t, strings.Count(string(want), "\n"), len(lines), "one line out per line in")
		require.Equal(t, string(want), string(got), "%s: parallel's joined output differs from one process's", format)
	}
}

// cli returns the command as the tests that run it as engines do (a subprocess) run it: this
// test binary, which runs main when the environment env gives it (TestMain), as child does.
// A go build of the command for each of them took about 2 seconds of the package's tests.
func cli(t *testing.T) (bin string, env []string) {
	t.Helper()
	bin, err := os.Executable()
	require.NoError(t, err)
	return bin, append(os.Environ(), "URLGRAMMAR_TEST_MAIN=1")
}

// As a ClickHouse executable function (and Spark's pipe) uses it: one long-lived process
// fed rows in blocks on stdin, whose rows must come back one for one, each block's before
// the next block is sent (the engine waits for them), with status 0 at the end whatever
// the verdicts. The rows are key<TAB>URL and hostile ones (empty, NUL, invalid UTF-8, a lone
// CR, too few columns).
func TestEngineHarnessBlocks(t *testing.T) {
	cmd := child(t, "check", "--exit-zero", "--no-header", "--no-place", "--column", "2", "--format", "tsv")
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	r := bufio.NewReader(stdout)
	blocks := [][]string{
		{"1\thttp://a/", "2\ta b", "3\t"},
		{"4\t\x00", "5\t\xff", "6\thttp://a/\rb", "7"},
		{"8\thttps://example.com/?q=1#f"},
	}
	for _, block := range blocks {
		_, err := io.WriteString(stdin, strings.Join(block, "\n")+"\n")
		require.NoError(t, err)
		for _, row := range block {
			done := make(chan string, 1)
			go func() { l, _ := r.ReadString('\n'); done <- l }()
			select {
			case got := <-done:
				key, _, _ := strings.Cut(row, "\t")
				require.True(t, strings.HasPrefix(got, key+"\t"), "row %q gave %q", row, got)
			case <-time.After(20 * time.Second):
				t.Fatalf("no output row for %q while the engine waits (the block's rows must come back before the next is sent)", row)
			}
		}
	}
	require.NoError(t, stdin.Close())
	rest, _ := io.ReadAll(r)
	assert.Empty(t, string(rest), "no row beyond one per input row")
	require.NoError(t, cmd.Wait(), "status 0 whatever the verdicts: %s", stderr.String())
}

// As Hadoop Streaming runs a mapper: the whole input on stdin, a non-zero status fails the
// task, and the output is read as key<TAB>value lines, one per input line.
func TestEngineHarnessStreaming(t *testing.T) {
	var in strings.Builder
	rows := append(corpus.Lines(2000, 11), "", "\x00", "a\tb\tc")
	for i, l := range rows {
		fmt.Fprintf(&in, "k%d\t%s\n", i, l)
	}
	cmd := child(t, "check", "--exit-zero", "--no-header", "--no-place", "--column", "2", "--format", "jsonl", "-j", "2")
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	require.NoError(t, err, "a non-zero status fails the task")
	got := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	require.Len(t, got, len(rows))
	for i, l := range got {
		require.True(t, strings.HasPrefix(l, fmt.Sprintf(`{"columns":["k%d"`, i)), "row %d: %.80s", i, l)
	}
}
