package resolve_test

import (
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	gencorpus "github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/resolve"
)

// NormalizeString, NormalForm and a Resolver's ResolveString and Target, called by several
// goroutines at once (the
// normalize and resolve commands' workers), give each line what one goroutine alone gives:
// their pooled Parsers are never shared, and a result's tree is its own (make race runs this
// under the race detector).
func TestConcurrentResolveAndNormalize(t *testing.T) {
	lines := gencorpus.Lines(400, 11)
	base, err := g.Parse("http://a/b/c/d;p?q")
	require.NoError(t, err)
	rs, err := resolve.NewResolver(base, resolve.Options{})
	require.NoError(t, err)
	opt := resolve.NormalizeOptions{Level: resolve.LevelScheme}
	type answer struct {
		norm, res, normText, resText string
		nodes                        []int
	}
	run := func(s string) answer {
		var a answer
		if n, _, err := resolve.NormalizeString(s, opt); err == nil {
			a.norm = n.String()
			for _, nd := range n.Nodes() {
				a.nodes = append(a.nodes, int(nd.StartRule), int(nd.EndDepth))
			}
		}
		if r, err := rs.ResolveString(s); err == nil {
			a.res = r.Target.String()
		}
		a.normText, _ = resolve.NormalForm(s, opt)
		a.resText, _ = rs.Target(s)
		return a
	}
	want := make([]answer, len(lines))
	for i, s := range lines {
		want[i] = run(s)
	}
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range lines {
				i := (k + w*97) % len(lines) // each goroutine in another order
				if got := run(lines[i]); got.norm != want[i].norm || got.res != want[i].res || got.normText != want[i].normText ||
					got.resText != want[i].resText || !slices.Equal(got.nodes, want[i].nodes) {
					t.Errorf("%q: %+v at once, %+v alone", lines[i], got, want[i])
					return
				}
			}
		}()
	}
	wg.Wait()
}

// NormalForm and Target return a reference that is its own result as it is, allocating
// nothing (their Parsers pooled); a changed one costs its text and what normalize or resolve
// writes it from.
func TestTextFormsAllocateNothing(t *testing.T) {
	if raceDetector {
		t.Skip("TestTextFormsAllocateNothing: the race detector allocates, and empties sync.Pools at random")
	}
	base, err := g.Parse("http://a/b/c/d;p?q")
	require.NoError(t, err)
	rs, err := resolve.NewResolver(base, resolve.Options{})
	require.NoError(t, err)
	opt := resolve.NormalizeOptions{Level: resolve.LevelScheme}
	in := "http://example.com/a/b?q=1#f"
	text, err := resolve.NormalForm(in, opt)
	require.NoError(t, err)
	require.Equal(t, in, text)
	text, err = rs.Target(in)
	require.NoError(t, err)
	require.Equal(t, in, text)
	require.Zero(t, testing.AllocsPerRun(100, func() { _, _ = resolve.NormalForm(in, opt) }), "NormalForm")
	require.Zero(t, testing.AllocsPerRun(100, func() { _, _ = rs.Target(in) }), "Target")
	text, err = rs.Target("../g?x#y")
	require.NoError(t, err)
	require.Equal(t, "http://a/b/g?x#y", text)
	text, err = resolve.NormalForm("HTTP://Example.COM:80/a/./b/%7e", opt)
	require.NoError(t, err)
	require.Equal(t, "http://example.com/a/b/~", text)
}
