package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/urlgrammar/urlgrammar/check"
	"github.com/urlgrammar/urlgrammar/internal/textin"
)

const helpSummary = `summary merge reads the JSON summaries that check --summary-format json writes on standard
error, one per shard of an input (a Spark partition, a part of a split file), in the shards'
order, and prints their sum: the summary of one check over the whole input (the same counts,
the same most frequent failures, the first example of each). --json prints it as JSON, to be
merged again.`

func runSummary(e *env, args []string) int {
	fs := e.flags()
	asJSON := fs.Bool("json", false, "print the merged summary as JSON")
	pos, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if len(pos) == 0 || pos[0] != "merge" {
		return e.usageError("summary takes merge and the JSON summaries to add")
	}
	if len(pos) == 1 {
		return e.usageError("summary merge: no summary files")
	}
	var sum *check.Summary
	for _, name := range pos[1:] {
		src, err := readText(name)
		if err != nil {
			return e.fail(err)
		}
		var s check.Summary
		if err := json.Unmarshal(src, &s); err != nil {
			return e.fail(fmt.Errorf("%s: not a check summary: %w", name, err))
		}
		if sum == nil {
			sum = &s
			continue
		}
		if err := sum.Merge(&s); err != nil {
			return e.fail(fmt.Errorf("%s: %w", name, err))
		}
	}
	if *asJSON {
		e.out.Write(check.AppendJSON(nil, sum))
	} else {
		sum.Print(e.out)
	}
	return exitOK
}

// readText reads a file's text as textin reads it: a summary redirected to a file by Windows
// PowerShell is UTF-16, one saved by a Windows editor may begin with a UTF-8 mark.
func readText(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(textin.NewReader(f))
}
