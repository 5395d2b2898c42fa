package peg

import (
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar/ast"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadHeader(t *testing.T) {
	info, err := ReadHeader([]byte("; g: a grammar\n;\n; urlgrammar id: g-1\r\n; urlgrammar title: G, a title: with colons\n; urlgrammar start: top\nrule = \"a\"\n"))
	require.NoError(t, err)
	assert.Equal(t, Info{ID: "g-1", Title: "G, a title: with colons", Start: "top"}, info)

	// nodes may take several lines; they add up, in order.
	info, err = ReadHeader([]byte("; urlgrammar id: g\n; urlgrammar title: t\n; urlgrammar start: s\n; urlgrammar nodes: a b\n; urlgrammar nodes:  c\n"))
	require.NoError(t, err)
	assert.Equal(t, []string{"a", "b", "c"}, info.Nodes)

	// Declarations, in order: a component with no forms (undefined in its scope) and rule.
	info, err = ReadHeader([]byte("; urlgrammar id: g\n; urlgrammar title: t\n; urlgrammar start: s\n; urlgrammar component host in newsurl:\n; urlgrammar rule: a b\n"))
	require.NoError(t, err)
	assert.Equal(t, []ast.Decl{{Key: "component host in newsurl", Value: ""}, {Key: "rule", Value: "a b"}}, info.Decls)

	// semantics, once.
	info, err = ReadHeader([]byte("; urlgrammar id: g\n; urlgrammar title: t\n; urlgrammar start: s\n; urlgrammar semantics: rfc3986\n"))
	require.NoError(t, err)
	assert.Equal(t, "rfc3986", info.Semantics)

	// dispatch, once, checked.
	info, err = ReadHeader([]byte("; urlgrammar id: g\n; urlgrammar title: t\n; urlgrammar start: s\n; urlgrammar dispatch: HTTP=h *=o\n"))
	require.NoError(t, err)
	assert.Equal(t, "HTTP=h *=o", info.Dispatch)

	for src, want := range map[string]string{
		"; urlgrammar dispatch: http=h\n":                                                    "line 1: dispatch: want SCHEME=RULE words and one *=RULE",
		"; urlgrammar semantics: rfc3986\n; urlgrammar semantics: rfc3987\n":                 "line 2: semantics declared twice",
		"; urlgrammar id: g\n; urlgrammar title: t\n":                                        `no "; urlgrammar start:" line`,
		"; urlgrammar id: g\n; urlgrammar id: h\n":                                           "line 2: id declared twice",
		"; urlgrammar color: red\n":                                                          `unknown key "color"`,
		"; urlgrammar id:\n":                                                                 "line 1: want",
		"; urlgrammar rule:\n":                                                               "line 1: want",
		"; urlgrammar id: g\n; urlgrammar title: t\n; urlgrammar start: s\n; urlgrammar x\n": "line 4: want",
	} {
		_, err := ReadHeader([]byte(src))
		if assert.Error(t, err, src) {
			assert.Contains(t, err.Error(), want, src)
		}
	}
}

// FuzzReadHeader: any file gives a registration or an error, never a panic; a registration
// has its three keys, and nodes and declarations only from their lines.
func FuzzReadHeader(f *testing.F) {
	f.Add("; urlgrammar id: g\n; urlgrammar title: t\n; urlgrammar start: s\n; urlgrammar nodes: a b\n; urlgrammar component path: p \"\"\n")
	f.Add("; urlgrammar parts: a* b=@path\n; urlgrammar hostkind ipv4: x\n")
	f.Add("; urlgrammar id:\r\n")
	f.Add("; urlgrammar rule: a b\n; urlgrammar component host in a:\n; urlgrammar parts: k=a>b\n")
	f.Add("; urlgrammar id: g\n; urlgrammar title: t\n; urlgrammar start: s\n; urlgrammar scheme mailto: m\n; urlgrammar scheme URN: n +fragment\n")
	f.Add("; urlgrammar scheme 1x: m\n; urlgrammar scheme a: m +frag\n; urlgrammar scheme a:\n")
	f.Add("; urlgrammar id:0\n; urlgrammar title:0\n; urlgrammar start:0\n; urlgrammar component:") // a component without a name
	f.Fuzz(func(t *testing.T, src string) {
		info, err := ReadHeader([]byte(src))
		if err != nil {
			return
		}
		if info.ID == "" || info.Title == "" || info.Start == "" {
			t.Fatalf("%q: a registration without id, title or start: %+v", src, info)
		}
		for _, d := range info.Decls {
			if d.Value == "" && !strings.HasPrefix(d.Key, "component ") {
				t.Fatalf("%q: an empty declaration that is not a component's %+v", src, d)
			}
		}
		seen := map[string]bool{}
		for _, line := range info.Schemes {
			sr, err := ParseScheme(line)
			if err != nil || sr.Rule == "" || seen[sr.Scheme] || sr.Scheme != strings.ToLower(sr.Scheme) {
				t.Fatalf("%q: scheme line %q read as %+v, %v (or twice)", src, line, sr, err)
			}
			seen[sr.Scheme] = true
		}
	})
}

// A header's scheme lines: SCHEME: RULE [+fragment], each scheme once, lower-cased.
// Predicate lines: "predicate RULE: NAME", in order.
func TestPredicateLines(t *testing.T) {
	head := "; urlgrammar id: g\n; urlgrammar title: t\n; urlgrammar start: s\n"
	info, err := ReadHeader([]byte(head + "; urlgrammar predicate host: valid-domain\n; urlgrammar predicate b: p\n"))
	require.NoError(t, err)
	assert.Equal(t, []string{"host: valid-domain", "b: p"}, info.Predicates)
	rule, name, err := ParsePredicate(info.Predicates[0])
	require.NoError(t, err)
	assert.Equal(t, [2]string{"host", "valid-domain"}, [2]string{rule, name})
	for _, line := range []string{"; urlgrammar predicate host: a b\n", "; urlgrammar predicate : x\n"} {
		_, err := ReadHeader([]byte(head + line))
		if assert.Error(t, err, line) {
			assert.Contains(t, err.Error(), `line 4: predicate: want "predicate RULE: NAME"`, line)
		}
	}
}

func TestSchemeLines(t *testing.T) {
	head := "; urlgrammar id: g\n; urlgrammar title: t\n; urlgrammar start: s\n"
	info, err := ReadHeader([]byte(head + "; urlgrammar scheme mailto: mailtoURI\n; urlgrammar scheme URN: namestring +fragment\n"))
	require.NoError(t, err)
	var got []SchemeRule
	for _, l := range info.Schemes {
		sr, err := ParseScheme(l)
		require.NoError(t, err)
		got = append(got, sr)
	}
	assert.Equal(t, []SchemeRule{{"mailto", "mailtoURI", false}, {"urn", "namestring", true}}, got)
	for line, want := range map[string]string{
		"; urlgrammar scheme 1x: r\n":                          `line 4: scheme "1x": not a scheme`,
		"; urlgrammar scheme a: r +frag\n":                     `line 4: scheme a: want "scheme a: RULE" or "scheme a: RULE +fragment"`,
		"; urlgrammar scheme a: r s\n":                         `line 4: scheme a: want`,
		"; urlgrammar scheme a: r\n; urlgrammar scheme A: s\n": "line 5: the scheme a is given twice",
	} {
		_, err := ReadHeader([]byte(head + line))
		if assert.Error(t, err, line) {
			assert.Contains(t, err.Error(), want, line)
		}
	}
}

func TestParseDispatch(t *testing.T) {
	cases, otherwise, err := ParseDispatch("http=httpurl FTP=ftpurl svn+ssh=x *=otherurl")
	require.NoError(t, err)
	assert.Equal(t, []DispatchCase{{"http", "httpurl"}, {"ftp", "ftpurl"}, {"svn+ssh", "x"}}, cases, "schemes in lower case")
	assert.Equal(t, "otherurl", otherwise)
	for line, want := range map[string]string{
		"http=a":            "one *=RULE",
		"*=o":               "want SCHEME=RULE words",
		"http=a http=b *=o": "the scheme http is given twice",
		"http=a *=o *=p":    "*= given twice",
		"1http=a *=o":       "is not a scheme",
		"http= *=o":         `"http=": want SCHEME=RULE`,
		"httpurl *=o":       `"httpurl": want SCHEME=RULE`,
		"http:=a *=o":       "is not a scheme",
		"ht%74p=a *=o":      "is not a scheme",
		"http=a, ftp=b *=o": "", // a comma is part of a rule name: the generator finds no such rule
	} {
		_, _, err := ParseDispatch(line)
		if want == "" {
			assert.NoError(t, err, line)
			continue
		}
		if assert.Error(t, err, line) {
			assert.Contains(t, err.Error(), want, line)
		}
	}
}

// SchemeEnd: the longest prefix that is a scheme, letters of either case.
func TestSchemeEnd(t *testing.T) {
	for s, want := range map[string]int{"": 0, "http:": 4, "HTTP://": 4, "svn+ssh:x": 7, "a.b-c+1": 7, "1a:": 0, "+a": 0, "a b": 1, "é": 0} {
		assert.Equal(t, want, SchemeEnd(s), "%q", s)
	}
}
