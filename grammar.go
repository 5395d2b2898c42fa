// Package urlgrammar parses and validates URLs and URI references exactly as the URL
// specifications' grammars define them.
//
// Each specification is a Grammar, found by its id with Lookup once its package is imported
// (each registers itself, as image/png does; grammars/all imports every bundled one):
//
//	import _ "github.com/urlgrammar/urlgrammar/grammars/all"
//
//	rfc3986        RFC 3986 (January 2005), the URI standard, the default
//	uri            RFC 3986, each URI of a bundled scheme also held to its scheme's RFC
//	rfc3987        RFC 3987 (January 2005), IRIs
//	rfc1738        RFC 1738 section 5 (December 1994): one production per scheme
//	rfc9110 ...    the scheme RFCs (http, ws, mailto, urn, tel, geo, data, file, ...)
//
// and the older drafts and RFCs (rfc2396, rfc2396bis-01, url-syntax-05, url-1993); IDs lists
// them all, with their constants (RFC3986, ...) beside it.
//
// A program that needs one grammar imports its package alone
// (github.com/urlgrammar/urlgrammar/grammars/rfc3986) and links only that grammar.
//
// Valid (a minimal DFA, no allocation) and Match decide membership exactly; Parse returns
// the tree, an ast.Tree of the grammar's rules in one block, the same kind for every
// grammar, which the grammar's package reads through typed views generated from the grammar
// (rfc3986.Root: a view per rule, with an accessor per child). A Parser reuses its memory from one tree to the next.
//
// A grammar's files are grammars/ID/ID.abnf (the specification's rules, with a header that
// registers it) and grammars/ID/ID.peg (their PEG transcription), from which its DFAs, pigeon's
// parser, a compiled tree builder and the typed views are generated; see docs/grammars.md for
// how to extend one, here or in a module of your own.
//
// urlgrammar is free software under the BSD 3-Clause license (the LICENSE file).
package urlgrammar

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/grammarkit"
	"github.com/urlgrammar/urlgrammar/internal/dfa"
	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// The ids of the bundled grammars, for Lookup and MustLookup.
const (
	RFC3986      = "rfc3986"       // RFC 3986 (STD 66), January 2005: URI-reference
	RFC3987      = "rfc3987"       // RFC 3987, January 2005: IRI-reference
	RFC2396bis01 = "rfc2396bis-01" // draft-fielding-uri-rfc2396bis-01, March 2003: URI-reference
	URLSyntax05  = "url-syntax-05" // draft-fielding-url-syntax-05, May 1997: URL-reference
	RFC1738      = "rfc1738"       // RFC 1738, December 1994: url
	URL1993      = "url-1993"      // Berners-Lee's URL Internet Draft, 1993: fragmentaddress
	RFC9110      = "rfc9110"       // RFC 9110, June 2022: the http and https URI schemes
	RFC9112      = "rfc9112"       // RFC 9112, June 2022: the HTTP/1.1 request-target
	RFC6455      = "rfc6455"       // RFC 6455, December 2011: the ws and wss URI schemes
	RFC2397      = "rfc2397"       // RFC 2397, August 1998: the data URL scheme
	RFC6068      = "rfc6068"       // RFC 6068, October 2010: the mailto URI scheme
	RFC8141      = "rfc8141"       // RFC 8141, April 2017: URNs
	RFC3966      = "rfc3966"       // RFC 3966, December 2004: the tel URI
	RFC5870      = "rfc5870"       // RFC 5870, June 2010: the geo URI
	RFC8089      = "rfc8089"       // RFC 8089, February 2017: the file URI scheme
	RFC6874      = "rfc6874"       // RFC 6874, February 2013: RFC 3986 with IPv6 zone identifiers
	RFC6570      = "rfc6570"       // RFC 6570, March 2012: URI Templates
	RFC2396      = "rfc2396"       // RFC 2396, August 1998, with RFC 2732's IPv6 literals
	WHATWGURL    = "whatwg-url"    // the WHATWG URL Standard: valid URL strings
	WebSafe      = "web-safe"      // whatwg-url within rfc3986: the same URL to browsers and to RFC 3986
	// RFC 8089's Appendix F: the nonstandard file URIs (drive letters, UNC paths)
	RFC8089Nonstandard = "rfc8089-nonstandard"
	URI                = "uri" // RFC 3986, each URI also checked against its scheme's grammar
)

// DefaultGrammar is the id of the grammar the CLI and the playground use when none is named:
// RFC 3986, the URI standard. (Package resolve's zero options keep rfc2396bis-01, the grammar
// of their zero Algorithm, Algorithm2003.)
const DefaultGrammar = RFC3986

// MaxInputLength is the longest input, in bytes, that Parse, Valid and Match examine; a
// longer input is a *SyntaxError at offset MaxInputLength.
const MaxInputLength = 1 << 20

// A tree's offsets reach MaxInputLength (ast.TreeNode packs a start in 22 bits): this
// constant does not compile otherwise.
const _ = uint(ast.MaxTreeInput - MaxInputLength)

// A Grammar is one specification's URL grammar. Its methods are safe for concurrent use.
type Grammar struct {
	id     string
	title  string
	start  string     // ABNF name of the start rule used by Parse and Valid
	rules  []peg.Rule // every ABNF rule, in grammar order
	byName map[string]string
	// gen is the grammar's registration, as its generated package wrote it.
	gen grammarkit.Generated
	// recognize is run without building the value: the same failure, several times
	// faster, for callers that want only the failure.
	recognize func(pegRule, src string, maxExpr uint64) *peg.Failure
	exprCost  uint64 // expressions allowed per input byte before the parser is stopped
	// dfas are the minimal DFAs of the rules, by lower-case name, generated from the ABNF:
	// exact membership and exact error offsets.
	dfas     map[string]*dfa.DFA
	startDFA *dfa.DFA
	// startPEG is the start rule's name in the PEG (byName's entry, looked up once).
	startPEG string
	startKey string // ruleKey(start): what isStart compares a rule's key with
	// treeParts is what the generic trees need, made when the grammar is registered (on
	// its first lookup: most programs that import urlgrammar parse with a grammar or two, and
	// the others cost nothing at start-up); trees returns it. lazyTrees makes it on first use
	// for a grammar built but not registered (buildGrammar alone).
	treeParts *treeParts
	lazyTrees func() *treeParts
	// buildTree, when set, builds the tree the recognizer records from the PEG compiled to
	// Go (grammars/ID/builder.go), or reports that the rule does not match the input.
	buildTree func(rule, src string, into []ast.TreeNode) ([]ast.TreeNode, bool)
	// buildStart is buildTree of the start rule (grammarkit.Generated.BuildStart).
	buildStart func(src string, into []ast.TreeNode) ([]ast.TreeNode, bool)
	// plain is set when the grammar checks nothing after its rules: no predicates, grammars
	// it is within or scheme grammars (takeIn's checks after take).
	plain bool
	// builtAlone is set when the tree of the start rule is buildStart's alone: a plain
	// grammar with a builder.
	builtAlone bool
	// dispatch, when the header declares one (; urlgrammar dispatch:), makes the start rule's
	// language a dispatch that the ABNF does not have (rfc1738: a URL with a named scheme
	// must match that scheme's production): it names the rule whose DFA decides s as the
	// start rule. The PEG's start rule does the same dispatch.
	dispatch *dispatch
	// generic is set when the trees are generic URI references (Generic).
	generic bool
	// semantics is the header's semantics line, or "" (Semantics).
	semantics string
	// predicated is set when the header declares predicates (predicates.go).
	predicated bool
	// withinState is set up for a grammar within others (within.go).
	withinState
	// names caches, per DFA (*dfa.DFA -> *errorNames), what an error in each state says
	// (errornames.go).
	names sync.Map
	// lastNames is the entry of names asked for last.
	lastNames atomic.Pointer[errorNames]
	// checked is the automaton of a grammar that checks schemes (checkedDFA).
	checked atomic.Pointer[checkedDFA]
	// accepted is AcceptedBytes, computed on first use.
	accepted atomic.Pointer[[256]bool]
}

// Generic reports whether the grammar's references are generic URI references: its header
// declares the specification whose semantics apply (Semantics; `; urlgrammar semantics:
// rfc3986`) and the components of section 5.2's parse(R), which registration checks. Those
// grammars have reference resolution, normalization and comparison (package resolve) and
// the security warnings (package warn), which work on the tree through the declared
// components: a grammar registered from outside the module has them too. RFC 1738's URLs,
// for one, are not generic: its section 2.3 leaves relative URLs undefined.
func (g *Grammar) Generic() bool { return g.generic }

// The specifications whose semantics a grammar may declare (Semantics).
const (
	Semantics1997 = "url-syntax-05" // the 1997 draft: its resolution (section 5.2)
	Semantics2396 = "rfc2396"       // RFC 2396: its resolution (section 5.2) and section 7
	Semantics2003 = "rfc2396bis-01" // the 2003 draft: its resolution, normalization, warnings
	Semantics3986 = "rfc3986"       // RFC 3986: sections 5.2, 6 and 7
	Semantics3987 = "rfc3987"       // RFC 3987: RFC 3986's resolution, its sections 5.3 and 8
)

// Semantics names the specification whose resolution, normalization and warnings apply to
// the grammar's references: one of Semantics1997, Semantics2396, Semantics2003, Semantics3986
// and Semantics3987, as the grammar's header declares it (`; urlgrammar semantics: rfc3986`),
// Semantics2003 when it declares none. Packages resolve and warn choose by it, never by the
// grammar's id, so a grammar added as a variant of another declares which it follows.
func (g *Grammar) Semantics() string {
	if g.semantics == "" {
		return Semantics2003
	}
	return g.semantics
}

// decider returns the DFA that decides s for rule: the rule's own, or, for the start rule,
// startDecider's. It is nil when the rule has none.
func (g *Grammar) decider(rule, s string) *dfa.DFA {
	if rule == g.start && g.startDFA != nil { // the start rule by its own name: no map lookup
		return g.startDecider(s)
	}
	if g.dispatch != nil && g.isStart(rule) {
		return g.startDecider(s)
	}
	return g.dfaFor(rule)
}

// startDecider returns the DFA that decides s for the start rule: the start rule's own, or,
// for a dispatching start rule, the DFA of the rule the dispatch names.
func (g *Grammar) startDecider(s string) *dfa.DFA {
	if g.dispatch != nil {
		return g.dispatch.decider(s)
	}
	return g.startDFA
}

// dfaFor returns the DFA of a rule, or nil.
func (g *Grammar) dfaFor(rule string) *dfa.DFA {
	if d, ok := g.dfas[rule]; ok {
		return d
	}
	return g.dfas[ruleKey(rule)]
}

// ruleKey is the key of a rule name in a grammar's maps: ABNF rule names are
// case-insensitive, and "_" is taken as "-" because the drafts' own names (net_path,
// path_segments) use "_" where ABNF, which has no "_", uses "-".
func ruleKey(name string) string {
	return strings.ReplaceAll(strings.ToLower(name), "_", "-")
}

// isStart reports whether rule names the start rule, as Match matches names (ruleKey).
func (g *Grammar) isStart(rule string) bool {
	return rule == g.start || ruleKey(rule) == g.startKey
}

// HasRule reports whether the grammar has a rule of the name (matched as Match matches it:
// without case, "_" taken as "-").
func (g *Grammar) HasRule(name string) bool {
	_, ok := g.byName[ruleKey(name)]
	return ok
}

// ID returns the grammar's id, e.g. "rfc2396bis-01".
func (g *Grammar) ID() string { return g.id }

// Title returns the specification the grammar comes from.
func (g *Grammar) Title() string { return g.title }

// Start returns the name of the rule Parse and Valid use as the start symbol.
func (g *Grammar) Start() string { return g.start }

// Rules returns the names of the grammar's rules, as the specification writes them, in the
// order of the grammar file.
func (g *Grammar) Rules() []string {
	names := make([]string, len(g.rules))
	for i, r := range g.rules {
		names[i] = r.ABNF
	}
	return names
}

// defaultExprCost is the number of expressions a grammar's PEG parser may evaluate per input
// byte (plus 64) before it is stopped: every grammar is linear, with room to spare.
const defaultExprCost = 400

// treeParts are what a grammar's generic trees need: the recognizer's recorder and the
// schema of its trees.
type treeParts struct {
	record peg.TreeFunc
	schema *ast.Schema
	preds  []treePredicate // the header's predicate lines (predicates.go)
	err    error
}

// makeTreeParts makes the tree parts of a generated grammar.
func makeTreeParts(gen grammarkit.Generated) *treeParts {
	tp := &treeParts{}
	record, names, err := gen.PEG.TreeRecorder(gen.Info.Nodes, gen.Aliases)
	if err != nil {
		tp.err = fmt.Errorf("grammar %s: %w", gen.Info.ID, err)
		return tp
	}
	tp.record = record
	if tp.schema, err = ast.NewSchema(names, gen.Info.Decls); err != nil {
		tp.err = fmt.Errorf("grammar %s: %w", gen.Info.ID, err)
		return tp
	}
	if tp.preds, err = makePredicates(gen, tp.schema); err != nil {
		tp.err = fmt.Errorf("grammar %s: %w", gen.Info.ID, err)
	}
	return tp
}

// trees returns what the generic trees need: a field's load for a registered grammar (a
// sync.OnceValue's call was 2% of a Parse's instructions).
func (g *Grammar) trees() *treeParts {
	if tp := g.treeParts; tp != nil {
		return tp
	}
	return g.lazyTrees()
}

// setTrees makes g's tree parts on first use, for a grammar that is not registered; a
// grammar whose parts cannot be made (checked when it is generated, and by Register) panics
// there.
func (g *Grammar) setTrees(gen grammarkit.Generated) {
	g.lazyTrees = sync.OnceValue(func() *treeParts {
		tp := makeTreeParts(gen)
		if tp.err != nil {
			panic("urlgrammar: " + tp.err.Error())
		}
		return tp
	})
}

// buildGrammar is newGrammar with its errors.
func buildGrammar(gen grammarkit.Generated) (*Grammar, error) {
	if gen.PEG == nil || gen.DFAs == nil {
		return nil, fmt.Errorf("grammar %s: an incomplete registration (not one a generator wrote)", gen.Info.ID)
	}
	if gen.BuildTree != nil && gen.BuilderVersion != peg.BuilderVersion {
		// An older builder may not stop in linear time on input the DFA rejects, and Parse
		// now runs it first.
		return nil, fmt.Errorf("grammar %s: its builder.go was written by another version of the generator "+
			"(builder version %d; this urlgrammar needs %d): generate its package again (go generate, or urlgrammar-gen)",
			gen.Info.ID, gen.BuilderVersion, peg.BuilderVersion)
	}
	g := &Grammar{
		id:         gen.Info.ID,
		title:      gen.Info.Title,
		start:      gen.Info.Start,
		rules:      gen.PEG.Rules(),
		gen:        gen,
		recognize:  gen.PEG.Recognize,
		exprCost:   defaultExprCost,
		dfas:       gen.DFAs(),
		buildTree:  gen.BuildTree,
		semantics:  gen.Info.Semantics,
		predicated: len(gen.Info.Predicates) > 0,
	}
	switch g.semantics {
	case "", Semantics1997, Semantics2396, Semantics2003, Semantics3986, Semantics3987:
	default:
		return nil, fmt.Errorf("grammar %s: unknown semantics %q (known: %s, %s, %s, %s, %s)", gen.Info.ID, g.semantics,
			Semantics1997, Semantics2396, Semantics2003, Semantics3986, Semantics3987)
	}
	if g.semantics != "" {
		// Resolution, normalization and the warnings read the five components of section
		// 5.2's parse(R) from the tree: a grammar that asks for them must say where they are.
		declared := map[string]bool{}
		for _, d := range gen.Info.Decls {
			if name, ok := strings.CutPrefix(d.Key, "component "); ok {
				declared[strings.Fields(name)[0]] = true
			}
		}
		for _, c := range []string{"scheme", "authority", "path", "query", "fragment"} {
			if !declared[c] {
				return nil, fmt.Errorf("grammar %s declares the semantics %s but not the component %s (a line \"; urlgrammar component %s: RULE ...\")",
					gen.Info.ID, g.semantics, c, c)
			}
		}
		g.generic = true
	}
	if gen.Info.Dispatch != "" {
		cases, otherwise, err := peg.ParseDispatch(gen.Info.Dispatch)
		if err != nil {
			return nil, fmt.Errorf("grammar %s: %w", gen.Info.ID, err)
		}
		d := &dispatch{cases: cases, otherwise: otherwise}
		for _, r := range append(cases, peg.DispatchCase{Rule: otherwise}) {
			if g.dfas[r.Rule] == nil && g.dfas[ruleKey(r.Rule)] == nil {
				return nil, fmt.Errorf("grammar %s: the dispatch names %q, which has no DFA (not a rule of the grammar)", gen.Info.ID, r.Rule)
			}
		}
		g.dispatch = d
	}
	g.setTrees(gen)
	return g, nil
}

// registry holds the grammars by id, made from their registrations on first lookup;
// registryMu guards it against a Register that runs while another goroutine looks a grammar
// up.
var (
	registry   = map[string]*Grammar{}
	registryMu sync.RWMutex
)

// Register adds a grammar generated by urlgrammar-gen (its package's Generated) to the
// registry, checked, and returns it: Lookup finds it by its id from then on. A generated
// package registers itself with grammarkit.Register when it is imported, and this module's
// Lookup finds it there; Register is for a program that registers a Generated value itself
// (under another id, say). A registered grammar has what every grammar has (Valid, Match,
// errors, Parse, ParseRule, Components by the header's declarations, the typed views of its
// package), as this module's grammars do. An id that is already registered, or a registration that is not consistent, is
// an error.
func Register(gen grammarkit.Generated) (*Grammar, error) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, pending := grammarkit.Registered(gen.Info.ID); pending {
		if _, built := registry[gen.Info.ID]; !built {
			return nil, fmt.Errorf("grammar registered twice: %s", gen.Info.ID)
		}
	}
	return registerLocked(gen)
}

// MustRegister is Register, panicking on its error.
func MustRegister(gen grammarkit.Generated) *Grammar {
	g, err := Register(gen)
	if err != nil {
		panic("urlgrammar: " + err.Error())
	}
	return g
}

// registerLocked builds the grammar of gen and adds it to the registry; registryMu is held.
func registerLocked(gen grammarkit.Generated) (*Grammar, error) {
	if _, dup := registry[gen.Info.ID]; dup {
		return nil, fmt.Errorf("grammar registered twice: %s", gen.Info.ID)
	}
	g, err := buildGrammar(gen)
	if err != nil {
		return nil, err
	}
	tp := makeTreeParts(gen)
	if tp.err != nil {
		return nil, tp.err // now, not at the first parse
	}
	g.treeParts = tp
	g.byName = make(map[string]string, len(g.rules))
	for _, r := range g.rules {
		g.byName[ruleKey(r.ABNF)] = r.PEG
		g.byName[r.ABNF] = r.PEG // also by the exact spelling, which needs no ruleKey
	}
	if _, ok := g.byName[ruleKey(g.start)]; !ok {
		return nil, fmt.Errorf("grammar %s has no start rule %s", g.id, g.start)
	}
	// Keyed by the exact ABNF spelling and by lower case: the exact key serves callers
	// without allocating, the lower-case one makes names case-insensitive.
	both := make(map[string]*dfa.DFA, 2*len(g.dfas))
	for name, d := range g.dfas {
		both[name] = d // prepared on first use (dfa.DFA.Prepare)
		both[ruleKey(name)] = d
	}
	g.dfas = both
	if g.dispatch != nil {
		g.dispatch.keyDeciders(g)
	}
	g.startKey = ruleKey(g.start)
	g.startDFA = g.dfas[g.startKey]
	g.startPEG = g.byName[g.startKey]
	if g.buildStart = gen.BuildStart; g.buildStart == nil && g.buildTree != nil {
		build, start := g.buildTree, g.startPEG
		g.buildStart = func(src string, into []ast.TreeNode) ([]ast.TreeNode, bool) { return build(start, src, into) }
	}
	g.plain = !g.predicated && !g.HasWithin() && !gen.Info.CheckSchemes
	g.builtAlone = g.buildStart != nil && g.plain
	registry[g.id] = g
	return g, nil
}

// IDs returns the ids of the known grammars, sorted: those registered (grammarkit.Register,
// by importing their packages; Register).
func IDs() []string {
	registryMu.RLock()
	defer registryMu.RUnlock()
	seen := map[string]bool{}
	var ids []string
	for id := range registry {
		seen[id] = true
		ids = append(ids, id)
	}
	for _, id := range grammarkit.IDs() {
		if !seen[id] {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	return ids
}

// Lookup returns the grammar with the given id: one whose package is imported (each bundled
// grammar's package, grammars/ID, registers it; github.com/urlgrammar/urlgrammar/grammars/all
// imports them all) or that Register added. It is made ready, and checked, on its first
// lookup. An unknown id is an *UnknownGrammarError, which lists the known ones.
func Lookup(id string) (*Grammar, error) {
	registryMu.RLock()
	g, ok := registry[id]
	registryMu.RUnlock()
	if ok {
		return g, nil
	}
	gen, ok := grammarkit.Registered(id)
	if !ok {
		return nil, &UnknownGrammarError{ID: id, Known: IDs()}
	}
	registryMu.Lock()
	defer registryMu.Unlock()
	if g, ok := registry[id]; ok {
		return g, nil
	}
	return registerLocked(gen)
}

// UnknownGrammarError is returned by Lookup for an id no grammar has.
type UnknownGrammarError struct {
	ID    string
	Known []string // the ids of the known grammars, sorted
}

func (e *UnknownGrammarError) Error() string {
	if len(e.Known) == 0 {
		return fmt.Sprintf("unknown grammar %q (no grammar is registered: import a grammar's package, "+
			"or github.com/urlgrammar/urlgrammar/grammars/all for every bundled grammar)", e.ID)
	}
	return fmt.Sprintf("unknown grammar %q (known grammars: %s)", e.ID, strings.Join(e.Known, ", "))
}

// NotGenericError is returned by packages resolve and uri for a grammar whose trees are not
// generic URI references (see Generic).
type NotGenericError struct {
	Grammar string
}

func (e *NotGenericError) Error() string {
	return fmt.Sprintf("grammar %s does not build generic URI references", e.Grammar)
}

// MustLookup is like Lookup but panics on an unknown id. It is meant for ids written in the
// program, such as DefaultGrammar.
func MustLookup(id string) *Grammar {
	g, err := Lookup(id)
	if err != nil {
		panic(err)
	}
	return g
}

// CheckTree returns nil for a tree of this grammar's start rule (what Parse and a Parser
// return), and an error that says why not for the zero tree, a tree of another grammar or of
// another rule (ParseRule). It does not look at the nodes: a tree made with ast.NewTree is
// the caller's to get right.
func (g *Grammar) CheckTree(t ast.Tree) error {
	switch {
	case t.Len() == 0:
		return fmt.Errorf("grammar %s: an empty tree", g.id)
	case t.Schema() != g.trees().schema:
		return fmt.Errorf("grammar %s: a tree of another grammar", g.id)
	case !strings.EqualFold(t.RuleName(0), g.start):
		return fmt.Errorf("grammar %s: a tree of rule %s, not of the start rule %s", g.id, t.RuleName(0), g.start)
	}
	return nil
}

// AcceptedBytes reports, for each byte, whether it occurs in some input the grammar
// accepts: a byte it reports false of is in no input Valid accepts, so an accepted input
// needs no escaping of such bytes (RFC 3986's has no space, '"', '\\' or control
// character). It reads the start rule's DFA: the grammar's predicates and the scheme
// grammars it checks only narrow its language, so a byte it reports true of may still be in
// none.
func (g *Grammar) AcceptedBytes() [256]bool {
	a := g.accepted.Load()
	if a == nil {
		b := g.startDFA.Bytes() // a race computes it twice, alike
		a = &b
		g.accepted.Store(a)
	}
	return *a
}

// Valid reports whether s is in the language of the grammar's start rule. It runs the
// minimal DFA generated from the grammar's ABNF and allocates nothing.
func (g *Grammar) Valid(s string) bool {
	if len(s) > MaxInputLength {
		return false
	}
	if g.gen.Info.CheckSchemes {
		if d, err := g.checkedDFA(); err == nil {
			return d.Valid(s)
		}
		// A registry whose scheme grammars conflict: each check on its own.
		return g.startDFA.Valid(s) && schemeValid(s)
	}
	if g.HasWithin() {
		_, err := g.withinGrammars()
		return err == nil && g.withinDFA.Valid(s) && g.withinHold(s) // the predicates too
	}
	if d := g.startDecider(s); d != nil {
		if g.predicated {
			return g.validPredicated(d, s)
		}
		return d.Valid(s)
	}
	_, err := g.take("", s, false, nil)
	return err == nil
}

// validPredicated is Valid of a grammar with predicates, whose start rule d decides: the
// builder decides an input it takes and gives the tree the predicates read, in one pass (the
// DFA first read each valid input once more: a quarter of whatwg-url's Valid); an input it
// does not take is the DFA's to decide, and then the recorder's tree is read. No allocation.
func (g *Grammar) validPredicated(d *dfa.DFA, s string) bool {
	if g.buildStart != nil {
		block := predicateBlock(s)
		defer errorBlocks.Put(block)
		nodes, ok := g.buildStart(s, (*block)[:0])
		*block = nodes[:0] // keep the room it grew to
		if ok {
			return g.nodesHold(s, nodes)
		}
	}
	return d.Valid(s) && g.predicatesHold(s)
}

// Match reports whether s is in the language of the named rule, used as an anchored start
// symbol: nil when it is, a *SyntaxError when it is not, and an *UnknownRuleError when the
// grammar has no such rule. Rule names are matched case-insensitively, as ABNF does.
// Membership comes from the rule's DFA, generated from the ABNF; the PEG parser names the
// rule in the error.
func (g *Grammar) Match(rule, s string) error { return g.matchIn(rule, s, nil) }

// matchIn is Match with the error of the start rule made in eb when it is not nil (a
// Parser's block, which the grammar uri's Parser passes for the error of a URI's scheme
// grammar).
func (g *Grammar) matchIn(rule, s string, eb *syntaxErrorBlock) error {
	if rule == "" { // take's name of the start rule
		return &UnknownRuleError{Grammar: g.id, Rule: rule}
	}
	if rule == g.start && len(s) <= MaxInputLength {
		// The start rule as named: a caller that wants the verdict and, for an invalid input,
		// the error (the check command) calls Match alone.
		if !g.plain {
			// Predicates, grammars it is within, schemes: take builds the trees they read,
			// Valid reads them in pooled blocks; a member costs no allocation.
			if g.Valid(s) {
				return nil
			}
		} else if d := g.startDecider(s); d != nil {
			// Nothing after the rules: Valid's pass of the DFA, whose error is where it
			// stopped (one pass over an invalid input, not Valid's and then take's).
			if ok, off, st := d.MatchState(s); !ok {
				return g.matchError(d, rule, s, off, st, eb)
			}
			return nil
		}
	}
	_, err := g.takeIn(rule, s, false, nil, eb)
	return err
}

// matchError is Match's error for s, which the DFA d of rule rejects at offset off, in state
// st (d.MatchState's), made in eb when it is not nil (a Parser's or a Matcher's block). Its
// explanation is computed when it is asked for: an error that is only tested costs no more.
func (g *Grammar) matchError(d *dfa.DFA, rule, s string, off, st int, eb *syntaxErrorBlock) *SyntaxError {
	if g.isStart(rule) {
		return newStartError(g, d, s, off, st, eb)
	}
	return newRuleError(g, d, rule, s, off, st, eb)
}

// MatchPEG is Match by the grammar's PEG parser alone, without its DFAs: nil when s is in
// the language of the named rule as grammars/ID/ID.peg transcribes it, else the PEG parser's
// *SyntaxError. Match is exact and faster; MatchPEG is for tests that hold the PEG to the
// ABNF (package grammartest), since a PEG rule that drops part of the ABNF's language shows
// only here.
func (g *Grammar) MatchPEG(rule, s string) error {
	return g.checkRule(rule, s)
}

// UnknownRuleError is returned by Match for a rule the grammar does not have.
type UnknownRuleError struct {
	Grammar string
	Rule    string
}

func (e *UnknownRuleError) Error() string {
	return fmt.Sprintf("grammar %s has no rule %q (see: urlgrammar rules -g %s)", e.Grammar, e.Rule, e.Grammar)
}

// checkRule is the verdict of the PEG parser's recognizer alone, without the DFAs (MatchPEG).
func (g *Grammar) checkRule(rule, s string) error {
	pegRule, err := g.pegRule(rule, s)
	if err != nil {
		return err
	}
	if f := g.recognize(pegRule, s, g.maxExpr(s)); f != nil {
		return g.failureError(f, s)
	}
	return nil
}

// pegFailure is where the rule with the ABNF name rule fails on s, and in which rule, from
// the PEG parser's recognizer (false when s matches), without what was expected there; the
// rule must exist and s must not be too long.
func (g *Grammar) pegFailure(rule, s string) (peg.Failure, bool) {
	return g.gen.PEG.RecognizePlace(g.byName[ruleKey(rule)], s, g.maxExpr(s))
}

// pegRule returns the PEG name of the rule with the ABNF name rule, or the error of rule
// or of an input s over MaxInputLength.
func (g *Grammar) pegRule(rule, s string) (string, error) {
	pegRule, ok := g.startPEG, rule == g.start // the start rule as named, without a lookup
	if !ok {
		pegRule, ok = g.byName[rule] // the exact spelling first: no allocation
	}
	if !ok {
		if pegRule, ok = g.byName[ruleKey(rule)]; !ok {
			return "", &UnknownRuleError{Grammar: g.id, Rule: rule}
		}
	}
	if len(s) > MaxInputLength {
		return "", tooLong(g, rule, s)
	}
	return pegRule, nil
}

// maxExpr is the number of expressions the PEG parser may evaluate on s before it is
// stopped.
func (g *Grammar) maxExpr(s string) uint64 { return g.exprCost * uint64(len(s)+64) }

// failureError is the *SyntaxError of the PEG parser's failure f on s.
func (g *Grammar) failureError(f *peg.Failure, s string) *SyntaxError {
	if f.Limit {
		return newSyntaxError(g.id, f.Rule, s, f.Offset, nil,
			"parser stopped: expression limit reached (the input is pathological for this grammar)")
	}
	return newSyntaxError(g.id, f.Rule, s, f.Offset, peg.NextChars(f.Expected), "")
}
