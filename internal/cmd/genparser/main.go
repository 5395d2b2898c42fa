// Command genparser generates a grammar's parser package under generated/ from its
// grammar/NAME.peg. It is run by `go generate` (see the doc.go it writes) and by
// `make generate`; nothing it writes is edited by hand.
//
// It writes four files into the output directory:
//
//   - parser.go: pigeon v1.3.0's output (-optimize-parser), with two additions: the parser
//     records, at its farthest failure, the innermost rule that has a display name (the ABNF
//     name, by the convention of grammar/*.peg), so that syntax errors can name the rule; and
//     its table of rules is built once. The additions are placed by the Go syntax tree of
//     pigeon's output (a struct field, a statement, a function body); genparser fails if the
//     output no longer has them.
//   - glue.go: Run, which matches any rule as an anchored start symbol and reports a failure
//     as offset, expected set and rule; and Rules, which lists the ABNF rules.
//   - doc.go: the package comment and the //go:generate line that rebuilds the package.
//   - dfa.go: the minimal DFA of every rule of grammar/NAME.abnf (the .peg's neighbour), as
//     tables for internal/dfa, built by dfabuild.Build.
//
// Usage (from the module root or the output directory, with paths relative to it):
//
//	go run ./internal/cmd/genparser -peg grammar/NAME.peg -o generated/PKG
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"text/template"

	"github.com/urlgrammar/urlgrammar/internal/dfa/dfabuild"
	"github.com/urlgrammar/urlgrammar/internal/genfile"
	pegpkg "github.com/urlgrammar/urlgrammar/internal/peg"
)

func main() {
	peg := flag.String("peg", "", "the grammar file (grammar/NAME.peg)")
	out := flag.String("o", "", "the output directory (generated/PKG)")
	flag.Parse()
	if *peg == "" || *out == "" || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: genparser -peg grammar/NAME.peg -o generated/PKG")
		os.Exit(2)
	}
	if err := run(*peg, *out); err != nil {
		fmt.Fprintln(os.Stderr, "genparser:", err)
		os.Exit(1)
	}
}

func run(peg, out string) error {
	abs, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	pkg := filepath.Base(abs) // "-o ." (go generate) names the package after its directory
	name := strings.TrimSuffix(filepath.Base(peg), ".peg")
	tmp, err := os.MkdirTemp("", "genparser")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	raw := filepath.Join(tmp, "parser.go")
	pegAbs, err := filepath.Abs(peg)
	if err != nil {
		return err
	}
	cmd := exec.Command("go", "tool", "pigeon", "-optimize-parser", "-o", raw, pegAbs)
	cmd.Dir = filepath.Dir(pegAbs) // pigeon is a tool of the module the grammar is in
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("pigeon %s: %w", peg, err)
	}
	src, err := os.ReadFile(raw)
	if err != nil {
		return err
	}
	src, err = patch(src, name)
	if err != nil {
		return fmt.Errorf("%s: %w", peg, err)
	}
	abnf, err := os.ReadFile(strings.TrimSuffix(peg, ".peg") + ".abnf")
	if err != nil {
		return err
	}
	info, err := pegpkg.ReadHeader(abnf)
	if err != nil {
		return fmt.Errorf("%s.abnf: %w", name, err)
	}
	if info.ID != name {
		return fmt.Errorf("%s.abnf: the header's id %q is not the file's name", name, info.ID)
	}
	if g, err := dfabuild.Read(abnf); err != nil {
		return fmt.Errorf("%s.abnf: %w", name, err)
	} else if !hasRule(g.Rulemap, info.Start) {
		return fmt.Errorf("%s.abnf: the header's start rule %q is not a rule of the grammar", name, info.Start)
	}
	data := struct {
		Pkg, Name string
		Info      pegpkg.Info
	}{pkg, name, info}
	tables, err := dfaTables(abnf, pkg, name)
	if err != nil {
		return fmt.Errorf("%s.abnf: %w", name, err)
	}
	files := map[string][]byte{"parser.go": src, "dfa.go": tables}
	for file, t := range map[string]*template.Template{"glue.go": glueTmpl, "recognize.go": recognizeTmpl, "doc.go": docTmpl} {
		var b bytes.Buffer
		if err := t.Execute(&b, data); err != nil {
			return err
		}
		files[file] = b.Bytes()
	}
	// Format every file before writing any, so that an error leaves the package as it was;
	// write in a fixed order, each file atomically.
	names := make([]string, 0, len(files))
	for file := range files {
		names = append(names, file)
	}
	sort.Strings(names)
	for _, file := range names {
		f, err := format.Source(files[file])
		if err != nil {
			return fmt.Errorf("%s: %w", file, err)
		}
		files[file] = f
	}
	for _, file := range names {
		if err := genfile.WriteAtomic(filepath.Join(out, file), files[file]); err != nil {
			return err
		}
	}
	return nil
}

// An insertion is an addition to pigeon's output, placed by the Go syntax tree (not by text
// anchors, which depend on gofmt's padding): after the node find returns.
type insertion struct {
	what string // what the insertion is after, for errors
	find func(f *ast.File) ast.Node
	text string
}

var insertions = []insertion{
	{ // a field of the parser struct
		"the field maxFailExpected of type parser",
		func(f *ast.File) ast.Node {
			if st := structType(f, "parser"); st != nil {
				for _, fld := range st.Fields.List {
					for _, n := range fld.Names {
						if n.Name == "maxFailExpected" {
							return fld
						}
					}
				}
			}
			return nil
		},
		"\n\t// maxFailRule is the innermost named rule at maxFailPos (added by genparser).\n\tmaxFailRule string",
	},
	{ // in failAt, once a failure at or beyond the farthest position is known
		"the statement if pos.offset < p.maxFailPos.offset { return } in (*parser).failAt",
		func(f *ast.File) ast.Node {
			var found ast.Node
			if fn := method(f, "parser", "failAt"); fn != nil {
				ast.Inspect(fn.Body, func(n ast.Node) bool {
					if is, ok := n.(*ast.IfStmt); ok && found == nil && exprString(is.Cond) == "pos.offset < p.maxFailPos.offset" {
						found = is
					}
					return found == nil
				})
			}
			return found
		},
		"\n\t\tif pos.offset > p.maxFailPos.offset || p.maxFailRule == \"\" {\n\t\t\tp.maxFailRule = p.namedRule() // added by genparser\n\t\t}",
	},
	{ // the table of rules by name, which pigeon builds on every parse (a quarter of the
		// cost of parsing a short input), is built once: it is only read
		"the opening brace of (*parser).buildRulesTable",
		func(f *ast.File) ast.Node {
			if fn := method(f, "parser", "buildRulesTable"); fn != nil {
				return lbrace{fn.Body.Lbrace}
			}
			return nil
		},
		"\n\tif g == grammarOfRules { // added by genparser\n\t\tp.rules = rulesByName\n\t\treturn\n\t}",
	},
}

// lbrace is the position just after a block's "{".
type lbrace struct{ pos token.Pos }

func (l lbrace) Pos() token.Pos { return l.pos }
func (l lbrace) End() token.Pos { return l.pos + 1 }

// structType returns the struct type declared with the name, or nil.
func structType(f *ast.File, name string) *ast.StructType {
	for _, d := range f.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
			for _, sp := range gd.Specs {
				if ts := sp.(*ast.TypeSpec); ts.Name.Name == name {
					st, _ := ts.Type.(*ast.StructType)
					return st
				}
			}
		}
	}
	return nil
}

// method returns the method of *recv with the name, or nil.
func method(f *ast.File, recv, name string) *ast.FuncDecl {
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Recv == nil || fn.Name.Name != name || len(fn.Recv.List) != 1 {
			continue
		}
		if star, ok := fn.Recv.List[0].Type.(*ast.StarExpr); ok {
			if id, ok := star.X.(*ast.Ident); ok && id.Name == recv {
				return fn
			}
		}
	}
	return nil
}

func exprString(e ast.Expr) string {
	var b bytes.Buffer
	printer.Fprint(&b, token.NewFileSet(), e)
	return b.String()
}

func patch(src []byte, name string) ([]byte, error) {
	const header = "// Code generated by pigeon; DO NOT EDIT.\n"
	if !bytes.HasPrefix(src, []byte(header)) {
		return nil, fmt.Errorf("pigeon's output does not start with %q", header)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "parser.go", src, parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("pigeon's output: %w", err)
	}
	type at struct {
		offset int
		text   string
	}
	var ats []at
	for _, ins := range insertions {
		n := ins.find(f)
		if n == nil {
			return nil, fmt.Errorf("pigeon's output lacks %s", ins.what)
		}
		ats = append(ats, at{fset.Position(n.End()).Offset, ins.text})
	}
	// From the end, so that earlier offsets stay valid.
	sort.Slice(ats, func(i, j int) bool { return ats[i].offset > ats[j].offset })
	s := string(src)
	for _, a := range ats {
		text := a.text
		if a.offset < len(s) && s[a.offset] != '\n' {
			text += "\n" // what followed on the same line goes on after the insertion
		}
		s = s[:a.offset] + text + s[a.offset:]
	}
	s = "// Code generated by pigeon v1.3.0 from grammar/" + name +
		".peg and patched by internal/cmd/genparser; DO NOT EDIT.\n" + s[len(header):]
	return []byte(s), nil
}

var recognizeTmpl = template.Must(template.New("recognize").Parse(`// Code generated by internal/cmd/genparser from grammar/{{.Name}}.peg; DO NOT EDIT.

package {{.Pkg}}

import (
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// Recognize matches src with the PEG rule named rule as Run does, and returns the failure
// Run would return, field for field (nil when src matches), without building the value:
// it runs no action, except in the sequences whose code predicates read a label's value,
// which it parses as Run does. Each of pigeon's parse functions has its twin here that
// returns only whether it matched; the rule stack, the farthest failure, the inverted
// expectations of "!" and the count of expressions are kept as pigeon keeps them, so the
// failure is the same. It serves the callers that want only the failure: the error of an
// input the DFA has rejected. TestRecognizeMatchesRun and FuzzRecognize check it against
// Run.
func Recognize(rule, src string, maxExpr uint64) *peg.Failure {
	if !recognizable {
		_, f := Run(rule, src, maxExpr)
		return f
	}
	p := newRun(rule, src, maxExpr)
	return p.failure(rule, !p.recognize())
}

// valuesNeeded are the sequences that hold a code predicate: their labels' values must be
// built, so Recognize parses them as Run does. recognizable is false when the grammar has
// an expression Recognize cannot mirror (a code predicate outside such a sequence, a state
// block, a recovery or throw expression); Recognize is then Run.
var valuesNeeded, recognizable = func() (map[*seqExpr]bool, bool) {
	needed := map[*seqExpr]bool{}
	ok := true
	var walk func(expr any, inSeq *seqExpr)
	walk = func(expr any, inSeq *seqExpr) {
		switch e := expr.(type) {
		case *actionExpr:
			walk(e.expr, nil)
		case *andExpr:
			walk(e.expr, nil)
		case *notExpr:
			walk(e.expr, nil)
		case *labeledExpr:
			walk(e.expr, nil)
		case *zeroOrMoreExpr:
			walk(e.expr, nil)
		case *oneOrMoreExpr:
			walk(e.expr, nil)
		case *zeroOrOneExpr:
			walk(e.expr, nil)
		case *choiceExpr:
			for _, alt := range e.alternatives {
				walk(alt, nil)
			}
		case *seqExpr:
			for _, x := range e.exprs {
				walk(x, e)
			}
		case *andCodeExpr, *notCodeExpr:
			if inSeq == nil {
				ok = false
			} else {
				needed[inSeq] = true
			}
		case *anyMatcher, *charClassMatcher, *litMatcher, *ruleRefExpr:
		default:
			ok = false
		}
	}
	for _, r := range g.rules {
		walk(r.expr, nil)
	}
	return needed, ok
}()

// recognize is parse without values: it reports whether the start rule matched, with no
// error recorded.
func (p *parser) recognize() (ok bool) {
	p.buildRulesTable(g)
	defer func() {
		if e := recover(); e != nil {
			ok = false
			switch e := e.(type) {
			case error:
				p.addErr(e)
			default:
				p.addErr(fmt.Errorf("%v", e))
			}
		}
	}()
	start, found := p.rules[p.entrypoint]
	if !found {
		p.addErr(errInvalidEntrypoint)
		return false
	}
	p.read()
	return p.recRule(start) && len(*p.errs) == 0
}

func (p *parser) recRule(r *rule) bool {
	p.rstack = append(p.rstack, r)
	ok := p.recExpr(r.expr)
	p.rstack = p.rstack[:len(p.rstack)-1]
	return ok
}

func (p *parser) recExpr(expr any) bool {
	p.ExprCnt++
	if p.ExprCnt > p.maxExprCnt {
		panic(errMaxExprCnt)
	}
	switch e := expr.(type) {
	case *actionExpr:
		return p.recExpr(e.expr)
	case *labeledExpr:
		return p.recExpr(e.expr)
	case *andExpr:
		pt := p.pt
		ok := p.recExpr(e.expr)
		p.restore(pt)
		return ok
	case *notExpr:
		pt := p.pt
		p.maxFailInvertExpected = !p.maxFailInvertExpected
		ok := p.recExpr(e.expr)
		p.maxFailInvertExpected = !p.maxFailInvertExpected
		p.restore(pt)
		return !ok
	case *anyMatcher:
		if p.pt.rn == utf8.RuneError && p.pt.w == 0 {
			p.failAt(false, p.pt.position, ".")
			return false
		}
		start := p.pt
		p.read()
		p.failAt(true, start.position, ".")
		return true
	case *charClassMatcher:
		return p.recCharClass(e)
	case *litMatcher:
		start := p.pt
		for _, want := range e.val {
			cur := p.pt.rn
			if e.ignoreCase {
				cur = unicode.ToLower(cur)
			}
			if cur != want {
				p.failAt(false, start.position, e.want)
				p.restore(start)
				return false
			}
			p.read()
		}
		p.failAt(true, start.position, e.want)
		return true
	case *choiceExpr:
		for _, alt := range e.alternatives {
			if p.recExpr(alt) {
				return true
			}
		}
		return false
	case *seqExpr:
		if valuesNeeded[e] {
			return p.recSeqWithValues(e)
		}
		pt := p.pt
		for _, x := range e.exprs {
			if !p.recExpr(x) {
				p.restore(pt)
				return false
			}
		}
		return true
	case *zeroOrMoreExpr:
		for p.recExpr(e.expr) {
		}
		return true
	case *oneOrMoreExpr:
		if !p.recExpr(e.expr) {
			return false
		}
		for p.recExpr(e.expr) {
		}
		return true
	case *zeroOrOneExpr:
		p.recExpr(e.expr)
		return true
	case *ruleRefExpr:
		if e.name == "" {
			panic(fmt.Sprintf("%s: invalid rule: missing name", e.pos))
		}
		r := p.rules[e.name]
		if r == nil {
			p.addErr(fmt.Errorf("undefined rule: %s", e.name))
			return false
		}
		return p.recRule(r)
	}
	panic(fmt.Sprintf("Recognize: unexpected expression type %T", expr))
}

// recSeqWithValues is the twin of parseSeqExpr for a sequence that holds a code
// predicate: a frame holds the values of its labels, as in pigeon. A label on an action
// gets the action's value, computed from the text the action's expression matched, which is
// recognized without values; the other elements of the sequence, labeled otherwise or
// code predicates, are parsed as Run parses them.
func (p *parser) recSeqWithValues(seq *seqExpr) bool {
	p.pushV()
	defer p.popV()
	pt := p.pt
	for _, x := range seq.exprs {
		var ok bool
		switch e := x.(type) {
		case *labeledExpr:
			if act, isAct := e.expr.(*actionExpr); isAct {
				ok = p.recLabeledAction(e, act)
				break
			}
			_, ok = p.parseExpr(x)
		case *andCodeExpr, *notCodeExpr:
			_, ok = p.parseExpr(x)
		default:
			ok = p.recExpr(x)
		}
		if !ok {
			p.restore(pt)
			return false
		}
	}
	return true
}

// recLabeledAction is parseLabeledExpr of lab, whose expression is the action act, with the
// action's expression recognized without values (the action reads only the text it
// matched and its position).
func (p *parser) recLabeledAction(lab *labeledExpr, act *actionExpr) bool {
	p.ExprCnt += 2 // parseExpr of the label and of the action
	if p.ExprCnt > p.maxExprCnt {
		panic(errMaxExprCnt)
	}
	p.pushV()
	start := p.pt
	ok := p.recExpr(act.expr)
	var val any
	if ok {
		p.cur.pos = start.position
		p.cur.text = p.sliceFrom(start)
		v, err := act.run(p)
		if err != nil {
			p.addErrAt(err, start.position, []string{})
		}
		val = v
	}
	p.popV()
	if ok && lab.label != "" {
		p.vstack[len(p.vstack)-1][lab.label] = val
	}
	return ok
}

func (p *parser) recCharClass(chr *charClassMatcher) bool {
	cur := p.pt.rn
	start := p.pt
	if cur == utf8.RuneError && p.pt.w == 0 { // EOF
		p.failAt(false, start.position, chr.val)
		return false
	}
	if chr.ignoreCase {
		cur = unicode.ToLower(cur)
	}
	matched := false
	for _, rn := range chr.chars {
		if rn == cur {
			matched = true
			break
		}
	}
	for i := 0; !matched && i < len(chr.ranges); i += 2 {
		matched = cur >= chr.ranges[i] && cur <= chr.ranges[i+1]
	}
	for i := 0; !matched && i < len(chr.classes); i++ {
		matched = unicode.Is(chr.classes[i], cur)
	}
	if matched == chr.inverted {
		p.failAt(false, start.position, chr.val)
		return false
	}
	p.read()
	p.failAt(true, start.position, chr.val)
	return true
}
`))

var docTmpl = template.Must(template.New("doc").Parse(`// Code generated by internal/cmd/genparser from grammar/{{.Name}}.peg; DO NOT EDIT.

// Package {{.Pkg}} is the pigeon parser of grammar {{.Name}}, generated from
// grammar/{{.Name}}.peg. Use it through the urlgrammar package, not directly.
package {{.Pkg}}

//go:generate go run ../../internal/cmd/genparser -peg ../../grammar/{{.Name}}.peg -o .
`))

var glueTmpl = template.Must(template.New("glue").Parse(`// Code generated by internal/cmd/genparser from grammar/{{.Name}}.peg; DO NOT EDIT.

package {{.Pkg}}

import (
	"strconv"

	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// Generated is the grammar's registration (from the header of grammar/{{.Name}}.abnf) and
// its parsers, for urlgrammar's registry.
var Generated = peg.Generated{
	Info:      peg.Info{ID: {{printf "%q" .Info.ID}}, Title: {{printf "%q" .Info.Title}}, Start: {{printf "%q" .Info.Start}}},
	Rules:     Rules,
	Run:       Run,
	Recognize: Recognize,
	DFAs:      DFAs,
}

// Rules lists the rules that have an ABNF name (a display name), in the order of the file.
func Rules() []peg.Rule {
	var rs []peg.Rule
	for _, r := range g.rules {
		if r.displayName != "" {
			rs = append(rs, peg.Rule{ABNF: abnfName(r.displayName), PEG: r.name})
		}
	}
	return rs
}

func abnfName(display string) string {
	if s, err := strconv.Unquote(display); err == nil {
		return s
	}
	return display
}

// rulesByName is the parser's table of the rules of g, by PEG name, built once
// (pigeon's parser would build it on every parse); grammarOfRules is the grammar it is of.
var grammarOfRules, rulesByName = func() (*grammar, map[string]*rule) {
	m := make(map[string]*rule, len(g.rules))
	for _, r := range g.rules {
		m[r.name] = r
	}
	return g, m
}()

// namedRule returns the ABNF name of the innermost rule being parsed that has one.
func (p *parser) namedRule() string {
	for i := len(p.rstack) - 1; i >= 0; i-- {
		if d := p.rstack[i].displayName; d != "" {
			return abnfName(d)
		}
	}
	return ""
}

// Run matches src with the PEG rule named rule as an anchored start symbol: the rule must
// match the whole of src. It returns the rule's value, or the failure. maxExpr bounds the
// number of expressions the parser may evaluate (0: no bound).
func Run(rule, src string, maxExpr uint64) (any, *peg.Failure) {
	p := newRun(rule, src, maxExpr)
	val, err := p.parse(g)
	if f := p.failure(rule, err != nil); f != nil {
		return nil, f
	}
	return val, nil
}

// newRun returns a parser of src from the rule named entry, as Run and Recognize use it. It
// sets what the options Entrypoint(entry), GlobalStore("src", src), AllowInvalidUTF8(true) and
// MaxExpressions(maxExpr) set, without their closures, and makes room for the rule stack.
func newRun(entry, src string, maxExpr uint64) *parser {
	p := newParser("", []byte(src))
	p.entrypoint = entry
	p.cur.globalStore["src"] = src
	p.allowInvalidUTF8 = true
	if maxExpr > 0 {
		p.maxExprCnt = maxExpr
	}
	p.rstack = make([]*rule, 0, 32)
	return p
}

// failure returns the failure of a parse from rule that has ended, failed or not: nil when
// it matched the whole input.
func (p *parser) failure(rule string, failed bool) *peg.Failure {
	if failed {
		f := &peg.Failure{Offset: p.maxFailPos.offset, Expected: peg.Expected(p.maxFailExpected), Rule: p.maxFailRule}
		for _, e := range *p.errs {
			if pe, ok := e.(*parserError); ok && pe.Inner == errMaxExprCnt {
				f.Limit = true
			}
		}
		if f.Rule == "" {
			f.Rule = p.ruleName(rule)
		}
		return f
	}
	if end := p.pt.offset; end < len(p.data) {
		// The rule matched a proper prefix: the input should have ended here.
		f := &peg.Failure{Offset: end, Expected: []string{"EOF"}, Rule: p.ruleName(rule)}
		switch {
		case p.maxFailPos.offset > end:
			f.Offset, f.Expected, f.Rule = p.maxFailPos.offset, peg.Expected(p.maxFailExpected), p.maxFailRule
		case p.maxFailPos.offset == end:
			f.Expected = peg.Expected(append(p.maxFailExpected, "!."))
			if p.maxFailRule != "" {
				f.Rule = p.maxFailRule
			}
		}
		return f
	}
	return nil
}

func (p *parser) ruleName(name string) string {
	if r := p.rules[name]; r != nil && r.displayName != "" {
		return abnfName(r.displayName)
	}
	return name
}
`))

// hasRule reports whether the ABNF defines a rule of the name (ABNF names are
// case-insensitive).
func hasRule[V any](rules map[string]V, name string) bool {
	for k := range rules {
		if strings.EqualFold(k, name) {
			return true
		}
	}
	return false
}

// dfaTables builds the DFA of every rule of the ABNF and writes them as Go tables.
func dfaTables(abnf []byte, pkg, name string) ([]byte, error) {
	g, err := dfabuild.Read(abnf)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, r := range g.Rulemap {
		names = append(names, r.Name)
	}
	sort.Strings(names)
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by internal/cmd/genparser from grammar/%s.abnf; DO NOT EDIT.\n\n", name)
	fmt.Fprintf(&b, "package %s\n\nimport \"github.com/urlgrammar/urlgrammar/internal/dfa\"\n\n", pkg)
	b.WriteString("// DFAs returns the minimal DFA of every rule of the grammar's ABNF, by rule name as the\n")
	b.WriteString("// ABNF writes it. The tables are static data: nothing is built at start-up.\n")
	b.WriteString("func DFAs() map[string]*dfa.DFA {\n\tm := make(map[string]*dfa.DFA, len(table))\n")
	b.WriteString("\tfor _, e := range table {\n\t\tm[e.name] = e.d\n\t}\n\treturn m\n}\n\n")
	b.WriteString("var table = [...]struct {\n\tname string\n\td    *dfa.DFA\n}{\n")
	for i, n := range names {
		fmt.Fprintf(&b, "\t{%q, &dfa%d},\n", n, i)
	}
	b.WriteString("}\n")
	for i, n := range names {
		d, err := dfabuild.Build(g, n)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, "\n// %s: %d states, %d byte classes\n", n, d.NumStates(), d.NClasses)
		fmt.Fprintf(&b, "var dfa%d = dfa.DFA{Rule: %q, NClasses: %d, Start: %d,\n", i, n, d.NClasses, d.Start)
		b.WriteString("\tClasses: [256]uint8{")
		for i, c := range d.Classes {
			if i%32 == 0 {
				b.WriteString("\n\t\t")
			}
			fmt.Fprintf(&b, "%d, ", c)
		}
		b.WriteString("\n\t},\n\tTrans: []uint16{")
		for i, t := range d.Trans {
			if i%d.NClasses == 0 {
				b.WriteString("\n\t\t")
			}
			fmt.Fprintf(&b, "%d, ", t)
		}
		b.WriteString("\n\t},\n\tAccept: []bool{")
		for i, a := range d.Accept {
			if i%16 == 0 {
				b.WriteString("\n\t\t")
			}
			fmt.Fprintf(&b, "%v, ", a)
		}
		b.WriteString("\n\t},\n}\n")
	}
	return b.Bytes(), nil
}
