package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
)

// Engine mode: under Spark's pipe, Hadoop Streaming or a ClickHouse executable function,
// every input line gives exactly one output line, in order, whatever it holds, the status
// is 0 whatever the verdicts (--exit-zero), and a key column passes through (--column).
func TestEngineMode(t *testing.T) {
	long := "http://a/" + strings.Repeat("a", urlgrammar.MaxInputLength)
	lines := []string{"k1\thttp://a/b", "k2\ta b", "", "k4\t\x00", "k5\t\xff\xfe", "k6\thttp://a/\r", "k7\t" + long, "k8", "k9\thttp://a/\textra"}
	in := strings.Join(lines, "\n") + "\n"
	for _, args := range [][]string{
		{"check", "--exit-zero", "--column", "2", "--format", "jsonl"},
		{"check", "--exit-zero", "--column", "2", "--format", "jsonl", "-j", "4"},
		{"check", "--exit-zero", "--column", "2", "--format", "tsv"},
		{"check", "--exit-zero", "--column", "2", "--format", "tsv", "-g", "all", "-j", "3"},
		{"check", "--exit-zero", "--column", "2", "--format", "jsonl", "-g", "all"},
	} {
		code, out, errOut := runCLI(in, args...)
		require.Equal(t, 0, code, "%v: %s", args, errOut)
		got := outputLines(t, out)
		require.Len(t, got, len(lines), "%v: one line out per line in", args)
		for i, l := range got {
			key := strings.SplitN(lines[i], "\t", 2)[0]
			if strings.Contains(args[len(args)-1], "jsonl") || contains(args, "jsonl") {
				var rec struct {
					Line    int
					Columns []string
				}
				require.NoError(t, json.Unmarshal([]byte(l), &rec), "%v line %d", args, i+1)
				assert.Equal(t, i+1, rec.Line)
				assert.Equal(t, key, rec.Columns[0], "%v line %d: the key passes through", args, i+1)
			} else {
				assert.True(t, strings.HasPrefix(l, key+"\t"), "%v line %d: %q starts with its key %q", args, i+1, l, key)
			}
		}
	}
	// Without --exit-zero the invalid lines make the status 1; --no-header drops tsv's header.
	code, out, _ := runCLI("a b\nhttp://a/\n", "check", "--format", "tsv", "--no-header")
	assert.Equal(t, 1, code)
	assert.Len(t, outputLines(t, out), 2)
	code, _, _ = runCLI("a b\n", "check", "--exit-zero", "/nonexistent")
	assert.Equal(t, 2, code, "I/O trouble is still 2")
	code, _, _ = runCLI("x <http://a/%zz>\n", "extract", "--exit-zero")
	assert.Equal(t, 0, code)
	code, _, _ = runCLI("a b\n", "normalize", "--exit-zero")
	assert.Equal(t, 0, code)
	code, _, errOut := runCLI("", "check", "--column", "-1")
	assert.Equal(t, 2, code, errOut)
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
