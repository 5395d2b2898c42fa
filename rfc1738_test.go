package urlgrammar_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/grammars/rfc1738"
)

var g1738 = urlgrammar.MustLookup("rfc1738")

func valid1738Inputs(t testing.TB) []productionInput {
	return readProductions(t, "grammars/rfc1738/testdata/valid.txt")
}

func invalid1738Inputs(t testing.TB) []invalidInput {
	return readInvalid(t, "grammars/rfc1738/testdata/invalid.txt")
}

// parse1738 parses s with rfc1738 and returns its tree.
func parse1738(t *testing.T, s string) ast.Tree {
	t.Helper()
	tree, err := g1738.Parse(s)
	require.NoError(t, err, "input %q", s)
	return tree
}

// ruleTexts returns the texts of the nodes of rule in tree, in pre-order (nil for none).
func ruleTexts(tree ast.Tree, rule string) []string {
	var out []string
	for i := range tree.Len() {
		if tree.RuleName(i) == rule {
			out = append(out, tree.Text(i))
		}
	}
	return out
}

// strs is its arguments, for comparing with ruleTexts.
func strs(s ...string) []string { return s }

// TestRFC1738Traps: the PEG traps of the issue give the trees the ABNF means.
func TestRFC1738Traps(t *testing.T) {
	w := parse1738(t, "wais://h/db?x")
	assert.NotNil(t, ruleTexts(w, "waisindex"), "an index, not a database")
	assert.Equal(t, strs("db"), ruleTexts(w, "database"))
	assert.Equal(t, strs("x"), ruleTexts(w, "search"))
	assert.Nil(t, ruleTexts(w, "wtype"))

	w = parse1738(t, "wais://h/db/t/p")
	assert.NotNil(t, ruleTexts(w, "waisdoc"))
	assert.Equal(t, [][]string{{"db"}, {"t"}, {"p"}}, [][]string{ruleTexts(w, "database"), ruleTexts(w, "wtype"), ruleTexts(w, "wpath")})
	assert.Nil(t, ruleTexts(w, "search"))
	assert.NotNil(t, ruleTexts(parse1738(t, "wais://h/db"), "waisdatabase"))

	n := parse1738(t, "news:foo@bar.com")
	assert.Equal(t, strs("foo@bar.com"), ruleTexts(n, "article"), "an article, not a group")
	assert.Nil(t, ruleTexts(n, "group"))
	n = parse1738(t, "news:comp.infosystems.www.misc")
	assert.Equal(t, strs("comp.infosystems.www.misc"), ruleTexts(n, "group"))
	assert.Nil(t, ruleTexts(parse1738(t, "news:*"), "article"))
	assert.Equal(t, strs("*@h"), ruleTexts(parse1738(t, "news:*@h"), "article"), `"*@h" is an article`)

	gu := parse1738(t, "gopher://h/7sel%09search")
	assert.Equal(t, strs("7"), ruleTexts(gu, "gtype"))
	assert.Equal(t, strs("sel"), ruleTexts(gu, "selector"), "the selector stops at %09")
	assert.Equal(t, strs("search"), ruleTexts(gu, "search"))
	assert.Nil(t, ruleTexts(gu, "gopher-plus-string"))
	// A search has no "/": here the first %09 is inside the selector.
	gu = parse1738(t, "gopher://h/1a%09b/c")
	assert.Equal(t, strs("a%09b/c"), ruleTexts(gu, "selector"))
	assert.Nil(t, ruleTexts(gu, "search"))
	gu = parse1738(t, "gopher://h/1a%09b%09c/d")
	assert.Equal(t, [][]string{{"a"}, {"b"}, {"c/d"}}, [][]string{ruleTexts(gu, "selector"), ruleTexts(gu, "search"), ruleTexts(gu, "gopher-plus-string")})

	_, err := g1738.Parse("http://host:80x")
	var se *urlgrammar.SyntaxError
	require.ErrorAs(t, err, &se, "a port is digits only, and an http URL is no otherurl")
	assert.Equal(t, 14, se.Offset)

	h := parse1738(t, "HTTP://host/")
	assert.Equal(t, strs("HTTP"), ruleTexts(h, "scheme"), "scheme literals are case-insensitive")
	assert.NotNil(t, ruleTexts(h, "httpurl"))

	// The dispatch: a named scheme must match its own production, so a bad typecode is an
	// error and not an otherurl; the rule otherurl alone still takes it, as the ABNF has it.
	assert.False(t, g1738.Valid("ftp://h/f;type=x"))
	assert.NoError(t, g1738.Match("otherurl", "ftp://h/f;type=x"))
	assert.Error(t, g1738.Match("url", "ftp://h/f;type=x"))
	assert.NotNil(t, ruleTexts(parse1738(t, "https://h/"), "otherurl"))
	assert.NotNil(t, ruleTexts(parse1738(t, "Ftp://h/"), "ftpurl"))
}

// TestRFC1738Hosts: hostnumber before hostname; a hostname's last label is a toplabel.
func TestRFC1738Hosts(t *testing.T) {
	for in, want := range map[string]string{
		"http://1.2.3.4/":         "hostnumber",
		"http://999.999.999.999/": "hostnumber",
		"http://1.2.3.a4/":        "hostname",
		"http://a-b.c-d.e9/":      "hostname",
	} {
		tree := parse1738(t, in)
		assert.Equal(t, want, *tree.Components().HostKind, in)
		assert.NotNil(t, ruleTexts(tree, want), in)
	}
	assert.Equal(t, strs("a", "b2"), ruleTexts(parse1738(t, "http://a.b2.c/"), "domainlabel"))
	assert.Equal(t, strs("c"), ruleTexts(parse1738(t, "http://a.b2.c/"), "toplabel"))
}

// TestRFC1738Login: section 3.1 on empty and absent user names and passwords.
func TestRFC1738Login(t *testing.T) {
	for in, want := range map[string]struct {
		user, password []string
	}{
		"ftp://host.com/":      {nil, nil},
		"ftp://@host.com/":     {strs(""), nil},
		"ftp://foo:@host.com/": {strs("foo"), strs("")},
		"ftp://a:b@host.com/":  {strs("a"), strs("b")},
		"ftp://:@host.com/":    {strs(""), strs("")},
	} {
		tree := parse1738(t, in)
		assert.Equal(t, want.user, ruleTexts(tree, "user"), in)
		assert.Equal(t, want.password, ruleTexts(tree, "password"), in)
	}
}

// ftpURL is the view of the FTP URL s.
func ftpURL(t *testing.T, s string) rfc1738.Ftpurl {
	t.Helper()
	tree := parse1738(t, s)
	u, ok := rfc1738.AsFtpurl(&tree, tree.Find("ftpurl"))
	require.True(t, ok, s)
	return u
}

// TestRFC1738FTP: the commands (3.2.2, 3.2.3) of FTP URLs, with the examples of section 3.2.2.
func TestRFC1738FTP(t *testing.T) {
	type cmds = []rfc1738.FTPCommand
	cmd := func(name, arg string) rfc1738.FTPCommand { return rfc1738.FTPCommand{Name: name, Arg: arg} }
	for in, want := range map[string]cmds{
		// 3.2.2: "CWD /etc" and then "RETR motd"
		"ftp://myname@host.dom/%2Fetc/motd": {cmd("CWD", "/etc"), cmd("RETR", "motd")},
		// 3.2.2: "CWD etc" and "RETR motd"
		"ftp://myname@host.dom/etc/motd": {cmd("CWD", "etc"), cmd("RETR", "motd")},
		// 3.2.2: "CWD " with a null argument, then "CWD etc", and then "RETR motd"
		"ftp://myname@host.dom//etc/motd":              {cmd("CWD", ""), cmd("CWD", "etc"), cmd("RETR", "motd")},
		"ftp://ds.internic.net/rfc/rfc1436.txt;type=a": {cmd("CWD", "rfc"), cmd("TYPE", "A"), cmd("RETR", "rfc1436.txt")},
		"ftp://info.cern.ch/pub/www/doc;type=d":        {cmd("CWD", "pub"), cmd("CWD", "www"), cmd("NLST", "doc")},
		"ftp://h/a%3Bb;TYPE=I":                         {cmd("TYPE", "I"), cmd("RETR", "a;b")},
		"ftp://h/;type=D":                              {cmd("NLST", "")},
		"ftp://h/":                                     {cmd("RETR", "")},
		"ftp://h":                                      nil,
	} {
		assert.Equal(t, want, ftpURL(t, in).Commands(), in)
	}
	assert.Equal(t, "", ftpURL(t, "ftp://h/f").TypeCode())
	assert.Equal(t, "i", ftpURL(t, "ftp://h/f;type=I").TypeCode())
}

// TestRFC1738Gopher: the default type and the request of section 3.4.
func TestRFC1738Gopher(t *testing.T) {
	for in, want := range map[string][2]string{ // type, request
		"gopher://h":        {"1", ""},
		"gopher://h/":       {"1", ""},
		"gopher://h/0":      {"0", ""},
		"gopher://h/%30abc": {"0", "abc"},
		"gopher://gopher.tc.umn.edu:70/11/Mailing%20Lists/": {"1", "1/Mailing Lists/"},
		"gopher://h/7sel%09search%20words":                  {"7", "sel\tsearch words"},
		"gopher://h/1sel%09%09!+ABSTRACT%20+SMELL":          {"1", "sel\t\t!+ABSTRACT +SMELL"},
		"gopher://h/1sel%09%09+application/postscript%20Es_ES": {"1",
			"sel\t\t+application/postscript Es_ES"},
		"gopher://h/1sel%09%09+%091%0D%0A+-1%0D%0A%0D%0A%0D%0A.%0D%0A": {"1",
			"sel\t\t+\t1\r\n+-1\r\n\r\n\r\n.\r\n"},
	} {
		tree := parse1738(t, in)
		u, ok := rfc1738.AsGopherurl(&tree, tree.Find("gopherurl"))
		require.True(t, ok, in)
		assert.Equal(t, want[0], u.ItemType(), in)
		assert.Equal(t, want[1], u.Request(), in)
	}
}

// TestRFC1738Others: file hosts (3.10), nntp article numbers (3.7), prospero fields (3.11),
// telnet (3.8) and the ip-schemepart of other schemes (3.1).
func TestRFC1738Others(t *testing.T) {
	f := parse1738(t, "file:///etc/hosts")
	assert.Nil(t, ruleTexts(f, "host"))
	assert.Equal(t, strs("etc", "hosts"), ruleTexts(f, "fsegment"))
	assert.Equal(t, strs("vms.host.edu"), ruleTexts(parse1738(t, "file://vms.host.edu/disk$user/my/notes/note12345.txt"), "host"))

	assert.Equal(t, "12", parse1738(t, "nntp://h:119/grp/12").Components().Parts["digits"], "the article number, not the port")
	assert.NotContains(t, parse1738(t, "nntp://h/grp").Components().Parts, "digits")

	p := parse1738(t, "prospero://host.dom//pros/name;OBJECT-VERSION=3;a=")
	assert.Equal(t, strs("/pros/name"), ruleTexts(p, "ppath"), "3.11: the ppath keeps its initial slash")
	assert.Equal(t, strs("OBJECT-VERSION", "a"), ruleTexts(p, "fieldname"))
	assert.Equal(t, strs("3", ""), ruleTexts(p, "fieldvalue"))
	assert.Nil(t, ruleTexts(parse1738(t, "prospero://h/p"), "fieldspec"))

	tu := parse1738(t, "telnet://user:secret@h:2323/")
	assert.Equal(t, strs("secret"), ruleTexts(tu, "password"))
	assert.Equal(t, "", *tu.Components().Path, "the final slash")
	assert.Nil(t, parse1738(t, "telnet://h").Components().Path)

	o := parse1738(t, "x-foo://u:p@h:1/p")
	assert.Equal(t, strs("u:p@h:1"), ruleTexts(o, "login"))
	assert.Equal(t, strs("p"), ruleTexts(o, "urlpath"))
	assert.Equal(t, strs("//u:p@h:1/p"), ruleTexts(o, "schemepart"))
	assert.Nil(t, ruleTexts(parse1738(t, "x-foo://h_/x"), "ip-schemepart"))
	o = parse1738(t, "x-foo:bar//x")
	assert.Nil(t, ruleTexts(o, "ip-schemepart"))
	assert.Equal(t, strs("bar//x"), ruleTexts(o, "schemepart"))

	assert.Equal(t, "a%b@c", ast.Unescape(ruleTexts(parse1738(t, "mailto:a%25b@c"), "encoded822addr")[0]))
}
