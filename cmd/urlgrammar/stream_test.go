package main

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// lockedBuffer is a bytes.Buffer that a command writes while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// A command reading a slow input (a pipe that tail -f feeds) writes each record as its line
// comes, not when its output buffer fills or the input ends: the first line's record is out
// while the second line has not been written yet.
func TestSlowInputStreams(t *testing.T) {
	for _, c := range []struct {
		args  []string
		first string // in the output once the first line is in
	}{
		{[]string{"check", "--format", "tsv", "-"}, "-\t1\tvalid"},
		{[]string{"check", "--format", "jsonl", "-j", "2", "-"}, `"line":1`},
		{[]string{"check", "-"}, "<stdin>:1:"}, // text: only invalid lines are printed
		{[]string{"diff", "-g", "rfc2396bis-01", "-g", "url-1993", "--only", "all", "-"}, "<stdin>:1: both: http://a/"},
		{[]string{"parse", "--json", "-"}, `"input":"http://a/"`},
		{[]string{"match", "host", "-"}, "a b"},
		{[]string{"extract", "-"}, "<stdin>:1:5: http://a/"},
		{[]string{"extract", "--format", "jsonl", "-"}, `"reference":"http://a/"`},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			in, feed := io.Pipe()
			var out lockedBuffer
			done := make(chan int)
			go func() { done <- run(c.args, in, &out, io.Discard) }()
			first := "http://a/\n"
			switch {
			case c.args[0] == "extract":
				first = "see http://a/ and\n"
			case c.args[0] == "match" || c.args[1] == "-":
				first = "a b\n" // an invalid line, which every format prints
			}
			_, err := feed.Write([]byte(first))
			require.NoError(t, err)
			deadline := time.Now().Add(20 * time.Second)
			for !strings.Contains(out.String(), c.first) {
				if time.Now().After(deadline) {
					t.Fatalf("the first line's record is not out while the input waits: %q", out.String())
				}
				time.Sleep(5 * time.Millisecond)
			}
			_, err = feed.Write([]byte("http://b/\n"))
			require.NoError(t, err)
			require.NoError(t, feed.Close())
			<-done
		})
	}
}
