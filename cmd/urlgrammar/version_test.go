package main

import (
	"os/exec"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/idna"
)

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		code, out, errOut := runCLI("", args...)
		assert.Equal(t, 0, code, args)
		assert.Empty(t, errOut)
		assert.True(t, strings.HasPrefix(out, "urlgrammar "), out)
		assert.True(t, strings.HasSuffix(out, " ("+runtime.Version()+", UTS 46 of Unicode "+idna.UnicodeVersion+")\n"), out)
	}
}

// The library and the CLI link nothing the generator or the tests need: go-abnf and go-uuid
// are for internal/dfa/dfabuild (the generator and tests) only, chromedp for the browser
// test of the playground, and pigeon's parser of each grammar (grammars/ID/pigeon) is the
// reference the tests hold the grammar's recognizer to.
func TestNoBuildToolsLinked(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH to list the dependencies with")
	}
	out, err := exec.Command(gobin, "list", "-deps", ".", "github.com/urlgrammar/urlgrammar",
		"github.com/urlgrammar/urlgrammar/check", "github.com/urlgrammar/urlgrammar/extract",
		"github.com/urlgrammar/urlgrammar/diagram", "github.com/urlgrammar/urlgrammar/grammars/all").CombinedOutput()
	require.NoError(t, err, string(out))
	deps := strings.Fields(string(out))
	assert.Contains(t, deps, "github.com/urlgrammar/urlgrammar/grammarkit/pegvm", "the one recognizer is linked (the list is of the right packages)")
	for _, dep := range deps {
		// pigeon's parser of each grammar is the tests' reference, in a package of its own
		assert.False(t, strings.HasSuffix(dep, "/pigeon") || strings.HasSuffix(dep, "/pigeonref"), "%s is linked", dep)
		assert.NotContains(t, dep, "go-abnf")
		assert.NotContains(t, dep, "go-uuid")
		assert.NotContains(t, dep, "dfabuild")
		assert.NotContains(t, dep, "chromedp")
		assert.NotContains(t, dep, "fredbi") // internal/cmd/peers measures it
	}
}

// TestRootImportsNoGrammar: package urlgrammar links no grammar (a program imports the ones it
// uses, which register themselves), and a grammar's package does not link another grammar or
// package urlgrammar's users' packages: a program that uses one grammar pays for that one.
func TestRootImportsNoGrammar(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH to list the dependencies with")
	}
	for pkg, allowed := range map[string]string{
		"github.com/urlgrammar/urlgrammar":                  "",
		"github.com/urlgrammar/urlgrammar/grammars/rfc3986": "github.com/urlgrammar/urlgrammar/grammars/rfc3986",
	} {
		out, err := exec.Command(gobin, "list", "-deps", pkg).CombinedOutput()
		require.NoError(t, err, string(out))
		for _, dep := range strings.Fields(string(out)) {
			if strings.HasPrefix(dep, "github.com/urlgrammar/urlgrammar/grammars/") && dep != allowed {
				t.Errorf("%s links the grammar package %s", pkg, dep)
			}
			if pkg != "github.com/urlgrammar/urlgrammar" && dep == "github.com/urlgrammar/urlgrammar" {
				t.Errorf("%s links package urlgrammar", pkg)
			}
		}
	}
}

// A package that looks a grammar up by id registers it (imports its package): a program that
// imports only the package and the grammars it parses with cannot make it panic. warn reads a
// scheme grammar's URIs with rfc3986, resolve's zero Options are rfc2396bis-01's, jsonformat's
// formats are rfc3986's and rfc3987's.
func TestPackagesRegisterWhatTheyLookUp(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH to list the dependencies with")
	}
	const m = "github.com/urlgrammar/urlgrammar/"
	for pkg, grammars := range map[string][]string{
		"warn":       {"rfc3986"},
		"resolve":    {"rfc2396bis-01", "rfc3986"},
		"jsonformat": {"rfc3986", "rfc3987"},
	} {
		out, err := exec.Command(gobin, "list", "-deps", m+pkg).CombinedOutput()
		require.NoError(t, err, string(out))
		for _, id := range grammars {
			assert.Contains(t, strings.Fields(string(out)), m+"grammars/"+id, "%s looks up %s", pkg, id)
		}
	}
}
