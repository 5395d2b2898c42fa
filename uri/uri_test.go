package uri_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/uri"
)

func str(s string) *string { return &s }

var g3986 = urlgrammar.MustLookup(urlgrammar.RFC3986)

// Build writes what the components say, or refuses: a character a component does not allow
// is the grammar's error; components that would read back differently are a ChangedError.
func TestBuild(t *testing.T) {
	tree, err := uri.Build(g3986, uri.Components{Scheme: str("http"), Authority: str("example.com"),
		Path: "/" + uri.Escape("a b/c", uri.Segment), Query: str("q=" + uri.Escape("x&y", uri.QueryValue))})
	require.NoError(t, err)
	assert.Equal(t, "http://example.com/a%20b%2Fc?q=x%26y", tree.String())

	_, err = uri.Build(g3986, uri.Components{Scheme: str("http"), Authority: str("h"), Path: "/a b"})
	var se *urlgrammar.SyntaxError
	require.ErrorAs(t, err, &se, "a space in the path")
	assert.Equal(t, 10, se.Offset)

	for _, c := range []struct {
		c         uri.Components
		component string
	}{
		{uri.Components{Scheme: str("http"), Path: "//evil.com/x"}, "authority"}, // the path would be a host
		{uri.Components{Path: "a:b"}, "scheme"},                                  // the first segment would be a scheme
		{uri.Components{Scheme: str("http"), Authority: str("a"), Path: "b"}, "authority"},
		{uri.Components{Path: "/a", Query: str("q#f")}, "query"},
		{uri.Components{Path: "/a?b"}, "path"},
	} {
		_, err := uri.Build(g3986, c.c)
		var ce *uri.ChangedError
		if assert.ErrorAs(t, err, &ce, "%q", c.c.String()) {
			assert.Equal(t, c.component, ce.Component, "%q", c.c.String())
		}
	}
	_, err = uri.Build(urlgrammar.MustLookup(urlgrammar.RFC1738), uri.Components{Path: "/"})
	var ng *urlgrammar.NotGenericError
	assert.True(t, errors.As(err, &ng))
	// Of gives back what Build was given.
	c := uri.Components{Scheme: str("a"), Authority: str(""), Path: "", Query: str(""), Fragment: str("")}
	tree, err = uri.Build(g3986, c)
	require.NoError(t, err)
	assert.Equal(t, c, uri.Of(tree))
}

func TestEscape(t *testing.T) {
	for _, c := range []struct {
		in   string
		p    uri.Part
		want string
	}{
		{"a b/c?d#e%", uri.Segment, "a%20b%2Fc%3Fd%23e%25"},
		{"a b/c?d#e", uri.Path, "a%20b/c%3Fd%23e"},
		{"a b/c?d#e&f=g+h", uri.Query, "a%20b/c?d%23e&f=g+h"},
		{"a b/c?d#e&f=g+h;i", uri.QueryValue, "a%20b/c?d%23e%26f%3Dg%2Bh%3Bi"},
		{"user:pa@ss", uri.Userinfo, "user:pa%40ss"},
		{"ex:ample.com", uri.Host, "ex%3Aample.com"},
		{"é", uri.Fragment, "%C3%A9"},
		{"plain-._~", uri.Segment, "plain-._~"},
	} {
		assert.Equal(t, c.want, uri.Escape(c.in, c.p), "%q", c.in)
		back, err := uri.Unescape(c.want)
		require.NoError(t, err)
		assert.Equal(t, c.in, back)
	}
	_, err := uri.Unescape("a%zzb")
	var ee *uri.EscapeError
	require.ErrorAs(t, err, &ee)
	assert.Equal(t, 1, ee.Offset)
}

func TestDecodeQuery(t *testing.T) {
	pairs, err := uri.DecodeQuery("a=1&b=x%20y+z&&flag&c=%3D=", false)
	require.NoError(t, err)
	assert.Equal(t, []uri.Pair{{"a", "1", true}, {"b", "x y+z", true}, {"flag", "", false}, {"c", "==", true}}, pairs)
	pairs, err = uri.DecodeQuery("b=x+y", true)
	require.NoError(t, err)
	assert.Equal(t, []uri.Pair{{"b", "x y", true}}, pairs)
	_, err = uri.DecodeQuery("a=1&b=%z", false)
	var ee *uri.EscapeError
	require.ErrorAs(t, err, &ee)
	assert.Equal(t, 6, ee.Offset, "the offset in the query")
	pairs, err = uri.DecodeQuery("", false)
	require.NoError(t, err)
	assert.Empty(t, pairs)
}

// templates put an escaped text into each part of an RFC 3986 reference; the component it
// lands in is the one Of returns for the index.
var templates = map[uri.Part]struct {
	before, after string
	component     func(uri.Components) string
}{
	uri.Userinfo: {"http://", "@h/", func(c uri.Components) string { a := *c.Authority; return a[:strings.LastIndexByte(a, '@')] }},
	uri.Host:     {"http://", "/", func(c uri.Components) string { return *c.Authority }},
	uri.Path:     {"http://h/", "", func(c uri.Components) string { return c.Path[1:] }},
	uri.Segment:  {"http://h/", "/x", func(c uri.Components) string { return strings.TrimSuffix(c.Path[1:], "/x") }},
	uri.Query:    {"http://h/?", "", func(c uri.Components) string { return *c.Query }},
	uri.Fragment: {"http://h/#", "", func(c uri.Components) string { return *c.Fragment }},
	uri.QueryValue: {"http://h/?k=", "&z=1", func(c uri.Components) string {
		return strings.TrimSuffix(strings.TrimPrefix(*c.Query, "k="), "&z=1")
	}},
}

// FuzzEscape: any text escaped for a part is valid there in an RFC 3986 reference, lands in
// that component as written, and decodes back; a query value decodes back through
// DecodeQuery.
func FuzzEscape(f *testing.F) {
	for _, s := range []string{"", "a b", "%", "a/b?c#d", "é\x00\xff", "k=v&x", "@:;+", "//", "[::1]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for p, tpl := range templates {
			e := uri.Escape(s, p)
			tree, err := g3986.Parse(tpl.before + e + tpl.after)
			if err != nil {
				t.Fatalf("part %d: %q escaped to %q is not valid there: %v", p, s, e, err)
			}
			if got := tpl.component(uri.Of(tree)); got != e {
				t.Fatalf("part %d: %q escaped to %q lands as %q", p, s, e, got)
			}
			if back, err := uri.Unescape(e); err != nil || back != s {
				t.Fatalf("part %d: %q escaped to %q decodes to %q, %v", p, s, e, back, err)
			}
		}
		pairs, err := uri.DecodeQuery("k="+uri.Escape(s, uri.QueryValue), false)
		if err != nil || len(pairs) != 1 || pairs[0].Value != s {
			t.Fatalf("query value %q: %v, %v", s, pairs, err)
		}
	})
}

// FuzzDecodeQuery: any query decodes or is an EscapeError inside it; what decodes, written
// again with Escape, decodes to the same pairs.
func FuzzDecodeQuery(f *testing.F) {
	for _, q := range []string{"", "a=1&b=2", "a", "&&", "%zz", "a=%41+b", "=x", "a==b"} {
		f.Add(q, false)
	}
	f.Fuzz(func(t *testing.T, q string, form bool) {
		pairs, err := uri.DecodeQuery(q, form)
		if err != nil {
			var ee *uri.EscapeError
			if !errors.As(err, &ee) || ee.Offset < 0 || ee.Offset >= len(q) || q[ee.Offset] != '%' {
				t.Fatalf("%q: %v", q, err)
			}
			return
		}
		var parts []string
		for _, p := range pairs {
			s := uri.Escape(p.Key, uri.QueryValue)
			if p.HasValue {
				s += "=" + uri.Escape(p.Value, uri.QueryValue)
			}
			parts = append(parts, s)
		}
		again, err := uri.DecodeQuery(strings.Join(parts, "&"), false)
		if err != nil || len(again) != len(pairs) {
			t.Fatalf("%q: %v then %v, %v", q, pairs, again, err)
		}
		for i := range pairs {
			if again[i] != pairs[i] && !(pairs[i].Key == "" && !pairs[i].HasValue) {
				t.Fatalf("%q: %v then %v", q, pairs, again)
			}
		}
	})
}
