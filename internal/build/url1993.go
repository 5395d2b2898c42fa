package build

import "github.com/urlgrammar/urlgrammar/ast"

// Constructors for grammar url-1993 (grammars/url-1993/url-1993.peg). Hosts, hostnumbers, hostports and
// parts are rfc1738's constructors (the same shapes).

// Hostname93 builds a hostname, ialpha *( "." ialpha ): a hostname of one label, since an
// ialpha may itself hold "." (a safe character) and the labels cannot be told apart.
func Hostname93(a At) *ast.Hostname {
	label := &ast.Label{Span: a.Span(), Text: a.Text(), Top: true}
	return &ast.Hostname{Span: a.Span(), Text: a.Text(), Labels: []*ast.Label{label}}
}

// Path93 builds path = void / xpalphas *( "/" xpalphas ) [ "/" ]: its segments (rule
// "xpalphas"), with an empty last segment when it ends with "/", and none when void.
func Path93(a At, rule string) *ast.SegmentPath {
	p := &ast.SegmentPath{Span: a.Span(), Rule: rule, Text: a.Text(), Segments: []*ast.Part{}}
	if a.Start < a.Stop {
		p.Segments = splitParts(a, '/', "xpalphas")
	}
	return p
}

// Search93 builds search = xalphas *( "+" xalphas ).
func Search93(a At) *ast.Search {
	return &ast.Search{Span: a.Span(), Text: a.Text(), Keywords: splitParts(a, '+', "xalphas")}
}

// splitParts splits the match at every sep into parts named rule.
func splitParts(a At, sep byte, rule string) []*ast.Part {
	var parts []*ast.Part
	start := a.Start
	for i := a.Start; i <= a.Stop; i++ {
		if i == a.Stop || a.Src[i] == sep {
			parts = append(parts, Part(At{a.Src, start, i}, rule))
			start = i + 1
		}
	}
	return parts
}

func searchOf(v any) *ast.Search {
	if v == nil {
		return nil
	}
	return v.(*ast.Search)
}

func pathOf(v any) *ast.SegmentPath {
	if v == nil {
		return nil
	}
	return v.(*ast.SegmentPath)
}

// FragmentAddress builds fragmentaddress = url [ "#" fragmentid ].
func FragmentAddress(a At, url, fragment any) *ast.FragmentAddress {
	u := url.(ast.Address)
	return &ast.FragmentAddress{Span: a.Span(), Text: a.Text(), URL: u, Fragment: partOf(fragment),
		Production: u.Production()}
}

// GenericAddress builds generic = scheme ":" path [ "?" search ].
func GenericAddress(a At, scheme, path, search any) *ast.GenericAddress {
	return &ast.GenericAddress{Span: a.Span(), Text: a.Text(), Scheme: scheme.(*ast.Scheme),
		Path: path.(*ast.SegmentPath), Search: searchOf(search)}
}

// HTTPAddress builds httpaddress.
func HTTPAddress(a At, scheme, hostport, path, search any) *ast.HTTPAddress {
	return &ast.HTTPAddress{Span: a.Span(), Text: a.Text(), Scheme: scheme.(*ast.Scheme),
		HostPort: hostport.(*ast.HostPort), Path: pathOf(path), Search: searchOf(search)}
}

// FileAddress builds fileaddress.
func FileAddress(a At, scheme, host, path any) *ast.FileAddress {
	return &ast.FileAddress{Span: a.Span(), Text: a.Text(), Scheme: scheme.(*ast.Scheme),
		Host: host.(*ast.Host), Path: path.(*ast.SegmentPath)}
}

// AFSAddress builds afsaddress.
func AFSAddress(a At, scheme, cell, path any) *ast.AFSAddress {
	return &ast.AFSAddress{Span: a.Span(), Text: a.Text(), Scheme: scheme.(*ast.Scheme),
		Cell: cell.(*ast.Host), Path: path.(*ast.SegmentPath)}
}

// NewsAddress builds newsaddress from its groupart: AllGroups, a group or an article.
func NewsAddress(a At, scheme, groupart any) *ast.NewsAddress {
	n := &ast.NewsAddress{Span: a.Span(), Text: a.Text(), Scheme: scheme.(*ast.Scheme)}
	n.All, n.Group, n.Article = groupPart(groupart)
	return n
}

// WAISIndex builds waisindex.
func WAISIndex(a At, scheme, hostport, database, search any) *ast.WAISAddress {
	return &ast.WAISAddress{Span: a.Span(), Text: a.Text(), Form: "waisindex", Scheme: scheme.(*ast.Scheme),
		HostPort: hostport.(*ast.HostPort), Database: database.(*ast.Part), Search: searchOf(search)}
}

// WAISDoc builds waisdoc.
func WAISDoc(a At, scheme, hostport, database, wtype, length, path any) *ast.WAISAddress {
	return &ast.WAISAddress{Span: a.Span(), Text: a.Text(), Form: "waisdoc", Scheme: scheme.(*ast.Scheme),
		HostPort: hostport.(*ast.HostPort), Database: database.(*ast.Part), Type: wtype.(*ast.Part),
		Length: length.(*ast.Part), Path: path.(*ast.SegmentPath)}
}

// ProsperoVersion is the value of prosperolink's optional "%00" version [ attributes ].
type ProsperoVersion struct{ Version, Attributes *ast.Part }

// ProsperoVersionOf builds "%00" version [ attributes ]; attributes is nil when absent.
func ProsperoVersionOf(version, attributes any) ProsperoVersion {
	return ProsperoVersion{Version: version.(*ast.Part), Attributes: partOf(attributes)}
}

// ProsperoAddress builds prosperolink; version is nil without "%00".
func ProsperoAddress(a At, scheme, hostport, name, version any) *ast.ProsperoAddress {
	p := &ast.ProsperoAddress{Span: a.Span(), Text: a.Text(), Scheme: scheme.(*ast.Scheme),
		HostPort: hostport.(*ast.HostPort), Name: name.(*ast.SegmentPath)}
	if version != nil {
		v := version.(ProsperoVersion)
		p.Version, p.Attributes = v.Version, v.Attributes
	}
	return p
}

// TelnetAddress builds telnetaddress; user is nil without "@".
func TelnetAddress(a At, scheme, user, hostport any) *ast.TelnetAddress {
	return &ast.TelnetAddress{Span: a.Span(), Text: a.Text(), Scheme: scheme.(*ast.Scheme),
		User: partOf(user), HostPort: hostport.(*ast.HostPort)}
}

// GopherItem93 is the value of gopheraddress's optional "/" gtype [ selector ].
type GopherItem93 struct {
	Type     *ast.Part
	Selector *ast.SegmentPath
}

// GopherItem93Of builds "/" gtype [ selector ]; selector is nil when absent.
func GopherItem93Of(gtype, selector any) GopherItem93 {
	return GopherItem93{Type: gtype.(*ast.Part), Selector: pathOf(selector)}
}

// GopherAddress builds gopheraddress; item is nil without "/", search without "?".
func GopherAddress(a At, scheme, hostport, item, search any) *ast.GopherAddress {
	g := &ast.GopherAddress{Span: a.Span(), Text: a.Text(), Scheme: scheme.(*ast.Scheme),
		HostPort: hostport.(*ast.HostPort), Search: searchOf(search)}
	if item != nil {
		it := item.(GopherItem93)
		g.Type, g.Selector = it.Type, it.Selector
	}
	return g
}
