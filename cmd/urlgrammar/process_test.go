package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
)

// TestMain lets a test run this package's main in a child process (the test binary itself),
// to see what signals, pipes and full disks do to a real process.
func TestMain(m *testing.M) {
	if os.Getenv("URLGRAMMAR_TEST_MAIN") == "1" {
		os.Args = append([]string{"urlgrammar"}, os.Args[1:]...)
		main()
		return
	}
	os.Exit(m.Run())
}

// child returns the child process running urlgrammar with args.
func child(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	require.NoError(t, err)
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "URLGRAMMAR_TEST_MAIN=1")
	return cmd
}

func manyLines(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "http://example.com/%d\nbad line %d\n", i, i)
	}
	return b.String()
}

// A full disk stops every command with a message and status 2.
func TestWriteErrorEveryCommand(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full on this system")
	}
	defer full.Close()
	for _, args := range [][]string{
		{"parse", "http://a/b"},
		{"parse", "--json", "http://a/b"},
		{"match", "host", "h"},
		{"resolve", "http://a/b", "c"},
		{"normalize", "HTTP://a/"},
		{"equal", "http://a/", "http://a/"},
		{"rules"},
		{"grammars"},
		{"help"},
		{"version"},
		{"check", "--format", "jsonl", "-"},
		{"extract", "-"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			cmd := child(t, args...)
			cmd.Stdin = strings.NewReader("http://a/b <http://c/d>\n")
			cmd.Stdout = full
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			var ee *exec.ExitError
			require.True(t, errors.As(err, &ee), "exit status 2, not %v", err)
			assert.Equal(t, 2, ee.ExitCode())
			assert.Equal(t, 1, strings.Count(stderr.String(), "writing the output: write /dev/stdout: no space left on device"),
				"reported once: %s", stderr.String())
		})
	}
}

// A closed pipe ends the command quietly, as it ends other filters: `urlgrammar check | head -1`.
func TestClosedPipeEndsQuietly(t *testing.T) {
	cmd := child(t, "check", "--format", "jsonl")
	cmd.Stdin = strings.NewReader(manyLines(50000))
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	line, err := bufio.NewReader(out).ReadString('\n')
	require.NoError(t, err)
	assert.True(t, json.Valid([]byte(line)))
	out.Close()
	err = cmd.Wait()
	assert.Empty(t, stderr.String(), "no message for a closed pipe")
	var ee *exec.ExitError
	require.True(t, errors.As(err, &ee), "the command ends: %v", err)
	ws := ee.Sys().(syscall.WaitStatus)
	assert.True(t, ws.Signaled() && ws.Signal() == syscall.SIGPIPE || ee.ExitCode() == exitPipe,
		"ended by SIGPIPE or with status %d: %v", exitPipe, ws)
}

// SIGINT in the middle of check: the records in flight are finished and written whole, the
// summary says interrupted, and the status is 130.
func TestInterruptFinishesRecords(t *testing.T) {
	cmd := child(t, "check", "--format", "jsonl", "-j", "2")
	in, err := cmd.StdinPipe()
	require.NoError(t, err)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	// Send lines and keep standard input open, as a terminal or a slow pipe does.
	const sent = 2000
	go io.WriteString(in, manyLines(sent/2))
	r := bufio.NewReader(out)
	var records []string
	for len(records) < 10 {
		line, err := r.ReadString('\n')
		require.NoError(t, err)
		records = append(records, line)
	}
	require.NoError(t, cmd.Process.Signal(os.Interrupt))
	done := make(chan error, 1)
	go func() {
		rest, _ := io.ReadAll(r)
		for _, l := range strings.SplitAfter(string(rest), "\n") {
			if l != "" {
				records = append(records, l)
			}
		}
		done <- cmd.Wait()
	}()
	select {
	case err = <-done:
	case <-time.After(time.Minute):
		cmd.Process.Kill()
		t.Fatal("check did not stop within a minute of SIGINT")
	}
	in.Close()
	var ee *exec.ExitError
	require.True(t, errors.As(err, &ee), "exit status 130: %v", err)
	assert.Equal(t, exitInterrupted, ee.ExitCode())
	for i, l := range records {
		require.True(t, strings.HasSuffix(l, "\n") && json.Valid([]byte(l)), "record %d is whole: %q", i+1, l)
		var rec struct {
			Line int `json:"line"`
		}
		require.NoError(t, json.Unmarshal([]byte(l), &rec))
		require.Equal(t, i+1, rec.Line, "records in order, none lost")
	}
	assert.Contains(t, stderr.String(), "interrupted: the counts cover the")
	assert.Contains(t, stderr.String(), fmt.Sprintf("%s: %d lines", urlgrammar.DefaultGrammar, len(records)))
}
