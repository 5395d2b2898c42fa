package check_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/check"
)

// Check a corpus in-process: one record per line, in input order, and a summary.
func ExampleRun() {
	corpus := "http://example.com/a\nhttp://exa mple.com/\n//[::1]/x\n"
	cfg := check.Config{
		Grammars: []*urlgrammar.Grammar{urlgrammar.MustLookup("rfc2396bis-01")},
		Jobs:     2,
	}
	inputs := []check.Input{{Name: "corpus.txt", Reader: strings.NewReader(corpus)}}
	sum, err := check.Run(context.Background(), cfg, inputs, func(r *check.Record) error {
		if !r.Valid() {
			fmt.Printf("%s:%d: %s\n", r.File, r.Line, check.Cause(r.Results[0].Err))
		}
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sum.Lines, "lines,", sum.Invalid, "invalid")
	// Output:
	// corpus.txt:2: hostname: unexpected space
	// 3 lines, 1 invalid
}

// The records rendered as `urlgrammar check --format tsv` renders them.
func ExampleRun_tsv() {
	cfg := check.Config{
		Grammars: []*urlgrammar.Grammar{urlgrammar.MustLookup("rfc2396bis-01")},
		Format:   check.TSV,
	}
	os.Stdout.Write(check.Header(cfg))
	check.Run(context.Background(), cfg, []check.Input{{Name: "-", Reader: strings.NewReader("a:b\n")}}, func(r *check.Record) error {
		_, err := os.Stdout.Write(r.Out)
		return err
	})
	// Output:
	// file	line	status	column	rule	message	warnings	input
	// -	1	valid					a:b
}

// Check a corpus and write its records as `urlgrammar check --format tsv` does: the header,
// then each batch of lines in one piece.
func ExampleWriter_Run() {
	cfg := check.Config{
		Grammars: []*urlgrammar.Grammar{urlgrammar.MustLookup("rfc3986")},
		Format:   check.TSV,
	}
	w := check.NewWriter(os.Stdout, cfg)
	sum, err := w.Run(context.Background(), []check.Input{{Name: "-", Reader: strings.NewReader("http://a/b\nhttp://a/%zz\n")}}, nil)
	if err == nil {
		err = w.Close()
	}
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sum.Lines, "lines,", sum.Invalid, "invalid")
	// Output:
	// file	line	status	column	rule	message	warnings	input
	// -	1	valid					http://a/b
	// -	2	invalid	11	segment	unexpected 'z' in segment, expected 0-9, A-F or a-f		http://a/%zz
	// 2 lines, 1 invalid
}
