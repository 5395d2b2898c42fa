package urlgrammar_test

import (
	"net/url"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/internal/spectest"
)

// TestNetURLParseVerdicts holds docs/go.md's section "url.Parse is no validator": on the
// benchmark corpus, url.Parse accepts every line rfc3986 accepts and the section's count
// more; and each row of its table has rfc3986's verdict and url.Parse's (with the Go this test
// is built with). A row whose reason begins "nor" lists, after its first code span, more
// characters that give the same verdicts in the input's place of the first.
func TestNetURLParseVerdicts(t *testing.T) {
	g := urlgrammar.MustLookup("rfc3986")
	both, goOnly := 0, 0
	for _, s := range corpus.Lines(10000, 1) {
		_, err := url.Parse(s)
		switch valid := g.Valid(s); {
		case valid && err == nil:
			both++
		case valid:
			t.Errorf("url.Parse refuses %q, which rfc3986 accepts: docs/go.md says it accepts them all", s)
		case err == nil:
			goOnly++
		}
	}
	assert.Equal(t, 8943, both, "docs/go.md's count of the lines both accept (with %s)", runtime.Version())
	assert.Equal(t, 467, goOnly, "docs/go.md's count of the lines only url.Parse accepts (with %s)", runtime.Version())

	table, err := spectest.MarkdownTable("docs/go.md", "| input | rfc3986 | url.Parse | why |")
	require.NoError(t, err)
	code := regexp.MustCompile("`([^`]*)`")
	verdict := map[string]bool{"valid": true, "invalid": false}
	rows := 0
	for _, cells := range table {
		line := strings.Join(cells, " | ")
		m := code.FindStringSubmatch(cells[0])
		require.NotNil(t, m, line)
		want3986, ok1 := verdict[cells[1]]
		wantGo, ok2 := verdict[cells[2]]
		require.True(t, ok1 && ok2, "the verdicts of %q", line)
		inputs := []string{m[1]}
		if why := cells[3]; strings.HasPrefix(why, "nor ") {
			spans := code.FindAllStringSubmatch(why, -1)
			first := spans[0][1]
			require.Contains(t, m[1], first, line)
			for _, c := range spans[1:] {
				inputs = append(inputs, strings.Replace(m[1], first, c[1], 1))
			}
		}
		for _, in := range inputs {
			_, err := url.Parse(in)
			assert.Equal(t, want3986, g.Valid(in), "rfc3986 on %q (%s)", in, line)
			assert.Equal(t, wantGo, err == nil, "url.Parse with %s on %q: %v (%s; url.Parse changed: correct docs/go.md's row)", runtime.Version(), in, err, line)
		}
		rows++
	}
	assert.Equal(t, 14, rows)
}

// FuzzNetURLParseRefusals: url.Parse accepts every URI reference rfc3986 accepts but those of
// the kinds docs/go.md's table lists: an IPvFuture literal, a host with an escape of an ASCII
// character other than "%25".
func FuzzNetURLParseRefusals(f *testing.F) {
	for _, s := range readTable(f, "testdata/corpus/sample.txt") {
		f.Add(s)
	}
	f.Add("http://[v7.x]/")
	f.Add("http://%41/")
	g := urlgrammar.MustLookup("rfc3986")
	f.Fuzz(func(t *testing.T, s string) {
		tree, err := g.Parse(s)
		if err != nil {
			return
		}
		if _, err := url.Parse(s); err != nil {
			c := tree.Components()
			if c.HostKind != nil && *c.HostKind == "ipvfuture" || c.Host != nil && asciiEscape(*c.Host) {
				return
			}
			t.Errorf("url.Parse refuses %q, a URI reference: %v", s, err)
		}
	})
}

// asciiEscape reports whether host holds an escape of an ASCII character other than "%25".
func asciiEscape(host string) bool {
	for i := 0; i+2 < len(host); i++ {
		if host[i] == '%' && host[i+1] < '8' && host[i:i+3] != "%25" {
			return true
		}
	}
	return false
}
