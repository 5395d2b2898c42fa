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
		urlgrammar.URLSyntax05, urlgrammar.RFC1738, urlgrammar.URL1993,
		urlgrammar.RFC9110, urlgrammar.RFC6455, urlgrammar.RFC2397, urlgrammar.RFC6068, urlgrammar.RFC8141, urlgrammar.RFC3966, urlgrammar.RFC5870, urlgrammar.RFC8089,
		urlgrammar.RFC8089Nonstandard, urlgrammar.RFC9112, urlgrammar.RFC6874, urlgrammar.RFC6570, urlgrammar.RFC2396, urlgrammar.URI, urlgrammar.WHATWGURL, urlgrammar.WebSafe}
	sort.Strings(ids)
	assert.Equal(t, urlgrammar.IDs(), ids)
	assert.Equal(t, urlgrammar.RFC3986, urlgrammar.DefaultGrammar)
	for _, id := range ids {
		assert.Equal(t, id, urlgrammar.MustLookup(id).ID())
	}
}

// The default ports: RFC 1738's, and https, ws and wss from their RFCs.
func TestDefaultPort(t *testing.T) {
	for scheme, want := range map[string]int{"http": 80, "HTTPS": 443, "https": 443, "ws": 80, "WSS": 443, "ftp": 21, "prospero": 1525, "gopher": 70} {
		p, ok := urlgrammar.DefaultPort(scheme)
		assert.True(t, ok, scheme)
		assert.Equal(t, want, p, scheme)
	}
	for _, scheme := range []string{"", "httpx", "wsx", "w", "mailto", "htt", "prosperos", "http\x00", "\xc8ttp", "file"} {
		_, ok := urlgrammar.DefaultPort(scheme)
		assert.False(t, ok, scheme)
	}
}
