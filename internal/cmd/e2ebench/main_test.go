package main

import (
	"bytes"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// loopWant is what loop reads and writes of in, worked out another way: the lines of in split
// at "\n" (a last one without it counts, an empty tail does not), each without a "\r" at its
// end, and net/url's error of each it rejects.
func loopWant(in string) (int, string) {
	parts := strings.Split(in, "\n")
	if parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	var out strings.Builder
	for _, p := range parts {
		if _, err := url.Parse(strings.TrimSuffix(p, "\r")); err != nil {
			out.WriteString(err.Error() + "\n")
		}
	}
	return len(parts), out.String()
}

func TestLoop(t *testing.T) {
	for _, in := range []string{"", "\n", "http://a/\n", "http://a b/\nhttp://a/\r\n%zz", "a\r\r\n\n" + strings.Repeat("x", 200<<10) + " y"} {
		var out bytes.Buffer
		n, err := loop(strings.NewReader(in), &out)
		require.NoError(t, err)
		wantN, wantOut := loopWant(in)
		assert.Equal(t, wantN, n, "%.40q", in)
		assert.Equal(t, wantOut, out.String(), "%.40q", in)
	}
}

// FuzzLoop: the baseline reads every line of any input, whole, and writes net/url's error of
// each line it rejects.
func FuzzLoop(f *testing.F) {
	f.Add("http://a/\nhttp://a b/\n")
	f.Add("%\r\n\n\r")
	f.Fuzz(func(t *testing.T, in string) {
		var out bytes.Buffer
		n, err := loop(strings.NewReader(in), &out)
		if err != nil {
			t.Fatal(err)
		}
		wantN, wantOut := loopWant(in)
		if n != wantN || out.String() != wantOut {
			t.Fatalf("%q: %d lines, %q; want %d, %q", in, n, out.String(), wantN, wantOut)
		}
	})
}

func TestMedian(t *testing.T) {
	s := time.Second
	m := median([]timing{{3 * s, 1 * s}, {1 * s, 5 * s}, {2 * s, 3 * s}})
	assert.Equal(t, timing{2 * s, 3 * s}, m, "each median on its own")
	assert.Equal(t, timing{2 * s, 2 * s}, median([]timing{{1 * s, 1 * s}, {2 * s, 2 * s}}), "the upper middle of two")
}

// measure takes a command's times, its output to the file; exit status 1 (the checker's for
// invalid lines) is no error, 2 is.
func TestMeasure(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("TestMeasure: no sh to run")
	}
	out := filepath.Join(t.TempDir(), "out")
	tm, err := measure([]string{sh, "-c", "echo hello; exit 1"}, out)
	require.NoError(t, err)
	assert.Positive(t, tm.wall)
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, "hello\n", string(got))
	_, err = measure([]string{sh, "-c", "echo why >&2; exit 2"}, out)
	require.ErrorContains(t, err, "why")
}

// TestMain lets compare run this test binary as its baseline, as it runs e2ebench itself:
// with -loop FILE it is the loop.
func TestMain(m *testing.M) {
	if len(os.Args) == 3 && os.Args[1] == "-loop" {
		if err := loopOver(os.Args[2]); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// compare prints a row for the loop and for each binary and format, and says where the
// commands ran: on a core, or unpinned (-core -1).
func TestCompare(t *testing.T) {
	file := filepath.Join(t.TempDir(), "in.txt")
	require.NoError(t, os.WriteFile(file, []byte("http://a/b\n%zz\n"), 0o644))
	checker, err := exec.LookPath("true") // a checker that accepts everything at once
	if err != nil {
		t.Skip("no true command to stand for urlgrammar")
	}
	var out bytes.Buffer
	require.NoError(t, compare(&out, file, []string{checker}, []string{"text", "tsv"}, 1, -1))
	assert.Contains(t, out.String(), "1 rounds, unpinned, medians")
	assert.Contains(t, out.String(), "net/url.Parse loop")
	assert.Contains(t, out.String(), "check --format text")
	assert.Contains(t, out.String(), "check --format tsv")
	if _, err := exec.LookPath("taskset"); err == nil {
		out.Reset()
		require.NoError(t, compare(&out, file, []string{checker}, []string{"text"}, 1, 0))
		assert.Contains(t, out.String(), "1 rounds, on core 0, medians")
	}
}
