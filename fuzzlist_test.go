package urlgrammar_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// `make fuzz` runs every fuzz target, and .ci/run runs it briefly: a Fuzz function that the
// Makefile's FUZZ_TARGETS does not list would never be fuzzed, and one it lists that does
// not exist would fail there. Targets are PACKAGE:NAME, the package as a path from the root.
func TestMakeFuzzListsEveryTarget(t *testing.T) {
	mk, err := os.ReadFile("Makefile")
	require.NoError(t, err)
	m := regexp.MustCompile(`(?s)\nFUZZ_TARGETS := (.*?)\n\n`).FindSubmatch(mk)
	require.NotNil(t, m, "the Makefile has no FUZZ_TARGETS")
	listed := strings.Fields(strings.ReplaceAll(string(m[1]), "\\\n", " "))
	var found []string
	decl := regexp.MustCompile(`(?m)^func (Fuzz\w*)\(\w+ \*testing\.F\)`)
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && path != "." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		pkg := "./" + filepath.ToSlash(filepath.Dir(path))
		if pkg == "./." {
			pkg = "."
		}
		for _, f := range decl.FindAllSubmatch(src, -1) {
			found = append(found, pkg+":"+string(f[1]))
		}
		return nil
	})
	require.NoError(t, err)
	sort.Strings(listed)
	sort.Strings(found)
	require.NotEmpty(t, found)
	assert.Equal(t, found, listed, "FUZZ_TARGETS in the Makefile and the Fuzz functions of the tests differ")

	// The documents' commands that fuzz a few targets (FUZZ_TARGETS='...' make fuzz) name
	// targets of the list.
	docs, err := filepath.Glob("docs/*.md")
	require.NoError(t, err)
	named := 0
	for _, doc := range append(docs, "README.md") {
		src, err := os.ReadFile(doc)
		require.NoError(t, err)
		for _, m := range regexp.MustCompile(`FUZZ_TARGETS='([^']*)'`).FindAllSubmatch(src, -1) {
			for _, target := range strings.Fields(string(m[1])) {
				named++
				assert.Contains(t, listed, target, "%s names a fuzz target that is not in FUZZ_TARGETS", doc)
			}
		}
	}
	assert.NotZero(t, named, "no document names fuzz targets: docs/grammars.md did")
}
