// Command genparser generates a grammar's parser package under generated/ from its
// grammar/NAME.peg. It is run by `go generate` (see the doc.go it writes) and by
// `make generate`; nothing it writes is edited by hand.
//
// It writes six files into the output directory:
//
//   - parser.go: pigeon v1.3.0's output (-optimize-parser), with two additions: the parser
//     records, at its farthest failure, the innermost rule that has a display name (the ABNF
//     name, by the convention of grammar/*.peg), so that syntax errors can name the rule; and
//     its table of rules is built once. The additions are placed by the Go syntax tree of
//     pigeon's output (a struct field, a statement, a function body); genparser fails if the
//     output no longer has them.
//   - glue.go and recognize.go: Run, Rules and Recognize, copied from package runtime (beside
//     this command), where they are compiled and tested against a small grammar. They must be
//     copied: they use pigeon's unexported types, which each generated package declares.
//   - generated.go: the grammar's registration, from the header of grammar/NAME.abnf
//     ("; urlgrammar id:", "title:", "start:"), with its parsers, as one peg.Generated.
//   - doc.go: the package comment and the //go:generate line that rebuilds the package.
//   - dfa.go: the minimal DFA of every rule of grammar/NAME.abnf (the .peg's neighbour), as
//     static tables for internal/dfa, built by dfabuild.Build.
//
// Files are formatted before any is written, written in a fixed order, each atomically.
// With -runtime it writes parser.go alone, for package runtime.
//
// Usage (from the module root or the output directory, with paths relative to it):
//
//	go run ./internal/cmd/genparser -peg grammar/NAME.peg -o generated/PKG
package main

import (
	"bytes"
	"embed"
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

	urlast "github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/dfa/dfabuild"
	"github.com/urlgrammar/urlgrammar/internal/genfile"
	pegpkg "github.com/urlgrammar/urlgrammar/internal/peg"
)

func main() {
	peg := flag.String("peg", "", "the grammar file (grammar/NAME.peg)")
	out := flag.String("o", "", "the output directory (generated/PKG)")
	runtimeOnly := flag.Bool("runtime", false, "write only parser.go (for the runtime package, whose other files are its sources)")
	flag.Parse()
	if *peg == "" || *out == "" || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: genparser [-runtime] -peg grammar/NAME.peg -o generated/PKG")
		os.Exit(2)
	}
	gen := run
	if *runtimeOnly {
		gen = runParserOnly
	}
	if err := gen(*peg, *out); err != nil {
		fmt.Fprintln(os.Stderr, "genparser:", err)
		os.Exit(1)
	}
}

func run(peg, out string) error {
	pkg, name, src, err := pigeon(peg, out)
	if err != nil {
		return err
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
	g, err := dfabuild.Read(abnf)
	if err != nil {
		return fmt.Errorf("%s.abnf: %w", name, err)
	}
	if !hasRule(g.Rulemap, info.Start) {
		return fmt.Errorf("%s.abnf: the header's start rule %q is not a rule of the grammar", name, info.Start)
	}
	tables, err := dfaTables(abnf, pkg, name)
	if err != nil {
		return fmt.Errorf("%s.abnf: %w", name, err)
	}
	files := map[string][]byte{"parser.go": src, "dfa.go": tables}
	for _, f := range []string{"glue.go", "recognize.go", "tree.go"} {
		files[f] = copyRuntime(f, pkg)
	}
	pegText, err := os.ReadFile(peg)
	if err != nil {
		return err
	}
	aliases, err := readAliases(pegText)
	if err != nil {
		return fmt.Errorf("%s.peg: %w", name, err)
	}
	for _, n := range info.Nodes {
		if !hasRule(g.Rulemap, n) {
			return fmt.Errorf("%s.abnf: the header's node rule %q is not a rule of the grammar", name, n)
		}
	}
	var abnfNames []string
	for _, r := range g.Rulemap {
		abnfNames = append(abnfNames, r.Name)
	}
	if _, err := urlast.NewSchema(abnfNames, info.Decls); err != nil {
		return fmt.Errorf("%s.abnf: the header's declarations: %w", name, err)
	}
	for helper, n := range aliases {
		if !hasRule(g.Rulemap, n) {
			return fmt.Errorf("%s.peg: helper %s stands for %q, which is not a rule of the grammar", name, helper, n)
		}
	}
	data := struct {
		Pkg, Name string
		Info      pegpkg.Info
		Aliases   map[string]string
	}{pkg, name, info, aliases}
	for file, t := range map[string]*template.Template{"doc.go": docTmpl, "generated.go": generatedTmpl} {
		var b bytes.Buffer
		if err := t.Execute(&b, data); err != nil {
			return err
		}
		files[file] = b.Bytes()
	}
	return write(out, files)
}

// runParserOnly writes the pigeon parser of peg alone, for the runtime package.
func runParserOnly(peg, out string) error {
	_, _, src, err := pigeon(peg, out)
	if err != nil {
		return err
	}
	return write(out, map[string][]byte{"parser.go": src})
}

// The code every generated package shares, compiled and tested in package runtime.
//
//go:embed runtime/glue.go runtime/recognize.go runtime/tree.go
var runtimeFiles embed.FS

// copyRuntime returns runtime/file for package pkg: the same code, under its own package
// clause and a header that says where it comes from.
func copyRuntime(file, pkg string) []byte {
	src, err := runtimeFiles.ReadFile("runtime/" + file)
	if err != nil {
		panic(err) // embedded above
	}
	body, ok := strings.CutPrefix(string(src), "package runtime\n")
	if !ok {
		panic("runtime/" + file + " does not start with its package clause")
	}
	return []byte("// Code generated by internal/cmd/genparser from internal/cmd/genparser/runtime/" + file +
		"; DO NOT EDIT.\n\npackage " + pkg + "\n" + body)
}

// pigeon runs pigeon on peg and patches its output for package out.
func pigeon(peg, out string) (pkg, name string, src []byte, err error) {
	abs, err := filepath.Abs(out)
	if err != nil {
		return "", "", nil, err
	}
	pkg = filepath.Base(abs) // "-o ." (go generate) names the package after its directory
	name = strings.TrimSuffix(filepath.Base(peg), ".peg")
	tmp, err := os.MkdirTemp("", "genparser")
	if err != nil {
		return "", "", nil, err
	}
	defer os.RemoveAll(tmp)
	raw := filepath.Join(tmp, "parser.go")
	pegAbs, err := filepath.Abs(peg)
	if err != nil {
		return "", "", nil, err
	}
	cmd := exec.Command("go", "tool", "pigeon", "-optimize-parser", "-o", raw, pegAbs)
	cmd.Dir = filepath.Dir(pegAbs) // pigeon is a tool of the module the grammar is in
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", "", nil, fmt.Errorf("pigeon %s: %w", peg, err)
	}
	if src, err = os.ReadFile(raw); err != nil {
		return "", "", nil, err
	}
	if src, err = patch(src, name); err != nil {
		return "", "", nil, fmt.Errorf("%s: %w", peg, err)
	}
	return pkg, name, src, nil
}

// write formats the files and writes them into out.
func write(out string, files map[string][]byte) error {
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
		"\n\t// maxFailRule is the named rule of the failures at maxFailPos, and maxFailStack the\n\t// rules they are all inside (added by genparser).\n\tmaxFailRule     string\n\tmaxFailStack    []*rule\n\tmaxFailStackSet bool\n\n\t// tree, when set, records the nodes of a generic tree (added by genparser, tree.go).\n\ttree *treeRec",
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
		"\n\t\tp.noteFailure(pos.offset > p.maxFailPos.offset) // added by genparser",
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

var generatedTmpl = template.Must(template.New("generated").Parse(`// Code generated by internal/cmd/genparser from grammar/{{.Name}}.abnf; DO NOT EDIT.

package {{.Pkg}}

import (
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// Generated is the grammar's registration (from the header of grammar/{{.Name}}.abnf) and
// its parsers, for urlgrammar's registry.
var Generated = peg.Generated{
	Info: peg.Info{ID: {{printf "%q" .Info.ID}}, Title: {{printf "%q" .Info.Title}}, Start: {{printf "%q" .Info.Start}},
		Nodes: {{printf "%#v" .Info.Nodes}},
		Decls: []ast.Decl{ {{- range .Info.Decls}}
			{Key: {{printf "%q" .Key}}, Value: {{printf "%q" .Value}}},{{end}}
		}},
	Rules:        Rules,
	Run:          Run,
	Recognize:    Recognize,
	DFAs:         DFAs,
	TreeRecorder: TreeRecorder,
	Aliases:      {{printf "%#v" .Aliases}},
}
`))

var docTmpl = template.Must(template.New("doc").Parse(`// Code generated by internal/cmd/genparser from grammar/{{.Name}}.peg; DO NOT EDIT.

// Package {{.Pkg}} is the pigeon parser of grammar {{.Name}}, generated from
// grammar/{{.Name}}.peg. Use it through the urlgrammar package, not directly.
package {{.Pkg}}

//go:generate go run ../../internal/cmd/genparser -peg ../../grammar/{{.Name}}.peg -o .
`))

// aliasMark marks a PEG helper rule that stands for an ABNF rule: the line before the
// helper's definition (after its comments) reads "// urlgrammar node: NAME".
const aliasMark = "// urlgrammar node:"

// readAliases returns the helper rules of a PEG file marked with aliasMark, by PEG name, to
// the ABNF rule each stands for. A mark must be followed by a rule definition (NAME <- ...,
// without a display name: a rule with one is its own node).
func readAliases(src []byte) (map[string]string, error) {
	aliases := map[string]string{}
	lines := strings.Split(string(src), "\n")
	for i, line := range lines {
		name, ok := strings.CutPrefix(strings.TrimSpace(line), aliasMark)
		if !ok {
			continue
		}
		name = strings.TrimSpace(name)
		var def string
		if i+1 < len(lines) {
			def = lines[i+1]
		}
		helper, rest, found := strings.Cut(def, "<-")
		fields := strings.Fields(helper)
		if name == "" || strings.ContainsAny(name, " \t") || !found || len(fields) != 1 || rest == "" {
			return nil, fmt.Errorf("line %d: want %q NAME followed by a helper rule's definition (HELPER <- ...)", i+1, aliasMark)
		}
		if _, dup := aliases[fields[0]]; dup {
			return nil, fmt.Errorf("line %d: %s marked twice", i+1, fields[0])
		}
		aliases[fields[0]] = name
	}
	return aliases, nil
}

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
