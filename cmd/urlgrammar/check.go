package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/urlgrammar/urlgrammar"
)

// runCheck is the conformance checker: every input line gets exactly one result, in input
// order, and a summary goes to stderr.
func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("check", "[-g ID] [--format text|jsonl|tsv] [--summary-only] [FILE|-]...", stderr)
	gid := grammarFlag(fs)
	format := fs.String("format", "text", "output `format`: text (invalid lines with a caret), jsonl (one record a line), tsv")
	summaryOnly := fs.Bool("summary-only", false, "print only the summary")
	files, ok := parseFlags(fs, args)
	if !ok {
		return exitUsage
	}
	g, ok := lookupGrammar(*gid, stderr)
	if !ok {
		return exitUsage
	}
	var emit func(file string, line int, input string, rec any, err error) error
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	switch *format {
	case "text":
		emit = func(file string, line int, input string, _ any, err error) error {
			if err == nil {
				return nil
			}
			var se *urlgrammar.SyntaxError
			if errors.As(err, &se) {
				_, werr := fmt.Fprintf(w, "%s:%d:%d: %s\n%s\n", file, line, se.Column, se.Msg, se.Caret())
				return werr
			}
			_, werr := fmt.Fprintf(w, "%s:%d: %v\n", file, line, err)
			return werr
		}
	case "jsonl":
		emit = func(_ string, line int, _ string, rec any, _ error) error {
			setLine(rec, line)
			return writeJSON(w, rec)
		}
	case "tsv":
		if !*summaryOnly {
			fmt.Fprintln(w, "file\tline\tstatus\tcolumn\trule\tmessage\tinput")
		}
		emit = func(file string, line int, input string, _ any, err error) error {
			status, col, rule, msg := "valid", "", "", ""
			if err != nil {
				status, msg = "invalid", err.Error()
				var se *urlgrammar.SyntaxError
				if errors.As(err, &se) {
					col, rule, msg = strconv.Itoa(se.Column), se.Rule, se.Msg
				}
			}
			_, werr := fmt.Fprintf(w, "%s\t%d\t%s\t%s\t%s\t%s\t%s\n", tsvField(file), line, status, col,
				rule, tsvField(msg), tsvField(input))
			return werr
		}
	default:
		fmt.Fprintf(stderr, "urlgrammar check: unknown format %q (text, jsonl, tsv)\n", *format)
		return exitUsage
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	var sum summary
	for _, file := range files {
		name, r := file, stdin
		if file == "-" {
			name = "<stdin>"
		} else {
			f, err := os.Open(file)
			if err != nil {
				fmt.Fprintln(stderr, "urlgrammar check:", err)
				return exitUsage
			}
			defer f.Close()
			r = f
		}
		err := eachLine(r, urlgrammar.MaxInputLength, func(line int, text string, tooLong bool) error {
			var rec any
			var perr error
			if tooLong {
				perr = fmt.Errorf("line too long: over %d bytes, not checked", urlgrammar.MaxInputLength)
				rec = record(g, text, nil, perr)
			} else {
				tree, err := g.Parse(text)
				perr = err
				rec = record(g, text, tree, err)
			}
			sum.add(perr)
			if *summaryOnly {
				return nil
			}
			return emit(name, line, text, rec, perr)
		})
		if err != nil {
			fmt.Fprintf(stderr, "urlgrammar check: %s: %v\n", name, err)
			return exitUsage
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(stderr, "urlgrammar check:", err)
		return exitUsage
	}
	sum.print(stderr, g.ID())
	if sum.invalid > 0 {
		return exitInvalid
	}
	return exitOK
}

// eachLine calls fn for every line of r, numbered from 1, without its line ending ("\n" or
// "\r\n"). A line longer than max bytes is passed truncated to max with tooLong set; memory
// stays bounded by max. A last line without a newline is still a line; an empty input has none.
func eachLine(r io.Reader, max int, fn func(line int, text string, tooLong bool) error) error {
	br := bufio.NewReaderSize(r, 64*1024)
	var buf []byte
	n := 0
	for {
		chunk, err := br.ReadSlice('\n')
		if len(buf)+len(chunk) <= max+2 { // room for "\r\n"
			buf = append(buf, chunk...)
		} else if len(buf) < max+2 {
			buf = append(buf, chunk[:max+2-len(buf)]...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && err != io.EOF {
			return err
		}
		if len(buf) > 0 || err == nil {
			n++
			text := strings.TrimSuffix(strings.TrimSuffix(string(buf), "\n"), "\r")
			tooLong := len(text) > max
			if tooLong {
				text = text[:max]
			}
			if ferr := fn(n, text, tooLong); ferr != nil {
				return ferr
			}
		}
		buf = buf[:0]
		if err == io.EOF {
			return nil
		}
	}
}

// tsvField escapes the characters that would break a TSV row.
func tsvField(s string) string {
	return strings.NewReplacer(`\`, `\\`, "\t", `\t`, "\n", `\n`, "\r", `\r`).Replace(s)
}

// summary counts results and the most frequent failures.
type summary struct {
	valid, invalid int
	failures       map[string]int
}

func (s *summary) add(err error) {
	if err == nil {
		s.valid++
		return
	}
	s.invalid++
	if s.failures == nil {
		s.failures = map[string]int{}
	}
	key := err.Error()
	var se *urlgrammar.SyntaxError
	if errors.As(err, &se) {
		key = se.Msg
	}
	s.failures[key]++
}

func (s *summary) print(w io.Writer, grammar string) {
	fmt.Fprintf(w, "%s: %d lines, %d valid, %d invalid\n", grammar, s.valid+s.invalid, s.valid, s.invalid)
	type kv struct {
		k string
		n int
	}
	var top []kv
	for k, n := range s.failures {
		top = append(top, kv{k, n})
	}
	sort.Slice(top, func(i, j int) bool {
		if top[i].n != top[j].n {
			return top[i].n > top[j].n
		}
		return top[i].k < top[j].k
	})
	if len(top) > 0 {
		fmt.Fprintln(w, "most frequent failures:")
	}
	for i, f := range top {
		if i == 10 {
			break
		}
		fmt.Fprintf(w, "%8d  %s\n", f.n, f.k)
	}
}
