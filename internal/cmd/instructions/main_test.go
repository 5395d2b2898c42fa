package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// Every call measured of every default grammar runs, as the child valgrind runs does it
// (without valgrind): its set-up takes the grammar's lines and its loop runs over them.
func TestEveryCallRuns(t *testing.T) {
	for _, id := range strings.Split(defaultGrammars, ",") {
		for _, c := range callsOf(id) {
			var out bytes.Buffer
			require.NoError(t, child(&out, id, c.name, 200, 1), "%s %s", id, c.name)
			n, err := linesOf(out.String())
			require.NoError(t, err, "%s %s", id, c.name)
			require.Positive(t, n)
		}
	}
	names := func(id string) (n []string) {
		for _, c := range callsOf(id) {
			n = append(n, c.name)
		}
		return n
	}
	require.Contains(t, names("rfc3986"), "Parse+views", "rfc3986's views are measured")
	require.NotContains(t, names("whatwg-url"), "Parse+views", "rootviews does not read whatwg-url's")
}

// valgrind's standard error after a callgrind run, as 3.19 writes it.
const callgrindStderr = `==8258== Callgrind, a call-graph generating cache profiler
==8258== Copyright (C) 2002-2017, and GNU GPL'd, by Josef Weidendorfer et al.
==8258== Command: /tmp/instr -measure Valid -g rfc3986 -n 300
==8258== 
==8258== For interactive control, run 'callgrind_control -h'.
==8258== 
==8258== Events    : Ir
==8258== Collected : 300886
==8258== 
==8258== I   refs:      300,886
`

func TestCollected(t *testing.T) {
	n, err := collected(callgrindStderr)
	require.NoError(t, err)
	require.Equal(t, uint64(300886), n)

	n, err = collected("==1== Collected : 5\n==1== Collected : 7\n")
	require.NoError(t, err)
	require.Equal(t, uint64(7), n, "the last count")

	_, err = collected("==1== valgrind: Unknown option: --toggle-collect=main.measure\n")
	require.ErrorContains(t, err, "no \"Collected :\" line")
	require.ErrorContains(t, err, "Unknown option", "the error shows what valgrind said")

	_, err = collected("==1== Collected : 3,000\n")
	require.ErrorContains(t, err, "has no count")
}

func TestLinesOf(t *testing.T) {
	n, err := linesOf("lines 1788\n")
	require.NoError(t, err)
	require.Equal(t, 1788, n)
	for _, bad := range []string{"", "lines 0\n", "lines x\n", "1788\n"} {
		_, err := linesOf(bad)
		require.Error(t, err, "%q", bad)
	}
}

// FuzzCollected: whatever valgrind writes, collected returns a count or an error, never
// panics; a last "Collected :" line with a count reads back as that count, unless a line
// before it has that key and no count (an error, which names that line).
func FuzzCollected(f *testing.F) {
	f.Add(callgrindStderr, uint64(42))
	f.Add("", uint64(0))
	f.Add("Collected :\n", uint64(1<<63))
	f.Fuzz(func(t *testing.T, stderr string, n uint64) {
		_, before := collected(stderr)
		_, _ = linesOf(stderr)
		got, err := collected(stderr + "\n==9== Collected : " + strconv.FormatUint(n, 10) + "\n")
		switch {
		case err == nil && got != n:
			t.Fatalf("a last line of count %d read as %d", n, got)
		case err != nil && (before == nil || !strings.Contains(before.Error(), "has no count")):
			t.Fatalf("a last line of count %d: %v, after %v", n, err, before)
		}
	})
}

// TestCountsAreRepeatable runs the command as make bench-instructions does, twice at once,
// on two calls of rfc3986 and their baseline: each call's count per URL must be the same in
// both runs to 3% (what the command is for: a call that allocates moves by about 1% with the
// collector's timing, one that does not by a hundredth of that), and must order the calls as
// their work does (Valid, a DFA's pass, is below net/url.Parse and a Parse, which builds a
// tree too), which counts of the wrong function's instructions would not.
func TestCountsAreRepeatable(t *testing.T) {
	if testing.Short() {
		t.Skip("TestCountsAreRepeatable: six runs under valgrind (about ten seconds), left out of the quick loop (-short)")
	}
	if _, err := exec.LookPath("valgrind"); err != nil {
		t.Skip("TestCountsAreRepeatable: valgrind is not installed (make tools installs Debian's valgrind)")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("TestCountsAreRepeatable: no go command to build the command with")
	}
	bin := filepath.Join(t.TempDir(), "instructions")
	out, err := exec.Command(gobin, "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "%s", out)

	runs := make([]map[string]float64, 2)
	var wg sync.WaitGroup
	for i := range runs {
		wg.Go(func() {
			out, err := exec.Command(bin, "-n", "150", "-g", "rfc3986", "-calls", "Valid,Parse", "-j", "1").CombinedOutput()
			if err != nil {
				t.Errorf("run %d: %v: %s", i, err, out)
				return
			}
			runs[i] = perURL(t, string(out))
		})
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	for _, call := range []string{"net/url.Parse", "Valid", "Parse"} {
		a, b := runs[0][call], runs[1][call]
		require.Positive(t, a, "%s: no count", call)
		require.InEpsilon(t, a, b, 0.03, "%s: %.0f and %.0f instructions a URL in two runs", call, a, b)
	}
	c := runs[0]
	require.Less(t, c["Valid"], c["net/url.Parse"])
	require.Less(t, c["Valid"], c["Parse"])
}

// perURL reads the table's rows: call -> instructions per URL.
func perURL(t *testing.T, table string) map[string]float64 {
	rows := map[string]float64{}
	for line := range strings.Lines(table) {
		cells := strings.Split(line, "|")
		if len(cells) < 6 || !strings.HasPrefix(cells[1], " rfc3986") {
			continue
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(cells[4]), 64)
		require.NoError(t, err, "%q", line)
		rows[strings.TrimSpace(cells[3])] = v
	}
	return rows
}
