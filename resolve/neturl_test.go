package resolve_test

import (
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	gencorpus "github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/resolve"
)

// resolve3986 resolves ref against base with the grammar rfc3986 and RFC 3986's algorithm.
func resolve3986(t *testing.T, base, ref string) string {
	t.Helper()
	r, err := resolve.ResolveString(base, ref, resolve.Options{Grammar: g3986, Algorithm: resolve.Algorithm3986})
	require.NoError(t, err, "%q against %q", ref, base)
	return r.String()
}

// netURLResolve is net/url's resolution of ref against base: ResolveReference, then String.
func netURLResolve(t *testing.T, base, ref string) (string, bool) {
	t.Helper()
	b, err1 := url.Parse(base)
	r, err2 := url.Parse(ref)
	if err1 != nil || err2 != nil {
		return "", false
	}
	return b.ResolveReference(r).String(), true
}

// Every case of net/url's own table of resolutions (testdata/go-net-url: Go's
// resolveReferenceTests, RFC 3986's examples and the cases of Go's issues) resolves to Go's
// target.
func TestGoResolveReferenceTests(t *testing.T) {
	b, err := os.ReadFile("../testdata/go-net-url/resolve_reference_tests.txt")
	require.NoError(t, err)
	lit := `("(?:[^"\\]|\\.)*")`
	row := regexp.MustCompile(`(?m)^\s*\{` + lit + `, ` + lit + `, ` + lit + `\},`)
	n := 0
	for _, m := range row.FindAllStringSubmatch(string(b), -1) {
		var s [3]string
		for i := range s {
			s[i], err = strconv.Unquote(m[i+1])
			require.NoError(t, err, m[0])
		}
		assert.Equal(t, s[2], resolve3986(t, s[0], s[1]), "%q against %q", s[1], s[0])
		n++
	}
	assert.Equal(t, 93, n, "the rows of resolveReferenceTests")
}

// Resolution agrees with net/url's ResolveReference where net/url follows RFC 3986 5.2:
// generated references (the corpus's lines, their paths, queries and fragments, with dot
// segments, network-path and "../" forms) against bases with a hierarchical path and
// without dot segments or fragment, with the lowercase scheme and the dropped empty fragment
// of net/url's String allowed for. What is left out is where net/url departs from the RFC,
// each a row of the table in docs/go.md (TestNetURLDifferences): an empty authority ("//"),
// an empty segment after ".." ("..//g"), a base with a rootless path, and a reference with no
// path and no query against a base with a fragment or dot segments.
func TestResolveAgreesWithNetURL(t *testing.T) {
	bases := []string{"http://a/b/c/d;p?q", "http://a", "http://a/b/c/", "https://u@h:8/x/y/z?q", "file:///C:/x/y", "s://h/%2E%2e/a%2F/"}
	var refs []string
	for _, s := range gencorpus.Lines(2000, 7) {
		if !g3986.Valid(s) {
			continue
		}
		refs = append(refs, s)
		if _, rest, ok := strings.Cut(s, "://"); ok {
			_, path, _ := strings.Cut(rest, "/")
			refs = append(refs, "/"+path, "//"+rest, "./"+path, "../"+path, "a/./b/../"+path, "../../../"+path, path+"/..", path+"/.")
		}
	}
	refs = append(refs, ".", "..", "./", "../", "?", "?#", "#f", "g:h", "./a:b", "%2e%2e/x", "x/%2E./y", ".../x", "a/b/../../../c")
	agree := 0
	for _, b := range bases {
		for _, r := range refs {
			if !g3986.Valid(r) || emptyAuthority(r) || strings.Contains(r, "//") && strings.Contains(r, "..") {
				continue
			}
			want, ok := netURLResolve(t, b, r)
			if !ok {
				continue
			}
			got := resolve3986(t, b, r)
			if scheme, rest, ok := strings.Cut(got, ":"); ok {
				got = strings.ToLower(scheme) + ":" + rest // net/url's String writes the scheme in lower case
			}
			got = strings.TrimSuffix(got, "#") // and no empty fragment
			if assert.Equal(t, want, got, "%q against %q", r, b) {
				agree++
			}
		}
	}
	t.Logf("%d resolutions agree with net/url", agree)
	assert.Greater(t, agree, 80000, "docs/go.md says over 80,000")
}

// emptyAuthority reports whether the relative reference r has an authority and it is empty
// ("//", "///g", "//?q"), which net/url does not tell from none.
func emptyAuthority(r string) bool {
	return strings.HasPrefix(r, "//") && (len(r) == 2 || strings.ContainsRune("/?#", rune(r[2])))
}

// TestNetURLDifferences holds the table of docs/go.md that lists where net/url's
// ResolveReference departs from RFC 3986: each row's resolve column is this package's result
// and its net/url column is net/url's, with the Go this test is built with.
func TestNetURLDifferences(t *testing.T) {
	doc, err := os.ReadFile("../docs/go.md")
	require.NoError(t, err)
	_, table, ok := strings.Cut(string(doc), "| base | reference | resolve | net/url | RFC 3986 |\n|---|---|---|---|---|\n")
	require.True(t, ok, "docs/go.md has the table of net/url's differences")
	table, _, _ = strings.Cut(table, "\n\n")
	code := regexp.MustCompile("^`([^`]*)`$")
	rows := 0
	for line := range strings.Lines(table) {
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		require.Len(t, cells, 5, line)
		var v [4]string
		for i := range v {
			m := code.FindStringSubmatch(strings.TrimSpace(cells[i]))
			require.NotNil(t, m, "cell %d of %q is one code span", i, line)
			v[i] = m[1]
		}
		base, ref := v[0], v[1]
		if ref == `""` {
			ref = ""
		}
		assert.Equal(t, v[2], resolve3986(t, base, ref), "resolve: %s", line)
		got, ok := netURLResolve(t, base, ref)
		require.True(t, ok, line)
		assert.Equal(t, v[3], got, "net/url: %s", line)
		assert.NotEqual(t, v[2], v[3], line)
		rows++
	}
	assert.Equal(t, 9, rows)
}
