package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the outputs of the CLI transcripts in testdata/transcripts")

// TestTranscripts runs the command lines of testdata/transcripts/*.txt and compares what
// they print and their exit status with the file, byte for byte. `go test -run
// TestTranscripts -update` rewrites the outputs; review the diff before committing it.
//
// A transcript is a sequence of cases, each:
//
//	# comments (kept)
//	$ urlgrammar ARGS          the command line; 'single quotes' group a word
//	< a line of standard input (as is; "<" alone is an empty line)
//	<q "a Go-quoted line of standard input, for bytes that do not print"
//	1> a line of standard output
//	2> a line of standard error
//	[exit N]
//
// Output lines that would not survive as text (non-printing bytes, trailing blanks) are
// written as 1q> / 2q> with a Go-quoted string; a last line without its newline as 1n> / 2n>.
// Commands run in the package directory, so testdata/files/... names fixtures.
func TestTranscripts(t *testing.T) {
	files, err := filepath.Glob("testdata/transcripts/*.txt")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			require.NoError(t, err)
			got, err := runTranscript(string(src))
			require.NoError(t, err)
			if *update {
				require.NoError(t, os.WriteFile(file, []byte(got), 0o644))
				return
			}
			if want := string(src); got != want {
				wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
				for i := 0; i < max(len(wl), len(gl)); i++ {
					var w, g string
					if i < len(wl) {
						w = wl[i]
					}
					if i < len(gl) {
						g = gl[i]
					}
					if w != g {
						t.Fatalf("%s:%d differs (run go test -run TestTranscripts -update to rewrite, then review the diff):\nwant: %s\ngot:  %s", file, i+1, w, g)
					}
				}
			}
		})
	}
}

// runTranscript runs every case of a transcript and returns the transcript with the outputs
// and statuses it produced.
func runTranscript(src string) (string, error) {
	var out strings.Builder
	lines := strings.Split(strings.TrimSuffix(src, "\n"), "\n")
	for i := 0; i < len(lines); {
		l := lines[i]
		switch {
		case l == "" || strings.HasPrefix(l, "#"):
			out.WriteString(l + "\n")
			i++
			continue
		case !strings.HasPrefix(l, "$ urlgrammar"):
			return "", fmt.Errorf("line %d: want a comment, a blank line or \"$ urlgrammar ...\", got %q", i+1, l)
		}
		args, err := splitWords(strings.TrimPrefix(l, "$ urlgrammar"))
		if err != nil {
			return "", fmt.Errorf("line %d: %v", i+1, err)
		}
		out.WriteString(l + "\n")
		i++
		var stdin strings.Builder
		for i < len(lines) && strings.HasPrefix(lines[i], "<") {
			in := lines[i]
			out.WriteString(in + "\n")
			switch {
			case in == "<":
				stdin.WriteString("\n")
			case strings.HasPrefix(in, "< "):
				stdin.WriteString(in[2:] + "\n")
			case strings.HasPrefix(in, "<q "):
				s, err := strconv.Unquote(in[3:])
				if err != nil {
					return "", fmt.Errorf("line %d: %v", i+1, err)
				}
				stdin.WriteString(s + "\n")
			default:
				return "", fmt.Errorf("line %d: unknown input line %q", i+1, in)
			}
			i++
		}
		// Skip the recorded outputs: they are made anew.
		for i < len(lines) && (strings.HasPrefix(lines[i], "1") || strings.HasPrefix(lines[i], "2") || strings.HasPrefix(lines[i], "[exit")) {
			i++
		}
		var stdout, stderr bytes.Buffer
		code := run(args, strings.NewReader(stdin.String()), &stdout, &stderr)
		writeStream(&out, "1", stdout.String())
		writeStream(&out, "2", stderr.String())
		fmt.Fprintf(&out, "[exit %d]\n", code)
	}
	return out.String(), nil
}

func writeStream(w *strings.Builder, fd, s string) {
	if s == "" {
		return
	}
	parts := strings.Split(s, "\n")
	last := parts[len(parts)-1]
	parts = parts[:len(parts)-1]
	for _, p := range parts {
		if p == "" {
			fmt.Fprintf(w, "%s>\n", fd)
		} else if printable(p) {
			fmt.Fprintf(w, "%s> %s\n", fd, p)
		} else {
			fmt.Fprintf(w, "%sq> %s\n", fd, strconv.Quote(p))
		}
	}
	if last != "" {
		fmt.Fprintf(w, "%sn> %s\n", fd, strconv.Quote(last))
	}
}

// printable reports whether s survives as a line of a text file and an editor: valid UTF-8
// without control characters or trailing blanks.
func printable(s string) bool {
	if !utf8.ValidString(s) || strings.TrimRight(s, " \t") != s {
		return false
	}
	for _, r := range s {
		if r < 0x20 && r != '\t' || r == 0x7f {
			return false
		}
	}
	return true
}

// splitWords splits a command line at blanks; 'single quotes' make one word of what they
// hold, as in a shell.
func splitWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord, quoted := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quoted:
			if c == '\'' {
				quoted = false
			} else {
				cur.WriteByte(c)
			}
		case c == '\'':
			quoted, inWord = true, true
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if quoted {
		return nil, fmt.Errorf("unterminated quote in %q", s)
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}
