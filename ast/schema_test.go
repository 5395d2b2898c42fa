package ast

import (
	"strings"
	"testing"
)

// FuzzSchema: any declarations give a schema or an error; a schema splits any well-formed
// tree without a panic, its components slices of the input.
func FuzzSchema(f *testing.F) {
	f.Add("component path", `b<? ""`, "parts", "a* k=@path b", "a?b;c", uint8(3))
	f.Add("component query", "b>?", "hostkind ipv4", "a", "x?", uint8(1))
	f.Add("component path in a", "b/..", "component host in b", "c..", "a/b/c", uint8(2))
	f.Add("rule", "b c", "parts", "k=a>b,c", "abc/", uint8(3))
	f.Add("errors", "a^ b^^ r>c=x", "parts", "a*/path", "a/b/c", uint8(3))
	f.Add("component userinfo", "a", "blame userinfo", "@", "ab:c", uint8(2))
	f.Add("component host in a", `b ""`, "component host", "c", "abc", uint8(3))
	f.Add("component host in c", "b", "component host", "a", "abc", uint8(19))
	f.Add("component userinfo", "a..b", "component path", "c/..", "a:b/c", uint8(3))
	f.Add("component query", "b..", "component host", "a..c", "a?bc", uint8(19))
	f.Fuzz(func(t *testing.T, k1, v1, k2, v2, src string, shape uint8) {
		names := []string{"r", "a", "b", "c"}
		s, err := NewSchema(names, []Decl{{k1, v1}, {k2, v2}})
		if err != nil {
			return
		}
		// A root over src with up to three children, spans and rules from shape; with
		// shape's bit 4, each node the child of the one before, one byte shorter in front.
		n := int(shape%4) + 1
		nodes := []TreeNode{{EndDepth: PackEndDepth(len(src), 0)}}
		for i := 1; i < n; i++ {
			a, b, d := min(len(src), (i-1)*len(src)/3), min(len(src), i*len(src)/3), 1
			if shape&16 != 0 {
				a, b, d = min(len(src), i-1), len(src), i
			}
			nodes = append(nodes, TreeNode{StartRule: PackStartRule(a, uint16((int(shape)+i)%len(names))), EndDepth: PackEndDepth(b, d)})
		}
		tree := NewTree(src, s, nodes)
		for at := range len(src) + 1 {
			if got, want := tree.ErrorRule(at), tree.ErrorRuleWalk(at); got != want { // any declaration, any offset: no panic
				t.Fatalf("ErrorRule(%d) = %q, the walk of every node %q", at, got, want)
			}
			for _, in := range []string{src, "", src + src} {
				if insert, _, ok := tree.Blame(in, at); ok && (insert < 0 || insert > len(in)) {
					t.Fatalf("Blame(%q, %d) inserts at %d", in, at, insert)
				}
			}
		}
		if s.plainComps {
			// The one pass (plainSpans, and altComponent for a scoped declaration) finds
			// what the general way finds.
			for _, want := range []uint{allComponents, 1 << compHost, allComponents &^ (1 << compHost), 1 << compPath} {
				got, gk := tree.spansOf(want)
				exp, ek := tree.GeneralSpansOf(want)
				if got != exp || gk != ek {
					t.Fatalf("components %08b: one pass %+v (kind node %d), the general way %+v (%d)", want, got, gk, exp, ek)
				}
			}
		}
		// The general way finds what its first version finds, for any declarations.
		for _, want := range []uint{allComponents, 1 << compHost, allComponents &^ (1 << compHost), 1 << compPath} {
			got, gk := tree.GeneralSpansOf(want)
			exp, ek := tree.SpansByRulesOf(want)
			if got != exp || gk != ek {
				t.Fatalf("components %08b: the general way %+v (kind node %d), by rules %+v (%d)", want, got, gk, exp, ek)
			}
		}
		c := tree.Components()
		for _, p := range []*string{c.Scheme, c.Authority, c.Userinfo, c.Host, c.Port, c.Path, c.Query, c.Fragment} {
			if p != nil && !strings.Contains(src, *p) {
				t.Fatalf("a component %q that is not part of %q", *p, src)
			}
		}
	})
}

func TestBlameDecl(t *testing.T) {
	names := []string{"r", "u", "h"}
	for _, bad := range []Decl{{"blame nowhere", "@"}, {"blame userinfo", "@ :"}, {"blame", "@"}} {
		if _, err := NewSchema(names, []Decl{bad}); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
	if _, err := NewSchema(names, []Decl{{"blame userinfo", "@"}, {"blame userinfo", "@"}}); err == nil {
		t.Error("a blame declared twice: no error")
	}
	s, err := NewSchema(names, []Decl{{"component userinfo", "u"}, {"blame userinfo", "@"}})
	if err != nil {
		t.Fatal(err)
	}
	// "a:b" continued validly as a userinfo: "a:b@h".
	tree := NewTree("a:b@h", s, []TreeNode{{EndDepth: PackEndDepth(5, 0)},
		{StartRule: PackStartRule(0, 1), EndDepth: PackEndDepth(3, 1)}, {StartRule: PackStartRule(4, 2), EndDepth: PackEndDepth(5, 1)}})
	if insert, text, ok := tree.Blame("a:b", 3); !ok || insert != 0 || text != "@" {
		t.Errorf("Blame = %d %q %v, want 0 \"@\" true", insert, text, ok)
	}
	if _, _, ok := tree.Blame("a:b/x@y", 3); ok {
		t.Error("an @ after the userinfo's start: no blame")
	}
	if _, _, ok := tree.Blame("a:b", 4); ok {
		t.Error("an error in the host: no blame")
	}
}
