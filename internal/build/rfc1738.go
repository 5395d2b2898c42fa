package build

import "github.com/urlgrammar/urlgrammar/ast"

// Constructors for the URLs of grammar rfc1738 (grammars/rfc1738/rfc1738.peg). Names that the generic
// syntax already uses (Host, HostPort, Hostname) carry the suffix 1738.

// Part builds a leaf named by its rule.
func Part(a At, rule string) *ast.Part { return &ast.Part{Span: a.Span(), Rule: rule, Text: a.Text()} }

// partOf converts an optional label value.
func partOf(v any) *ast.Part {
	if v == nil {
		return nil
	}
	return v.(*ast.Part)
}

// HostNumber builds hostnumber from its four digits.
func HostNumber(a At, d1, d2, d3, d4 any) *ast.HostNumber {
	return &ast.HostNumber{Span: a.Span(), Text: a.Text(),
		Groups: [4]*ast.Part{d1.(*ast.Part), d2.(*ast.Part), d3.(*ast.Part), d4.(*ast.Part)}}
}

// Hostname1738 builds hostname = *( domainlabel "." ) toplabel.
func Hostname1738(a At, domain []any, top any) *ast.Hostname {
	labels := make([]*ast.Label, 0, len(domain)+1)
	for _, l := range domain {
		labels = append(labels, l.(*ast.Label))
	}
	labels = append(labels, top.(*ast.Label))
	return &ast.Hostname{Span: a.Span(), Text: a.Text(), Labels: labels}
}

// Host1738 builds host = hostname / hostnumber.
func Host1738(a At, v any) *ast.Host {
	h := &ast.Host{Span: a.Span(), Text: a.Text()}
	switch v := v.(type) {
	case *ast.HostNumber:
		h.Kind, h.HostNumber = ast.HostKindHostnumber, v
	case *ast.Hostname:
		h.Kind, h.Hostname = ast.HostKindHostname, v
	}
	return h
}

// Localhost builds the host of fileurl's "localhost" alternative: a hostname of one
// toplabel.
func Localhost(a At) *ast.Host {
	top := &ast.Label{Span: a.Span(), Text: a.Text(), Top: true}
	return Host1738(a, &ast.Hostname{Span: a.Span(), Text: a.Text(), Labels: []*ast.Label{top}})
}

// HostPort1738 builds hostport = host [ ":" port ].
func HostPort1738(a At, host, port any) *ast.HostPort {
	h := &ast.HostPort{Span: a.Span(), Text: a.Text(), Host: host.(*ast.Host)}
	if port != nil {
		h.Port = port.(*ast.Port)
	}
	return h
}

// UserPassword is the value of login's optional user [ ":" password ] "@".
type UserPassword struct{ User, Password *ast.Part }

// UserPass builds the optional part of login.
func UserPass(user, password any) UserPassword {
	return UserPassword{User: user.(*ast.Part), Password: partOf(password)}
}

// Login builds login = [ user [ ":" password ] "@" ] hostport; userpass is nil without "@".
func Login(a At, userpass, hostport any) *ast.Login {
	l := &ast.Login{Span: a.Span(), Text: a.Text(), HostPort: hostport.(*ast.HostPort)}
	if userpass != nil {
		up := userpass.(UserPassword)
		l.User, l.Password = up.User, up.Password
	}
	return l
}

// SegmentPath builds fpath, hpath or ppath: segment *( "/" segment ).
func SegmentPath(a At, rule string, first any, rest []any) *ast.SegmentPath {
	segs := make([]*ast.Part, 0, len(rest)+1)
	segs = append(segs, first.(*ast.Part))
	for _, s := range rest {
		segs = append(segs, s.(*ast.Part))
	}
	return &ast.SegmentPath{Span: a.Span(), Rule: rule, Text: a.Text(), Segments: segs}
}

// HTTPRest is the value of httpurl's optional "/" hpath [ "?" search ].
type HTTPRest struct {
	Path   *ast.SegmentPath
	Search *ast.Part
}

// HTTPPath builds the optional part of httpurl.
func HTTPPath(path, search any) HTTPRest {
	return HTTPRest{Path: path.(*ast.SegmentPath), Search: partOf(search)}
}

// HTTPURL builds httpurl; rest is nil without the "/".
func HTTPURL(a At, scheme, hostport, rest any) *ast.HTTPURL {
	u := &ast.HTTPURL{Span: a.Span(), Text: a.Text(), Scheme: scheme.(*ast.Scheme),
		HostPort: hostport.(*ast.HostPort)}
	if rest != nil {
		r := rest.(HTTPRest)
		u.Path, u.Search = r.Path, r.Search
	}
	return u
}

// FTPType is the value of ftpurl's optional ";type=" ftptype.
type FTPType struct {
	Sep  string
	Type *ast.Part
}

// FTPTypeOf builds ";type=" ftptype; sep is the literal as written.
func FTPTypeOf(sep, ftptype any) FTPType {
	return FTPType{Sep: sep.(string), Type: ftptype.(*ast.Part)}
}

// FTPRest is the value of ftpurl's optional "/" fpath [ ";type=" ftptype ].
type FTPRest struct {
	Path *ast.SegmentPath
	Type any // FTPType or nil
}

// FTPRestOf builds "/" fpath [ ";type=" ftptype ]; ftptype is nil when absent.
func FTPRestOf(path, ftptype any) FTPRest {
	return FTPRest{Path: path.(*ast.SegmentPath), Type: ftptype}
}

// FTPURL builds ftpurl; rest is nil without the "/".
func FTPURL(a At, scheme, login, rest any) *ast.FTPURL {
	u := &ast.FTPURL{Span: a.Span(), Text: a.Text(), Scheme: scheme.(*ast.Scheme), Login: login.(*ast.Login)}
	if rest != nil {
		r := rest.(FTPRest)
		u.Path = r.Path
		if r.Type != nil {
			t := r.Type.(FTPType)
			u.TypeSep, u.Type = t.Sep, t.Type
		}
	}
	return u
}

// GopherSearch is the value of gopherurl's optional "%09" search [ "%09" gopher+_string ].
type GopherSearch struct{ Search, Plus *ast.Part }

// GopherSearchOf builds "%09" search [ "%09" gopher+_string ]; plus is nil when absent.
func GopherSearchOf(search, plus any) GopherSearch {
	return GopherSearch{Search: search.(*ast.Part), Plus: partOf(plus)}
}

// GopherItem is the value of gopherurl's optional gtype [ selector [ ... ] ].
type GopherItem struct {
	Type, Selector *ast.Part
	Search         any // GopherSearch or nil
}

// GopherItemOf builds gtype selector [ ... ]; search is nil when absent.
func GopherItemOf(gtype, selector, search any) GopherItem {
	return GopherItem{Type: gtype.(*ast.Part), Selector: selector.(*ast.Part), Search: search}
}

// GopherRest is the value of gopherurl's optional "/" [ gtype ... ]: Item is nil without a
// gtype.
type GopherRest struct{ Item any }

// GopherURL builds gopherurl; rest is nil without the "/".
func GopherURL(a At, scheme, hostport, rest any) *ast.GopherURL {
	u := &ast.GopherURL{Span: a.Span(), Text: a.Text(), Scheme: scheme.(*ast.Scheme),
		HostPort: hostport.(*ast.HostPort), Slash: rest != nil}
	if rest != nil && rest.(GopherRest).Item != nil {
		it := rest.(GopherRest).Item.(GopherItem)
		u.Type, u.Selector = it.Type, it.Selector
		if it.Search != nil {
			s := it.Search.(GopherSearch)
			u.Search, u.Plus = s.Search, s.Plus
		}
	}
	return u
}

// MailtoURL builds mailtourl.
func MailtoURL(a At, scheme, addr any) *ast.MailtoURL {
	return &ast.MailtoURL{Span: a.Span(), Text: a.Text(), Scheme: scheme.(*ast.Scheme), Address: addr.(*ast.Part)}
}

// AllGroups is the value of grouppart's "*".
type AllGroups struct{}

// NewsURL builds newsurl from its grouppart: AllGroups, a group or an article.
func NewsURL(a At, scheme, grouppart any) *ast.NewsURL {
	u := &ast.NewsURL{Span: a.Span(), Text: a.Text(), Scheme: scheme.(*ast.Scheme)}
	u.All, u.Group, u.Article = groupPart(grouppart)
	return u
}

// groupPart splits the value of a news grouppart (rfc1738) or groupart (url-1993): "*" (all
// groups), a group or an article.
func groupPart(v any) (all bool, group *ast.Part, article *ast.Article) {
	switch g := v.(type) {
	case AllGroups:
		all = true
	case *ast.Part:
		group = g
	case *ast.Article:
		article = g
	}
	return all, group, article
}

// Article builds article = 1*( ... ) "@" host.
func Article(a At, host any) *ast.Article {
	return &ast.Article{Span: a.Span(), Text: a.Text(), Host: host.(*ast.Host)}
}

// NNTPURL builds nntpurl; article is nil without the "/" digits.
func NNTPURL(a At, scheme, hostport, group, article any) *ast.NNTPURL {
	return &ast.NNTPURL{Span: a.Span(), Text: a.Text(), Scheme: scheme.(*ast.Scheme),
		HostPort: hostport.(*ast.HostPort), Group: group.(*ast.Part), Article: partOf(article)}
}

// TelnetURL builds telneturl.
func TelnetURL(a At, scheme, login any, slash bool) *ast.TelnetURL {
	return &ast.TelnetURL{Span: a.Span(), Text: a.Text(), Scheme: scheme.(*ast.Scheme),
		Login: login.(*ast.Login), Slash: slash}
}

// WAISURL builds waisdatabase, waisindex or waisdoc (form); the parts a form does not have
// are nil.
func WAISURL(a At, form string, scheme, hostport, database, search, wtype, wpath any) *ast.WAISURL {
	return &ast.WAISURL{Span: a.Span(), Text: a.Text(), Form: form, Scheme: scheme.(*ast.Scheme),
		HostPort: hostport.(*ast.HostPort), Database: database.(*ast.Part), Search: partOf(search),
		Type: partOf(wtype), Path: partOf(wpath)}
}

// FileURL builds fileurl; host is nil when empty.
func FileURL(a At, scheme, host, path any) *ast.FileURL {
	u := &ast.FileURL{Span: a.Span(), Text: a.Text(), Scheme: scheme.(*ast.Scheme), Path: path.(*ast.SegmentPath)}
	if host != nil {
		u.Host = host.(*ast.Host)
	}
	return u
}

// FieldSpec builds fieldspec = ";" fieldname "=" fieldvalue.
func FieldSpec(a At, name, value any) *ast.FieldSpec {
	return &ast.FieldSpec{Span: a.Span(), Text: a.Text(), Name: name.(*ast.Part), Value: value.(*ast.Part)}
}

// ProsperoURL builds prosperourl.
func ProsperoURL(a At, scheme, hostport, path any, fields []any) *ast.ProsperoURL {
	u := &ast.ProsperoURL{Span: a.Span(), Text: a.Text(), Scheme: scheme.(*ast.Scheme),
		HostPort: hostport.(*ast.HostPort), Path: path.(*ast.SegmentPath),
		Fields: make([]*ast.FieldSpec, len(fields))}
	for i, f := range fields {
		u.Fields[i] = f.(*ast.FieldSpec)
	}
	return u
}

// IPSchemePart builds ip-schemepart = "//" login [ "/" urlpath ].
func IPSchemePart(a At, login, path any) *ast.IPSchemePart {
	return &ast.IPSchemePart{Span: a.Span(), Text: a.Text(), Login: login.(*ast.Login), Path: partOf(path)}
}

// SchemePart is the value of schemepart: the part, and its ip-schemepart when it is one.
type SchemePart struct {
	Part *ast.Part
	IP   *ast.IPSchemePart
}

// SchemePartOf builds schemepart; ip is nil when it is not an ip-schemepart.
func SchemePartOf(a At, ip any) SchemePart {
	s := SchemePart{Part: Part(a, "schemepart")}
	if ip != nil {
		s.IP = ip.(*ast.IPSchemePart)
	}
	return s
}

// OtherURL builds genericurl = scheme ":" schemepart, the tree of otherurl.
func OtherURL(a At, scheme, schemepart any) *ast.OtherURL {
	sp := schemepart.(SchemePart)
	return &ast.OtherURL{Span: a.Span(), Text: a.Text(), Scheme: scheme.(*ast.Scheme),
		SchemePart: sp.Part, IP: sp.IP}
}
