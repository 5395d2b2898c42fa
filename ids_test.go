package urlgrammar_test

import (
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/urlgrammar/urlgrammar"
)

// The id constants name the bundled grammars, each once.
func TestGrammarIDConstants(t *testing.T) {
	ids := []string{urlgrammar.RFC3986, urlgrammar.RFC3987, urlgrammar.RFC2396bis01,
		urlgrammar.URLSyntax05, urlgrammar.RFC1738, urlgrammar.URL1993}
	sort.Strings(ids)
	assert.Equal(t, urlgrammar.IDs(), ids)
	assert.Equal(t, urlgrammar.RFC3986, urlgrammar.DefaultGrammar)
	for _, id := range ids {
		assert.Equal(t, id, urlgrammar.MustLookup(id).ID())
	}
}
