package grammartest_test

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/grammars/rfc1738"
)

// httpOnly registers RFC 1738's package under another id, with a header whose dispatch
// leaves ftp out, once in the process (the registry is the process's: go test -count=2).
var httpOnly = sync.OnceValues(func() (*urlgrammar.Grammar, error) {
	gen := rfc1738.Generated
	gen.Info.ID = "rfc1738-http-only"
	gen.Info.Dispatch = "http=httpurl *=otherurl"
	return urlgrammar.Register(gen)
})

// TestDispatchFromHeader: RFC 1738's dispatch by scheme is its header's dispatch line, which
// Valid and Match follow (the DFAs), and a grammar registered from outside the module has the
// one its header declares. The PEG's start rule does its own dispatch, which the differential
// tests hold equal to the header's: a registration whose header leaves ftp out while its PEG
// does not is valid by the DFAs and invalid by the PEG, the disagreement TestDifferential and
// grammartest.Differential report. A dispatch that names no rule of the grammar is refused.
// (It is here, not in package urlgrammar, whose tests run every registered grammar: the
// registrations below would join them.)
func TestDispatchFromHeader(t *testing.T) {
	const badType = "ftp://h/f;type=x"
	own := urlgrammar.MustLookup(urlgrammar.RFC1738)
	assert.False(t, own.Valid(badType), "ftp URLs must match ftpurl")
	assert.Error(t, own.MatchPEG(own.Start(), badType), "the PEG's url dispatches too")
	assert.NoError(t, own.Match("otherurl", badType), "the ABNF's otherurl takes it")

	g, err := httpOnly()
	require.NoError(t, err)
	assert.True(t, g.Valid(badType), "without ftp in the header's dispatch, otherurl takes it")
	assert.False(t, g.Valid("http://h/a b"), "http is still dispatched to httpurl")
	assert.Error(t, g.MatchPEG(g.Start(), badType), "the PEG was not changed: the readings disagree")

	gen := rfc1738.Generated
	gen.Info.ID = "rfc1738-bad-dispatch"
	gen.Info.Dispatch = "http=nosuchrule *=otherurl"
	_, err = urlgrammar.Register(gen)
	if assert.Error(t, err) {
		assert.Contains(t, err.Error(), `the dispatch names "nosuchrule"`)
	}
}
