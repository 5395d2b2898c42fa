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

// A valid line's input is copied into a TSV field unscanned when the start rule accepted it:
// rfc2396bis-01's start rule accepts no backslash. Its rule unwise does, but Run refuses tsv
// with rules (and the renderer copies only the start rule's lines).
func TestTSVInputOfTheStartRule(t *testing.T) {
	g := urlgrammar.MustLookup("rfc2396bis-01")
	require.False(t, g.AcceptedBytes()['\\'])
	require.NoError(t, g.Match("unwise", `\`))
	_, err := Run(context.Background(), Config{Grammars: []*urlgrammar.Grammar{g}, Rules: []string{"unwise"}, Format: TSV}, nil,
		func(*Record) error { return nil })
	require.Error(t, err)
	for _, c := range []struct {
		line string
		want string
	}{
		{"http://a/b", "http://a/b"},
		{`http://a/\`, `http://a/\\`},
		{"http://a/\xff", `http://a/\xff`},
	} {
		var fields []string
		_, err := Run(context.Background(), Config{Grammars: []*urlgrammar.Grammar{g}, Format: TSV},
			[]Input{{Name: "x", Reader: strings.NewReader(c.line + "\n")}}, func(r *Record) error {
				fields = strings.Split(strings.TrimSuffix(string(r.Out), "\n"), "\t")
				return nil
			})
		require.NoError(t, err)
		assert.Equal(t, c.want, fields[len(fields)-1], "%q", c.line)
	}
}
