package urlgrammar

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	goabnf "github.com/pandatix/go-abnf"
	"github.com/urlgrammar/urlgrammar/internal/dfa"
	"github.com/urlgrammar/urlgrammar/internal/dfa/dfabuild"
	"github.com/urlgrammar/urlgrammar/internal/difftest"
	"github.com/urlgrammar/urlgrammar/internal/spectest"
)

// conformanceScale multiplies the number of generated inputs; `make conformance` sets
// URLGRAMMAR_CONFORMANCE to run far more than `go test` does.
func conformanceScale() int {
	if n, err := strconv.Atoi(os.Getenv("URLGRAMMAR_CONFORMANCE")); err == nil && n > 0 {
		return n
	}
	return 1
}

// oracles are the three readings of one grammar: the pigeon parser of grammars/ID/ID.peg, the
// DFAs of grammars/ID/ID.abnf, and go-abnf's recognizer of the same ABNF (an independent
// algorithm: it tracks reachable positions, no automaton), as difftest checks them.
type oracles struct {
	g   *Grammar // the registered grammar: its PEG parser and DFAs
	ref *goabnf.Grammar
	difftest.Readings
}

func newOracles(t testing.TB, id string) *oracles {
	return newOraclesFor(t, MustLookup(id))
}

// readABNF returns go-abnf's reading of grammars/ID/ID.abnf (dfabuild.Read keeps each
// reading for the process: the tests of this package ask for each file several times).
func readABNF(id string) (*goabnf.Grammar, error) {
	src, err := os.ReadFile("grammars/" + id + "/" + id + ".abnf")
	if err != nil {
		return nil, err
	}
	return dfabuild.Read(src)
}

// newOraclesFor builds the oracles of a grammar, registered or not (an unregistered one is a
// Grammar value with its generated parser and DFAs, for grammars whose tree is not built yet).
func newOraclesFor(t testing.TB, g *Grammar) *oracles {
	ref, err := readABNF(g.id)
	if err != nil {
		t.Fatal(err)
	}
	o := &oracles{g: g, ref: ref}
	o.Readings = difftest.Readings{Name: g.id, Rules: g.Rules(), Ref: ref,
		PEG: func(rule, s string) bool {
			_, err := g.runRule(rule, s)
			return err == nil
		},
		DFA: func(rule, s string) bool {
			dec := g.decider(rule, s)
			if dec == nil {
				t.Fatalf("no DFA for rule %s", rule)
			}
			return dec.Valid(s)
		},
		ABNF: o.abnf,
	}
	return o
}

// verdicts returns the PEG, DFA and ABNF-recognizer verdicts on s for a rule.
func (o *oracles) verdicts(t testing.TB, rule, s string) [3]bool { return o.Verdicts(t, rule, s) }

// abnf returns go-abnf's verdict on s for a rule. For a dispatching start rule (rfc1738's
// url), the ABNF's verdict is combined with the dispatch the grammar declares, read here
// independently of the grammar's own dispatch function: an input that begins with a case's
// scheme and ":" (ASCII letters in any case) must match that case's rule.
func (o *oracles) abnf(t testing.TB, rule, s string) bool {
	ok, err := difftest.IsValid(o.ref, rule, []byte(s))
	if err != nil {
		t.Fatal(err)
	}
	if o.g.dispatch != nil && strings.EqualFold(rule, o.g.start) && ok {
		for _, c := range o.g.dispatch.cases {
			if len(s) > len(c.Scheme) && s[len(c.Scheme)] == ':' && strings.EqualFold(s[:len(c.Scheme)], c.Scheme) {
				if ok, err = difftest.IsValid(o.ref, c.Rule, []byte(s)); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
	}
	return ok
}

// TestDifferential: for every registered grammar and every rule of it as a start symbol, the
// PEG parser, the DFA and go-abnf's recognizer agree on the grammar's test tables
// (grammars/ID/testdata/valid.txt, invalid.txt and differential.txt, the ones that exist), on random
// members generated from the ABNF, and on near-miss mutants of them. A grammar added to the
// registry is covered without a test of its own; a disagreement is reported with a minimal
// witness.
func TestDifferential(t *testing.T) {
	t.Parallel()
	for _, id := range ownIDs() {
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			differential(t, newOracles(t, id), tableInputs(t, id), nil)
		})
	}
}

// tableInputs returns the inputs of grammars/ID/testdata/valid.txt, invalid.txt and differential.txt
// (those that exist), without the field before a tab (a production or an offset) that some
// tables have.
func tableInputs(t *testing.T, id string) []string {
	var inputs []string
	for _, f := range []string{"valid.txt", "invalid.txt", "differential.txt"} {
		f = filepath.Join("grammars", id, "testdata", f)
		if _, err := os.Stat(f); errors.Is(err, os.ErrNotExist) {
			continue
		}
		lines, err := spectest.Lines(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range lines {
			if _, in, ok := strings.Cut(l, "\t"); ok {
				l = in
			}
			inputs = append(inputs, spectest.Unempty(l))
		}
	}
	return inputs
}

// TestOpaqueIsGeneric97: in url-syntax-05, opaque-URL and generic-URL are the same language
// (rel-path is *urlc), which is why the tree of an absolute URL is always a generic-URL's.
// The DFAs prove it: neither has a member the other lacks.
func TestOpaqueIsGeneric97(t *testing.T) {
	g := MustLookup("url-syntax-05")
	opaque, generic := g.dfaFor("opaque-URL"), g.dfaFor("generic-URL")
	if w, found := dfa.Difference(opaque, generic); found {
		t.Errorf("opaque-URL has %q, generic-URL does not", w)
	}
	if w, found := dfa.Difference(generic, opaque); found {
		t.Errorf("generic-URL has %q, opaque-URL does not", w)
	}
}

// abnfEvery is how often go test asks go-abnf, whose recognizer costs about a millisecond an
// input (80% of the time of these tests): on every input whose PEG and DFA verdicts differ,
// and on one input in abnfEvery of the others. At URLGRAMMAR_CONFORMANCE=2 and above
// (make conformance; CI runs 2) it is asked on every input. The PEG and the DFA are two
// independent readings already (a transcription, and an automaton built from the ABNF), so a
// bug in either shows as their disagreement; go-abnf guards against both being wrong alike.
const abnfEvery = 8

// differential runs the three readings of every rule of o's grammar (but skip) on the shared
// inputs, generated members and mutants, and reports each disagreement with a minimal witness.
func differential(t *testing.T, o *oracles, shared []string, skip map[string]bool) {
	scale := conformanceScale()
	every := abnfEvery
	if scale >= 2 {
		every = 1
	} else if testing.Short() {
		every = 8 * abnfEvery // the quick loop (testscale): PEG and DFA on every input, go-abnf on one in 64
	}
	difftest.Run(t, &o.Readings, difftest.Options{Inputs: shared, Members: 60 * scale, Skip: skip,
		AskABNFEvery: every, Log: testing.Verbose()})
}

// Generated members must be accepted by all three: a check that the generator really walks
// the grammar (it is not only producing invalid strings that all three reject), with
// characters from the whole of a range (rfc3987's ucschar and iprivate reach U+10FFFD).
func TestDifferentialMembersAreValid(t *testing.T) {
	t.Parallel()
	for id, rules := range map[string][]string{
		"rfc2396bis-01": {"URI-reference", "IPv6address", "hostname", "authority"},
		"rfc3987":       {"IRI-reference", "ihost", "iquery"},
	} {
		o := newOracles(t, id)
		rng := rand.New(rand.NewSource(1))
		nonASCII := 0
		for _, r := range rules {
			valid := 0
			for range 40 {
				m, err := difftest.Member(rng, o.ref, r, 6)
				if err != nil {
					t.Fatal(err)
				}
				if v := o.verdicts(t, r, m); v == [3]bool{true, true, true} {
					valid++
				}
				for _, c := range m {
					if c > 0xFFFF {
						nonASCII++ // beyond the first sixteen of any range
					}
				}
			}
			if valid < 40 {
				t.Errorf("%s rule %s: only %d of 40 generated members accepted by all three", id, r, valid)
			}
		}
		if id == "rfc3987" && nonASCII == 0 {
			t.Errorf("rfc3987: no member holds a character past U+FFFF")
		}
	}
}

// go-abnf asked of the rules a rule reaches (difftest.IsValid) gives what it gives asked of
// the whole grammar, on every rule of two grammars (RFC 1738 has the most rules),
// on members and near misses of each rule and of the start rule.
func TestReachableABNFAgrees(t *testing.T) {
	t.Parallel()
	asked, valid := 0, 0
	for _, id := range []string{"rfc3986", "rfc1738"} {
		o := newOracles(t, id)
		rng := rand.New(rand.NewSource(9))
		for _, rule := range o.g.Rules() {
			for _, from := range []string{rule, o.g.start} {
				m, err := difftest.Member(rng, o.ref, from, 4)
				if err != nil {
					t.Fatal(err)
				}
				for _, s := range []string{m, difftest.Mutate(rng, m)} {
					want, err := o.ref.IsValid(rule, []byte(s))
					if err != nil {
						t.Fatal(err)
					}
					got, err := difftest.IsValid(o.ref, rule, []byte(s))
					if err != nil || got != want {
						t.Fatalf("%s rule %s on %q: %v, %v from the rules it reaches, %v from the grammar", id, rule, s, got, err, want)
					}
					asked++
					if want {
						valid++
					}
				}
			}
		}
	}
	if valid < asked/4 || valid == asked {
		t.Errorf("%d of %d inputs valid: the test says little", valid, asked)
	}
}

// The generated tables are current: grammars/ID/dfa.go records the SHA-256 of the ABNF
// file it was built from, which must be the file's now (an ABNF edited without make generate
// fails here). With URLGRAMMAR_CONFORMANCE set, the tables are also built again from the
// ABNF and compared state for state (seconds a grammar), as make check-generated does in CI.
func TestDFATablesMatchABNF(t *testing.T) {
	t.Parallel()
	for _, id := range ownIDs() {
		src, err := os.ReadFile("grammars/" + id + "/" + id + ".abnf")
		if err != nil {
			t.Fatal(err)
		}
		tables, err := os.ReadFile("grammars/" + id + "/dfa.go")
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("const abnfSHA256 = \"%x\"\n", sha256.Sum256(src)); !strings.Contains(string(tables), want) {
			t.Errorf("%s: grammars/%[1]s/dfa.go was not built from grammars/%[1]s/%[1]s.abnf as it is: run make generate", id)
		}
		if os.Getenv("URLGRAMMAR_CONFORMANCE") == "" {
			continue
		}
		g := MustLookup(id)
		ref, err := readABNF(id)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range ref.Rulemap {
			got, err := dfabuild.Build(ref, r.Name)
			if err != nil {
				t.Fatal(err)
			}
			want := g.dfaFor(r.Name)
			if !got.Equal(want) {
				t.Errorf("%s rule %s: the tables differ from the ABNF's DFA: run make generate", id, r.Name)
			}
		}
	}
}

// The typed tree's host kind agrees with the sub-rule DFAs: an IPv6reference host matches the
// IPv6reference DFA, an IPv4 host the IPv4address DFA and not... (docs/design.md preference).
func TestHostKindAgreesWithDFAs(t *testing.T) {
	t.Parallel()
	g := MustLookup("rfc2396bis-01")
	rng := rand.New(rand.NewSource(5))
	o := newOracles(t, "rfc2396bis-01")
	n := 0
	for i := 0; i < 400*conformanceScale(); i++ {
		m, err := difftest.Member(rng, o.ref, "authority", 4)
		if err != nil {
			t.Fatal(err)
		}
		s := "//" + m
		tree, err := g.Parse(s)
		if err != nil {
			t.Fatalf("authority %q does not parse as //authority: %v", m, err)
		}
		c := tree.Components()
		if c.HostKind == nil {
			continue
		}
		n++
		host := *c.Host
		match := func(rule string) bool { return g.dfaFor(rule).Valid(host) }
		want := "reg-name"
		switch {
		case match("IPv6reference") && serverCovers(g, string(m)):
			want = "ipv6"
		case match("IPv4address") && serverCovers(g, string(m)):
			want = "ipv4"
		case match("hostname") && serverCovers(g, string(m)):
			want = "hostname"
		}
		if *c.HostKind != want {
			t.Errorf("authority %q: host %q has kind %s, the DFAs say %s", m, host, *c.HostKind, want)
		}
	}
	if n < 100 {
		t.Errorf("only %d authorities with a host", n)
	}
}

// serverCovers reports whether the whole authority is a server (else it is a reg-name).
func serverCovers(g *Grammar, authority string) bool {
	return g.dfas["server"].Valid(authority)
}

func ExampleGrammar_Valid_dfa() {
	g := MustLookup("rfc2396bis-01")
	d := g.dfas["ipv6address"]
	fmt.Println(d.NumStates() > 0, g.Valid("http://[::1]/"))
	// Output: true true
}

// FuzzDifferential: on any input and any rule, the PEG parser, the DFA and go-abnf's
// recognizer agree.
func FuzzDifferential(f *testing.F) {
	var all []*oracles
	for _, id := range ownIDs() {
		all = append(all, newOracles(f, id))
	}
	for i, s := range []string{"http://a/b", "//[::1]:80", "1.2.3.4", "a-b.c.", "%41", "", "::", "g;x=1/../y",
		"gopher://h/7sel%09search", "news:foo@bar.com", "wais://h/db?x", "ftp://u@h/a;type=d"} {
		for gi := range all {
			f.Add(s, uint8(i), uint8(gi))
		}
	}
	f.Fuzz(func(t *testing.T, s string, r, gi uint8) {
		if len(s) > 256 {
			return
		}
		o := all[int(gi)%len(all)]
		rules := o.g.Rules()
		rule := rules[int(r)%len(rules)]
		if v := o.verdicts(t, rule, s); !difftest.Agree(v) {
			t.Fatalf("%s rule %s: PEG, DFA, ABNF disagree on %q: %v; minimal witness %q", o.g.id, rule, s, v, o.Shrink(t, rule, s))
		}
	})
}
