package resolve_test

import (
	"net/url"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	gencorpus "github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/internal/spectest"
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
	rows := goResolveRows(t)
	for _, r := range rows {
		assert.Equal(t, r[2], resolve3986(t, r[0], r[1]), "%q against %q", r[1], r[0])
	}
	assert.Len(t, rows, 93, "the rows of resolveReferenceTests")
}

// goResolveRows reads testdata/go-net-url: each row's base, reference and target.
func goResolveRows(t testing.TB) [][3]string {
	t.Helper()
	b, err := os.ReadFile("../testdata/go-net-url/resolve_reference_tests.txt")
	require.NoError(t, err)
	lit := `("(?:[^"\\]|\\.)*")`
	row := regexp.MustCompile(`(?m)^\s*\{` + lit + `, ` + lit + `, ` + lit + `\},`)
	var rows [][3]string
	for _, m := range row.FindAllStringSubmatch(string(b), -1) {
		var s [3]string
		for i := range s {
			s[i], err = strconv.Unquote(m[i+1])
			require.NoError(t, err, m[0])
		}
		rows = append(rows, s)
	}
	return rows
}

// Resolution agrees with net/url's ResolveReference where net/url follows RFC 3986 5.2
// (netURLDomain): generated references (the corpus's lines, their paths, with dot segments,
// network-path and "../" forms) against bases with a hierarchical path, with the lower case
// scheme and the dropped empty fragment of net/url's String allowed for. What is left out is
// where net/url departs from the RFC or writes otherwise, each a row of the table in
// docs/go.md (TestNetURLDifferences).
func TestResolveAgreesWithNetURL(t *testing.T) {
	bases := []string{"http://a/b/c/d;p?q", "http://a", "http://a/b/c/", "https://h:8/x/y/z?q", "file:///C:/x/y", "s://h/%2E%2e/a%2F/", "ftp://[::1]:/a//b/c"}
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
			if got, want, ok := agreeWithNetURL(t, b, r); ok && assert.Equal(t, want, got, "%q against %q", r, b) {
				agree++
			}
		}
	}
	t.Logf("%d resolutions agree with net/url", agree)
	assert.Greater(t, agree, 80000, "docs/go.md says over 80,000")
}

// FuzzResolveAsNetURL: for any base and reference where net/url follows RFC 3986
// (netURLDomain), resolution gives net/url's target.
func FuzzResolveAsNetURL(f *testing.F) {
	for _, s := range []string{"http://a/b/c/d;p?q", "g", "../g", "//g/x", "?y", "#s", "HTTP://A/b#", "./a:b", "/x/../../y"} {
		f.Add("http://a/b/c/d;p?q", s)
	}
	for _, r := range goResolveRows(f) { // Go's own table: the cases net/url's authors thought of
		f.Add(r[0], r[1])
	}
	f.Fuzz(func(t *testing.T, base, ref string) {
		if len(base) > 256 || len(ref) > 256 {
			return
		}
		if got, want, ok := agreeWithNetURL(t, base, ref); ok && got != want {
			t.Errorf("%q against %q: resolve gives %q, net/url %q", ref, base, got, want)
		}
	})
}

// agreeWithNetURL resolves ref against base with rfc3986 and with net/url, when the two are
// in netURLDomain, and returns this package's target written as net/url's String writes (the
// scheme in lower case, no empty fragment) and net/url's.
func agreeWithNetURL(t *testing.T, base, ref string) (got, want string, ok bool) {
	t.Helper()
	if !netURLDomain(base, ref) {
		return "", "", false
	}
	if want, ok = netURLResolve(t, base, ref); !ok {
		return "", "", false
	}
	got = resolve3986(t, base, ref)
	if scheme, rest, ok := strings.Cut(got, ":"); ok {
		got = strings.ToLower(scheme) + ":" + rest
	}
	return strings.TrimSuffix(got, "#"), want, true
}

// netURLDomain reports whether base and ref are valid RFC 3986 references (base absolute)
// outside the cases where net/url departs from RFC 3986 or writes a component otherwise (the
// table of docs/go.md): a base with a fragment, dot segments or no authority (net/url reads a
// rootless path as opaque), an empty authority that net/url cannot tell from none (without a
// scheme, or with an empty path), a base's empty query that a reference with no path and no
// query keeps, a reference with a scheme and a rootless path with dot
// segments, or with ".." where the base or it has an empty segment, or whose path is an
// escaped "*", and userinfo or an escape in lower case in the authority of either (net/url
// decodes them and writes them escaped its own way).
func netURLDomain(base, ref string) bool {
	bt, err1 := g3986.Parse(base)
	rt, err2 := g3986.Parse(ref)
	if err1 != nil || err2 != nil {
		return false
	}
	b, r := bt.Components(), rt.Components()
	if b.Scheme == nil || b.Fragment != nil || b.Authority == nil || b.Userinfo != nil || r.Userinfo != nil {
		return false
	}
	if lowerEscape(*b.Authority) || r.Authority != nil && lowerEscape(*r.Authority) {
		return false // net/url decodes a host and writes its escapes again, in upper case
	}
	dots := func(p string) bool {
		for seg := range strings.SplitSeq(p, "/") {
			if seg == "." || seg == ".." {
				return true
			}
		}
		return false
	}
	switch {
	case dots(*b.Path), *b.Authority == "" && *b.Path == "":
		return false
	case r.Scheme == nil && r.Authority == nil && *r.Path == "" && r.Query == nil && b.Query != nil && *b.Query == "":
		return false // net/url keeps the base's query, but not its "?" when it is empty
	case r.Authority != nil && *r.Authority == "" && (r.Scheme == nil || *r.Path == ""):
		return false // net/url tells an empty authority from none only by a scheme and a path
	case r.Scheme != nil && r.Authority == nil && !strings.HasPrefix(*r.Path, "/") && dots(*r.Path):
		return false
	case dots(*r.Path) && (strings.Contains(*b.Path, "//") || strings.Contains(*r.Path, "//")):
		return false
	case strings.EqualFold(*r.Path, "%2A"):
		return false // net/url writes a path that is "*" unescaped (its asterisk-form, golang/go#11202)
	}
	return true
}

// TestNetURLDifferences holds the table of docs/go.md that lists where net/url's
// ResolveReference departs from RFC 3986: each row's resolve column is this package's result
// and its net/url column is net/url's, with the Go this test is built with.
func TestNetURLDifferences(t *testing.T) {
	table, err := spectest.MarkdownTable("../docs/go.md", "| base | reference | resolve | net/url | RFC 3986 | in Go's tracker |")
	require.NoError(t, err)
	code := regexp.MustCompile("^`([^`]*)`$")
	rows := 0
	for _, cells := range table {
		line := strings.Join(cells, " | ")
		var v [4]string
		for i := range v {
			m := code.FindStringSubmatch(cells[i])
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
		assert.Equal(t, v[3], got, "net/url with %s: %s (net/url changed: correct the row of docs/go.md, or drop it and widen netURLDomain if net/url now follows RFC 3986)", runtime.Version(), line)
		assert.NotEqual(t, v[2], v[3], line)
		rows++
	}
	assert.Equal(t, 15, rows)
}

// lowerEscape reports whether s holds an escape with a hex digit in lower case.
func lowerEscape(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' && ('a' <= s[i+1] && s[i+1] <= 'f' || 'a' <= s[i+2] && s[i+2] <= 'f') {
			return true
		}
	}
	return false
}
