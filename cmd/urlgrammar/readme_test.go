package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDocExamples runs every command of the ```console blocks of README.md and docs/*.md from
// the repository root and compares its standard output with the lines that follow it,
// exactly. A command is "$ urlgrammar ARGS" ('single quotes' group a word), or
// "$ echo 'LINE' | urlgrammar ARGS" to give LINE on standard input. With -update-readme it
// rewrites the outputs instead (then review the diff).
func TestDocExamples(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir("../.."); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	docs, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, file := range append([]string{"README.md"}, docs...) {
		total += docExamples(t, file)
	}
	if total < 30 {
		t.Fatalf("found %d examples in README.md and docs/; the CLI's pages have more", total)
	}
}

// docExamples checks (or, with -update-readme, rewrites) the console examples of one file and
// returns how many it has.
func docExamples(t *testing.T, file string) int {
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	type example struct {
		line       int
		cmd, stdin string
		args       []string
		want       strings.Builder
		end        int  // the line index after its output (the next command's, or the block's end)
		beforeCmd  bool // a command follows in the same block
	}
	var examples []*example
	inConsole := false
	var cur *example
	lines := strings.Split(string(src), "\n")
	for i, l := range lines {
		switch {
		case l == "```console":
			inConsole = true
			continue
		case inConsole && l == "```":
			if cur != nil {
				cur.end = i
			}
			inConsole, cur = false, nil
			continue
		case !inConsole:
			continue
		}
		if strings.HasPrefix(l, "$ ") {
			if cur != nil {
				cur.end, cur.beforeCmd = i, true
			}
			cur = &example{line: i + 1, cmd: l}
			rest := l[2:]
			if strings.HasPrefix(rest, "echo ") {
				in, after, ok := strings.Cut(rest[5:], " | ")
				if !ok {
					t.Fatalf("%s:%d: echo without a pipe: %s", file, i+1, l)
				}
				words, err := splitWords(in)
				if err != nil || len(words) != 1 {
					t.Fatalf("%s:%d: echo takes one quoted word: %s", file, i+1, l)
				}
				cur.stdin, rest = words[0]+"\n", after
			}
			words, err := splitWords(rest)
			if err != nil || len(words) == 0 || words[0] != "urlgrammar" {
				t.Fatalf("%s:%d: not a urlgrammar command: %s", file, i+1, l)
			}
			cur.args = words[1:]
			examples = append(examples, cur)
			continue
		}
		if cur == nil {
			if l != "" {
				t.Fatalf("%s:%d: output before any command: %q", file, i+1, l)
			}
			continue
		}
		cur.want.WriteString(l + "\n")
	}
	var updated []string // with -update-readme: the README with every output as printed
	from := 0
	for _, ex := range examples {
		var stdout, stderr bytes.Buffer
		run(ex.args, strings.NewReader(ex.stdin), &stdout, &stderr)
		// A blank line separates an example's output from the next command.
		want := strings.TrimRight(ex.want.String(), "\n") + "\n"
		got := stdout.String()
		if *updateREADME {
			updated = append(updated, lines[from:ex.line]...)
			updated = append(updated, strings.Split(strings.TrimRight(got, "\n"), "\n")...)
			if ex.beforeCmd {
				updated = append(updated, "")
			}
			from = ex.end
			continue
		}
		if got != want {
			t.Errorf("%s:%d: %s\nprints:\n%s\nthe page says:\n%s", file, ex.line, ex.cmd, got, want)
		}
	}
	if *updateREADME {
		updated = append(updated, lines[from:]...)
		if err := os.WriteFile(file, []byte(strings.Join(updated, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return len(examples)
}

var updateREADME = flag.Bool("update-readme", false, "rewrite the outputs of the console examples of README.md and docs/*.md (then review the diff)")
