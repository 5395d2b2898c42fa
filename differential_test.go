package urlgrammar

import (
	"fmt"
	"math/rand"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	goabnf "github.com/pandatix/go-abnf"
	"github.com/urlgrammar/urlgrammar/internal/dfa"
	"github.com/urlgrammar/urlgrammar/internal/dfa/dfabuild"
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

// oracles are the three readings of one grammar: the pigeon parser of grammar/ID.peg, the
// DFAs of grammar/ID.abnf, and go-abnf's recognizer of the same ABNF (an independent
// algorithm: it tracks reachable positions, no automaton).
type oracles struct {
	g   *Grammar // the registered grammar: its PEG parser and DFAs
	ref *goabnf.Grammar
}

func newOracles(t testing.TB, id string) *oracles {
	return newOraclesFor(t, MustLookup(id))
}

// newOraclesFor builds the oracles of a grammar, registered or not (an unregistered one is a
// Grammar value with its generated parser and DFAs, for grammars whose tree is not built yet).
func newOraclesFor(t testing.TB, g *Grammar) *oracles {
	src, err := os.ReadFile("grammar/" + g.id + ".abnf")
	if err != nil {
		t.Fatal(err)
	}
	ref, err := dfabuild.Read(src)
	if err != nil {
		t.Fatal(err)
	}
	return &oracles{g, ref}
}

// verdicts returns the PEG, DFA and ABNF-recognizer verdicts on s for a rule.
func (o *oracles) verdicts(t testing.TB, rule, s string) [3]bool {
	_, pegErr := o.g.runRule(rule, s)
	d := o.g.decider(rule, s)
	if d == nil {
		t.Fatalf("no DFA for rule %s", rule)
	}
	abnf, err := o.ref.IsValid(rule, []byte(s))
	if err != nil {
		t.Fatal(err)
	}
	if o.g.dispatch != nil && strings.EqualFold(rule, o.g.start) && abnf {
		// The start rule's dispatch (DESIGN.md), read independently of the grammar's own
		// dispatch function: a URL whose scheme is a named one must match its production.
		if p, named := namedProduction1738(s); named {
			if abnf, err = o.ref.IsValid(p, []byte(s)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return [3]bool{pegErr == nil, d.Valid(s), abnf}
}

// namedProduction1738 returns the production of a URL whose scheme, up to the first ":", is
// one of RFC 1738's ten named schemes in any ASCII case.
func namedProduction1738(s string) (string, bool) {
	scheme, _, ok := strings.Cut(s, ":")
	if !ok {
		return "", false
	}
	lower := []byte(scheme)
	for i, c := range lower {
		if 'A' <= c && c <= 'Z' {
			lower[i] = c + 'a' - 'A'
		}
	}
	switch string(lower) {
	case "http", "ftp", "gopher", "mailto", "news", "nntp", "telnet", "wais", "file", "prospero":
		return string(lower) + "url", true
	}
	return "", false
}

func agree(v [3]bool) bool { return v[0] == v[1] && v[1] == v[2] }

// shrink removes bytes from s while the three readings still disagree, to give a minimal
// witness.
func (o *oracles) shrink(t testing.TB, rule, s string) string {
	for changed := true; changed; {
		changed = false
		for i := 0; i < len(s); i++ {
			c := s[:i] + s[i+1:]
			if !agree(o.verdicts(t, rule, c)) {
				s, changed = c, true
				break
			}
		}
	}
	return s
}

// mutate returns a near miss of s: one byte inserted, deleted or replaced.
func mutate(rng *rand.Rand, s string) string {
	const alphabet = "aZ09:/?#[]@%.-_~!$&'()*+,;= \"<>\\^`{|}\x00\xff"
	i := 0
	if len(s) > 0 {
		i = rng.Intn(len(s) + 1)
	}
	c := string(alphabet[rng.Intn(len(alphabet))])
	switch {
	case len(s) == 0 || rng.Intn(3) == 0:
		return s[:i] + c + s[i:]
	case rng.Intn(2) == 0 && i < len(s):
		return s[:i] + s[i+1:]
	case i < len(s):
		return s[:i] + c + s[i+1:]
	}
	return s + c
}

// TestDifferential: for every rule of rfc2396bis-01 as a start symbol, the PEG parser, the DFA
// and go-abnf's recognizer agree on the test tables, on random members generated from the
// ABNF, and on near-miss mutants of them.
func TestDifferential(t *testing.T) {
	differential(t, newOracles(t, "rfc2396bis-01"), tableInputs(t, "rfc2396bis-01"), nil)
}

// tableInputs returns the inputs of testdata/ID/valid.txt and invalid.txt, without the field
// before a tab (a production or an offset) that some tables have.
func tableInputs(t *testing.T, id string) []string {
	var inputs []string
	for _, f := range []string{"testdata/" + id + "/valid.txt", "testdata/" + id + "/invalid.txt"} {
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

// TestDifferentialRFC1738: the same for rfc1738, on its test tables, the URLs of RFC 1738's
// own text and the traps of NOTES-grammars.md. For url, the ABNF's verdict is combined with
// the dispatch of DESIGN.md (namedProduction1738).
func TestDifferentialRFC1738(t *testing.T) {
	shared := []string{
		"ftp://ftp.is.co.za/rfc/rfc1808.txt", "ftp://u:p@h:21/a/b;type=i", "ftp://h/f;type=x",
		"http://www.ietf.org/rfc/rfc2396.txt", "http://h:80/p?q", "HTTP://host/", "http://host:/",
		"http://user@host/", "http://h/~u", "http://h/#f", "http://host:80x", "http://[::1]/",
		"gopher://gopher.tc.umn.edu:70/11/Mailing%20Lists/", "gopher://h/7sel%09search",
		"gopher://h/1a%09b/c", "gopher://h/1a%09b%09c", "gopher://h/1a%09b/c%09d", "gopher://h",
		"mailto:John.Doe@example.com", "news:comp.infosystems.www.servers.unix", "news:foo@bar.com",
		"news:*", "news:1comp", "nntp://h/grp/12", "nntp://h/", "telnet://melvyl.ucop.edu/",
		"telnet://h/x", "wais://h/db", "wais://h/db?x", "wais://h/db/t/p", "file://localhost/etc",
		"file:///etc/hosts", "prospero://h/p;a=b;c=d", "x-foo:bar", "1.2.3.4", "a.1b.c", "1.2.3.a4",
	}
	shared = append(shared, tableInputs(t, "rfc1738")...)
	differential(t, newOracles(t, "rfc1738"), shared, nil)
}

// TestDifferentialURLSyntax05: the same for url-syntax-05, on its test tables.
func TestDifferentialURLSyntax05(t *testing.T) {
	differential(t, newOracles(t, "url-syntax-05"), tableInputs(t, "url-syntax-05"), nil)
}

// TestDifferentialURL1993: the same for url-1993, on its test tables.
func TestDifferentialURL1993(t *testing.T) {
	differential(t, newOracles(t, "url-1993"), tableInputs(t, "url-1993"), nil)
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

// differential runs the three readings of every rule of o's grammar (but skip) on the shared
// inputs, generated members and mutants, and reports each disagreement with a minimal witness.
func differential(t *testing.T, o *oracles, shared []string, skip map[string]bool) {
	scale := conformanceScale()
	rng := rand.New(rand.NewSource(1))
	counts := map[string][2]int{} // rule -> inputs, members
	for _, r := range o.g.Rules() {
		if skip[r] {
			continue
		}
		inputs := append([]string(nil), shared...)
		members := 0
		for i := 0; i < 60*scale; i++ {
			m, err := o.ref.Generate(rng.Int63(), r, goabnf.WithRepMax(6))
			if err != nil {
				t.Fatalf("generate %s: %v", r, err)
			}
			if len(m) > 200 {
				continue
			}
			inputs = append(inputs, string(m))
			members++
			for k := 0; k < 3; k++ {
				inputs = append(inputs, mutate(rng, string(m)))
			}
		}
		for _, s := range inputs {
			v := o.verdicts(t, r, s)
			if !agree(v) {
				w := o.shrink(t, r, s)
				t.Errorf("%s rule %s: PEG, DFA, ABNF disagree on %q: %v; minimal witness %q: %v",
					o.g.id, r, s, v, w, o.verdicts(t, r, w))
			}
		}
		counts[r] = [2]int{len(inputs), members}
	}
	if testing.Verbose() {
		names := make([]string, 0, len(counts))
		for r := range counts {
			names = append(names, r)
		}
		sort.Strings(names)
		for _, r := range names {
			t.Logf("%s %-24s %6d inputs, %5d generated members", o.g.id, r, counts[r][0], counts[r][1])
		}
	}
}

// Generated members must be accepted by all three: a check that the generator really walks
// the grammar (it is not only producing invalid strings that all three reject).
func TestDifferentialMembersAreValid(t *testing.T) {
	o := newOracles(t, "rfc2396bis-01")
	for _, r := range []string{"URI-reference", "IPv6address", "hostname", "authority"} {
		valid := 0
		for seed := int64(0); seed < 40; seed++ {
			m, err := o.ref.Generate(seed, r, goabnf.WithRepMax(6))
			if err != nil {
				t.Fatal(err)
			}
			if v := o.verdicts(t, r, string(m)); v == [3]bool{true, true, true} {
				valid++
			}
		}
		if valid < 40 {
			t.Errorf("rule %s: only %d of 40 generated members accepted by all three", r, valid)
		}
	}
}

// The generated tables are what the generator derives from the ABNF now.
func TestDFATablesMatchABNF(t *testing.T) {
	for _, id := range IDs() {
		g := MustLookup(id)
		src, err := os.ReadFile("grammar/" + id + ".abnf")
		if err != nil {
			t.Fatal(err)
		}
		ref, err := dfabuild.Read(src)
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
// IPv6reference DFA, an IPv4 host the IPv4address DFA and not... (DESIGN.md preference).
func TestHostKindAgreesWithDFAs(t *testing.T) {
	g := MustLookup("rfc2396bis-01")
	rng := rand.New(rand.NewSource(5))
	o := newOracles(t, "rfc2396bis-01")
	n := 0
	for i := 0; i < 400*conformanceScale(); i++ {
		m, err := o.ref.Generate(rng.Int63(), "authority", goabnf.WithRepMax(4))
		if err != nil {
			t.Fatal(err)
		}
		s := "//" + string(m)
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
	for _, id := range IDs() {
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
		if v := o.verdicts(t, rule, s); !agree(v) {
			t.Fatalf("%s rule %s: PEG, DFA, ABNF disagree on %q: %v; minimal witness %q", o.g.id, rule, s, v, o.shrink(t, rule, s))
		}
	})
}
