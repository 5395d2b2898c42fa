package check

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/warn"
)

type sarifLog struct {
	Schema  string `json:"$schema"`
	Version string
	Runs    []struct {
		Tool struct {
			Driver struct{ Name string }
		}
		ColumnKind string
		Results    []struct {
			RuleID    string
			Level     string
			Message   struct{ Text string }
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct{ URI string }
					Region           *struct{ StartLine, StartColumn int }
				}
			}
		}
	}
}

// run checks in through a Writer and returns what it wrote.
func runWriter(t *testing.T, cfg Config, inputs []Input) string {
	var b bytes.Buffer
	w := NewWriter(&b, cfg)
	_, err := Run(context.Background(), cfg, inputs, func(r *Record) error { return w.Write(r) })
	require.NoError(t, err)
	require.NoError(t, w.Close())
	return b.String()
}

// --format sarif is one SARIF 2.1.0 log: a result per grammar that rejects a line, per
// warning and per I/O error, at the line and the column in code points; valid JSON also with
// no result and with several workers.
func TestSARIF(t *testing.T) {
	g := urlgrammar.MustLookup("rfc3986")
	cfg := Config{Grammars: []*urlgrammar.Grammar{g}, Format: SARIF, Jobs: 3, Warnings: warn.Set{warn.Port: true}}
	in := "http://a/\nhttp://é/ x\nhttp://h:25/\n" + strings.Repeat("http://a/b\n", 600) + "a b\n"
	out := runWriter(t, cfg, []Input{{Name: "dir/my file.txt", Reader: strings.NewReader(in)}, {Name: "/nonexistent"}})
	var log sarifLog
	require.NoError(t, json.Unmarshal([]byte(out), &log), out)
	assert.Equal(t, "2.1.0", log.Version)
	require.Len(t, log.Runs, 1)
	run := log.Runs[0]
	assert.Equal(t, "urlgrammar", run.Tool.Driver.Name)
	assert.Equal(t, "unicodeCodePoints", run.ColumnKind)
	require.Len(t, run.Results, 4)
	r := run.Results[0]
	assert.Equal(t, "rfc3986/reg-name", r.RuleID)
	assert.Equal(t, "error", r.Level)
	loc := r.Locations[0].PhysicalLocation
	assert.Equal(t, "dir/my%20file.txt", loc.ArtifactLocation.URI)
	assert.Equal(t, 2, loc.Region.StartLine)
	assert.Equal(t, 8, loc.Region.StartColumn, "the column in code points: é is one")
	assert.Equal(t, "warning/port", run.Results[1].RuleID)
	assert.Equal(t, "warning", run.Results[1].Level)
	assert.Equal(t, 604, run.Results[2].Locations[0].PhysicalLocation.Region.StartLine)
	assert.Equal(t, "io-error", run.Results[3].RuleID)
	assert.Nil(t, run.Results[3].Locations[0].PhysicalLocation.Region, "no line for a file that cannot be opened")

	out = runWriter(t, cfg, []Input{{Name: "f", Reader: strings.NewReader("http://a/\n")}})
	require.NoError(t, json.Unmarshal([]byte(out), &log), out)
	assert.Empty(t, log.Runs[0].Results)
}

// --format github writes one workflow command a finding, escaped as the runner reads it.
func TestGitHubAnnotations(t *testing.T) {
	all := []*urlgrammar.Grammar{urlgrammar.MustLookup("rfc3986"), urlgrammar.MustLookup("rfc2396bis-01")}
	out := runWriter(t, Config{Grammars: all, Format: GitHub, Jobs: 1}, []Input{{Name: "a,b:c%.txt", Reader: strings.NewReader("ok:\na%zz\n")}})
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 2, out)
	assert.Equal(t, `::error file=a%2Cb%3Ac%25.txt,line=2,col=3,title=urlgrammar rfc3986/segment::rfc3986: unexpected 'z' in segment, expected 0-9, A-F or a-f`, lines[0])
	assert.True(t, strings.HasPrefix(lines[1], "::error file=a%2Cb%3Ac%25.txt,line=2,col=3,title=urlgrammar rfc2396bis-01/segment::rfc2396bis-01: "), lines[1])
	assert.Equal(t, "a%25%0Ab%0D", string(appendGitHubData(nil, "a%\nb\r")))
	assert.Equal(t, "x%3A%0D%0A%2C%25y:,", string(appendGitHubProperty(nil, "x:\r\n,%y"))+":,")
	assert.Equal(t, "plain", string(appendGitHubProperty(nil, "plain")))
}
