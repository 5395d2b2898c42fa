package check

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
)

// Config.Rules checks lines against other rules than the start rule, as Match does; the
// formats that need trees refuse them.
func TestRunRules(t *testing.T) {
	a, b := urlgrammar.MustLookup("url-syntax-05"), urlgrammar.MustLookup("rfc2396bis-01")
	cfg := Config{Grammars: []*urlgrammar.Grammar{a, b}, Rules: []string{"host", "host"}, Jobs: 2}
	var got []Partition
	_, err := Run(context.Background(), cfg, []Input{{Name: "x", Reader: strings.NewReader("example.com\n0\n[::1]\n-a\n")}},
		func(r *Record) error {
			got = append(got, PartitionOf(r))
			for i, res := range r.Results {
				assert.Equal(t, res.Err == nil, cfg.Grammars[i].Match("host", r.Input) == nil, "%q", r.Input)
			}
			return nil
		})
	require.NoError(t, err)
	assert.Equal(t, []Partition{Both, OnlyB, OnlyB, Neither}, got)

	for _, bad := range []Config{
		{Grammars: cfg.Grammars, Rules: []string{"host"}},
		{Grammars: cfg.Grammars, Rules: cfg.Rules, Format: JSONL},
	} {
		_, err := Run(context.Background(), bad, nil, func(*Record) error { return nil })
		assert.Error(t, err)
	}
}
