package urlgrammar_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// docs/design.md's example of the header language is real: each of its "; urlgrammar" lines
// (without its comment, "..." standing for any text) is a line of some grammar's header.
func TestDesignHeaderExample(t *testing.T) {
	doc, err := os.ReadFile("docs/design.md")
	require.NoError(t, err)
	files, err := filepath.Glob("grammars/*/*.abnf")
	require.NoError(t, err)
	var headers []string
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		headers = append(headers, strings.Split(string(src), "\n")...)
	}
	comment := regexp.MustCompile(`\s\s+\S.*$`)
	n := 0
	for _, l := range strings.Split(string(doc), "\n") {
		if !strings.HasPrefix(l, "; urlgrammar ") {
			continue
		}
		n++
		want := strings.TrimSpace(comment.ReplaceAllString(l, ""))
		re := regexp.MustCompile("^" + strings.ReplaceAll(regexp.QuoteMeta(want), `\.\.\.`, ".*"))
		found := false
		for _, h := range headers {
			found = found || re.MatchString(h)
		}
		assert.True(t, found, "docs/design.md: no grammar has a header line %q", want)
	}
	assert.GreaterOrEqual(t, n, 8, "the example of the header language")
}

// The README's Go quick start is Example_quickStart's body, which go test compiles, runs and
// checks the output of.
func TestREADMEQuickStart(t *testing.T) {
	docBlockIsExample(t, "README.md", "## Go in five minutes\n\n```go\n", "quickstart_test.go", "Example_quickStart")
}

// docs/go.md's example of the typed views is Example_views's body.
func TestDocsViewsExample(t *testing.T) {
	docBlockIsExample(t, "docs/go.md", "### Typed views\n\n```go\n", "views_example_test.go", "Example_views")
	docBlockIsExample(t, "docs/go.md", "No grammar has hand-written tree code.\n\n```go\n", "tree_example_test.go", "Example_tree")
	docBlockIsExample(t, "docs/go.md", "rejected the input (`SyntaxError.Grammar`, `Scheme`, `Rule`):\n\n```go\n", "schemes_example_test.go", "Example_schemes")
}

// docBlockIsExample checks that the Go block of doc that follows start is the body of the
// example function name of file, which go test compiles, runs and checks the output of.
func docBlockIsExample(t *testing.T, doc, start, file, name string) {
	t.Helper()
	text, err := os.ReadFile(doc)
	require.NoError(t, err)
	_, after, ok := strings.Cut(string(text), start)
	require.True(t, ok, "%s has no block after %q", doc, start)
	block, _, ok := strings.Cut(after, "```\n")
	require.True(t, ok)
	src, err := os.ReadFile(file)
	require.NoError(t, err)
	_, body, ok := strings.Cut(string(src), "func "+name+"() {\n")
	require.True(t, ok)
	body, _, ok = strings.Cut(body, "\n}\n")
	require.True(t, ok)
	var want strings.Builder
	for _, l := range strings.Split(body, "\n") {
		want.WriteString(strings.TrimPrefix(l, "\t") + "\n")
	}
	assert.Equal(t, want.String(), block, "%s's block and %s differ", doc, name)
}
