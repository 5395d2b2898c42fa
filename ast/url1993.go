package ast

// The node types of this file are the URLs of the 1993 URL draft (grammar id url-1993,
// section "BNF syntax"). The root is a FragmentAddress: an address (one type per production
// of url: HTTPAddress, FileAddress, AFSAddress, NewsAddress, WAISAddress, ProsperoAddress,
// TelnetAddress, GopherAddress, GenericAddress) and an optional fragmentid. Hosts are Host
// nodes of kind hostname or hostnumber; leaves are Parts named by their rule; paths are
// SegmentPaths with rule "path" (a path may end with "/", so its last segment may be empty,
// but no other segment is). Escapes are not decoded (Part.Decoded does it).

// Address is one of the address types of grammar url-1993.
type Address interface {
	Node
	// Production returns the name of the rule of url that the address matched, e.g.
	// "httpaddress".
	Production() string
	String() string
}

// FragmentAddress is a fragmentaddress: url [ "#" fragmentid ].
type FragmentAddress struct {
	Span
	Text       string  `json:"text"`
	URL        Address `json:"url"`
	Fragment   *Part   `json:"fragmentid"` // or nil: no "#"
	Production string  `json:"production"` // the rule of url the address matched
}

// Search is a search of grammar url-1993: xalphas *( "+" xalphas ), the keywords separated by
// "+".
type Search struct {
	Span
	Text     string  `json:"text"`
	Keywords []*Part `json:"keywords"` // rule "xalphas"
}

// GenericAddress is a generic address: scheme ":" path [ "?" search ]. The scheme is taken up
// to the first ":" (a scheme, an ialpha, may hold ":", but the rest always belongs to the
// path too).
type GenericAddress struct {
	Span
	Text   string       `json:"text"`
	Scheme *Scheme      `json:"scheme"`
	Path   *SegmentPath `json:"path"`
	Search *Search      `json:"search"` // or nil: no "?"
}

// HTTPAddress is an httpaddress: "http://" hostport [ "/" path ] [ "?" search ].
type HTTPAddress struct {
	Span
	Text     string       `json:"text"`
	Scheme   *Scheme      `json:"scheme"`
	HostPort *HostPort    `json:"hostport"`
	Path     *SegmentPath `json:"path"`   // or nil: no "/"
	Search   *Search      `json:"search"` // or nil: no "?"
}

// FileAddress is a fileaddress: "ftp://" host "/" path (the draft's file access is by FTP).
type FileAddress struct {
	Span
	Text   string       `json:"text"`
	Scheme *Scheme      `json:"scheme"`
	Host   *Host        `json:"host"`
	Path   *SegmentPath `json:"path"`
}

// AFSAddress is an afsaddress: "afs://" cellname "/" path; the cell name is a hostname.
type AFSAddress struct {
	Span
	Text   string       `json:"text"`
	Scheme *Scheme      `json:"scheme"`
	Cell   *Host        `json:"cellname"`
	Path   *SegmentPath `json:"path"`
}

// NewsAddress is a newsaddress: "news:" groupart, where groupart is "*", a group or an
// article. Exactly one of All, Group and Article is set.
type NewsAddress struct {
	Span
	Text    string   `json:"text"`
	Scheme  *Scheme  `json:"scheme"`
	All     bool     `json:"all"`
	Group   *Part    `json:"group"`   // or nil
	Article *Article `json:"article"` // or nil: xalphas "@" host
}

// WAISAddress is a waisaddress, which Form names: a waisindex, "wais://" hostport "/" database
// [ "?" search ], or a waisdoc, "wais://" hostport "/" database "/" wtype "/" digits "/" path.
type WAISAddress struct {
	Span
	Text     string       `json:"text"`
	Form     string       `json:"form"` // "waisindex" or "waisdoc"
	Scheme   *Scheme      `json:"scheme"`
	HostPort *HostPort    `json:"hostport"`
	Database *Part        `json:"database"`
	Search   *Search      `json:"search"` // waisindex with "?", else nil
	Type     *Part        `json:"wtype"`  // waisdoc only
	Length   *Part        `json:"digits"` // waisdoc only: the object's length
	Path     *SegmentPath `json:"path"`   // waisdoc only
}

// ProsperoAddress is a prosperoaddress (prosperolink): "prospero://" hostport "/" hsoname
// [ "%00" version [ attributes ] ].
type ProsperoAddress struct {
	Span
	Text       string       `json:"text"`
	Scheme     *Scheme      `json:"scheme"`
	HostPort   *HostPort    `json:"hostport"`
	Name       *SegmentPath `json:"hsoname"`    // a path
	Version    *Part        `json:"version"`    // or nil: no "%00"
	Attributes *Part        `json:"attributes"` // or nil; juxtaposed attributes cannot be told apart
}

// TelnetAddress is a telnetaddress: "telnet://" [ user "@" ] hostport. A user and a hostname
// may both hold "@"; the user ends at the first "@" after which a hostport ends the address.
type TelnetAddress struct {
	Span
	Text     string    `json:"text"`
	Scheme   *Scheme   `json:"scheme"`
	User     *Part     `json:"user"` // or nil: no "@"
	HostPort *HostPort `json:"hostport"`
}

// GopherAddress is a gopheraddress: "gopher://" hostport [ "/" gtype [ selector ] ]
// [ "?" search ].
type GopherAddress struct {
	Span
	Text     string       `json:"text"`
	Scheme   *Scheme      `json:"scheme"`
	HostPort *HostPort    `json:"hostport"`
	Type     *Part        `json:"gtype"`    // or nil: no "/"
	Selector *SegmentPath `json:"selector"` // or nil
	Search   *Search      `json:"search"`   // or nil: no "?"
}

// ItemType returns the Gopher type: the gtype, or "1" when it is omitted (the draft's
// Gopher section).
func (a *GopherAddress) ItemType() string {
	if a.Type == nil {
		return "1"
	}
	return a.Type.Decoded()
}

func (*GenericAddress) Production() string  { return "generic" }
func (*HTTPAddress) Production() string     { return "httpaddress" }
func (*FileAddress) Production() string     { return "fileaddress" }
func (*AFSAddress) Production() string      { return "afsaddress" }
func (*NewsAddress) Production() string     { return "newsaddress" }
func (*WAISAddress) Production() string     { return "waisaddress" }
func (*ProsperoAddress) Production() string { return "prosperoaddress" }
func (*TelnetAddress) Production() string   { return "telnetaddress" }
func (*GopherAddress) Production() string   { return "gopheraddress" }

// String prints the address and its fragmentid; for a parsed tree it gives back the input.
func (f *FragmentAddress) String() string {
	s := f.URL.String()
	if f.Fragment != nil {
		s += "#" + f.Fragment.Text
	}
	return s
}

func (p *printer) search(s *Search) {
	if s == nil {
		return
	}
	p.WriteByte('?')
	for i, k := range s.Keywords {
		if i > 0 {
			p.WriteByte('+')
		}
		p.WriteString(k.Text)
	}
}

// optPath writes sep and the path when the path is present.
func (p *printer) optPath(sep string, path *SegmentPath) {
	if path != nil {
		p.WriteString(sep)
		p.path(path)
	}
}

func (a *GenericAddress) String() string {
	var p printer
	p.scheme(a.Scheme, ":")
	p.path(a.Path)
	p.search(a.Search)
	return p.String()
}

func (a *HTTPAddress) String() string {
	var p printer
	p.scheme(a.Scheme, "://")
	p.hostport(a.HostPort)
	p.optPath("/", a.Path)
	p.search(a.Search)
	return p.String()
}

func (a *FileAddress) String() string {
	var p printer
	p.scheme(a.Scheme, "://")
	p.WriteString(a.Host.Text)
	p.optPath("/", a.Path)
	return p.String()
}

func (a *AFSAddress) String() string {
	var p printer
	p.scheme(a.Scheme, "://")
	p.WriteString(a.Cell.Text)
	p.optPath("/", a.Path)
	return p.String()
}

func (a *NewsAddress) String() string {
	var p printer
	p.scheme(a.Scheme, ":")
	p.groupPart(a.All, a.Group, a.Article)
	return p.String()
}

func (a *WAISAddress) String() string {
	var p printer
	p.scheme(a.Scheme, "://")
	p.hostport(a.HostPort)
	p.opt("/", a.Database)
	p.search(a.Search)
	p.opt("/", a.Type)
	p.opt("/", a.Length)
	p.optPath("/", a.Path)
	return p.String()
}

func (a *ProsperoAddress) String() string {
	var p printer
	p.scheme(a.Scheme, "://")
	p.hostport(a.HostPort)
	p.optPath("/", a.Name)
	p.opt("%00", a.Version)
	p.opt("", a.Attributes)
	return p.String()
}

func (a *TelnetAddress) String() string {
	var p printer
	p.scheme(a.Scheme, "://")
	p.opt("", a.User)
	if a.User != nil {
		p.WriteByte('@')
	}
	p.hostport(a.HostPort)
	return p.String()
}

func (a *GopherAddress) String() string {
	var p printer
	p.scheme(a.Scheme, "://")
	p.hostport(a.HostPort)
	p.opt("/", a.Type)
	if a.Selector != nil {
		p.path(a.Selector)
	}
	p.search(a.Search)
	return p.String()
}

// Words returns the decoded keywords of the search.
func (s *Search) Words() []string {
	out := make([]string, len(s.Keywords))
	for i, k := range s.Keywords {
		out[i] = k.Decoded()
	}
	return out
}
