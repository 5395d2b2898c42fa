package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The harness runs every peer on a few URLs and prints one row for each; a peer whose tools
// are missing (make peers-tools installs them) is named and left out.
func TestPeersTable(t *testing.T) {
	var out strings.Builder
	require.NoError(t, run(&out, 200, 1))
	s := out.String()
	t.Log("\n" + s)
	for _, call := range []string{"| net/url.Parse | ", "| urlgrammar rfc3986 Valid |", "| urlgrammar rfc3986 Parser.Parse |", "| github.com/fredbi/uri Parse |"} {
		assert.Contains(t, s, call)
	}
	if _, err := exec.LookPath("node"); err == nil {
		assert.Contains(t, s, "new URL (ada) |")
	} else {
		t.Log("TestPeersTable: Node.js is not installed (make peers-tools): its rows are not checked")
	}
	if _, err := os.Stat("/usr/include/uriparser/Uri.h"); err == nil {
		assert.Contains(t, s, "uriParseSingleUriA |")
		// uriparser implements RFC 3986 strictly: it accepts the lines the grammar accepts.
		var grammar, uriparser string
		for _, l := range strings.Split(s, "\n") {
			f := strings.Split(l, "|")
			switch {
			case len(f) > 4 && strings.Contains(f[1], "rfc3986 Valid"):
				grammar = strings.TrimSpace(f[4])
			case len(f) > 4 && strings.Contains(f[1], "uriParseSingleUriA"):
				uriparser = strings.TrimSpace(f[4])
			}
		}
		assert.Equal(t, grammar, uriparser, "lines accepted by rfc3986 and by uriparser")
	} else {
		t.Log("TestPeersTable: liburiparser-dev is not installed (make peers-tools): its row is not checked")
	}
}
