package genparser

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func ref(name string) *pexpr                { return &pexpr{kind: "ruleRefExpr", name: name} }
func ex(kind string, subs ...*pexpr) *pexpr { return &pexpr{kind: kind, subs: subs} }

// TestShaper: the count of each node rule's children, read from the PEG, for each kind of
// expression, through helper rules (which record no node) and through a helper that refers
// to itself.
func TestShaper(t *testing.T) {
	lit := &pexpr{kind: "litMatcher", val: "x"}
	rules := []prule{
		{name: "A", display: "a"}, {name: "B", display: "b"}, {name: "C", display: "c"},
		{name: "helper", expr: ex("seqExpr", ref("A"), ex("zeroOrOneExpr", ref("B")))},
		{name: "loop", expr: ex("choiceExpr", lit, ex("seqExpr", ref("C"), ref("loop")))},
	}
	s := &shaper{rules: map[string]prule{}, nodeID: map[string]int{"A": 0, "B": 1, "C": 2},
		memo: map[string]*kids{}, active: map[string]bool{}}
	for _, r := range rules {
		s.rules[r.name] = r
	}
	type c = count
	for _, tc := range []struct {
		name  string
		e     *pexpr
		each  map[int]count
		total count
	}{
		{"a node", ref("A"), map[int]count{0: {1, 1}}, c{1, 1}},
		{"a sequence adds", ex("seqExpr", ref("A"), ref("A"), ref("B")), map[int]count{0: {2, 2}, 1: {1, 1}}, c{many, many}},
		{"a choice takes the least and the most", ex("choiceExpr", ref("A"), ref("B"), lit),
			map[int]count{0: {0, 1}, 1: {0, 1}}, c{0, 1}},
		{"a choice of nodes is one", ex("choiceExpr", ref("A"), ref("B")), map[int]count{0: {0, 1}, 1: {0, 1}}, c{1, 1}},
		{"?", ex("zeroOrOneExpr", ref("A")), map[int]count{0: {0, 1}}, c{0, 1}},
		{"*", ex("zeroOrMoreExpr", ref("A")), map[int]count{0: {0, many}}, c{0, many}},
		{"+", ex("oneOrMoreExpr", ref("A")), map[int]count{0: {1, many}}, c{1, many}},
		{"a lookahead keeps no node", ex("seqExpr", ex("andExpr", ref("A")), ex("notExpr", ref("B"))), map[int]count{}, c{0, 0}},
		{"through a helper", ex("actionExpr", ref("helper")), map[int]count{0: {1, 1}, 1: {0, 1}}, c{1, many}},
		{"through a recursive helper", ref("loop"), map[int]count{2: {0, many}}, c{0, many}},
	} {
		k := s.of(tc.e)
		assert.Equal(t, tc.each, k.each, tc.name)
		assert.Equal(t, tc.total, k.total, tc.name)
	}
}

func TestGoIdent(t *testing.T) {
	for in, want := range map[string]string{"path-abempty": "PathAbempty", "IPv4address": "IPv4address",
		"net_path": "NetPath", "text": "TextNode", "URI-reference": "URIReference", "1x": "R1x"} {
		assert.Equal(t, want, goIdent(in), in)
	}
}

func TestABNFDefinition(t *testing.T) {
	abnf := []byte("; a comment\nhost = a / b ; the host\n     / c\nport = *DIGIT\n")
	assert.Equal(t, "host = a / b\n     / c", abnfDefinition(abnf, "HOST"))
	assert.Equal(t, "port = *DIGIT", abnfDefinition(abnf, "port"))
	assert.Equal(t, "", abnfDefinition(abnf, "path"))
}
