package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/resolve"
)

// dotsFlag adds --dots to fs.
func dotsFlag(fs *flag.FlagSet) *string {
	return fs.String("dots", "keep", "leading \"..\" segments after a merge (section 5.2 step 7): keep, remove or error")
}

func parseDots(s string) (resolve.DotSegments, error) {
	switch s {
	case "keep":
		return resolve.DotsKeep, nil
	case "remove":
		return resolve.DotsRemove, nil
	case "error":
		return resolve.DotsError, nil
	}
	return 0, fmt.Errorf("unknown --dots %q (keep, remove, error)", s)
}

// oneLine returns the first line of an error's text: a *SyntaxError's caret lines would
// break the one-result-a-line output.
func oneLine(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
}

type resolveRecord struct {
	Base         string  `json:"base"`
	Reference    string  `json:"reference"`
	OK           bool    `json:"ok"`
	Result       *string `json:"result,omitempty"`
	SameDocument bool    `json:"sameDocument"`
	Error        string  `json:"error,omitempty"`
}

func runResolve(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("resolve", "[-g ID] [--algorithm 2003|1997] [--dots keep|remove|error] [--compat] [--json] BASE REF...", stderr)
	gid := grammarFlag(fs)
	alg := fs.String("algorithm", "", "resolution algorithm: 2003 (rfc2396bis-01 5.2) or 1997 (url-syntax-05 5.2); default: the grammar's own")
	dots := dotsFlag(fs)
	compat := fs.Bool("compat", false, "backwards compatible: a reference with the base's scheme is relative (http:g)")
	asJSON := fs.Bool("json", false, "print one JSON object per reference")
	pos, g, ok := setup(fs, args, gid, stderr, func(n int) bool { return n >= 2 })
	if !ok || !requireGeneric(fs, g, stderr) {
		return exitUsage
	}
	opt := resolve.Options{Compat: *compat, Grammar: g, Algorithm: resolve.DefaultAlgorithm(g)}
	switch *alg {
	case "":
	case "2003":
		opt.Algorithm = resolve.Algorithm2003
	case "1997":
		opt.Algorithm = resolve.Algorithm1997
	default:
		fmt.Fprintf(stderr, "urlgrammar resolve: unknown --algorithm %q (2003, 1997)\n", *alg)
		return exitUsage
	}
	var err error
	if opt.Dots, err = parseDots(*dots); err != nil {
		fmt.Fprintln(stderr, "urlgrammar resolve:", err)
		return exitUsage
	}
	base, err := g.ParseReference(pos[0])
	if err != nil {
		fmt.Fprintln(stderr, "urlgrammar resolve: base:", err)
		return exitInvalid
	}
	status := exitOK
	for _, in := range pos[1:] {
		rec := resolveRecord{Base: pos[0], Reference: in}
		ref, err := g.ParseReference(in)
		var res *resolve.Result
		if err == nil {
			res, err = resolve.Resolve(base, ref, opt)
		}
		if err != nil {
			status = exitInvalid
			rec.Error = oneLine(err)
		} else {
			s := res.String()
			rec.OK, rec.Result, rec.SameDocument = true, &s, res.SameDocument
		}
		switch {
		case *asJSON:
			if err := writeJSON(stdout, rec); err != nil {
				fmt.Fprintln(stderr, "urlgrammar:", err)
				return exitUsage
			}
		case rec.OK:
			fmt.Fprintln(stdout, *rec.Result)
		default:
			fmt.Fprintln(stdout, "error:", rec.Error)
		}
	}
	return status
}

func runNormalize(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("normalize", "[-g ID] [--level syntax|scheme] [--dots keep|remove|error] [--changes] INPUT...", stderr)
	gid := grammarFlag(fs)
	levelName := fs.String("level", "scheme", "normalization: syntax (6.2.2) or scheme (6.2.2 and 6.2.3)")
	dots := dotsFlag(fs)
	showChanges := fs.Bool("changes", false, "after each normal form, list the rewrites made, indented")
	inputs, g, ok := setup(fs, args, gid, stderr, func(n int) bool { return n > 0 })
	if !ok || !requireGeneric(fs, g, stderr) {
		return exitUsage
	}
	level, err := resolve.ParseLevel(*levelName)
	if err != nil || level == resolve.LevelString {
		fmt.Fprintf(stderr, "urlgrammar normalize: unknown --level %q (syntax, scheme)\n", *levelName)
		return exitUsage
	}
	d, err := parseDots(*dots)
	if err != nil {
		fmt.Fprintln(stderr, "urlgrammar normalize:", err)
		return exitUsage
	}
	status := exitOK
	for _, in := range inputs {
		ref, err := g.ParseReference(in)
		var n *ast.URIReference
		var changes []resolve.Change
		if err == nil {
			n, changes, err = resolve.Normalize(ref, resolve.NormalizeOptions{Level: level, Dots: d, Grammar: g})
		}
		if err != nil {
			status = exitInvalid
			fmt.Fprintln(stdout, "error:", oneLine(err))
			continue
		}
		fmt.Fprintln(stdout, n.String())
		if *showChanges {
			for _, c := range changes {
				fmt.Fprintln(stdout, "\t"+c.String())
			}
		}
	}
	return status
}

func runEqual(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("equal", "[-g ID] [--level string|syntax|scheme] [--ignore-fragment] A B", stderr)
	gid := grammarFlag(fs)
	levelName := fs.String("level", "syntax", "rung of the comparison ladder (6.2): string, syntax or scheme")
	ignoreFragment := fs.Bool("ignore-fragment", false, "compare without fragments (6.1)")
	pos, g, ok := setup(fs, args, gid, stderr, func(n int) bool { return n == 2 })
	if !ok || !requireGeneric(fs, g, stderr) {
		return exitUsage
	}
	level, err := resolve.ParseLevel(*levelName)
	if err != nil {
		fmt.Fprintln(stderr, "urlgrammar equal:", err)
		return exitUsage
	}
	var refs [2]*ast.URIReference
	for i, s := range pos {
		if refs[i], err = g.ParseReference(s); err != nil {
			fmt.Fprintln(stderr, "urlgrammar equal:", err)
			return exitUsage
		}
	}
	eq, err := resolve.Equal(refs[0], refs[1], level, resolve.CompareOptions{Grammar: g, IgnoreFragment: *ignoreFragment})
	if err != nil {
		fmt.Fprintln(stderr, "urlgrammar equal:", err)
		return exitUsage
	}
	if eq {
		fmt.Fprintf(stdout, "equivalent at the %s level\n", level)
		return exitOK
	}
	fmt.Fprintf(stdout, "different at the %s level\n", level)
	return exitInvalid
}
