package urlgrammar_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
)

var g1738 = urlgrammar.MustLookup("rfc1738")

func valid1738Inputs(t testing.TB) []productionInput {
	return readProductions(t, "grammars/rfc1738/testdata/valid.txt")
}

func invalid1738Inputs(t testing.TB) []invalidInput {
	return readInvalid(t, "grammars/rfc1738/testdata/invalid.txt")
}

// parse1738 parses s with rfc1738 and returns the tree as type T.
func parse1738[T ast.Root](t *testing.T, s string) T {
	t.Helper()
	tree, err := g1738.ParseTyped(s)
	require.NoError(t, err, "input %q", s)
	u, ok := tree.(T)
	require.True(t, ok, "input %q: tree is %T", s, tree)
	return u
}

// TestRFC1738Traps: the PEG traps of the issue give the trees the ABNF means.
func TestRFC1738Traps(t *testing.T) {
	w := parse1738[*ast.WAISURL](t, "wais://h/db?x")
	assert.Equal(t, "waisindex", w.Form, "an index, not a database")
	assert.Equal(t, "db", w.Database.Text)
	assert.Equal(t, "x", w.Search.Text)
	assert.Nil(t, w.Type)

	w = parse1738[*ast.WAISURL](t, "wais://h/db/t/p")
	assert.Equal(t, "waisdoc", w.Form)
	assert.Equal(t, []string{"db", "t", "p"}, []string{w.Database.Text, w.Type.Text, w.Path.Text})
	assert.Nil(t, w.Search)
	w = parse1738[*ast.WAISURL](t, "wais://h/db")
	assert.Equal(t, "waisdatabase", w.Form)

	n := parse1738[*ast.NewsURL](t, "news:foo@bar.com")
	require.NotNil(t, n.Article, "an article, not a group")
	assert.Nil(t, n.Group)
	assert.Equal(t, "foo@bar.com", n.Article.Text)
	assert.Equal(t, "bar.com", n.Article.Host.Text)
	n = parse1738[*ast.NewsURL](t, "news:comp.infosystems.www.misc")
	require.NotNil(t, n.Group)
	assert.Equal(t, "comp.infosystems.www.misc", n.Group.Text)
	assert.True(t, parse1738[*ast.NewsURL](t, "news:*").All)
	n = parse1738[*ast.NewsURL](t, "news:*@h")
	assert.False(t, n.All, `"*@h" is an article`)
	require.NotNil(t, n.Article)
	assert.Equal(t, "*@h", n.Article.Text)

	gu := parse1738[*ast.GopherURL](t, "gopher://h/7sel%09search")
	assert.Equal(t, "7", gu.Type.Text)
	assert.Equal(t, "sel", gu.Selector.Text, "the selector stops at %09")
	assert.Equal(t, "search", gu.Search.Text)
	assert.Nil(t, gu.Plus)
	// A search has no "/": here the first %09 is inside the selector.
	gu = parse1738[*ast.GopherURL](t, "gopher://h/1a%09b/c")
	assert.Equal(t, "a%09b/c", gu.Selector.Text)
	assert.Nil(t, gu.Search)
	gu = parse1738[*ast.GopherURL](t, "gopher://h/1a%09b%09c/d")
	assert.Equal(t, []string{"a", "b", "c/d"}, []string{gu.Selector.Text, gu.Search.Text, gu.Plus.Text})

	_, err := g1738.ParseTyped("http://host:80x")
	var se *urlgrammar.SyntaxError
	require.ErrorAs(t, err, &se, "a port is digits only, and an http URL is no otherurl")
	assert.Equal(t, 14, se.Offset)

	h := parse1738[*ast.HTTPURL](t, "HTTP://host/")
	assert.Equal(t, "HTTP", h.Scheme.Text, "scheme literals are case-insensitive")
	assert.Equal(t, "HTTP://host/", h.String())

	// The dispatch: a named scheme must match its own production, so a bad typecode is an
	// error and not an otherurl; the rule otherurl alone still takes it, as the ABNF has it.
	assert.False(t, g1738.Valid("ftp://h/f;type=x"))
	assert.NoError(t, g1738.Match("otherurl", "ftp://h/f;type=x"))
	assert.Error(t, g1738.Match("url", "ftp://h/f;type=x"))
	assert.IsType(t, &ast.OtherURL{}, mustParse(t, g1738, "https://h/"))
	assert.IsType(t, &ast.FTPURL{}, mustParse(t, g1738, "Ftp://h/"))
}

func mustParse(t *testing.T, g *urlgrammar.Grammar, s string) ast.Root {
	t.Helper()
	tree, err := g.ParseTyped(s)
	require.NoError(t, err, "input %q", s)
	return tree
}

// TestRFC1738Hosts: hostnumber before hostname; a hostname's last label is a toplabel.
func TestRFC1738Hosts(t *testing.T) {
	for in, want := range map[string]ast.HostKind{
		"http://1.2.3.4/":         ast.HostKindHostnumber,
		"http://999.999.999.999/": ast.HostKindHostnumber,
		"http://1.2.3.a4/":        ast.HostKindHostname,
		"http://a-b.c-d.e9/":      ast.HostKindHostname,
	} {
		h := parse1738[*ast.HTTPURL](t, in).HostPort.Host
		assert.Equal(t, want, h.Kind, in)
		assert.Equal(t, want == ast.HostKindHostnumber, h.HostNumber != nil, in)
		assert.Equal(t, want == ast.HostKindHostname, h.Hostname != nil, in)
	}
	h := parse1738[*ast.HTTPURL](t, "http://999.1.02.3/").HostPort.Host
	var groups []string
	for _, g := range h.HostNumber.Groups {
		groups = append(groups, g.Text)
	}
	assert.Equal(t, []string{"999", "1", "02", "3"}, groups)
	hn := parse1738[*ast.HTTPURL](t, "http://a.b2.c/").HostPort.Host.Hostname
	require.Len(t, hn.Labels, 3)
	assert.False(t, hn.Labels[1].Top)
	assert.True(t, hn.Labels[2].Top)
	assert.False(t, hn.TrailingDot)
}

// TestRFC1738Login: section 3.1 on empty and absent user names and passwords.
func TestRFC1738Login(t *testing.T) {
	for in, want := range map[string]struct {
		user, password *string
	}{
		"ftp://host.com/":      {nil, nil},
		"ftp://@host.com/":     {ptr(""), nil},
		"ftp://foo:@host.com/": {ptr("foo"), ptr("")},
		"ftp://a:b@host.com/":  {ptr("a"), ptr("b")},
		"ftp://:@host.com/":    {ptr(""), ptr("")},
	} {
		l := parse1738[*ast.FTPURL](t, in).Login
		assert.Equal(t, want.user, text(l.User), in)
		assert.Equal(t, want.password, text(l.Password), in)
	}
}

func text(p *ast.Part) *string {
	if p == nil {
		return nil
	}
	return &p.Text
}

// TestRFC1738FTP: the account (3.2.1) and the commands (3.2.2, 3.2.3) of FTP URLs, with the
// examples of section 3.2.2.
func TestRFC1738FTP(t *testing.T) {
	type cmds = []ast.FTPCommand
	cmd := func(name, arg string) ast.FTPCommand { return ast.FTPCommand{Name: name, Arg: arg} }
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
		u := parse1738[*ast.FTPURL](t, in)
		assert.Equal(t, want, u.Commands(), in)
	}
	assert.Equal(t, "", parse1738[*ast.FTPURL](t, "ftp://h/f").TypeCode())
	assert.Equal(t, "i", parse1738[*ast.FTPURL](t, "ftp://h/f;type=I").TypeCode())

	assert.Equal(t, ast.FTPAccount{User: "anonymous", Anonymous: true},
		parse1738[*ast.FTPURL](t, "ftp://host.com/").Account())
	assert.Equal(t, ast.FTPAccount{User: ""}, parse1738[*ast.FTPURL](t, "ftp://@host.com/").Account())
	assert.Equal(t, ast.FTPAccount{User: "foo", HasPassword: true},
		parse1738[*ast.FTPURL](t, "ftp://foo:@host.com/").Account())
	assert.Equal(t, ast.FTPAccount{User: "a@b", Password: "p:w", HasPassword: true},
		parse1738[*ast.FTPURL](t, "ftp://a%40b:p%3Aw@h/").Account())
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
		u := parse1738[*ast.GopherURL](t, in)
		assert.Equal(t, want[0], u.ItemType(), in)
		assert.Equal(t, want[1], u.Request(), in)
	}
}

// TestRFC1738Ports: the default ports of section 3 and written ports.
func TestRFC1738Ports(t *testing.T) {
	type porter interface{ Port() (int, bool) }
	for in, want := range map[string]int{
		"ftp://h/":            21,
		"http://h/":           80,
		"gopher://h/":         70,
		"nntp://h/g":          119,
		"telnet://h/":         23,
		"wais://h/db":         210,
		"prospero://h/p":      1525,
		"http://h:8080/":      8080,
		"ftp://h:0021/":       21,
		"telnet://u@h:65535/": 65535,
	} {
		p, ok := mustParse(t, g1738, in).(porter).Port()
		assert.True(t, ok, in)
		assert.Equal(t, want, p, in)
	}
	_, ok := parse1738[*ast.HTTPURL](t, "http://h:65536/").Port()
	assert.False(t, ok, "above the largest TCP port")
	_, ok = parse1738[*ast.HTTPURL](t, "http://h:99999999999999999999999/").Port()
	assert.False(t, ok, "no overflow")
	// RFC 1738's own list (its typed trees' Port); urlgrammar.DefaultPort adds https, ws, wss.
	for scheme, want := range map[string]int{"FTP": 21, "Prospero": 1525, "mailto": 0, "https": 0} {
		p, ok := ast.DefaultPort(scheme)
		assert.Equal(t, want, p, scheme)
		assert.Equal(t, want != 0, ok, scheme)
	}
}

// TestRFC1738Others: file hosts (3.10), nntp article numbers (3.7), prospero fields (3.11),
// telnet (3.8) and the ip-schemepart of other schemes (3.1).
func TestRFC1738Others(t *testing.T) {
	for in, want := range map[string]struct {
		host  string
		local bool
	}{
		"file:///etc/hosts":                                    {"localhost", true},
		"file://localhost/etc/hosts":                           {"localhost", true},
		"file://LocalHost/x":                                   {"LocalHost", true},
		"file://vms.host.edu/disk$user/my/notes/note12345.txt": {"vms.host.edu", false},
	} {
		u := parse1738[*ast.FileURL](t, in)
		assert.Equal(t, want.host, u.HostName(), in)
		assert.Equal(t, want.local, u.IsLocal(), in)
	}
	f := parse1738[*ast.FileURL](t, "file:///etc/hosts")
	assert.Nil(t, f.Host)
	assert.Equal(t, []string{"etc", "hosts"}, segTexts(f.Path))

	n, ok := parse1738[*ast.NNTPURL](t, "nntp://h:119/grp/12").ArticleNumber()
	assert.True(t, ok)
	assert.Equal(t, uint64(12), n)
	_, ok = parse1738[*ast.NNTPURL](t, "nntp://h/grp").ArticleNumber()
	assert.False(t, ok)
	_, ok = parse1738[*ast.NNTPURL](t, "nntp://h/g/18446744073709551616").ArticleNumber()
	assert.False(t, ok, "2^64 does not fit")
	n, _ = parse1738[*ast.NNTPURL](t, "nntp://h/g/18446744073709551615").ArticleNumber()
	assert.Equal(t, uint64(1<<64-1), n)

	p := parse1738[*ast.ProsperoURL](t, "prospero://host.dom//pros/name;OBJECT-VERSION=3;a=")
	assert.Equal(t, "/pros/name", p.Path.Text, "3.11: the ppath keeps its initial slash")
	require.Len(t, p.Fields, 2)
	assert.Equal(t, "OBJECT-VERSION", p.Fields[0].Name.Text)
	assert.Equal(t, "3", p.Fields[0].Value.Text)
	assert.Equal(t, "", p.Fields[1].Value.Text)
	assert.Empty(t, parse1738[*ast.ProsperoURL](t, "prospero://h/p").Fields)

	tu := parse1738[*ast.TelnetURL](t, "telnet://user:secret@h:2323/")
	assert.True(t, tu.Slash)
	assert.Equal(t, "secret", tu.Login.Password.Text)
	assert.False(t, parse1738[*ast.TelnetURL](t, "telnet://h").Slash)

	o := parse1738[*ast.OtherURL](t, "x-foo://u:p@h:1/p")
	require.NotNil(t, o.IP)
	assert.Equal(t, "u:p@h:1", o.IP.Login.Text)
	assert.Equal(t, "p", o.IP.Path.Text)
	assert.Equal(t, "//u:p@h:1/p", o.SchemePart.Text)
	o = parse1738[*ast.OtherURL](t, "x-foo://h_/x")
	assert.Nil(t, o.IP)
	o = parse1738[*ast.OtherURL](t, "x-foo:bar//x")
	assert.Nil(t, o.IP)
	assert.Equal(t, "bar//x", o.SchemePart.Text)

	m := parse1738[*ast.MailtoURL](t, "mailto:a%25b@c")
	assert.Equal(t, "a%b@c", m.Address.Decoded())
}

func segTexts(p *ast.SegmentPath) []string {
	var out []string
	for _, s := range p.Segments {
		out = append(out, s.Text)
	}
	return out
}
