package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar/internal/testgc"
)

// TestGrammarOutsideModule does what docs/grammars.md's "A grammar of your own" says, in
// a new module outside this one: a grammar of its own (testdata/grammar/dataurl.abnf and
// .peg, RFC 2397's data URLs), generated with urlgrammar-gen into a package that registers
// itself, then that module's tests (testdata/module/check_test.go.txt): Lookup, Valid, Match,
// Parse to the generic tree, its JSON and declared components, errors, the typed views
// generated from the grammar, and grammartest's differential, tree and shape checks. Then a PEG rule is broken on purpose (a
// character dropped from a class): the module's tests must fail, with a minimal witness.
//
// It runs the go command in the new module as that page says (go tool urlgrammar-gen, go test,
// go generate); the module cache must hold this module's
// dependencies, as it does after go mod download, pigeon v1.3.0 among them.
func TestGrammarOutsideModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module and runs its tests (about half a minute)")
	}
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	dir := t.TempDir()
	copyFile(t, "testdata/grammar/dataurl.abnf", filepath.Join(dir, "grammar", "dataurl.abnf"))
	copyFile(t, "testdata/grammar/dataurl.peg", filepath.Join(dir, "grammar", "dataurl.peg"))
	copyFile(t, filepath.Join(root, "go.sum"), filepath.Join(dir, "go.sum"))
	// The tool line is what `go get -tool .../cmd/urlgrammar-gen` writes (that page's command);
	// it is written here because go get asks the module proxy whether cmd/urlgrammar-gen
	// is a module of its own, which the proxy of this machine refuses to answer.
	gomod := "module example.com/dataurl\n\ngo 1.24.4\n\n" +
		"tool github.com/urlgrammar/urlgrammar/cmd/urlgrammar-gen\n\n" +
		"require github.com/urlgrammar/urlgrammar v0.0.0-00010101000000-000000000000\n\n" +
		"replace github.com/urlgrammar/urlgrammar => " + strconv.Quote(root) + "\n" // quoted: a checkout's path may hold a space
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644))

	// -mod=mod lets the go command add the requirements urlgrammar brings to go.mod (as go
	// get would have), from go.sum and the module cache.
	goCmd := func(args ...string) (string, error) {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		cmd.Env = append(cmd.Env, testgc.Env(os.Getenv)...) // its compiles and tests allocate as ours do
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		return out.String(), err
	}
	out, err := goCmd("mod", "tidy")
	require.NoError(t, err, "go mod tidy:\n%s", out)
	gen := []string{"tool", "urlgrammar-gen", "-peg", "grammar/dataurl.peg", "-o", "dataurl"}
	out, err = goCmd(gen...)
	require.NoError(t, err, "urlgrammar-gen:\n%s", out)
	copyFile(t, "testdata/module/check_test.go.txt", filepath.Join(dir, "check_test.go"))
	doc, err := os.ReadFile(filepath.Join(dir, "dataurl", "doc.go"))
	require.NoError(t, err)
	require.Contains(t, string(doc), "//go:generate go run github.com/urlgrammar/urlgrammar/cmd/urlgrammar-gen -peg ../grammar/dataurl.peg -o .")
	out, err = goCmd("test", "-count=1", "-v", "./...")
	require.NoError(t, err, "the module's tests:\n%s", out)
	for _, test := range []string{"TestRegistered", "TestViews", "TestGrammar"} {
		require.Contains(t, out, "--- PASS: "+test+" ", "the module's tests ran")
	}
	require.Contains(t, out, "dataurl parameter", "grammartest checked every rule, parameter among them")

	// go generate, as doc.go says, rewrites the same package.
	before := readDir(t, filepath.Join(dir, "dataurl"))
	out, err = goCmd("generate", "./dataurl")
	require.NoError(t, err, "go generate:\n%s", out)
	require.Equal(t, before, readDir(t, filepath.Join(dir, "dataurl")), "go generate writes what urlgrammar-gen wrote")

	// A PEG that drops "~" from tchar accepts less than the ABNF: the tests say so, with a
	// minimal witness.
	peg := filepath.Join(dir, "grammar", "dataurl.peg")
	src, err := os.ReadFile(peg)
	require.NoError(t, err)
	broken := strings.Replace(string(src), "`{|}~]", "`{|}]", 1)
	require.NotEqual(t, string(src), broken)
	require.NoError(t, os.WriteFile(peg, []byte(broken), 0o644))
	out, err = goCmd(gen...)
	require.NoError(t, err, "urlgrammar-gen:\n%s", out)
	out, err = goCmd("test", "-count=1", "-run", "TestGrammar$", "./...")
	require.Error(t, err, "a broken PEG rule must fail the module's tests:\n%s", out)
	require.Contains(t, out, "PEG, DFA, ABNF disagree")
	require.Contains(t, out, `minimal witness "~"`, out)
	t.Logf("the broken grammar's test failure, as a user sees it:\n%s", firstLines(out, 6))
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Dir(to), 0o755))
	require.NoError(t, os.WriteFile(to, b, 0o644))
}

func readDir(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	files := map[string]string{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		require.NoError(t, err)
		files[e.Name()] = string(b)
	}
	return files
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], "\n")
}
