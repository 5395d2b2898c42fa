package urlgrammar_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The tables of testdata/rfc2396bis-01 are the draft's own text: every example line must
// occur verbatim in the copy of the draft.
func TestAppendixCVerbatim(t *testing.T) {
	spec, err := os.ReadFile("testdata/spec/draft-fielding-uri-rfc2396bis-01.txt")
	require.NoError(t, err)
	n := 0
	for _, l := range readTable(t, "grammars/rfc2396bis-01/testdata/appendix-c.txt") {
		if strings.HasPrefix(l, "[") {
			l = strings.Trim(l, "[]")
		}
		if strings.HasPrefix(l, "base ") {
			l = "base URI of " + strings.TrimPrefix(l, "base ")
		}
		assert.Contains(t, string(spec), l)
		n++
	}
	for _, l := range readTable(t, "grammars/rfc2396bis-01/testdata/examples.txt") {
		assert.Contains(t, string(spec), l)
		n++
	}
	assert.Equal(t, 1+2+22+20+6, n, "base, 2 headings, 22 + 20 examples in Appendix C; 6 in section 1.3")
}

// Section 1.3: each example URI parses with the components the text gives it.
func TestSection13Examples(t *testing.T) {
	want := map[string]struct{ scheme, authority, path string }{
		"ftp://ftp.is.co.za/rfc/rfc1808.txt":                {"ftp", "ftp.is.co.za", "/rfc/rfc1808.txt"},
		"gopher://gopher.tc.umn.edu:70/11/Mailing%20Lists/": {"gopher", "gopher.tc.umn.edu:70", "/11/Mailing%20Lists/"},
		"http://www.ietf.org/rfc/rfc2396.txt":               {"http", "www.ietf.org", "/rfc/rfc2396.txt"},
		"mailto:John.Doe@example.com":                       {"mailto", "", "John.Doe@example.com"},
		"news:comp.infosystems.www.servers.unix":            {"news", "", "comp.infosystems.www.servers.unix"},
		"telnet://melvyl.ucop.edu/":                         {"telnet", "melvyl.ucop.edu", "/"},
	}
	lines := readTable(t, "grammars/rfc2396bis-01/testdata/examples.txt")
	require.Len(t, lines, len(want))
	for _, l := range lines {
		u, desc, _ := strings.Cut(l, " -- ")
		w, ok := want[u]
		require.True(t, ok, u)
		r := parseRef(t, u)
		c := r.Components()
		assert.Equal(t, w.scheme, *c.Scheme, u)
		assert.True(t, strings.HasPrefix(desc, w.scheme+" scheme"), "the description names the scheme: %q", desc)
		if w.authority == "" {
			assert.Nil(t, c.Authority, u)
			assert.NotNil(t, ruleTexts(r, "opaque-part"), "%s is opaque", u)
		} else {
			assert.Equal(t, w.authority, *c.Authority, u)
		}
		assert.Equal(t, w.path, *c.Path, u)
		assert.Nil(t, c.Query, u)
		assert.Nil(t, c.Fragment, u)
	}
	gopher := parseRef(t, "gopher://gopher.tc.umn.edu:70/11/Mailing%20Lists/").Components()
	assert.Equal(t, "gopher.tc.umn.edu", *gopher.Host)
	assert.Equal(t, "70", *gopher.Port)
}

// appendixB is the regular expression of Appendix B, the draft's test oracle for the split of
// a reference into its components.
var appendixB = regexp.MustCompile(`^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)

// splitB returns scheme = $2, authority = $4, path = $5, query = $7, fragment = $9, nil where
// the group did not participate in the match.
func splitB(s string) [5]*string {
	m := appendixB.FindStringSubmatchIndex(s)
	group := func(i int) *string {
		if m[2*i] < 0 {
			return nil
		}
		v := s[m[2*i]:m[2*i+1]]
		return &v
	}
	return [5]*string{group(2), group(4), group(5), group(7), group(9)}
}

// Appendix B's worked example.
func TestAppendixBExample(t *testing.T) {
	const u = "http://www.ics.uci.edu/pub/ietf/uri/#Related"
	want := [5]*string{ptr("http"), ptr("www.ics.uci.edu"), ptr("/pub/ietf/uri/"), nil, ptr("Related")}
	assert.Equal(t, want, splitB(u), "the regex itself")
	c := componentsOf(t, g2396, u)
	assert.Equal(t, want, [5]*string{c.Scheme, c.Authority, c.Path, c.Query, c.Fragment})
}

// The tree's components agree with the Appendix B split on every valid test input.
func TestAppendixBAgreesWithTree(t *testing.T) {
	inputs := validInputs(t)
	require.Greater(t, len(inputs), 150)
	for _, s := range inputs {
		c := componentsOf(t, g2396, s)
		assert.Equal(t, splitB(s), [5]*string{c.Scheme, c.Authority, c.Path, c.Query, c.Fragment}, "input %q", s)
	}
}

// Every reference and every result of Appendix C parses; the references are relative but for
// the two with a scheme, and the results are absolute URIs.
func TestAppendixCParses(t *testing.T) {
	examples := readAppendixC(t)
	require.Len(t, examples, 22+20, "C.1 has 22 examples, C.2 20")
	for _, c := range examples {
		r := parseRef(t, c.Ref)
		assert.Equal(t, c.Ref == "g:h" || c.Ref == "http:g", r.Components().Scheme != nil, "reference %q", c.Ref)
		require.NoError(t, g2396.Match("absolute-URI", c.Base), c.Base)
		for _, res := range c.Results {
			if rest, ok := strings.CutPrefix(res, "(current document)"); ok {
				require.NoError(t, g2396.Match("URI-reference", rest), res)
				continue
			}
			require.NoError(t, g2396.Match("absolute-URI-reference", res), "result %q of %q", res, c.Ref)
		}
	}
	// Spot checks of the trees the table's references get.
	dots := parseRef(t, "../../g")
	assert.Equal(t, []string{"..", "..", "g"}, append(ruleTexts(dots, "rel-segment"), ruleTexts(dots, "segment")...))
	assert.Equal(t, "../../g", *dots.Components().Path)
	assert.Equal(t, "g", *parseRef(t, "//g").Components().Host)
	q := parseRef(t, "?y").Components()
	assert.Equal(t, "", *q.Path)
	assert.Equal(t, "y", *q.Query)
	empty := parseRef(t, "").Components()
	assert.Nil(t, empty.Query)
	assert.Nil(t, empty.Fragment)
	assert.Equal(t, "", *empty.Path)
}
