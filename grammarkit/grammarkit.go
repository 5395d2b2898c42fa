// Package grammarkit is what a generated grammar package is made of: the registration a
// generator writes (Generated, with the grammar's Info), the failure its PEG parser reports,
// the DFA tables of its rules, and the registry the package adds itself to when it is
// imported (Register), as image/png registers its format and a database/sql driver its name.
// The packages that urlgrammar-gen writes and this module's own (grammars/ID) import it;
// urlgrammar.Lookup finds a grammar in the registry by its id.
//
// The types are those of urlgrammar's internal packages, named here so that a package
// outside this module can hold them.
package grammarkit

import (
	"fmt"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/grammarkit/pegvm"
	"github.com/urlgrammar/urlgrammar/internal/dfa"
	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// Generated is a grammar's registration and its parsers, as a generator writes them
// (grammars/ID/generated.go): what the grammar is (Info, from its ABNF header), its PEG as
// data for the one recognizer (package pegvm), the minimal DFAs of its rules, and the PEG
// compiled to Go. urlgrammar's registry takes it as it is.
type Generated struct {
	Info Info
	// PEG is the grammar's PEG (grammars/ID/peg.go): package pegvm runs it to explain a
	// failure and to record the tree of an input the compiled builder does not take.
	PEG *pegvm.Grammar
	// DFAs returns the minimal DFA of every rule of the ABNF, by lower-case name
	// (grammars/ID/dfa.go).
	DFAs func() map[string]*DFA
	// BuildTree, when the PEG could be compiled (grammars/ID/builder.go), builds the tree
	// PEG.TreeRecorder records, from direct code: the nodes of src matched whole from the
	// PEG rule, or false.
	BuildTree func(rule, src string, into []ast.TreeNode) ([]ast.TreeNode, bool)
	// BuildStart is BuildTree of the start rule, without the choice of the rule by its
	// name: what Parse calls. A registration without it (a package an older generator wrote)
	// builds the start rule's trees through BuildTree.
	BuildStart func(src string, into []ast.TreeNode) ([]ast.TreeNode, bool)
	// BuilderVersion is the BuilderVersion of the generator that wrote BuildTree: a
	// registration refuses a builder of another version, whose contract differs.
	BuilderVersion int
	// Aliases maps the PEG's helper rules that stand for an ABNF rule (marked
	// "// urlgrammar node: NAME" in the PEG file) to that rule's name.
	Aliases map[string]string
	// ABNF is the text of the grammar's ABNF file, as the generator read it (diagrams,
	// documentation: urlgrammar.Grammar.ABNF).
	ABNF string
}

// Exact returns a copy of nodes in a new block of their size, or nil and false when ok is
// false: what a generated BuildTree or BuildStart returns for a nil block, after building the
// tree in one on its stack (nodes is read, not kept, so that block stays on the stack).
func Exact(nodes []ast.TreeNode, ok bool) ([]ast.TreeNode, bool) {
	if !ok {
		return nil, false
	}
	exact := make([]ast.TreeNode, len(nodes))
	copy(exact, nodes)
	return exact, true
}

// Info is a grammar's registration, from the header of its ABNF file.
type Info = peg.Info

// Rule is a rule of a grammar: its ABNF name and the name of its PEG rule.
type Rule = peg.Rule

// Failure is where and why a PEG parse failed.
type Failure = peg.Failure

// TreeFunc records the generic tree of a match.
type TreeFunc = peg.TreeFunc

// SchemeRule is a header's scheme line: the rule a URI of a scheme must match.
type SchemeRule = peg.SchemeRule

// DFA is the minimal DFA of one rule, as static tables.
type DFA = dfa.DFA

// Expected returns the sorted, deduplicated expected set of a failure from the raw list
// pigeon's parser keeps.
func Expected(raw []string) []string { return peg.Expected(raw) }

var (
	registryMu sync.Mutex
	registry   = map[string]Generated{}
)

// Register adds a generated grammar to the registry, under its id: the generated package
// calls it when it is initialized, so that importing the package (or
// github.com/urlgrammar/urlgrammar/grammars/all, which imports every bundled grammar) makes
// the grammar known to urlgrammar.Lookup. The grammar is checked, and made ready, when it is
// first looked up. Registering an id twice panics. It returns the id, so that a package can
// register from a variable's initializer.
func Register(g Generated) string {
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := registry[g.Info.ID]; dup || g.Info.ID == "" {
		panic(fmt.Sprintf("grammarkit: Register of grammar %q twice, or without an id", g.Info.ID))
	}
	registry[g.Info.ID] = g
	registrations.Add(1)
	return g.Info.ID
}

// registrations counts the calls of Register, read without the lock (Count).
var registrations atomic.Int64

// Count returns the number of registered grammars: it changes when one is registered. It
// takes no lock, for callers that check on every call whether the registry changed.
func Count() int { return int(registrations.Load()) }

// Registered returns the grammar registered under id, or false.
func Registered(id string) (Generated, bool) {
	registryMu.Lock()
	defer registryMu.Unlock()
	g, ok := registry[id]
	return g, ok
}

// IDs returns the ids of the registered grammars, sorted.
func IDs() []string {
	registryMu.Lock()
	defer registryMu.Unlock()
	ids := make([]string, 0, len(registry))
	for id := range registry {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// A Predicate decides what a grammar's rules cannot say about a node's text: the header line
//
//	; urlgrammar predicate RULE: NAME
//
// makes every node of RULE in a tree of the grammar subject to the predicate registered
// under NAME (whatwg-url's valid-domain-string: the WHATWG URL Standard's "valid domain", an
// algorithm over UTS 46). It returns nil for a text it accepts, else why not; the error's
// text is the message of the input's syntax error, at the node's first byte.
type Predicate func(text string) error

var (
	predicatesMu sync.Mutex
	predicates   = map[string]Predicate{}
)

// RegisterPredicate registers a predicate under its name, as the package that implements it
// does when it is initialized (a grammar's package, in a file written beside the grammar).
// The name is global: registering one twice, or an empty name or a nil function, panics.
func RegisterPredicate(name string, p Predicate) {
	predicatesMu.Lock()
	defer predicatesMu.Unlock()
	if _, dup := predicates[name]; dup || name == "" || p == nil {
		panic(fmt.Sprintf("grammarkit: RegisterPredicate of %q twice, unnamed or nil", name))
	}
	predicates[name] = p
}

// PredicateError is an error a Predicate may return to place the input's error inside the
// node's text: at byte Offset of the text, with message Msg.
type PredicateError struct {
	Offset int
	Msg    string
}

func (e *PredicateError) Error() string { return e.Msg }

// PredicateOf returns the predicate registered under name, or false.
func PredicateOf(name string) (Predicate, bool) {
	predicatesMu.Lock()
	defer predicatesMu.Unlock()
	p, ok := predicates[name]
	return p, ok
}
