package urlgrammar_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/grammars/rfc1738"
	"github.com/urlgrammar/urlgrammar/grammars/rfc2396"
	"github.com/urlgrammar/urlgrammar/grammars/rfc2396bis-01"
	"github.com/urlgrammar/urlgrammar/grammars/rfc2397"
	"github.com/urlgrammar/urlgrammar/grammars/rfc3966"
	"github.com/urlgrammar/urlgrammar/grammars/rfc3986"
	"github.com/urlgrammar/urlgrammar/grammars/rfc3987"
	"github.com/urlgrammar/urlgrammar/grammars/rfc5870"
	"github.com/urlgrammar/urlgrammar/grammars/rfc6068"
	"github.com/urlgrammar/urlgrammar/grammars/rfc6455"
	"github.com/urlgrammar/urlgrammar/grammars/rfc6570"
	"github.com/urlgrammar/urlgrammar/grammars/rfc6874"
	"github.com/urlgrammar/urlgrammar/grammars/rfc8089"
	"github.com/urlgrammar/urlgrammar/grammars/rfc8089-nonstandard"
	"github.com/urlgrammar/urlgrammar/grammars/rfc8141"
	"github.com/urlgrammar/urlgrammar/grammars/rfc9110"
	"github.com/urlgrammar/urlgrammar/grammars/rfc9112"
	"github.com/urlgrammar/urlgrammar/grammars/url-1993"
	"github.com/urlgrammar/urlgrammar/grammars/url-syntax-05"
	whatwgurl "github.com/urlgrammar/urlgrammar/grammars/whatwg-url"
	"github.com/urlgrammar/urlgrammar/grammartest"
	"github.com/urlgrammar/urlgrammar/internal/rootviews"
)

// viewPackage is what the tests need of a grammar's generated views: its Shapes, and its Root
// with the view boxed (a test may allocate).
type viewPackage struct {
	shapes []ast.NodeShape
	root   func(*ast.Tree) (any, bool)
}

func box[V any](f func(*ast.Tree) (V, bool)) func(*ast.Tree) (any, bool) {
	return func(t *ast.Tree) (any, bool) { v, ok := f(t); return v, ok }
}

var viewPackages = map[string]viewPackage{
	"rfc3986":       {rfc3986.Shapes, box(rfc3986.Root)},
	"rfc3987":       {rfc3987.Shapes, box(rfc3987.Root)},
	"rfc2396bis-01": {rfc2396bis01.Shapes, box(rfc2396bis01.Root)},
	"url-syntax-05": {urlsyntax05.Shapes, box(urlsyntax05.Root)},
	"rfc1738":       {rfc1738.Shapes, box(rfc1738.Root)},
	"url-1993":      {url1993.Shapes, box(url1993.Root)},
	// uri's trees are rfc3986's (its registration under another id): rfc3986's views.
	"uri":        {rfc3986.Shapes, box(rfc3986.Root)},
	"whatwg-url": {whatwgurl.Shapes, box(whatwgurl.Root)},
	// web-safe's trees are whatwg-url's (its registration within rfc3986).
	"web-safe":            {whatwgurl.Shapes, box(whatwgurl.Root)},
	"rfc9110":             {rfc9110.Shapes, box(rfc9110.Root)},
	"rfc6455":             {rfc6455.Shapes, box(rfc6455.Root)},
	"rfc6068":             {rfc6068.Shapes, box(rfc6068.Root)},
	"rfc8141":             {rfc8141.Shapes, box(rfc8141.Root)},
	"rfc3966":             {rfc3966.Shapes, box(rfc3966.Root)},
	"rfc5870":             {rfc5870.Shapes, box(rfc5870.Root)},
	"rfc2397":             {rfc2397.Shapes, box(rfc2397.Root)},
	"rfc8089":             {rfc8089.Shapes, box(rfc8089.Root)},
	"rfc8089-nonstandard": {rfc8089nonstandard.Shapes, box(rfc8089nonstandard.Root)},
	"rfc9112":             {rfc9112.Shapes, box(rfc9112.Root)},
	"rfc6874":             {rfc6874.Shapes, box(rfc6874.Root)},
	"rfc6570":             {rfc6570.Shapes, box(rfc6570.Root)},
	"rfc2396":             {rfc2396.Shapes, box(rfc2396.Root)},
}

// goldenInputs returns the inputs of testdata/golden/ID.jsonl: every table input of every
// grammar.
func goldenInputs(t testing.TB, id string) []string {
	t.Helper()
	f, err := os.Open("testdata/golden/" + id + ".jsonl")
	require.NoError(t, err)
	defer f.Close()
	var inputs []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var rec struct{ Input string }
		require.NoError(t, json.Unmarshal(sc.Bytes(), &rec))
		inputs = append(inputs, rec.Input)
	}
	require.NoError(t, sc.Err())
	return inputs
}

// viewInputs are the inputs the views tests parse with grammar id: its golden file's, the
// bundled corpus, its own tables, and members generated from its ABNF where those hold
// fewer than 100 of its inputs (a scheme grammar's).
func viewInputs(t testing.TB, id string) []string {
	in := goldenInputs(t, id)
	in = append(in, readTable(t, "testdata/corpus/sample.txt")...)
	in = append(in, readTable(t, "testdata/corpus/mixed.txt")...)
	in = append(in, tableLines(t, id, "valid.txt", "examples.txt")...)
	g := urlgrammar.MustLookup(id)
	if n := countValid(g, in); n < 100 {
		in = append(in, members(t, g, 2*(100-n), 5)...)
	}
	return in
}

// TestViewsCoverEveryGrammar: every bundled grammar has its views in the tests below.
func TestViewsCoverEveryGrammar(t *testing.T) {
	for _, id := range urlgrammar.IDs() {
		if _, ok := viewPackages[id]; !ok {
			t.Errorf("grammar %s has no entry in viewPackages", id)
		}
	}
}

// TestViewShapes holds every tree of every table input of every grammar to what its views'
// accessors expect (grammartest.Shapes).
func TestViewShapes(t *testing.T) {
	for id, vp := range viewPackages {
		grammartest.Shapes(t, urlgrammar.MustLookup(id), vp.shapes, viewInputs(t, id))
	}
}

// TestViewsReachEveryNode walks the typed views of the tree of every table input of every
// grammar, from Root through every accessor (by reflection, so that no accessor is left out):
// the walk must meet every node of the tree exactly once, each as the view type of its rule,
// and meet no node twice.
func TestViewsReachEveryNode(t *testing.T) {
	for id, vp := range viewPackages {
		g := urlgrammar.MustLookup(id)
		walked := 0
		for _, s := range viewInputs(t, id) {
			tree, err := g.Parse(s)
			if err != nil {
				continue
			}
			if _, problem := walkViews(&tree, vp.root, vp.shapes); problem != "" {
				t.Errorf("grammar %s, %q: %s", id, s, problem)
				continue
			}
			walked++
		}
		if walked < 100 {
			t.Errorf("grammar %s: only %d trees walked", id, walked)
		}
		t.Logf("grammar %s: %d trees walked", id, walked)
	}
}

// viewOf returns the ast.View of a typed view (its embedded View) or of an ast.View.
func viewOf(v reflect.Value) ast.View {
	if view, ok := v.Interface().(ast.View); ok {
		return view
	}
	return v.FieldByName("View").Interface().(ast.View)
}

// walkViews walks the views of tree from root and returns the "rule [s,e)" of every view
// met, or what is wrong.
func walkViews(tree *ast.Tree, root func(*ast.Tree) (any, bool), shapes []ast.NodeShape) (map[string]bool, string) {
	// The rules of each view's component groups, by the view's and the accessor's Go names.
	groups := map[[2]string][]string{}
	for _, sh := range shapes {
		for _, gr := range sh.Groups {
			groups[[2]string{goName(sh.Rule), goName(gr.Name)}] = gr.Rules
		}
	}
	r, ok := root(tree)
	if !ok {
		return nil, "Root refuses the tree"
	}
	met := make([]int, tree.Len())
	spans := map[string]bool{}
	var problem string
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		view := v.FieldByName("View").Interface().(ast.View)
		if view.Index < 0 || view.Index >= tree.Len() {
			problem = fmt.Sprintf("a %s view of no node (%d)", v.Type().Name(), view.Index)
			return
		}
		if want := goName(tree.RuleName(view.Index)); v.Type().Name() != want {
			problem = fmt.Sprintf("node %d (%s) met as a %s", view.Index, tree.RuleName(view.Index), v.Type().Name())
			return
		}
		met[view.Index]++
		// The rule of each accessor's child, by its Go name: an accessor stops where the
		// grammar's order of the children says its child cannot be (ChildUntil, OnlyChild),
		// and must give what Child, which reads every child, gives.
		ruleOf := map[string]uint16{}
		for r, name := range tree.Schema().Names {
			ruleOf[goName(name)] = uint16(r)
		}
		n := tree.Node(view.Index)
		spans[fmt.Sprintf("%s [%d,%d)", tree.RuleName(view.Index), n.Start(), n.End())] = true
		for m := 0; m < v.NumMethod(); m++ {
			meth, mt := v.Method(m), v.Type().Method(m)
			if meth.Type().NumIn() != 0 {
				continue
			}
			outs := meth.Type()
			if (outs.NumOut() == 1 || outs.NumOut() == 2) && isView(outs.Out(0)) {
				got := meth.Call(nil)[0].FieldByName("View").Interface().(ast.View).Index
				if r, ok := ruleOf[mt.Name]; ok {
					if want, _ := view.Child(r); got != want.Index {
						problem = fmt.Sprintf("%s.%s gives node %d, Child node %d", v.Type().Name(), mt.Name, got, want.Index)
						return
					}
				}
			}
			switch {
			case outs.NumOut() == 1 && isView(outs.Out(0)):
				walk(meth.Call(nil)[0])
			case outs.NumOut() == 2 && isView(outs.Out(0)) && outs.Out(1).Kind() == reflect.Bool:
				res := meth.Call(nil)
				if res[1].Bool() {
					walk(res[0])
				} else if idx := res[0].FieldByName("View").Interface().(ast.View).Index; idx != -1 {
					problem = fmt.Sprintf("%s.%s returns false with node %d", v.Type().Name(), mt.Name, idx)
				}
			case outs.NumOut() == 1 && strings.HasPrefix(mt.Name, "Each"):
				// An ast.Children: Next and Value on a pointer to it.
				it := reflect.New(outs.Out(0))
				it.Elem().Set(meth.Call(nil)[0])
				for it.MethodByName("Next").Call(nil)[0].Bool() {
					walk(it.MethodByName("Value").Call(nil)[0])
				}
			case mt.Name == "Children" && outs.NumOut() == 1 && outs.Out(0).Kind() == reflect.Struct:
				// All the children in one pass: each field is what its accessor returns (the
				// first child, for a repeated rule; a component group's child, an ast.View).
				all := meth.Call(nil)[0]
				for f := 0; f < all.NumField(); f++ {
					name := all.Type().Field(f).Name
					got := viewOf(all.Field(f)).Index
					want := -1
					if acc := v.MethodByName(name); acc.IsValid() {
						res := acc.Call(nil)
						if len(res) == 1 || res[1].Bool() {
							want = viewOf(res[0]).Index
						}
					} else if each := v.MethodByName("Each" + name); each.IsValid() {
						it := reflect.New(each.Type().Out(0))
						it.Elem().Set(each.Call(nil)[0])
						if it.MethodByName("Next").Call(nil)[0].Bool() {
							want = it.MethodByName("Value").Call(nil)[0].FieldByName("View").Interface().(ast.View).Index
						}
					} else {
						problem = fmt.Sprintf("%s.Children has a field %s that no accessor has", v.Type().Name(), name)
					}
					if got != want {
						problem = fmt.Sprintf("%s.Children().%s is node %d, its accessor's %d", v.Type().Name(), name, got, want)
					}
				}
			case outs.NumOut() >= 1 && outs.Out(0) == reflect.TypeOf(ast.View{}):
				// A group's accessor (the header's component path): one of the node's
				// children, which the typed accessors walk.
				res := meth.Call(nil)
				c := res[0].Interface().(ast.View)
				// The first child of one of the group's rules, as a look at every child finds it.
				want := -1
				for k := tree.FirstChild(view.Index); k >= 0 && want < 0; k = tree.NextSibling(k) {
					if slices.Contains(groups[[2]string{v.Type().Name(), mt.Name}], tree.RuleName(k)) {
						want = k
					}
				}
				if c.Index != want {
					problem = fmt.Sprintf("%s.%s returns node %d, the first child of its rules is %d", v.Type().Name(), mt.Name, c.Index, want)
				} else if len(res) == 2 && !res[1].Bool() {
					if c.Index != -1 {
						problem = fmt.Sprintf("%s.%s returns false with node %d", v.Type().Name(), mt.Name, c.Index)
					}
				} else if c.Index < 0 || tree.Parent(c.Index) != view.Index {
					problem = fmt.Sprintf("%s.%s returns node %d, not a child of node %d", v.Type().Name(), mt.Name, c.Index, view.Index)
				}
			case mt.Name != "Kind" && mt.Name != "Child" && outs.NumOut() > 0 && outs.Out(0).Kind() == reflect.Struct:
				problem = fmt.Sprintf("%s.%s: an accessor the walk does not know", v.Type().Name(), mt.Name)
			}
			if problem != "" {
				return
			}
		}
	}
	walk(reflect.ValueOf(r))
	if problem != "" {
		return nil, problem
	}
	for i, n := range met {
		if n != 1 {
			return nil, fmt.Sprintf("node %d (%s) met %d times", i, tree.RuleName(i), n)
		}
	}
	return spans, ""
}

func isView(t reflect.Type) bool {
	if t.Kind() != reflect.Struct {
		return false
	}
	f, ok := t.FieldByName("View")
	return ok && f.Type == reflect.TypeOf(ast.View{})
}

// goName is the generator's Go name of a rule (internal/genparser's goIdent), written again.
func goName(rule string) string {
	var b strings.Builder
	for _, w := range strings.FieldsFunc(rule, func(r rune) bool { return r == '-' || r == '_' }) {
		rs := []rune(w)
		rs[0] = unicode.ToUpper(rs[0])
		b.WriteString(string(rs))
	}
	switch s := b.String(); s {
	case "Tree", "Index", "Text", "Start", "End", "Rule", "RuleName", "String", "Kind", "View":
		return s + "Node"
	default:
		return s
	}
}

// TestViewsAllocateNothing: a Parser's tree and every accessor of its root view, and every
// segment of an RFC 3986 path, cost no allocation.
func TestViewsAllocateNothing(t *testing.T) {
	for _, id := range rootviews.IDs {
		p := urlgrammar.MustLookup(id).NewParser()
		in := "http://www.example.com:8080/a/b/c?q" // valid in every grammar
		tree, err := p.Parse(in)
		require.NoError(t, err, id)
		require.NotZero(t, rootviews.Read(id, &tree), id)
		allocs := testing.AllocsPerRun(100, func() {
			tree, _ := p.Parse(in)
			rootviews.Read(id, &tree)
		})
		if allocs != 0 {
			t.Errorf("grammar %s: %v allocations a parse and read", id, allocs)
		}
	}
	p := urlgrammar.MustLookup("rfc3986").NewParser()
	segments := 0
	allocs := testing.AllocsPerRun(100, func() {
		tree, _ := p.Parse("http://a/b/c/d")
		r, _ := rfc3986.Root(&tree)
		path, _ := r.PathAbempty()
		segments = 0
		for c := path.EachSegment(); c.Next(); {
			segments += len(c.Value().Text())
		}
	})
	if allocs != 0 || segments != 3 {
		t.Errorf("EachSegment: %v allocations, %d bytes of segments", allocs, segments)
	}
	allocs = testing.AllocsPerRun(100, func() {
		tree, _ := p.Parse("http://a/b/c/d?q#f")
		segments = rootviews.RFC3986Children(&tree)
	})
	if allocs != 0 || segments != len("http")+len("a")+2*len("/b/c/d")+len("q")+len("f") {
		t.Errorf("Children: %v allocations, %d bytes", allocs, segments)
	}
}

// BenchmarkViews measures, per grammar on the corpus lines it accepts, Parse alone, Parse and
// then every accessor of the root view (rootviews.Read), the same through a Parser, and net/url.Parse
// as the baseline: go test -run '^$' -bench Views -benchmem . and divide within a grammar.
func BenchmarkViews(b *testing.B) {
	for _, id := range urlgrammar.IDs() {
		if !rootviews.Has(id) {
			continue
		}
		g := urlgrammar.MustLookup(id)
		var lines []string
		for _, s := range benchCorpus {
			if g.Valid(s) {
				lines = append(lines, s)
			}
		}
		sink := 0
		b.Run(id+"/net-url", func(b *testing.B) { benchLines(b, lines, func(s string) { _, _ = url.Parse(s) }) })
		b.Run(id+"/Parse", func(b *testing.B) { benchLines(b, lines, func(s string) { _, _ = g.Parse(s) }) })
		b.Run(id+"/Parse+views", func(b *testing.B) {
			benchLines(b, lines, func(s string) {
				t, _ := g.Parse(s)
				sink += rootviews.Read(id, &t)
			})
		})
		if id == "rfc3986" {
			b.Run(id+"/Parse+children", func(b *testing.B) {
				benchLines(b, lines, func(s string) {
					t, _ := g.Parse(s)
					sink += rootviews.RFC3986Children(&t)
				})
			})
		}
		p := g.NewParser()
		b.Run(id+"/Parser", func(b *testing.B) { benchLines(b, lines, func(s string) { _, _ = p.Parse(s) }) })
		b.Run(id+"/Parser+views", func(b *testing.B) {
			benchLines(b, lines, func(s string) {
				t, _ := p.Parse(s)
				sink += rootviews.Read(id, &t)
			})
		})
	}
}

// FuzzViews: for any input a grammar accepts, the walk of its views meets every node of its
// tree once (walkViews), and the tree has the children the views expect (grammartest.Shapes).
func FuzzViews(f *testing.F) {
	for _, s := range readTable(f, "testdata/corpus/sample.txt") {
		f.Add(s)
	}
	f.Add("http://[v1.x]:80/a//b?q#f")
	f.Add("ftp://u:p@h.com:21/a/b;type=d")
	f.Fuzz(func(t *testing.T, s string) {
		for id, vp := range viewPackages {
			g := urlgrammar.MustLookup(id)
			tree, err := g.Parse(s)
			if err != nil {
				continue
			}
			if _, problem := walkViews(&tree, vp.root, vp.shapes); problem != "" {
				t.Errorf("grammar %s, %q: %s", id, s, problem)
			}
			grammartest.Shapes(t, g, vp.shapes, []string{s})
		}
	})
}

// A grammar's views are made only over its own trees: Root of every package on a tree of
// every grammar is true exactly when the tree's schema has the package's rule names (a tree
// of uri is RFC 3986's; rfc2396bis-01's root is URI-reference too, and its rules are numbered
// otherwise: rfc3986's views once read it with RFC 3986's numbers). A view refused, or a child
// absent, has no children: chained accessors report absence instead of panicking.
func TestViewsOnlyOfTheirGrammar(t *testing.T) {
	trees := map[string]*ast.Tree{}
	for id := range viewPackages {
		for _, in := range viewInputs(t, id) {
			if tree, err := urlgrammar.MustLookup(id).Parse(in); err == nil {
				trees[id] = &tree
				break
			}
		}
		require.NotNil(t, trees[id], "no input of %s is valid", id)
	}
	for pkgID, p := range viewPackages {
		own := trees[pkgID].Schema().Names
		for id, tree := range trees {
			_, ok := p.root(tree)
			want := slices.Equal(tree.Schema().Names, own)
			if ok != want {
				t.Errorf("Root of %s's views on a tree of %s (root %s): %v, want %v", pkgID, id, tree.RuleName(0), ok, want)
			}
		}
	}
	tree, err := urlgrammar.MustLookup("rfc2396bis-01").Parse("http://a@b:80/p?q#f")
	require.NoError(t, err)
	r, ok := rfc3986.Root(&tree)
	require.False(t, ok, "an rfc2396bis-01 tree read with RFC 3986's rule numbers")
	_, ok = r.Scheme()
	require.False(t, ok)
	tree, err = urlgrammar.MustLookup("rfc3986").Parse("mailto:a@b")
	require.NoError(t, err)
	r, ok = rfc3986.Root(&tree)
	require.True(t, ok)
	a, ok := r.Authority()
	require.False(t, ok)
	_, ok = a.Userinfo()
	require.False(t, ok, "the userinfo of an absent authority")
	require.Equal(t, "", a.Host().Text())
}
