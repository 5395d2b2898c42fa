package resolve_test

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/grammars/rfc3986"
	gencorpus "github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/resolve"
	"github.com/urlgrammar/urlgrammar/warn"
)

// outsideRFC3986 registers RFC 3986's generated package under another id, once in the
// process (the registry is the process's: go test -count=2).
var outsideRFC3986 = sync.OnceValues(func() (*urlgrammar.Grammar, error) {
	gen := rfc3986.Generated
	gen.Info.ID = "rfc3986-outside"
	return urlgrammar.Register(gen)
})

// A grammar registered as one from outside the module is (urlgrammar.Register: no typed
// trees, no Go of its own) resolves, normalizes, compares and warns as this module's do,
// from its header's declarations alone: here RFC 3986's generated package under another id
// gives, on every corpus line against three bases, what grammar rfc3986 gives.
func TestGrammarFromOutsideResolves(t *testing.T) {
	outside, err := outsideRFC3986()
	require.NoError(t, err)
	require.True(t, outside.Generic())
	own := urlgrammar.MustLookup("rfc3986")
	all, _ := warn.ParseSet("all")
	lines := append(gencorpus.Lines(2000, 9), "http://a/b/../c/./d?q#f", "HTTP://U:P@Example.COM:80/%7e/../x", "foo:bar", "//h", "")
	checked := 0
	for _, base := range []string{"http://a/b/c/d;p?q", "foo:bar/baz", "http://u@h:81"} {
		rsOwn, err := resolve.NewResolver(mustTree(t, own, base), resolve.Options{Grammar: own, Algorithm: resolve.Algorithm3986})
		require.NoError(t, err)
		rsOut, err := resolve.NewResolver(mustTree(t, outside, base), resolve.Options{Grammar: outside, Algorithm: resolve.Algorithm3986})
		require.NoError(t, err)
		for _, s := range lines {
			want, werr := rsOwn.ResolveString(s)
			got, gerr := rsOut.ResolveString(s)
			require.Equal(t, werr == nil, gerr == nil, "%q against %q: %v / %v", s, base, werr, gerr)
			if werr != nil {
				continue
			}
			checked++
			require.Equal(t, want.String(), got.String(), "%q against %q", s, base)
			require.Equal(t, want.SameDocument, got.SameDocument, s)
		}
	}
	assert.Greater(t, checked, 3000)
	for _, s := range lines {
		for _, level := range []resolve.Level{resolve.LevelSyntax, resolve.LevelScheme} {
			want, wch, werr := resolve.NormalizeString(s, resolve.NormalizeOptions{Level: level, Grammar: own})
			got, gch, gerr := resolve.NormalizeString(s, resolve.NormalizeOptions{Level: level, Grammar: outside})
			require.Equal(t, werr == nil, gerr == nil, "%q: %v / %v", s, werr, gerr)
			if werr == nil {
				require.Equal(t, want.String(), got.String(), s)
				require.Equal(t, wch, gch, s)
				tree := mustTree(t, outside, s)
				if tree.Spans().Scheme.Defined {
					eq, err := resolve.Equal(tree, got, level, resolve.CompareOptions{Grammar: outside})
					require.NoError(t, err, s)
					require.True(t, eq, "%q equals its normal form %q", s, got.String())
				}
			}
		}
		if tree, err := outside.Parse(s); err == nil {
			require.Equal(t, warn.CheckIn(own, mustTree(t, own, s), all), warn.CheckIn(outside, tree, all), s)
		}
	}
}
