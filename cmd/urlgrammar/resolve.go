package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/check"
	"github.com/urlgrammar/urlgrammar/resolve"
)

// dotsFlag adds --dots to fs.
func dotsFlag(fs *flag.FlagSet) *string {
	return fs.String("dots", "keep", "leading \"..\" segments after a merge (section 5.2 step 7): keep, remove or error (RFC 3986's algorithm removes them unless error)")
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

func runResolve(e *env, args []string) int {
	fs := e.flags()
	gid := genericGrammarFlag(fs)
	alg := fs.String("algorithm", "", "resolution algorithm: 2003 (rfc2396bis-01 5.2), 1997 (url-syntax-05 5.2), 2396 (RFC 2396 5.2) or 3986 (RFC 3986 5.2); default: the grammar's own")
	dots := dotsFlag(fs)
	compat := fs.Bool("compat", false, "backwards compatible: a reference with the base's scheme is relative (http:g)")
	asJSON := fs.Bool("json", false, "print one JSON object per reference")
	exitZero := exitZeroFlag(fs)
	pos, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if len(pos) == 0 {
		return e.usageError("missing BASE")
	}
	g, ok := e.lookupGrammar(*gid)
	if !ok || !e.requireGeneric(g) {
		return exitUsage
	}
	opt := resolve.Options{Compat: *compat, Grammar: g, Algorithm: resolve.DefaultAlgorithm(g)}
	switch *alg {
	case "":
	case "2003":
		opt.Algorithm = resolve.Algorithm2003
	case "1997":
		opt.Algorithm = resolve.Algorithm1997
	case "2396":
		opt.Algorithm = resolve.Algorithm2396
	case "3986":
		opt.Algorithm = resolve.Algorithm3986
	default:
		return e.usageError("unknown --algorithm %q (2003, 1997, 2396, 3986)", *alg)
	}
	var err error
	if opt.Dots, err = parseDots(*dots); err != nil {
		return e.usageError("%v", err)
	}
	base, err := g.Parse(pos[0])
	if err != nil {
		fmt.Fprintln(e.stderr, "urlgrammar resolve: base:", err)
		return exitInvalid
	}
	resolver, err := resolve.NewResolver(base, opt) // the base checked once, not per line
	if err != nil {
		fmt.Fprintln(e.stderr, "urlgrammar resolve:", err)
		return exitInvalid
	}
	return e.eachAnswer(pos[1:], *exitZero, func(in input, b []byte) ([]byte, error) {
		err := tooLongInput(in)
		var res *resolve.Result
		var target string
		switch {
		case err != nil:
		case *asJSON:
			res, err = resolver.ResolveString(in.text) // parsed once; its errors are Parse's
		default:
			target, err = resolver.Target(in.text) // the text alone: no tree of the target
		}
		switch {
		case *asJSON && err != nil:
			b = appendResolveRecord(b, pos[0], in.text, "", false, err)
		case *asJSON:
			b = appendResolveRecord(b, pos[0], in.text, res.String(), res.SameDocument, nil)
		case err != nil:
			b = appendErrorLine(b, err)
		default:
			b = append(append(b, target...), '\n')
		}
		return b, err
	})
}

func runNormalize(e *env, args []string) int {
	fs := e.flags()
	gid := genericGrammarFlag(fs)
	levelName := fs.String("level", "scheme", "normalization: syntax (6.2.2) or scheme (6.2.2 and 6.2.3)")
	dots := dotsFlag(fs)
	showChanges := fs.Bool("changes", false, "after each normal form, list the rewrites made, indented")
	asJSON := jsonFlag(fs)
	exitZero := exitZeroFlag(fs)
	nfc := fs.Bool("nfc", false, "first normalize the characters to NFC (RFC 3987 5.3.2.2: only for an IRI converted from a non-digital form or a non-UCS encoding)")
	inputs, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	g, ok := e.lookupGrammar(*gid)
	if !ok || !e.requireGeneric(g) {
		return exitUsage
	}
	level, err := resolve.ParseLevel(*levelName)
	if err != nil || level == resolve.LevelString {
		return e.usageError("unknown --level %q (syntax, scheme)", *levelName)
	}
	d, err := parseDots(*dots)
	if err != nil {
		return e.usageError("%v", err)
	}
	return e.eachAnswer(inputs, *exitZero, func(in input, b []byte) ([]byte, error) {
		err := tooLongInput(in)
		var n ast.Tree
		var changes []resolve.Change
		var normal string
		opt := resolve.NormalizeOptions{Level: level, Dots: d, Grammar: g, NFC: *nfc}
		switch {
		case err != nil:
		case *asJSON || *showChanges:
			// Parsed once; its errors are Parse's.
			n, changes, err = resolve.NormalizeString(in.text, opt)
			normal = n.String()
		default:
			normal, err = resolve.NormalForm(in.text, opt) // the text alone: no tree
		}
		switch {
		case *asJSON:
			b = appendNormalRecord(b, in.text, normal, changes, err)
		case err != nil:
			b = appendErrorLine(b, err)
		default:
			b = append(append(b, normal...), '\n')
			if *showChanges {
				for _, c := range changes {
					b = append(append(append(b, '\t'), c.String()...), '\n')
				}
			}
		}
		return b, err
	})
}

// eachAnswer runs a command that answers each input on its own: answer appends to b what to
// print for the input (its JSON record, its answer, or appendErrorLine's line) and returns the
// input's error. The status is exitInvalid when some input had one (exitOK with exitZero),
// or eachInput's when reading the inputs failed.
func (e *env) eachAnswer(inputs []string, exitZero bool, answer func(in input, b []byte) ([]byte, error)) int {
	status := exitOK
	var b []byte
	if code := e.eachInput(inputs, func(in input) bool {
		var err error
		if b, err = answer(in, b[:0]); err != nil {
			status = exitInvalid
		}
		e.out.Write(b)
		return true
	}); code != 0 {
		return code
	}
	return answered(status, exitZero)
}

// answered is the exit status of a command that answered every input: exitOK in place of
// exitInvalid with --exit-zero (exitZeroFlag), status otherwise.
func answered(status int, exitZero bool) int {
	if exitZero && status == exitInvalid {
		return exitOK
	}
	return status
}

// appendErrorLine appends "error: " and the first line of err.
func appendErrorLine(b []byte, err error) []byte {
	return append(append(append(b, "error: "...), oneLine(err)...), '\n')
}

// runKey prints the dedup key of each input (resolve.Key).
func runKey(e *env, args []string) int {
	fs := e.flags()
	gid := genericGrammarFlag(fs)
	kindName := fs.String("kind", "surt", "the key: surt (the normal form, host reversed, no fragment) or domain (the registrable domain)")
	asJSON := jsonFlag(fs)
	exitZero := exitZeroFlag(fs)
	inputs, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	g, ok := e.lookupGrammar(*gid)
	if !ok || !e.requireGeneric(g) {
		return exitUsage
	}
	kind, err := resolve.ParseKeyKind(*kindName)
	if err != nil {
		return e.usageError("%v", err)
	}
	return e.eachAnswer(inputs, *exitZero, func(in input, b []byte) ([]byte, error) {
		err := tooLongInput(in)
		var key string
		if err == nil {
			key, err = resolve.KeyString(in.text, kind, resolve.NormalizeOptions{Grammar: g})
		}
		switch {
		case *asJSON:
			b = appendKeyRecord(b, in.text, kind.String(), key, err)
		case err != nil:
			b = appendErrorLine(b, err)
		default:
			b = append(append(b, key...), '\n')
		}
		return b, err
	})
}

// equalRecord is the --json record of equal.
type equalRecord struct {
	A          string             `json:"a"`
	B          string             `json:"b"`
	Level      string             `json:"level"`
	OK         bool               `json:"ok"` // both are absolute URIs of the grammar
	Equivalent bool               `json:"equivalent"`
	Which      string             `json:"which,omitempty"` // "A" or "B": the input in error
	Error      *check.ErrorDetail `json:"error,omitempty"`
}

func runEqual(e *env, args []string) int {
	fs := e.flags()
	gid := genericGrammarFlag(fs)
	levelName := fs.String("level", "scheme", "rung of the comparison ladder (6.2): string, syntax or scheme")
	ignoreFragment := fs.Bool("ignore-fragment", false, "compare without fragments (6.1)")
	asJSON := fs.Bool("json", false, "print one JSON object: the verdict, or the error")
	pos, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 2 {
		return e.usageError("equal takes two arguments, A and B; got %d", len(pos))
	}
	g, ok := e.lookupGrammar(*gid)
	if !ok || !e.requireGeneric(g) {
		return exitUsage
	}
	level, err := resolve.ParseLevel(*levelName)
	if err != nil {
		return e.usageError("%v", err)
	}
	rec := equalRecord{A: pos[0], B: pos[1], Level: level.String()}
	fail := func(which string, err error) int {
		if *asJSON {
			d := check.NewErrorDetail(err)
			rec.Which, rec.Error = which, &d
			e.out.Write(check.AppendJSON(nil, rec))
		} else if which != "" {
			fmt.Fprintf(e.out, "error: %s: %s\n", which, oneLine(err))
		} else {
			fmt.Fprintf(e.out, "error: %s\n", oneLine(err))
		}
		return exitInvalid
	}
	var refs [2]ast.Tree
	for i, s := range pos {
		if refs[i], err = g.Parse(s); err != nil {
			return fail("AB"[i:i+1], err)
		}
	}
	eq, err := resolve.Equal(refs[0], refs[1], level, resolve.CompareOptions{Grammar: g, IgnoreFragment: *ignoreFragment})
	if err != nil {
		return fail("", err)
	}
	status := exitInvalid
	if eq {
		status = exitOK
	}
	switch {
	case *asJSON:
		rec.OK, rec.Equivalent = true, eq
		e.out.Write(check.AppendJSON(nil, rec))
	case eq:
		fmt.Fprintf(e.out, "equivalent at the %s level\n", level)
	default:
		fmt.Fprintf(e.out, "different at the %s level\n", level)
	}
	return status
}
