package genparser

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The tree builder: the grammar's PEG compiled into direct Go code that decides an input
// and builds its generic tree in one pass; urlgrammar runs it first on any input, the DFA
// only when it reports no match. It is the recognizer of package grammarkit/pegvm without
// its interpretation: one method per rule, byte tables for the character classes, pigeon's
// ordered choice and greedy repetition, the nodes of the header's node rules (and of the
// helpers marked as standing for one) recorded as the recognizer records them, under a work
// budget that keeps it linear (workPerByte). It keeps no failure: an input the builder does
// not match whole is left to the DFA and the recognizer, which say why. The differential
// tests hold its trees to the recognizer's, node for node, and its verdicts to the DFA's.
//
// The PEG is read back from pigeon's output (the composite literal of var g), so that the
// builder compiles exactly what pigeon compiled. A PEG with what the builder cannot compile
// (a code predicate other than a length bound, which runs Go code on labels' values; a state
// block; a Unicode class) is refused: package pegvm, the recognizer, runs none of it either.
//
// A length bound is the one code predicate the builder compiles, because a URL grammar
// needs it (RFC 2396bis's labels of at most 63 characters, which a PEG cannot count): in a
// sequence, a label L on an action whose code is exactly
//
//	{ return len(c.text), nil }
//
// followed later in the same sequence by a predicate whose code is exactly
//
//	&{ return L.(int) OP N, nil }   (or !{...}; OP one of < <= > >= == !=; N an integer)
//
// is compiled to a comparison of the byte length of L's match. The code is read from
// pigeon's output (the methods the actions and predicates call), so what is compiled is what
// pigeon runs; any other code makes the grammar's PEG not compilable.

// pexpr is one expression of the PEG as pigeon's output holds it.
type pexpr struct {
	kind       string // the pigeon type: seqExpr, choiceExpr, litMatcher, ...
	subs       []*pexpr
	name       string // ruleRefExpr
	val        string // litMatcher; charClassMatcher: the class as written
	want       string // litMatcher: the literal as an expected set names it
	chars      []rune // charClassMatcher
	ranges     []rune
	ignoreCase bool
	inverted   bool
	classes    bool   // charClassMatcher with Unicode classes
	run        string // actionExpr, andCodeExpr, notCodeExpr: the method of *current it calls
	label      string // labeledExpr
	lenAction  bool   // actionExpr: its code is { return len(c.text), nil }
	pred       *lengthPred
}

// lengthPred is a code predicate the builder compiles: the length of label's match op bound.
type lengthPred struct {
	label, op, bound string
}

type prule struct {
	name, display string
	expr          *pexpr
}

// readGrammar reads the rules of var g from pigeon's output.
func readGrammar(src []byte) ([]prule, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "parser.go", src, 0)
	if err != nil {
		return nil, err
	}
	var lit *ast.CompositeLit
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			continue
		}
		for _, sp := range gd.Specs {
			vs := sp.(*ast.ValueSpec)
			if len(vs.Names) == 1 && vs.Names[0].Name == "g" && len(vs.Values) == 1 {
				if u, ok := vs.Values[0].(*ast.UnaryExpr); ok {
					lit, _ = u.X.(*ast.CompositeLit)
				}
			}
		}
	}
	if lit == nil {
		return nil, fmt.Errorf("pigeon's output has no var g = &grammar{...}")
	}
	// The methods of *current the actions and predicates run, by name.
	methods := map[string]*ast.FuncDecl{}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil && len(fd.Recv.List) == 1 {
			if st, ok := fd.Recv.List[0].Type.(*ast.StarExpr); ok {
				if id, ok := st.X.(*ast.Ident); ok && id.Name == "current" {
					methods[fd.Name.Name] = fd
				}
			}
		}
	}
	rulesLit := fieldValue(lit, "rules")
	rl, ok := rulesLit.(*ast.CompositeLit)
	if !ok {
		return nil, fmt.Errorf("var g has no rules")
	}
	var rules []prule
	for _, el := range rl.Elts {
		r, ok := el.(*ast.CompositeLit)
		if !ok {
			return nil, fmt.Errorf("a rule of var g is not a literal")
		}
		var pr prule
		if pr.name, err = stringField(r, "name"); err != nil {
			return nil, err
		}
		if d := fieldValue(r, "displayName"); d != nil {
			s, err := strconv.Unquote(d.(*ast.BasicLit).Value)
			if err != nil {
				return nil, err
			}
			if u, err := strconv.Unquote(s); err == nil {
				s = u
			}
			pr.display = s
		}
		if pr.expr, err = readExpr(fieldValue(r, "expr")); err != nil {
			return nil, fmt.Errorf("rule %s: %w", pr.name, err)
		}
		readCode(pr.expr, methods)
		rules = append(rules, pr)
	}
	return rules, nil
}

// readCode marks the actions of e whose code is { return len(c.text), nil } and reads the
// length bounds of its code predicates (see lengthPred), from the methods they run.
func readCode(e *pexpr, methods map[string]*ast.FuncDecl) {
	for _, sub := range e.subs {
		readCode(sub, methods)
	}
	fd := methods[e.run]
	if fd == nil || fd.Body == nil || len(fd.Body.List) != 1 {
		return
	}
	ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 2 || !isIdent(ret.Results[1], "nil") {
		return
	}
	switch e.kind {
	case "actionExpr":
		// len(c.text)
		call, ok := ret.Results[0].(*ast.CallExpr)
		if ok && isIdent(call.Fun, "len") && len(call.Args) == 1 {
			if sel, ok := call.Args[0].(*ast.SelectorExpr); ok && isIdent(sel.X, "c") && sel.Sel.Name == "text" {
				e.lenAction = true
			}
		}
	case "andCodeExpr", "notCodeExpr":
		// L.(int) OP N, with L the method's one parameter
		params := fd.Type.Params.List
		if len(params) != 1 || len(params[0].Names) != 1 {
			return
		}
		bin, ok := ret.Results[0].(*ast.BinaryExpr)
		if !ok {
			return
		}
		switch bin.Op {
		case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL, token.NEQ:
		default:
			return
		}
		ta, ok := bin.X.(*ast.TypeAssertExpr)
		n, isInt := bin.Y.(*ast.BasicLit)
		if !ok || !isInt || n.Kind != token.INT || !isIdent(ta.Type, "int") || !isIdent(ta.X, params[0].Names[0].Name) {
			return
		}
		e.pred = &lengthPred{label: params[0].Names[0].Name, op: bin.Op.String(), bound: n.Value}
	}
}

func isIdent(x ast.Expr, name string) bool {
	id, ok := x.(*ast.Ident)
	return ok && id.Name == name
}

func fieldValue(lit *ast.CompositeLit, name string) ast.Expr {
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return kv.Value
			}
		}
	}
	return nil
}

func stringField(lit *ast.CompositeLit, name string) (string, error) {
	v, ok := fieldValue(lit, name).(*ast.BasicLit)
	if !ok {
		return "", fmt.Errorf("no string field %s", name)
	}
	return strconv.Unquote(v.Value)
}

func boolField(lit *ast.CompositeLit, name string) bool {
	id, ok := fieldValue(lit, name).(*ast.Ident)
	return ok && id.Name == "true"
}

func runesField(lit *ast.CompositeLit, name string) ([]rune, error) {
	v, ok := fieldValue(lit, name).(*ast.CompositeLit)
	if !ok {
		return nil, nil
	}
	var rs []rune
	for _, el := range v.Elts {
		b, ok := el.(*ast.BasicLit)
		if !ok {
			return nil, fmt.Errorf("field %s: not a rune literal", name)
		}
		switch b.Kind {
		case token.CHAR:
			r, _, _, err := strconv.UnquoteChar(b.Value[1:len(b.Value)-1], '\'')
			if err != nil {
				return nil, err
			}
			rs = append(rs, r)
		case token.INT:
			n, err := strconv.ParseInt(b.Value, 0, 32)
			if err != nil {
				return nil, err
			}
			rs = append(rs, rune(n))
		default:
			return nil, fmt.Errorf("field %s: %s", name, b.Value)
		}
	}
	return rs, nil
}

func readExpr(x ast.Expr) (*pexpr, error) {
	u, ok := x.(*ast.UnaryExpr)
	if !ok {
		return nil, fmt.Errorf("an expression that is not &T{...}")
	}
	lit, ok := u.X.(*ast.CompositeLit)
	if !ok {
		return nil, fmt.Errorf("an expression that is not &T{...}")
	}
	id, ok := lit.Type.(*ast.Ident)
	if !ok {
		return nil, fmt.Errorf("an expression of an unnamed type")
	}
	e := &pexpr{kind: id.Name}
	if sel, ok := fieldValue(lit, "run").(*ast.SelectorExpr); ok {
		e.run = strings.TrimPrefix(sel.Sel.Name, "call") // callonX runs the method onX
	}
	var err error
	switch e.kind {
	case "actionExpr", "labeledExpr", "andExpr", "notExpr", "zeroOrMoreExpr", "oneOrMoreExpr", "zeroOrOneExpr":
		sub, err := readExpr(fieldValue(lit, "expr"))
		if err != nil {
			return nil, err
		}
		e.subs = []*pexpr{sub}
		if e.kind == "labeledExpr" {
			if e.label, err = stringField(lit, "label"); err != nil {
				return nil, err
			}
		}
	case "choiceExpr", "seqExpr":
		key := "exprs"
		if e.kind == "choiceExpr" {
			key = "alternatives"
		}
		list, ok := fieldValue(lit, key).(*ast.CompositeLit)
		if !ok {
			return nil, fmt.Errorf("%s without %s", e.kind, key)
		}
		for _, el := range list.Elts {
			sub, err := readExpr(el)
			if err != nil {
				return nil, err
			}
			e.subs = append(e.subs, sub)
		}
	case "ruleRefExpr":
		if e.name, err = stringField(lit, "name"); err != nil {
			return nil, err
		}
	case "litMatcher":
		if e.val, err = stringField(lit, "val"); err != nil {
			return nil, err
		}
		if fieldValue(lit, "want") != nil { // pigeon writes it; the tests' small literals may not
			if e.want, err = stringField(lit, "want"); err != nil {
				return nil, err
			}
		}
		e.ignoreCase = boolField(lit, "ignoreCase")
	case "charClassMatcher":
		if fieldValue(lit, "val") != nil {
			if e.val, err = stringField(lit, "val"); err != nil {
				return nil, err
			}
		}
		if e.chars, err = runesField(lit, "chars"); err != nil {
			return nil, err
		}
		if e.ranges, err = runesField(lit, "ranges"); err != nil {
			return nil, err
		}
		e.ignoreCase = boolField(lit, "ignoreCase")
		e.inverted = boolField(lit, "inverted")
		e.classes = fieldValue(lit, "classes") != nil
	case "anyMatcher":
	default:
		// andCodeExpr and notCodeExpr (compiled when they are length bounds), stateCodeExpr,
		// throwExpr, recoveryExpr: not compiled
	}
	return e, nil
}

// compilable reports why the rules cannot be compiled, or "".
func compilable(rules []prule) string {
	var why string
	var walk func(e *pexpr, lens map[string]bool)
	walk = func(e *pexpr, lens map[string]bool) {
		switch e.kind {
		case "actionExpr", "labeledExpr", "andExpr", "notExpr", "zeroOrMoreExpr", "oneOrMoreExpr", "zeroOrOneExpr",
			"choiceExpr", "ruleRefExpr", "litMatcher", "anyMatcher":
		case "seqExpr":
			// The labels of length actions before each element are what a length bound
			// there may name.
			seen := map[string]bool{}
			for _, sub := range e.subs {
				walk(sub, seen)
				if l, ok := lengthLabel(sub); ok {
					seen[l] = true
				}
			}
			return
		case "andCodeExpr", "notCodeExpr":
			if e.pred == nil {
				why = "a code predicate (" + pegSyntax[e.kind] + ") that is not a length bound"
			} else if !lens[e.pred.label] {
				why = "a length bound on " + e.pred.label + ", which is not a length action earlier in its sequence"
			}
		case "charClassMatcher":
			if e.classes {
				why = "a Unicode class in a character class"
			}
		default:
			why = "a " + e.kind + " (" + pegSyntax[e.kind] + ")"
		}
		for _, s := range e.subs {
			walk(s, nil)
		}
	}
	for _, r := range rules {
		walk(r.expr, nil)
	}
	return why
}

// pegSyntax is how a .peg file writes the expressions a grammar may not have, for errors.
var pegSyntax = map[string]string{"andCodeExpr": "&{...}", "notCodeExpr": "!{...}", "stateCodeExpr": "#{...}",
	"throwExpr": "%{label}", "recoveryExpr": "//{label} recovery"}

// lengthLabel returns the label of e when e is a label on a length action.
func lengthLabel(e *pexpr) (string, bool) {
	if e.kind == "labeledExpr" && e.subs[0].kind == "actionExpr" && e.subs[0].lenAction {
		return e.label, true
	}
	return "", false
}

// compileBuilder writes builder.go: the tree builder of the rules, whose nodes are the
// rules named in nodes and the helpers of aliases, numbered as pegvm's TreeRecorder numbers
// them (the rules with a display name, in order). It returns "" and the reason when the
// rules cannot be compiled.
//
// start is the grammar's start rule (its ABNF name): BuildStart builds its tree, without
// BuildTree's choice of the rule by name (a switch over the names: 2-4 ns of a URL's 40). It
// is the rule urlgrammar's registry takes as the start: the last of that name, compared as
// rule names are (no case, "_" as "-"). For "" BuildStart matches nothing.
func compileBuilder(pkg string, tg target, rules []prule, nodes []string, aliases map[string]string, start string) ([]byte, string) {
	if why := compilable(rules); why != "" {
		return nil, why
	}
	index := map[string]int{} // lower-case ABNF name -> node name index
	n := 0
	for _, r := range rules {
		if r.display != "" {
			index[strings.ToLower(r.display)] = n
			n++
		}
	}
	isNode := map[string]bool{}
	for _, nd := range nodes {
		isNode[strings.ToLower(nd)] = true
	}
	c := &compiler{classes: map[string]int{}, runs: map[int]bool{}, rules: rules, nodeRule: map[string]bool{}, nodeID: map[string]int{}, inlining: map[string]bool{},
		firsts: map[string]*firstSet{}}
	ruleIdx := map[string]int{}
	for i, r := range rules {
		ruleIdx[r.name] = i
		if id, node := c.nodeOf(r, index, isNode, aliases); node {
			c.nodeRule[r.name] = true
			c.nodeID[r.name] = id
		}
	}
	c.ruleIdx = ruleIdx
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by %s from %s.peg; DO NOT EDIT.\n\npackage %s\n\n", tg.By, tg.Src, pkg)
	b.WriteString("import (\n\t\"unicode\"\n\t\"unicode/utf8\"\n\n\t\"github.com/urlgrammar/urlgrammar/ast\"\n\t\"github.com/urlgrammar/urlgrammar/grammarkit\"\n\t\"github.com/urlgrammar/urlgrammar/grammarkit/byteclass\"\n)\n\n")
	fmt.Fprintf(&b, `var (
	_ = unicode.ToLower
	_ = utf8.DecodeRuneInString
	_ = byteclass.Of
)

// treeBuilder builds the generic tree of an input, from the PEG compiled into the methods
// below (one a rule): internal/genparser's compile.go says how.
type treeBuilder struct {
	s string
	// work counts the rule calls and the bytes the repetitions went over; past limit no
	// rule is entered and no repetition goes on, so that no input costs more than linear
	// time (internal/genparser's compile.go says why).
	work, limit int
}

// workPerByte and workBase make a builder's limit: the most work an input of n bytes may
// take is workPerByte*n + workBase. An input that needs more is left to the recognizer.
const (
	workPerByte = %d
	workBase    = %d
)

// BuildTree returns the nodes of the tree of src matched whole from the rule with the PEG
// name rule, as TreeRecorder would record them, in into (from into[:0]) or, when into is
// nil, in a new block of the exact size; false when the rule does not match the whole of src
// (the recognizer says why).
func BuildTree(rule, src string, into []ast.TreeNode) ([]ast.TreeNode, bool) {
	if into != nil {
		return buildTree(rule, src, into)
	}
	// Built in a block on the stack (the nodes go by value through the rule methods, never
	// stored through a pointer, so the block stays there), then copied: one allocation.
	var scratch [64]ast.TreeNode
	return grammarkit.Exact(buildTree(rule, src, scratch[:0]))
}

func buildTree(rule, src string, into []ast.TreeNode) ([]ast.TreeNode, bool) {
	b := treeBuilder{s: src, limit: workPerByte*len(src) + workBase}
	n := into[:0]
	var end int
	var ok bool
	switch rule {
`, workPerByte, workBase)
	// rootCall is the code that builds the tree of rule i from the input's start, or "" for
	// a helper that is no node (not offered as a start).
	rootCall := func(i int, r prule) string {
		id, node := c.nodeOf(r, index, isNode, aliases)
		if node {
			return fmt.Sprintf("\t\tend, n, ok = b.r%d(0, 0, n)\n", i)
		}
		if r.display == "" {
			return ""
		}
		return fmt.Sprintf("\t\tn = append(n, ast.TreeNode{StartRule: %d})\n\t\tend, n, ok = b.r%d(0, 1, n)\n\t\tif ok {\n\t\t\tn[0].EndDepth = uint32(end) << ast.TreeDepthBits\n\t\t}\n", id, i)
	}
	startCall := ""
	for i, r := range rules {
		if r.display == "" {
			if _, ok := aliases[r.name]; !ok {
				continue
			}
		}
		call := rootCall(i, r)
		if call == "" {
			continue
		}
		fmt.Fprintf(&b, "\tcase %q:\n%s", r.name, call)
		if start != "" && r.display != "" && ruleKey(r.display) == ruleKey(start) {
			startCall = call
		}
	}
	b.WriteString("\tdefault:\n\t\treturn into[:0], false\n\t}\n\treturn b.whole(n, end, ok)\n}\n")
	b.WriteString(`
// whole returns the nodes n of a match that ended at end: n when it took the whole input
// within the work limit, else false and the block, empty, grown as the try grew it (a
// Parser keeps it).
func (b *treeBuilder) whole(n []ast.TreeNode, end int, ok bool) ([]ast.TreeNode, bool) {
	if !ok || end != len(b.s) || b.work > b.limit {
		return n[:0], false
	}
	return n, true
}

// BuildStart is BuildTree of the grammar's start rule, without the choice of the rule by
// its name: what Parse calls.
func BuildStart(src string, into []ast.TreeNode) ([]ast.TreeNode, bool) {
	if into != nil {
		return buildStart(src, into)
	}
	var scratch [64]ast.TreeNode // as in BuildTree
	return grammarkit.Exact(buildStart(src, scratch[:0]))
}

func buildStart(src string, into []ast.TreeNode) ([]ast.TreeNode, bool) {
`)
	if startCall == "" {
		b.WriteString("\treturn into[:0], false\n}\n")
	} else {
		b.WriteString("\tb := treeBuilder{s: src, limit: workPerByte*len(src) + workBase}\n\tn := into[:0]\n\tvar end int\n\tvar ok bool\n")
		b.WriteString(strings.ReplaceAll(startCall, "\t\t", "\t") + "\treturn b.whole(n, end, ok)\n}\n")
	}
	for i, r := range rules {
		id, node := c.nodeOf(r, index, isNode, aliases)
		c.label = 0
		var body bytes.Buffer
		c.b = &body
		c.depth = 1
		c.dexpr = "d" // the depth of the nodes the rule's expression makes
		if node {
			c.dexpr = "d+1"
		}
		c.expr(r.expr)
		fmt.Fprintf(&b, "\n// r%d is rule %s", i, r.name)
		if r.display != "" {
			fmt.Fprintf(&b, " (%s)", r.display)
		}
		b.WriteString(".\n")
		fmt.Fprintf(&b, "func (b *treeBuilder) r%d(p, d int, n []ast.TreeNode) (int, []ast.TreeNode, bool) {\n", i)
		b.WriteString("\tif b.work++; b.work > b.limit {\n\t\treturn p, n, false\n\t}\n\tvar ok bool\n")
		if node {
			// Appended zero, then written field by field: a literal is built on the stack
			// and copied with a wide load that waits on the narrow stores just made (a
			// store-forwarding stall; it showed in profiles, about 2% of Parser.Parse).
			// A node at the deepest depth a tree holds stops the builder (a recursive
			// grammar): the recognizer decides whether the tree is too deep.
			b.WriteString("\tif d >= ast.MaxTreeDepth {\n\t\tb.work = b.limit + 1\n\t\treturn p, n, false\n\t}\n")
			fmt.Fprintf(&b, "\tnode := len(n)\n\tn = append(n, ast.TreeNode{})\n\tn[node].StartRule = uint32(p)<<ast.TreeRuleBits | %d\n", id)
		}
		// The input in a local: the compiler does not hoist b.s out of the loops (a load
		// of the field each byte otherwise), and a local stays in registers between calls.
		code := body.Bytes()
		if inputRef.Match(code) {
			b.WriteString("\ts := b.s\n")
			code = inputRef.ReplaceAll(code, []byte("s"))
		}
		b.Write(code)
		if node {
			b.WriteString("\tif !ok {\n\t\treturn p, n[:node], false\n\t}\n\tn[node].EndDepth = uint32(p)<<ast.TreeDepthBits | uint32(d)\n")
		}
		b.WriteString("\treturn p, n, ok\n}\n")
	}
	for i, t := range c.tables {
		fmt.Fprintf(&b, "\n// class%d is %s.\nvar class%d = [256]bool{", i, t.doc, i)
		for k := 0; k < 256; k++ {
			if t.bytes[k] {
				fmt.Fprintf(&b, "%d: true, ", k)
			}
		}
		b.WriteString("}\n")
	}
	for i := range c.tables {
		if c.runs[i] {
			fmt.Fprintf(&b, "\n// run%d finds the end of a run of the bytes of class%d.\nvar run%d = byteclass.Of(&class%d)\n", i, i, i, i)
		}
	}
	return b.Bytes(), ""
}

// inputRef is a reference to the input in a rule method's code as compiler.expr writes it.
var inputRef = regexp.MustCompile(`\bb\.s\b`)

type classTable struct {
	doc   string
	bytes [256]bool
}

type compiler struct {
	b       *bytes.Buffer
	depth   int    // the indentation
	dexpr   string // the depth of the nodes the code being written makes: d, d+1, d+1+1...
	label   int
	classes map[string]int
	tables  []classTable
	runs    map[int]bool // the tables whose runs are found with byteclass (run<i>)
	ruleIdx map[string]int
	rules   []prule
	// nodeRule holds the rules whose matches are nodes; inlining the rules being inlined
	// where the code is written (a rule is not inlined into itself).
	nodeRule map[string]bool
	nodeID   map[string]int // the node name index of each node rule
	inlining map[string]bool
	// firsts caches the first bytes of the rules (firstOf).
	firsts map[string]*firstSet
}

// firstSet is what an expression can begin with: the bytes a non-empty match can start
// with (all of them when unknown), and whether it can match the empty string.
type firstSet struct {
	bytes    [256]bool
	nullable bool
}

func allBytes() *firstSet {
	f := &firstSet{nullable: true}
	for i := range f.bytes {
		f.bytes[i] = true
	}
	return f
}

// firstOf returns e's first set, conservatively (all bytes and nullable where unsure).
func (c *compiler) firstOf(e *pexpr) *firstSet {
	switch e.kind {
	case "actionExpr", "labeledExpr":
		return c.firstOf(e.subs[0])
	case "ruleRefExpr":
		if f, ok := c.firsts[e.name]; ok {
			if f == nil { // being computed: a cycle
				return allBytes()
			}
			return f
		}
		c.firsts[e.name] = nil
		f := c.firstOf(c.rules[c.ruleIdx[e.name]].expr)
		c.firsts[e.name] = f
		return f
	case "litMatcher":
		if e.val == "" {
			return &firstSet{nullable: true}
		}
		f := &firstSet{}
		r, _ := utf8.DecodeRuneInString(e.val)
		switch {
		case r < utf8.RuneSelf && e.ignoreCase:
			f.bytes[r] = true
			if 'a' <= r && r <= 'z' {
				f.bytes[r-'a'+'A'] = true
			}
		case r < utf8.RuneSelf:
			f.bytes[r] = true
		default:
			return allBytes()
		}
		return f
	case "charClassMatcher":
		if !asciiClass(e) {
			f := allBytes()
			f.nullable = false
			return f
		}
		f := &firstSet{}
		for k := 0; k < utf8.RuneSelf; k++ {
			r := rune(k)
			if e.ignoreCase {
				r = toLowerASCII(r)
			}
			f.bytes[k] = inClass(e, r)
		}
		return f
	case "anyMatcher":
		f := allBytes()
		f.nullable = false
		return f
	case "seqExpr":
		f := &firstSet{nullable: true}
		for _, s := range e.subs {
			g := c.firstOf(s)
			for i, b := range g.bytes {
				f.bytes[i] = f.bytes[i] || b
			}
			if !g.nullable {
				f.nullable = false
				break
			}
		}
		return f
	case "choiceExpr":
		f := &firstSet{}
		for _, s := range e.subs {
			g := c.firstOf(s)
			for i, b := range g.bytes {
				f.bytes[i] = f.bytes[i] || b
			}
			f.nullable = f.nullable || g.nullable
		}
		return f
	case "zeroOrMoreExpr", "zeroOrOneExpr":
		g := *c.firstOf(e.subs[0])
		g.nullable = true
		return &g
	case "oneOrMoreExpr":
		return c.firstOf(e.subs[0])
	}
	return allBytes() // & and !: they consume nothing
}

// workPerByte and workBase bound a builder's work, so that it takes linear time on any
// input, valid or not: the builder runs before the DFA (engine.go), on whatever the caller
// passes. The work is the count of rule calls plus the bytes each repetition went over;
// every way the compiled PEG spends time is one of these or a constant number of steps
// between two of them. Past workPerByte*n + workBase (n the input's length) no rule is
// entered and no round of a repetition tried, so each pending frame unwinds in constant
// work, and buildTree reports no match: the caller then asks the DFA, which decides. Valid
// inputs need at most about 5 a byte (measured over the corpus, the tables and the
// adversarial families), which leaves the limit a margin of six; a valid input past it
// would still get its tree, from the recognizer. TestBuilderWorkBudget runs an exponential
// and a quadratic PEG against the limit.
const (
	workPerByte = 32
	workBase    = 1024
)

// inlineMax is the size (in expressions) up to which a rule that records no node is written
// where it is referred to instead of being called: the character rules (pchar, unreserved)
// that a URL's repetitions run once a byte.
const inlineMax = 24

func size(e *pexpr) int {
	n := 1
	for _, s := range e.subs {
		n += size(s)
	}
	return n
}

// nodeOf returns the node name index of rule r and whether r is a node rule.
func (c *compiler) nodeOf(r prule, index map[string]int, isNode map[string]bool, aliases map[string]string) (int, bool) {
	name := r.display
	if name == "" {
		name = aliases[r.name]
	}
	if name == "" {
		return 0, false
	}
	id, ok := index[strings.ToLower(name)]
	return id, ok && isNode[strings.ToLower(name)]
}

func (c *compiler) line(format string, args ...any) {
	c.b.WriteString(strings.Repeat("\t", c.depth))
	fmt.Fprintf(c.b, format, args...)
	c.b.WriteByte('\n')
}

func (c *compiler) newLabel() int {
	c.label++
	return c.label
}

// expr writes code that matches e at p: on success ok is true and p is past the match; on
// failure ok is false and p and n (the nodes) are as they were.
func (c *compiler) expr(e *pexpr) {
	switch e.kind {
	case "actionExpr", "labeledExpr":
		c.expr(e.subs[0])
	case "ruleRefExpr":
		r := c.rules[c.ruleIdx[e.name]]
		if !c.inlining[e.name] && size(r.expr) <= inlineMax && (!c.nodeRule[e.name] || !c.refersToNode(r.expr)) {
			c.inlining[e.name] = true
			c.line("// %s, inlined", e.name)
			if c.nodeRule[e.name] {
				l := c.newLabel()
				c.line("node%d := len(n)", l)
				c.line("n = append(n, ast.TreeNode{})")
				c.line("n[node%d].StartRule = uint32(p)<<ast.TreeRuleBits | %d", l, c.nodeID[e.name])
				outer := c.dexpr
				c.dexpr = outer + "+1"
				c.expr(r.expr)
				c.dexpr = outer
				c.line("if ok {")
				c.line("\tn[node%d].EndDepth = uint32(p)<<ast.TreeDepthBits | uint32(%s)", l, outer)
				c.line("} else {")
				c.line("\tn = n[:node%d]", l)
				c.line("}")
			} else {
				c.expr(r.expr)
			}
			delete(c.inlining, e.name)
			return
		}
		c.line("p, n, ok = b.r%d(p, %s, n)", c.ruleIdx[e.name], c.dexpr)
	case "seqExpr":
		l := c.newLabel()
		c.line("{")
		c.depth++
		c.line("p%d, n%d := p, len(n)", l, l)
		c.line("ok = true")
		c.line("L%d:", l)
		c.line("for {")
		c.depth++
		// The length of each labelled match a length bound of the sequence names.
		bounded := map[string]bool{}
		for _, s := range e.subs {
			if s.pred != nil {
				bounded[s.pred.label] = true
			}
		}
		lens := map[string]int{}
		for i := 0; i < len(e.subs); i++ {
			s := e.subs[i]
			if k := sameOptionals(e.subs[i:]); k > 1 {
				c.optionals(s, k)
				i += k - 1
				continue // an optional always matches: no failure to test
			}
			if pr := s.pred; pr != nil {
				cmp := fmt.Sprintf("m%d %s %s", lens[pr.label], pr.op, pr.bound)
				if s.kind == "notCodeExpr" {
					cmp = "!(" + cmp + ")"
				}
				c.line("ok = %s // a length bound on %s", cmp, pr.label)
			} else if lab, ok := lengthLabel(s); ok && bounded[lab] {
				m := c.newLabel()
				lens[lab] = m
				c.line("m%d := p", m)
				c.expr(s)
				c.line("m%d = p - m%d // the length of %s", m, m, lab)
			} else {
				c.expr(s)
			}
			c.line("if !ok {")
			c.line("\tp, n = p%d, n[:n%d]", l, l)
			c.line("\tbreak L%d", l)
			c.line("}")
		}
		c.line("break")
		c.depth--
		c.line("}")
		c.depth--
		c.line("}")
	case "choiceExpr":
		l := c.newLabel()
		c.line("L%d:", l)
		c.line("for {")
		c.depth++
		for _, s := range e.subs {
			c.alternative(s, l)
		}
		c.line("ok = false")
		c.line("break")
		c.depth--
		c.line("}")
	case "zeroOrMoreExpr", "oneOrMoreExpr":
		if c.classRun(e) || c.runEndingIn(e) || c.runUntil(e) {
			return
		}
		l := c.beginRepetition()
		c.line("q%d := p", l)
		c.expr(e.subs[0])
		c.line("if !ok || p == q%d {", l)
		c.line("\tbreak")
		c.line("}")
		c.depth--
		c.line("}")
		c.endRepetition(e.kind, l)
	case "zeroOrOneExpr":
		c.expr(e.subs[0])
		c.line("ok = true")
	case "andExpr", "notExpr":
		if e.kind == "notExpr" && c.unwrap(e.subs[0]).kind == "anyMatcher" {
			c.line("ok = p >= len(b.s) // !., the end")
			return
		}
		l := c.newLabel()
		c.line("{")
		c.depth++
		c.line("p%d, n%d := p, len(n)", l, l)
		c.expr(e.subs[0])
		c.line("p, n = p%d, n[:n%d]", l, l)
		if e.kind == "notExpr" {
			c.line("ok = !ok")
		}
		c.depth--
		c.line("}")
	case "anyMatcher":
		c.line("if ok = p < len(b.s); ok {")
		c.line("\t_, w := utf8.DecodeRuneInString(b.s[p:])")
		c.line("\tp += w")
		c.line("}")
	case "litMatcher":
		c.lit(e)
	case "charClassMatcher":
		c.class(e)
	default:
		panic("genparser: compile " + e.kind)
	}
}

// sameOptionals returns how many of subs, from the first, are the same optional expression
// (e? e? e?, as RFC 8141's NID spells 0*30 ldh): 0 when the first is not an optional.
func sameOptionals(subs []*pexpr) int {
	k := 0
	for k < len(subs) && subs[k].kind == "zeroOrOneExpr" && reflect.DeepEqual(subs[k], subs[0]) {
		k++
	}
	return k
}

// optionals writes k optional e in a row as a loop of at most k rounds that stops at the first
// round e does not match: a PEG expression's result depends only on where it starts, so
// every optional after one that did not match would not match either (written out, each
// tried, the 30 optional ldh of RFC 8141's NID cost two thirds of its Parse). The tree and
// the verdict are those of the k written out; the work counted towards the limit is less.
func (c *compiler) optionals(e *pexpr, k int) {
	l := c.newLabel()
	c.line("for k%d := 0; k%d < %d; k%d++ { // %d optional in a row: none matches after one that does not", l, l, k, l, k)
	c.depth++
	c.expr(e.subs[0])
	c.line("if !ok {")
	c.line("\tbreak")
	c.line("}")
	c.depth--
	c.line("}")
	c.line("ok = true")
}

// alternative writes one alternative of the choice whose loop is L<l>: on a match it
// leaves the loop. An alternative that cannot match the empty string is tried only where the
// next byte can begin it.
func (c *compiler) alternative(s *pexpr, l int) {
	if f := c.firstOf(s); !f.nullable && !all(f.bytes) {
		t := classTable{bytes: f.bytes, doc: "the first bytes of an alternative"}
		c.line("if p < len(b.s) && class%d[b.s[p]] {", c.table(t))
		c.depth++
		c.expr(s)
		c.line("if ok {")
		c.line("\tbreak L%d", l)
		c.line("}")
		c.depth--
		c.line("}")
		return
	}
	c.expr(s)
	c.line("if ok {")
	c.line("\tbreak L%d", l)
	c.line("}")
}

// refersToNode reports whether e refers to a node rule, directly or through the rules it
// refers to.
func (c *compiler) refersToNode(e *pexpr) bool {
	seen := map[string]bool{}
	var walk func(e *pexpr) bool
	walk = func(e *pexpr) bool {
		if e.kind == "ruleRefExpr" {
			if c.nodeRule[e.name] {
				return true
			}
			if seen[e.name] {
				return false
			}
			seen[e.name] = true
			return walk(c.rules[c.ruleIdx[e.name]].expr)
		}
		for _, s := range e.subs {
			if walk(s) {
				return true
			}
		}
		return false
	}
	return walk(e)
}

// unwrap returns the expression e stands for: through actions, labels and the rules that
// would be written in place.
func (c *compiler) unwrap(e *pexpr) *pexpr {
	seen := map[string]bool{}
	for {
		switch e.kind {
		case "actionExpr", "labeledExpr":
			e = e.subs[0]
			continue
		case "ruleRefExpr":
			r := c.rules[c.ruleIdx[e.name]]
			if !c.nodeRule[e.name] && !c.inlining[e.name] && !seen[e.name] && size(r.expr) <= inlineMax {
				seen[e.name] = true
				e = r.expr
				continue
			}
		}
		return e
	}
}

// asciiClass reports whether e is a class of ASCII bytes (a byte table): a character class
// of ASCII characters, or a literal of one ASCII character ("-", "."i).
func asciiClass(e *pexpr) bool {
	if e.kind == "litMatcher" {
		return len(e.val) == 1 && e.val[0] < utf8.RuneSelf
	}
	if e.kind != "charClassMatcher" || e.inverted || e.classes {
		return false
	}
	for _, r := range append(append([]rune(nil), e.chars...), e.ranges...) {
		if r >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// runUntil writes the repetition e of ( !C . ), C an ASCII class (a PEG's "anything up to
// C", as RFC 6068's "?" that ends a mailto's addresses), as a run of the bytes that are not
// in C: "." takes a rune, and no byte of a rune after its first (nor any byte of invalid
// UTF-8, which "." takes a byte at a time) is ASCII, so the repetition ends at the first
// byte of C, or at the end. It reports false, writing nothing, for any other repetition.
func (c *compiler) runUntil(e *pexpr) bool {
	seq := c.unwrap(e.subs[0])
	if seq.kind != "seqExpr" || len(seq.subs) != 2 || seq.subs[0].kind != "notExpr" || c.unwrap(seq.subs[1]).kind != "anyMatcher" {
		return false
	}
	stop := c.unwrap(seq.subs[0].subs[0])
	if !asciiClass(stop) {
		return false
	}
	t := c.tables[c.classTable(stop)]
	var until classTable
	for k, in := range t.bytes {
		until.bytes[k] = !in
	}
	until.doc = "any byte but " + t.doc
	c.byteRepetition(e.kind, c.table(until), nil)
	return true
}

// classRun writes the repetition e as a run of bytes when what it repeats is an ASCII class,
// or a choice with ASCII class alternatives (pchar = unreserved / pct-encoded / ":" / ...,
// nested choices such as uchar = unreserved / escape taken as one): the bytes of the classes
// are skipped in a tight loop, the other alternatives tried where it stops. That is the
// repetition of the choice when the classes come first, or when no other alternative can
// begin with a byte of theirs (then the order of the alternatives does not matter: at most
// one kind can match at a position); it reports false, writing nothing, for any other
// repetition.
func (c *compiler) classRun(e *pexpr) bool {
	alts := c.flatAlternatives(e.subs[0], nil, map[string]bool{})
	union := classTable{}
	var docs []string
	var rest []alternative
	classesFirst := true
	for _, a := range alts {
		if !asciiClass(a.e) {
			rest = append(rest, a)
			continue
		}
		if len(rest) > 0 {
			classesFirst = false
		}
		t := c.tables[c.classTable(a.e)]
		docs = append(docs, t.doc)
		for k, in := range t.bytes {
			union.bytes[k] = union.bytes[k] || in
		}
	}
	if len(docs) == 0 {
		return false
	}
	if !classesFirst {
		for _, a := range rest {
			f := c.firstOf(a.e)
			if f.nullable {
				return false
			}
			for k, in := range f.bytes {
				if in && union.bytes[k] {
					return false // an earlier alternative could take a byte of a class
				}
			}
		}
	}
	union.doc = strings.Join(docs, " or ")
	c.byteRepetition(e.kind, c.table(union), rest)
	return true
}

// byteRepetition writes a repetition (kind * or +) of the bytes of table id and, where their
// run stops, of the alternatives rest; without rest, the run is the repetition.
func (c *compiler) byteRepetition(kind string, id int, rest []alternative) {
	l := c.beginRepetition()
	c.runRest(id)
	if len(rest) == 0 {
		c.line("ok = false")
	} else {
		c.line("q%d := p", l)
		c.alternativesExpr(rest)
		c.line("if ok && p != q%d {", l)
		c.line("	continue")
		c.line("}")
	}
	c.line("break")
	c.depth--
	c.line("}")
	c.endRepetition(kind, l)
}

// alternative is one alternative of a flattened choice: its expression and the rules it was
// reached through (written in place, so marked as being inlined while it is written).
type alternative struct {
	e   *pexpr
	via []string
}

// flatAlternatives returns the alternatives of e, through what unwrap sees through, with
// nested choices flattened: PEG's ordered choice is associative, (A / B) / C is A / B / C.
func (c *compiler) flatAlternatives(e *pexpr, via []string, seen map[string]bool) []alternative {
	switch e.kind {
	case "actionExpr", "labeledExpr":
		if e.kind == "actionExpr" && e.lenAction {
			break // a length a predicate reads: not looked through
		}
		return c.flatAlternatives(e.subs[0], via, seen)
	case "ruleRefExpr":
		r := c.rules[c.ruleIdx[e.name]]
		if !c.nodeRule[e.name] && !c.inlining[e.name] && !seen[e.name] && size(r.expr) <= inlineMax {
			seen[e.name] = true
			return c.flatAlternatives(r.expr, append(append([]string(nil), via...), e.name), seen)
		}
	case "choiceExpr":
		var out []alternative
		for _, s := range e.subs {
			out = append(out, c.flatAlternatives(s, via, seen)...)
		}
		return out
	}
	return []alternative{{e, via}}
}

// alternativesExpr writes the ordered choice of alts, each written with the rules it was
// reached through marked as being inlined.
func (c *compiler) alternativesExpr(alts []alternative) {
	l := c.newLabel()
	c.line("L%d:", l)
	c.line("for {")
	c.depth++
	for _, a := range alts {
		var marked []string
		for _, name := range a.via {
			if !c.inlining[name] {
				c.inlining[name] = true
				marked = append(marked, name)
			}
		}
		c.alternative(a.e, l)
		for _, name := range marked {
			delete(c.inlining, name)
		}
	}
	c.line("ok = false")
	c.line("break")
	c.depth--
	c.line("}")
}

// runEndingIn writes the repetition e = ( A* B )*, or +, where A and B are disjoint ASCII
// classes (a label's ( "-"* alphanum )*), as one run of bytes of either class cut back to
// just past its last B: each round of PEG's repetition takes the A's greedily, then needs a
// B, and the round that finds none gives back its A's; with A and B disjoint that ends
// exactly after the last B of the run. It reports false, writing nothing, for any other
// repetition.
func (c *compiler) runEndingIn(e *pexpr) bool {
	seq := c.unwrap(e.subs[0])
	if seq.kind != "seqExpr" || len(seq.subs) != 2 {
		return false
	}
	rep, last := c.unwrap(seq.subs[0]), c.unwrap(seq.subs[1])
	if rep.kind != "zeroOrMoreExpr" || !asciiClass(last) {
		return false
	}
	a := c.unwrap(rep.subs[0])
	if !asciiClass(a) {
		return false
	}
	ta, tb := c.tables[c.classTable(a)], c.tables[c.classTable(last)]
	union := classTable{doc: ta.doc + " or " + tb.doc}
	for k := range union.bytes {
		if ta.bytes[k] && tb.bytes[k] {
			return false // not disjoint: a round's A* could take the B it needs
		}
		union.bytes[k] = ta.bytes[k] || tb.bytes[k]
	}
	either, b := c.table(union), c.classTable(last)
	l := c.newLabel()
	c.line("{")
	c.depth++
	c.line("start%d := p", l)
	c.line("if b.work <= b.limit { // past the limit, nothing is scanned")
	c.depth++
	c.runRest(either)
	c.depth--
	c.line("}")
	c.line("end%d := p // just past the run's last B", l)
	c.line("for end%d > start%d && !class%d[b.s[end%d-1]] {", l, l, b, l)
	c.line("	end%d--", l)
	c.line("}")
	c.line("b.work += p - start%d", l)
	c.line("p = end%d", l)
	if e.kind == "oneOrMoreExpr" {
		c.line("ok = p != start%d && b.work <= b.limit", l)
	} else {
		c.line("ok = b.work <= b.limit")
	}
	c.depth--
	c.line("}")
	return true
}

// runRest writes the run of bytes of class<id> from p: p is left at its end. A run that
// goes on past its first byte is found eight bytes at a time (byteclass.RunEnd, whose loop
// ends without the misprediction a byte loop's end costs); an empty one, as a run of a rare
// byte (a label's "-"*) mostly is, costs one test that the processor predicts.
func (c *compiler) runRest(id int) {
	c.line("if p < len(b.s) && class%d[b.s[p]] {", id)
	c.line("	p = run%d.RunEnd(b.s, p+1)", id)
	c.line("}")
	c.runs[id] = true
}

// beginRepetition opens the block of a repetition, which notes where it starts (start<l>),
// and its loop; it returns l.
func (c *compiler) beginRepetition() int {
	l := c.newLabel()
	c.line("{")
	c.depth++
	c.line("start%d := p", l)
	c.line("for b.work <= b.limit { // past the limit, no round is tried")
	c.depth++
	return l
}

// endRepetition ends the block of a repetition that began at start<l>: * always matches;
// + matched when p moved, or when the last round matched the empty string.
func (c *compiler) endRepetition(kind string, l int) {
	c.line("b.work += p - start%d", l)
	if kind == "oneOrMoreExpr" {
		c.line("ok = (ok || p != start%d) && b.work <= b.limit", l)
	} else {
		c.line("ok = b.work <= b.limit")
	}
	c.depth--
	c.line("}")
}

// classTable returns the index of the byte table of an ASCII class (asciiClass), made once
// per set of bytes.
func (c *compiler) classTable(e *pexpr) int {
	if e.kind == "litMatcher" {
		t := classTable{doc: strconv.Quote(e.val)}
		b := e.val[0]
		t.bytes[b] = true
		if e.ignoreCase && 'a' <= b && b <= 'z' {
			t.bytes[b-'a'+'A'] = true
		}
		return c.table(t)
	}
	t := classTable{doc: classDoc(e)}
	for k := 0; k < utf8.RuneSelf; k++ {
		r := rune(k)
		if e.ignoreCase {
			r = toLowerASCII(r)
		}
		t.bytes[k] = inClass(e, r)
	}
	return c.table(t)
}

// table returns the index of a byte table, made once per set of bytes.
func (c *compiler) table(t classTable) int {
	key := fmt.Sprint(t.bytes)
	id, ok := c.classes[key]
	if !ok {
		id = len(c.tables)
		c.classes[key] = id
		c.tables = append(c.tables, t)
	}
	return id
}

func all(bytes [256]bool) bool {
	for _, b := range bytes {
		if !b {
			return false
		}
	}
	return true
}

func (c *compiler) lit(e *pexpr) {
	ascii := true
	for i := 0; i < len(e.val); i++ {
		if e.val[i] >= utf8.RuneSelf {
			ascii = false
		}
	}
	switch {
	case e.val == "":
		c.line("ok = true")
	case ascii && !e.ignoreCase && len(e.val) == 1:
		c.line("if ok = p < len(b.s) && b.s[p] == %q; ok {", e.val[0])
		c.line("\tp++")
		c.line("}")
	case ascii && !e.ignoreCase:
		c.line("if ok = len(b.s)-p >= %d && b.s[p:p+%d] == %q; ok {", len(e.val), len(e.val), e.val)
		c.line("\tp += %d", len(e.val))
		c.line("}")
	default:
		// Rune by rune, as pigeon compares: the input's rune (lower-cased for "..."i)
		// against the literal's.
		l := c.newLabel()
		c.line("{")
		c.depth++
		c.line("q%d := p", l)
		c.line("ok = true")
		c.line("for _, want := range %q {", e.val)
		c.line("\tif q%d >= len(b.s) {", l)
		c.line("\t\tok = false")
		c.line("\t\tbreak")
		c.line("\t}")
		c.line("\tr, w := utf8.DecodeRuneInString(b.s[q%d:])", l)
		if e.ignoreCase {
			c.line("\tr = unicode.ToLower(r)")
		}
		c.line("\tif r != want {")
		c.line("\t\tok = false")
		c.line("\t\tbreak")
		c.line("\t}")
		c.line("\tq%d += w", l)
		c.line("}")
		c.line("if ok {")
		c.line("\tp = q%d", l)
		c.line("}")
		c.depth--
		c.line("}")
	}
}

// inClass reports whether r is in the class, as pigeon's matcher decides (r lower-cased
// first for [...]i; inverted classes handled by the caller).
func inClass(e *pexpr, r rune) bool {
	for _, x := range e.chars {
		if x == r {
			return true
		}
	}
	for i := 0; i+1 < len(e.ranges); i += 2 {
		if r >= e.ranges[i] && r <= e.ranges[i+1] {
			return true
		}
	}
	return false
}

func (c *compiler) class(e *pexpr) {
	ascii := !e.inverted
	for _, r := range append(append([]rune(nil), e.chars...), e.ranges...) {
		if r >= utf8.RuneSelf {
			ascii = false
		}
	}
	if ascii {
		// A class of ASCII characters: a table of bytes (a byte >= 0x80 is no member: pigeon
		// reads it as a rune >= 0x80, or as U+FFFD when it is not UTF-8).
		id := c.classTable(e)
		c.line("if ok = p < len(b.s) && class%d[b.s[p]]; ok {", id)
		c.line("\tp++")
		c.line("}")
		return
	}
	// Any other class: decode the rune and test it as pigeon does. A class of non-ASCII
	// characters only (not inverted) holds no rune that a byte below 0x80 is read as (that
	// byte itself, lower-cased for [...]i: still ASCII), so such a byte is refused before a
	// decode and the range tests (a path's "/" after each segment, in whatwg-url).
	if nonASCII(e) {
		c.line("if ok = p < len(b.s) && b.s[p] >= utf8.RuneSelf; ok {")
	} else {
		c.line("if ok = p < len(b.s); ok {")
	}
	c.depth++
	c.line("r, w := utf8.DecodeRuneInString(b.s[p:])")
	if e.ignoreCase {
		c.line("r = unicode.ToLower(r)")
	}
	var conds []string
	for _, x := range e.chars {
		conds = append(conds, fmt.Sprintf("r == %q", x))
	}
	for i := 0; i+1 < len(e.ranges); i += 2 {
		conds = append(conds, fmt.Sprintf("(r >= %q && r <= %q)", e.ranges[i], e.ranges[i+1]))
	}
	cond := "false"
	if len(conds) > 0 {
		cond = strings.Join(conds, " || ")
	}
	if e.inverted {
		c.line("if ok = !(%s); ok {", cond)
	} else {
		c.line("if ok = %s; ok {", cond)
	}
	c.line("\tp += w")
	c.line("}")
	c.depth--
	c.line("}")
}

// nonASCII reports whether e, a class, is not inverted and has members, every one of them
// at or above utf8.RuneSelf.
func nonASCII(e *pexpr) bool {
	if e.inverted || len(e.chars)+len(e.ranges) == 0 {
		return false
	}
	for _, r := range e.chars {
		if r < utf8.RuneSelf {
			return false
		}
	}
	for i := 0; i+1 < len(e.ranges); i += 2 {
		if e.ranges[i] < utf8.RuneSelf {
			return false
		}
	}
	return true
}

// toLowerASCII is unicode.ToLower on ASCII.
func toLowerASCII(r rune) rune {
	if 'A' <= r && r <= 'Z' {
		return r + 'a' - 'A'
	}
	return r
}

// classDoc writes a class as the PEG does, for a comment.
func classDoc(e *pexpr) string {
	var b strings.Builder
	b.WriteByte('[')
	for i := 0; i+1 < len(e.ranges); i += 2 {
		fmt.Fprintf(&b, "%s-%s", strconv.QuoteRuneToASCII(e.ranges[i]), strconv.QuoteRuneToASCII(e.ranges[i+1]))
	}
	for _, r := range e.chars {
		b.WriteString(strconv.QuoteRuneToASCII(r))
	}
	b.WriteByte(']')
	if e.ignoreCase {
		b.WriteByte('i')
	}
	return b.String()
}

// ruleKey is the key urlgrammar's registry finds a rule by: its name without case, "_" as "-".
func ruleKey(name string) string { return strings.ReplaceAll(strings.ToLower(name), "_", "-") }
