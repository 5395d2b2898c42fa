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
	f.Fuzz(func(t *testing.T, k1, v1, k2, v2, src string, shape uint8) {
		names := []string{"r", "a", "b", "c"}
		s, err := NewSchema(names, []Decl{{k1, v1}, {k2, v2}})
		if err != nil {
			return
		}
		// A root over src with up to three children, spans and rules from shape.
		n := int(shape%4) + 1
		nodes := []TreeNode{{EndDepth: PackEndDepth(len(src), 0)}}
		for i := 1; i < n; i++ {
			a := min(len(src), (i-1)*len(src)/3)
			b := min(len(src), i*len(src)/3)
			nodes = append(nodes, TreeNode{StartRule: PackStartRule(a, uint16((int(shape)+i)%len(names))), EndDepth: PackEndDepth(b, 1)})
		}
		tree := NewTree(src, s, nodes)
		for at := range len(src) + 1 {
			_ = tree.ErrorRule(at) // any declaration, any offset: no panic
		}
		c := tree.Components()
		for _, p := range []*string{c.Scheme, c.Authority, c.Userinfo, c.Host, c.Port, c.Path, c.Query, c.Fragment} {
			if p != nil && !strings.Contains(src, *p) {
				t.Fatalf("a component %q that is not part of %q", *p, src)
			}
		}
	})
}
