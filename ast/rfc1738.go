package ast

// The node types of this file are the URLs of RFC 1738 section 5 (grammar id rfc1738): one
// root type per scheme production (HTTPURL, FTPURL, GopherURL, MailtoURL, NewsURL, NNTPURL,
// TelnetURL, WAISURL, FileURL, ProsperoURL, OtherURL), sharing the Login, HostPort and Host
// nodes of the common Internet scheme syntax (section 3.1). The grammar's ParseTyped returns
// one of the root types as an ast.Root; a type switch picks the scheme:
//
//	switch u := tree.(type) {
//	case *ast.FTPURL:
//		cmds := u.Commands() // the FTP commands of section 3.2.2
//	case *ast.HTTPURL:
//		port, _ := u.Port() // 80 unless the URL gives one
//	}
//
// As in the generic syntax, every node has its byte span and its text exactly as written; a
// component whose delimiter is absent is nil, one that is present but empty has empty Text.
// Escapes are decoded only by the methods that say so (Part.Decoded and the section 3
// methods), as section 2.2 says a scheme's parts are decoded before use.

// HostKindHostnumber is the kind of an RFC 1738 host written as hostnumber: four groups of
// decimal digits separated by ".".
const HostKindHostnumber HostKind = "hostnumber"

// Part is a leaf of an RFC 1738 URL, named by the rule of section 5 it matched: user,
// password, fsegment, ftptype, hsegment, search, gtype, selector, gopher+_string,
// encoded822addr, group, digits, database, wtype, wpath, psegment, fieldname, fieldvalue,
// urlpath or schemepart.
type Part struct {
	Span
	Rule string `json:"rule"`
	Text string `json:"text"`
}

// Decoded returns the part's text with every escape ("%" hex hex, section 2.2) replaced by
// the octet it encodes. The grammar has checked the escapes, so decoding cannot fail.
func (p *Part) Decoded() string { return Unescape(p.Text) }

// Unescape replaces every escape "%" hex hex of s by the octet it encodes; a "%" that does
// not start an escape is kept as it is.
func Unescape(s string) string {
	return UnescapeIf(s, func(byte) bool { return true })
}

// UnescapeIf replaces the escapes "%" hex hex of s whose octet decode accepts by that octet,
// and keeps every other byte as it is (the normalizer decodes only the escapes of
// unreserved characters this way).
func UnescapeIf(s string, decode func(byte) bool) string {
	i := 0
	for i < len(s) && s[i] != '%' {
		i++
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, 0, len(s))
	b = append(b, s[:i]...)
	for ; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			if c := unhex(s[i+1])<<4 | unhex(s[i+2]); decode(c) {
				b = append(b, c)
				i += 2
				continue
			}
		}
		b = append(b, s[i])
	}
	return string(b)
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// HostNumber is an RFC 1738 hostnumber: digits "." digits "." digits "." digits. The groups
// are decimal digits of any length and value; the grammar sets no bound.
type HostNumber struct {
	Span
	Text   string   `json:"text"`
	Groups [4]*Part `json:"groups"` // rule "digits"
}

// HostPort is an RFC 1738 hostport (section 3.1): host [ ":" port ].
type HostPort struct {
	Span
	Text string `json:"text"`
	Host *Host  `json:"host"` // kind hostname or hostnumber
	Port *Port  `json:"port"` // or nil: no ":"
}

// PortNumber returns the port the URL connects to: the written port, or def when there is
// none. It reports false when the written port is above 65535, the largest TCP port.
func (h *HostPort) PortNumber(def int) (int, bool) {
	if h.Port == nil {
		return def, true
	}
	n := 0
	for _, c := range []byte(h.Port.Text) {
		n = n*10 + int(c-'0')
		if n > 65535 {
			return 0, false
		}
	}
	return n, true
}

// Login is an RFC 1738 login (section 3.1): [ user [ ":" password ] "@" ] hostport. User is
// nil when there is no "@"; Password is nil when there is no ":" before the "@". An empty
// user or password is not an absent one: "ftp://@host/" has an empty user name and no
// password, "ftp://foo:@host/" the user "foo" and an empty password.
type Login struct {
	Span
	Text     string    `json:"text"`
	User     *Part     `json:"user"`     // or nil
	Password *Part     `json:"password"` // or nil
	HostPort *HostPort `json:"hostport"`
}

// SegmentPath is a "/"-separated path of an RFC 1738 URL: an fpath (ftp, file), an hpath
// (http) or a ppath (prospero). Rule names which; Segments are its fsegments, hsegments or
// psegments without the "/" separators, so "a//b" has three segments and the empty path one.
type SegmentPath struct {
	Span
	Rule     string  `json:"rule"`
	Text     string  `json:"text"`
	Segments []*Part `json:"segments"`
}

// HTTPURL is an httpurl (section 3.3): "http://" hostport [ "/" hpath [ "?" search ]].
type HTTPURL struct {
	Span
	Text     string       `json:"text"`
	Scheme   *Scheme      `json:"scheme"` // as written: "http", "HTTP", ...
	HostPort *HostPort    `json:"hostport"`
	Path     *SegmentPath `json:"hpath"`  // or nil: no "/" after the hostport
	Search   *Part        `json:"search"` // or nil: no "?"
}

// Port returns the port to connect to: the written one, or 80 (section 3.3). See
// HostPort.PortNumber.
func (u *HTTPURL) Port() (int, bool) { return u.HostPort.PortNumber(80) }

// FTPURL is an ftpurl (section 3.2): "ftp://" login [ "/" fpath [ ";type=" ftptype ]].
type FTPURL struct {
	Span
	Text   string       `json:"text"`
	Scheme *Scheme      `json:"scheme"`
	Login  *Login       `json:"login"`
	Path   *SegmentPath `json:"fpath"`   // or nil: the url-path is omitted with its "/"
	Type   *Part        `json:"ftptype"` // or nil: no ";type="
	// TypeSep is ";type=" as written (the literal is case-insensitive), or "" when Type is
	// nil.
	TypeSep string `json:"typeSep"`
}

// Port returns the port to connect to: the written one, or 21 (section 3.2).
func (u *FTPURL) Port() (int, bool) { return u.Login.HostPort.PortNumber(21) }

// FTPAccount is the account an FTP URL logs in with (section 3.2.1): the arguments of the
// USER and PASS commands.
type FTPAccount struct {
	// User is the decoded user name, or "anonymous" when the URL gives none.
	User string
	// Password is the decoded password; empty when the URL gives none.
	Password string
	// Anonymous is set when the URL gives no user name: by the conventions for anonymous
	// FTP, the password is then the Internet e-mail address of the end user.
	Anonymous bool
	// HasPassword is set when the URL gives a password. When it gives a user name without
	// one and the server asks for a password, the client should ask the user.
	HasPassword bool
}

// Account returns the user name and password the URL logs in with (section 3.2.1).
func (u *FTPURL) Account() FTPAccount {
	l := u.Login
	if l.User == nil {
		return FTPAccount{User: "anonymous", Anonymous: true}
	}
	a := FTPAccount{User: l.User.Decoded()}
	if l.Password != nil {
		a.Password, a.HasPassword = l.Password.Decoded(), true
	}
	return a
}

// FTPCommand is one FTP command (RFC 959) that an FTP URL's url-path stands for.
type FTPCommand struct {
	Name string // CWD, TYPE, RETR or NLST
	Arg  string // decoded
}

// Commands returns the FTP commands the url-path stands for (sections 3.2.2 and 3.2.3): a
// CWD for each segment but the last, each decoded (so "%2F" is a "/" inside the argument and
// an empty segment is a CWD with an empty argument); then, for typecode "d", an NLST of the
// last segment (the name); otherwise a TYPE with the typecode in upper case (A or I) when
// the URL gives one, and a RETR of the name. Without a typecode the client must guess the
// transfer mode (3.2.3), so there is no TYPE. A URL without a url-path gives no commands.
func (u *FTPURL) Commands() []FTPCommand {
	if u.Path == nil {
		return nil
	}
	segs := u.Path.Segments
	cmds := make([]FTPCommand, 0, len(segs)+1)
	for _, s := range segs[:len(segs)-1] {
		cmds = append(cmds, FTPCommand{"CWD", s.Decoded()})
	}
	name := segs[len(segs)-1].Decoded()
	switch tc := u.TypeCode(); tc {
	case "d":
		return append(cmds, FTPCommand{"NLST", name})
	case "a", "i":
		cmds = append(cmds, FTPCommand{"TYPE", string(tc[0] - 'a' + 'A')})
	}
	return append(cmds, FTPCommand{"RETR", name})
}

// TypeCode returns the typecode in lower case ("a", "i" or "d"), or "" when the URL has no
// ";type=" (section 3.2.3).
func (u *FTPURL) TypeCode() string {
	if u.Type == nil {
		return ""
	}
	c := u.Type.Text[0]
	if 'A' <= c && c <= 'Z' {
		c += 'a' - 'A'
	}
	return string(c)
}

// GopherURL is a gopherurl (section 3.4):
// "gopher://" hostport [ "/" [ gtype [ selector [ "%09" search [ "%09" gopher+_string ]]]]].
// The selector ends at the "%09" that starts the search (section 3.4.2).
type GopherURL struct {
	Span
	Text     string    `json:"text"`
	Scheme   *Scheme   `json:"scheme"`
	HostPort *HostPort `json:"hostport"`
	Slash    bool      `json:"slash"`          // the "/" after the hostport is present
	Type     *Part     `json:"gtype"`          // or nil
	Selector *Part     `json:"selector"`       // set (possibly empty) when Type is
	Search   *Part     `json:"search"`         // or nil: no "%09"
	Plus     *Part     `json:"gopher+_string"` // or nil: no second "%09"
}

// Port returns the port to connect to: the written one, or 70 (section 3.4.1).
func (u *GopherURL) Port() (int, bool) { return u.HostPort.PortNumber(70) }

// ItemType returns the Gopher item type, decoded: the gtype, or "1" (a directory) when the
// URL has none (section 3.4.1).
func (u *GopherURL) ItemType() string {
	if u.Type == nil {
		return "1"
	}
	return u.Type.Decoded()
}

// Request returns what a Gopher client sends to the server for this URL (sections 3.4.1 to
// 3.4.3), without the line end: the decoded selector; then, for a search, a tab and the
// decoded search string; then, for a Gopher+ item, a tab and the decoded gopher+_string.
func (u *GopherURL) Request() string {
	var s string
	if u.Selector != nil {
		s = u.Selector.Decoded()
	}
	if u.Search != nil {
		s += "\t" + u.Search.Decoded()
	}
	if u.Plus != nil {
		s += "\t" + u.Plus.Decoded()
	}
	return s
}

// MailtoURL is a mailtourl (section 3.5): "mailto:" encoded822addr.
type MailtoURL struct {
	Span
	Text    string  `json:"text"`
	Scheme  *Scheme `json:"scheme"`
	Address *Part   `json:"encoded822addr"`
}

// NewsURL is a newsurl (section 3.6): "news:" grouppart, where grouppart is "*" (all groups),
// a group or an article. Exactly one of All, Group and Article is set.
type NewsURL struct {
	Span
	Text    string   `json:"text"`
	Scheme  *Scheme  `json:"scheme"`
	All     bool     `json:"all"`     // "news:*"
	Group   *Part    `json:"group"`   // or nil
	Article *Article `json:"article"` // or nil
}

// Article is an RFC 1738 article: a Message-ID without its "<" and ">" (section 3.6),
// 1*( uchar / ";" / "/" / "?" / ":" / "&" / "=" ) "@" host.
type Article struct {
	Span
	Text string `json:"text"`
	Host *Host  `json:"host"` // the host after the "@"
}

// NNTPURL is an nntpurl (section 3.7): "nntp://" hostport "/" group [ "/" digits ].
type NNTPURL struct {
	Span
	Text     string    `json:"text"`
	Scheme   *Scheme   `json:"scheme"`
	HostPort *HostPort `json:"hostport"`
	Group    *Part     `json:"group"`
	Article  *Part     `json:"article"` // rule "digits", or nil
}

// Port returns the port to connect to: the written one, or 119 (section 3.7).
func (u *NNTPURL) Port() (int, bool) { return u.HostPort.PortNumber(119) }

// ArticleNumber returns the article number; it reports false when the URL has none or it
// does not fit in 64 bits.
func (u *NNTPURL) ArticleNumber() (uint64, bool) {
	if u.Article == nil {
		return 0, false
	}
	var n uint64
	for _, c := range []byte(u.Article.Text) {
		d := uint64(c - '0')
		if n > (1<<64-1-d)/10 {
			return 0, false
		}
		n = n*10 + d
	}
	return n, true
}

// TelnetURL is a telneturl (section 3.8): "telnet://" login [ "/" ].
type TelnetURL struct {
	Span
	Text   string  `json:"text"`
	Scheme *Scheme `json:"scheme"`
	Login  *Login  `json:"login"`
	Slash  bool    `json:"slash"` // the final "/" is present
}

// Port returns the port to connect to: the written one, or 23 (section 3.8).
func (u *TelnetURL) Port() (int, bool) { return u.Login.HostPort.PortNumber(23) }

// WAISURL is a waisurl (section 3.9), one of three forms that Form names:
// waisdatabase "wais://" hostport "/" database; waisindex, which adds "?" search; and
// waisdoc, which adds "/" wtype "/" wpath.
type WAISURL struct {
	Span
	Text     string    `json:"text"`
	Form     string    `json:"form"` // "waisdatabase", "waisindex" or "waisdoc"
	Scheme   *Scheme   `json:"scheme"`
	HostPort *HostPort `json:"hostport"`
	Database *Part     `json:"database"`
	Search   *Part     `json:"search"` // waisindex only, else nil
	Type     *Part     `json:"wtype"`  // waisdoc only, else nil
	Path     *Part     `json:"wpath"`  // waisdoc only, else nil
}

// Port returns the port to connect to: the written one, or 210 (section 3.9).
func (u *WAISURL) Port() (int, bool) { return u.HostPort.PortNumber(210) }

// FileURL is a fileurl (section 3.10): "file://" [ host / "localhost" ] "/" fpath.
// "localhost" is also a hostname, so it is a Host like any other.
type FileURL struct {
	Span
	Text   string       `json:"text"`
	Scheme *Scheme      `json:"scheme"`
	Host   *Host        `json:"host"` // or nil: the empty host
	Path   *SegmentPath `json:"fpath"`
}

// HostName returns the host the file is on: the host as written, or "localhost" when the
// URL has none (section 3.10: the empty host and "localhost" both mean the machine from
// which the URL is being interpreted).
func (u *FileURL) HostName() string {
	if u.Host == nil {
		return "localhost"
	}
	return u.Host.Text
}

// IsLocal reports whether the file is on the machine interpreting the URL: the host is
// empty or "localhost" (in any case).
func (u *FileURL) IsLocal() bool {
	h := u.HostName()
	if len(h) != len("localhost") {
		return false
	}
	for i := range len(h) {
		if h[i]|0x20 != "localhost"[i] {
			return false
		}
	}
	return true
}

// ProsperoURL is a prosperourl (section 3.11): "prospero://" hostport "/" ppath *fieldspec.
type ProsperoURL struct {
	Span
	Text     string       `json:"text"`
	Scheme   *Scheme      `json:"scheme"`
	HostPort *HostPort    `json:"hostport"`
	Path     *SegmentPath `json:"ppath"`
	Fields   []*FieldSpec `json:"fields"` // in order; empty when there are none
}

// Port returns the port to connect to: the written one, or 1525 (section 3.11).
func (u *ProsperoURL) Port() (int, bool) { return u.HostPort.PortNumber(1525) }

// FieldSpec is a Prospero field specification (section 3.11): ";" fieldname "=" fieldvalue.
type FieldSpec struct {
	Span
	Text  string `json:"text"`
	Name  *Part  `json:"fieldname"`
	Value *Part  `json:"fieldvalue"`
}

// OtherURL is an otherurl, a genericurl of a scheme other than the ten of section 3:
// scheme ":" schemepart. When the scheme part follows the common Internet scheme syntax of
// section 3.1 (ip-schemepart: "//" login [ "/" urlpath ]), IP holds its parts.
type OtherURL struct {
	Span
	Text       string        `json:"text"`
	Scheme     *Scheme       `json:"scheme"`
	SchemePart *Part         `json:"schemepart"`
	IP         *IPSchemePart `json:"ipSchemepart"` // or nil
}

// IPSchemePart is an ip-schemepart (section 3.1): "//" login [ "/" urlpath ].
type IPSchemePart struct {
	Span
	Text  string `json:"text"`
	Login *Login `json:"login"`
	Path  *Part  `json:"urlpath"` // or nil: no "/"
}

// DefaultPort returns the default port of a scheme as RFC 1738 section 3 gives it (ftp 21,
// http 80, gopher 70, nntp 119, telnet 23, wais 210, prospero 1525); the scheme is compared
// case-insensitively. It reports false for other schemes.
func DefaultPort(scheme string) (int, bool) {
	var lower [len("prospero")]byte
	if len(scheme) > len(lower) {
		return 0, false
	}
	for i := range len(scheme) {
		c := scheme[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		lower[i] = c
	}
	switch string(lower[:len(scheme)]) {
	case "ftp":
		return 21, true
	case "http":
		return 80, true
	case "gopher":
		return 70, true
	case "nntp":
		return 119, true
	case "telnet":
		return 23, true
	case "wais":
		return 210, true
	case "prospero":
		return 1525, true
	}
	return 0, false
}
