package main

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
)

// appendReport writes a syntax error as SyntaxError.Report does, wrapped or not (the
// wrapper's text, then the caret), and any other error on its line.
func TestAppendReport(t *testing.T) {
	err := urlgrammar.MustLookup("rfc3986").Match("host", "a b")
	se, ok := err.(*urlgrammar.SyntaxError)
	require.True(t, ok)
	assert.Equal(t, se.Report()+"\n", string(appendReport([]byte{}, se)))
	wrapped := fmt.Errorf("line 3: %w", se)
	assert.Equal(t, "line 3: "+se.Error()+"\n"+se.Caret()+"\n", string(appendReport(nil, wrapped)))
	assert.Equal(t, "> other\n", string(appendReport([]byte("> "), errors.New("other"))))
}

// match makes each input's error in memory the next input's error uses again: every error it
// writes is the one Grammar.Match gives that input alone.
func TestMatchWritesEachError(t *testing.T) {
	g := urlgrammar.MustLookup("rfc3986")
	inputs := []string{"a b", "[::1", "h%4", "ok.example", "x\xff", "[v1.x", "a@b"}
	var want strings.Builder
	for _, in := range inputs {
		if err := g.Match("host", in); err != nil {
			want.WriteString(err.(*urlgrammar.SyntaxError).Report() + "\n")
		} else {
			fmt.Fprintf(&want, "rfc3986: %q matches host\n", in)
		}
	}
	code, out, _ := runCLI(strings.Join(inputs, "\n")+"\n", "match", "host")
	assert.Equal(t, 1, code)
	assert.Equal(t, want.String(), out)
}
