package urlgrammar_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
	whatwgurl "github.com/urlgrammar/urlgrammar/grammars/whatwg-url"
)

// A grammar's predicates (whatwg-url's valid-domain) decide Valid, Match, Parse, ParseRule
// and a Parser's Parse, with an error in the node's rule at the fault; MatchSyntax and the
// automata are of the rules alone.
func TestPredicates(t *testing.T) {
	g := urlgrammar.MustLookup(urlgrammar.WHATWGURL)
	require.True(t, g.HasPredicates())
	assert.False(t, urlgrammar.MustLookup(urlgrammar.RFC3986).HasPredicates())
	p := g.NewParser()
	for in, off := range map[string]int{"http://a-.com/": 7, "http://b.ab--c.com/": 9, "https://x.1/": 10, "file://a..b/x": 9} {
		assert.False(t, g.Valid(in), in)
		assert.NoError(t, g.MatchSyntax(g.Start(), in), "%q: the rules accept it", in)
		_, perr := g.Parse(in)
		_, qerr := p.Parse(in)
		merr := g.Match(g.Start(), in)
		for _, err := range []error{perr, qerr, merr} {
			var se *urlgrammar.SyntaxError
			if assert.True(t, errors.As(err, &se), "%q: %v", in, err) {
				assert.Equal(t, off, se.Offset, "%q", in)
				assert.Equal(t, "valid-domain-string", se.Rule(), "%q", in)
				assert.Contains(t, se.Msg(), "not a valid domain", "%q", in)
				assert.Empty(t, se.Expected(), "%q: the text is refused as a whole", in)
			}
		}
		assert.Equal(t, perr.Error(), qerr.Error())
		assert.Equal(t, perr.Error(), merr.Error())
	}
	// On any rule whose tree holds the node.
	assert.Error(t, g.Match("special-authority", "a-.com:80"))
	assert.NoError(t, g.MatchSyntax("special-authority", "a-.com:80"))
	_, err := g.ParseRule("valid-host-string", "1.2.3.256")
	assert.ErrorContains(t, err, "ends in a number")
	tree, err := g.ParseRule("valid-host-string", "1.2.3.255")
	require.NoError(t, err)
	assert.Equal(t, "ipv4", *tree.Components().HostKind)
	// The IPv4 address of a non-special URL is an opaque host: no predicate there.
	assert.True(t, g.Valid("foo://1.2.3.256/"))
	// A Parser's next parse is not disturbed by a predicate's error.
	tree, err = p.Parse("https://example.com/")
	require.NoError(t, err)
	assert.Equal(t, "example.com", *tree.Components().Host)
}

// A grammar whose predicate is not registered is refused when it is registered.
func TestPredicateNotRegistered(t *testing.T) {
	gen := whatwgurl.Generated
	gen.Info.ID = "whatwg-url-unregistered"
	gen.Info.Predicates = []string{"valid-domain-string: no-such-predicate"}
	_, err := urlgrammar.Register(gen)
	assert.ErrorContains(t, err, "predicate no-such-predicate is not registered")
	gen.Info.Predicates = []string{"URL-unit: valid-domain"}
	_, err = urlgrammar.Register(gen)
	assert.ErrorContains(t, err, "URL-unit is not a node rule")
}
