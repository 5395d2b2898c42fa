package urlgrammar

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar/grammarkit"
	whatwgurl "github.com/urlgrammar/urlgrammar/grammars/whatwg-url"
)

// TestTwoPredicates: with two predicates, each node of either rule is decided, and the error
// is that of the first node in the tree's order that one refuses (the host's before the
// path's).
func TestTwoPredicates(t *testing.T) {
	if _, ok := grammarkit.PredicateOf("test-no-x-segment"); !ok { // registered once a process (-count)
		grammarkit.RegisterPredicate("test-no-x-segment", func(text string) error {
			if strings.Contains(text, "x") {
				return &grammarkit.PredicateError{Offset: strings.IndexByte(text, 'x'), Msg: "an x in a segment"}
			}
			return nil
		})
	}
	gen := whatwgurl.Generated
	gen.Info.ID = "whatwg-url-two-predicates"
	gen.Info.Predicates = append([]string{"URL-path-segment-string: test-no-x-segment"}, gen.Info.Predicates...)
	g, err := Register(gen)
	require.NoError(t, err)
	t.Cleanup(func() { // out of the registry: the tests over every grammar would meet it
		registryMu.Lock()
		defer registryMu.Unlock()
		delete(registry, gen.Info.ID)
	})
	p := g.NewParser()
	for in, want := range map[string]struct {
		rule string
		off  int
	}{
		"https://a.com/bxb":   {"URL-path-segment-string", 15},
		"https://a-.com/b":    {"valid-domain-string", 8},
		"https://a-.com/bxb":  {"valid-domain-string", 8},
		"https://a.com/b/c/x": {"URL-path-segment-string", 18},
	} {
		assert.False(t, g.Valid(in), in)
		for _, err := range []error{func() error { _, err := g.Parse(in); return err }(), func() error { _, err := p.Parse(in); return err }()} {
			var se *SyntaxError
			if assert.True(t, errors.As(err, &se), "%q: %v", in, err) {
				assert.Equal(t, want.rule, se.Rule(), "%q", in)
				assert.Equal(t, want.off, se.Offset, "%q", in)
			}
		}
	}
	assert.True(t, g.Valid("https://a.com/b/c"))
	_, err = p.Parse("https://a.com/b/c")
	assert.NoError(t, err)
}
