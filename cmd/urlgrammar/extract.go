package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/check"
	"github.com/urlgrammar/urlgrammar/extract"
)

func runExtract(e *env, args []string) int {
	fs := e.flags()
	gid := grammarFlag(fs)
	format := fs.String("format", "text", "output `format`: text (every reference found, with its verdict) or jsonl")
	files, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if len(files) > 1 {
		return e.usageError("extract reads one FILE (or standard input); got %d", len(files))
	}
	if *format != "text" && *format != "jsonl" {
		return e.usageError("unknown --format %q (text, jsonl)", *format)
	}
	g, ok := e.lookupGrammar(*gid)
	if !ok {
		return exitUsage
	}
	name, r := "<stdin>", e.stdin
	if len(files) == 1 && files[0] != "-" {
		f, err := os.Open(files[0])
		if err != nil {
			return e.fail(err)
		}
		defer f.Close()
		name, r = files[0], f
	}
	text, err := io.ReadAll(r)
	if err != nil {
		return e.fail(fmt.Errorf("%s: %w", name, err))
	}
	status, valid, invalid := exitOK, 0, 0
	var b []byte
	for _, f := range extract.Find(string(text)) {
		if e.ctx.Err() != nil || e.out.Err() != nil {
			break
		}
		tree, err := g.Parse(f.Text)
		if err != nil {
			status = exitInvalid
			invalid++
		} else {
			valid++
		}
		b = b[:0]
		var se *urlgrammar.SyntaxError
		switch {
		case *format == "jsonl":
			b = check.AppendJSON(b, extractRecord{Line: f.Line, Column: f.Column, Delimiter: f.Delimiter,
				Record: check.ParseRecord(g, f.Text, tree, err)})
		case err == nil:
			b = fmt.Appendf(b, "%s:%d:%d: %s\n", name, f.Line, f.Column, f.Text)
		case errors.As(err, &se):
			b = fmt.Appendf(b, "%s:%d:%d: %s\n\tinvalid at column %d of the reference: %s\n", name, f.Line, f.Column, f.Text, se.Column, se.Msg)
		default:
			b = fmt.Appendf(b, "%s:%d:%d: %s\n\t%v\n", name, f.Line, f.Column, f.Text, err)
		}
		e.out.Write(b)
	}
	fmt.Fprintf(e.stderr, "%s: %d references found, %d valid, %d invalid\n", g.ID(), valid+invalid, valid, invalid)
	return status
}

// extractRecord is extract's jsonl record: where the reference was found, and its parse
// --json object.
type extractRecord struct {
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	Delimiter string `json:"delimiter"`
	Record    any    `json:"result"`
}
