// Package ast declares the trees built by urlgrammar's parsers: Tree, the tree of every
// grammar (its rules' nodes in one block, see tree.go), which Grammar.Parse returns, and the
// typed trees that Grammar.Typed builds from it (Grammar.ParseTyped in one step).
//
// The node types of this file are the generic URI syntax of draft-fielding-uri-rfc2396bis-01
// (grammar id rfc2396bis-01), also built by grammars url-syntax-05 and rfc3986 (with the
// fields and nodes their rules add, each documented where it is declared); each is named after the production it stands for, and its doc
// comment cites the section that defines it. Every node records the byte span of the input it
// covers and the text of that span, exactly as written (escapes are not decoded: decoding is a
// separate, explicit step). A component that is undefined (its delimiter is absent) is a nil
// pointer; a component that is present but empty is a node with empty Text.
package ast

// Node is implemented by every node of every tree.
type Node interface {
	Pos() int // byte offset of the node's first byte in the input
	End() int // byte offset just past the node's last byte
}

// Span is the half-open byte range [Start, Stop) of the input a node covers.
type Span struct {
	Start int `json:"start"`
	Stop  int `json:"end"`
}

// Pos returns the offset of the first byte of the span.
func (s Span) Pos() int { return s.Start }

// End returns the offset just past the last byte of the span.
func (s Span) End() int { return s.Stop }

// URIReference is a URI-reference (section 4): an absolute-URI (section 3) or a relative-URI
// (section 5), each with an optional fragment. The same node represents the start symbols
// absolute-URI-reference, absolute-URI and relative-URI.
//
// A hierarchical reference has Path (possibly with no segments) and a nil Opaque; an opaque
// absolute URI (scheme ":" opaque-part) has Opaque and a nil Path.
type URIReference struct {
	Span
	Rule      string      `json:"rule"` // the start rule: URI-reference, absolute-URI, ...
	Text      string      `json:"text"`
	Scheme    *Scheme     `json:"scheme"`    // or nil: a relative reference
	Authority *Authority  `json:"authority"` // or nil: no "//" (net-path) present
	Path      *Path       `json:"path"`      // or nil when Opaque is set
	Opaque    *OpaquePart `json:"opaque"`    // or nil: a hierarchical reference
	Query     *Query      `json:"query"`     // or nil: no "?" in hier-part or relative-URI
	Fragment  *Fragment   `json:"fragment"`  // or nil: no "#"
}

// IsAbsolute reports whether the reference has a scheme.
func (r *URIReference) IsAbsolute() bool { return r.Scheme != nil }

// IsOpaque reports whether the reference is an absolute URI with an opaque-part.
func (r *URIReference) IsOpaque() bool { return r.Opaque != nil }

// Scheme is a scheme (section 3.1), without its ":".
type Scheme struct {
	Span
	Text string `json:"text"`
}

// Authority is an authority (section 3.2), without its leading "//": a server (3.2.2) when a
// server-based parse covers the whole authority, otherwise a reg-name (3.2.1). Exactly one of
// Server and RegName is set.
//
// Rule is the authority's production where the grammar names it otherwise: "site" in grammar
// url-syntax-05 (site = [ [ user [ ":" password ] "@" ] host [ ":" port ] ]); empty in the
// other grammars. Components keys the part by it.
type Authority struct {
	Span
	Rule    string   `json:"rule,omitempty"`
	Text    string   `json:"text"`
	Server  *Server  `json:"server"`  // or nil
	RegName *RegName `json:"regName"` // or nil
}

// Server is a server-based naming authority (section 3.2.2): [ [ userinfo "@" ] hostport ].
// The empty server (as in "file:///x") has all three fields nil.
type Server struct {
	Span
	Text     string    `json:"text"`
	Userinfo *Userinfo `json:"userinfo"` // or nil: no "@"
	Host     *Host     `json:"host"`     // or nil: the empty server
	Port     *Port     `json:"port"`     // or nil: no ":" after the host
}

// Userinfo is the userinfo of a server (section 3.2.2), without its "@".
//
// In grammar url-syntax-05 it is the user [ ":" password ] of a site (Appendix A): User is
// set, and Password when there is a ":". In rfc2396bis-01, whose userinfo has no parts, both
// are nil.
type Userinfo struct {
	Span
	Text     string `json:"text"`
	User     *Part  `json:"user,omitempty"`
	Password *Part  `json:"password,omitempty"`
}

// HostKind tells which alternative of host (section 3.2.2) a Host is.
type HostKind string

// The host kinds. In rfc2396bis-01 HostKindRegName is not a host alternative; it names the
// kind of an authority that is a reg-name, and is used by the components of a reference. In
// rfc3986 (whose host is IP-literal / IPv4address / reg-name) it is the third alternative, and
// an IP-literal is HostKindIPv6 or HostKindIPvFuture.
const (
	HostKindIPv6      HostKind = "ipv6"
	HostKindIPvFuture HostKind = "ipvfuture"
	HostKindIPv4      HostKind = "ipv4"
	HostKindHostname  HostKind = "hostname"
	HostKindRegName   HostKind = "reg-name"
)

// Host is a host (section 3.2.2): IPv6reference / IPv4address / hostname. When several
// alternatives match the same text, the first of IPv6reference, IPv4address, hostname wins, so
// "1.2.3.4" is an IPv4address and "256.1.1.1" a hostname. Exactly one of IPv6, IPv4,
// Hostname and HostNumber is set, as Kind says.
//
// An RFC 1738 host (grammar rfc1738) is hostname / hostnumber, with hostnumber preferred:
// "1.2.3.4" is a hostnumber. Its hostname has no trailing dot and ends with a toplabel.
type Host struct {
	Span
	Text     string         `json:"text"`
	Kind     HostKind       `json:"kind"`
	IPv6     *IPv6Reference `json:"ipv6"`     // or nil
	IPv4     *IPv4Address   `json:"ipv4"`     // or nil
	Hostname *Hostname      `json:"hostname"` // or nil
	// HostNumber is set for the hostnumber of an RFC 1738 host (grammar rfc1738), whose
	// alternatives are hostname and hostnumber; Kind is then HostKindHostnumber.
	HostNumber *HostNumber `json:"hostnumber,omitempty"`
	// IPLiteral and RegName are the other alternatives of an RFC 3986 host (grammar
	// rfc3986): IP-literal / IPv4address / reg-name, tried in that order, so "1.2.3.4" is an
	// IPv4address and "1.2.3.256" a reg-name. Kind is then HostKindIPv6 or
	// HostKindIPvFuture (IPLiteral), or HostKindRegName (RegName, possibly empty: the host of
	// "file:///x" is the empty reg-name).
	IPLiteral *IPLiteral `json:"ipLiteral,omitempty"`
	RegName   *RegName   `json:"regName,omitempty"`
}

// IPLiteral is an IP-literal of RFC 3986 (section 3.2.2): "[" ( IPv6address / IPvFuture )
// "]". Text keeps the brackets; exactly one of IPv6 and IPvFuture is set.
type IPLiteral struct {
	Span
	Text      string       `json:"text"`
	IPv6      *IPv6Address `json:"ipv6"`      // or nil
	IPvFuture *IPvFuture   `json:"ipvFuture"` // or nil
}

// IPvFuture is an IPvFuture of RFC 3986 (section 3.2.2): "v" 1*HEXDIG "." 1*( unreserved /
// sub-delims / ":" ), an address of a version of IP that the RFC does not know.
type IPvFuture struct {
	Span
	Text string `json:"text"`
}

// Version returns the hexadecimal version between the "v" and the first ".".
func (f *IPvFuture) Version() string {
	for i := 1; i < len(f.Text); i++ {
		if f.Text[i] == '.' {
			return f.Text[1:i]
		}
	}
	return ""
}

// IPv6Reference is an IPv6reference (section 3.2.2): "[" IPv6address "]". Text keeps the
// brackets; Address is the IPv6address inside them.
type IPv6Reference struct {
	Span
	Text    string       `json:"text"`
	Address *IPv6Address `json:"address"`
}

// IPv6Address is an IPv6address (section 3.2.2), the text between the brackets.
type IPv6Address struct {
	Span
	Text string `json:"text"`
}

// IPv4Address is an IPv4address (section 3.2.2): four dec-octets separated by ".".
type IPv4Address struct {
	Span
	Text   string       `json:"text"`
	Octets [4]*DecOctet `json:"octets"`
}

// DecOctet is a dec-octet (section 3.2.2): a decimal number 0-255 without leading zeros.
type DecOctet struct {
	Span
	Text  string `json:"text"`
	Value uint8  `json:"value"`
}

// Hostname is a hostname (section 3.2.2): domainlabel qualified, where qualified is
// *( "." domainlabel ) [ "." toplabel "." ]. Labels lists every label in order; when
// TrailingDot is set the last label is the toplabel and the text ends with ".".
type Hostname struct {
	Span
	Text        string   `json:"text"`
	Labels      []*Label `json:"labels"`
	TrailingDot bool     `json:"trailingDot"`
}

// Label is a domainlabel or, when Top is set, the toplabel of a hostname (section 3.2.2).
type Label struct {
	Span
	Text string `json:"text"`
	Top  bool   `json:"top"`
}

// Port is a port (section 3.2.2), *DIGIT, without its ":"; it may be empty.
type Port struct {
	Span
	Text string `json:"text"`
}

// RegName is a registry-based naming authority, reg-name (section 3.2.1).
type RegName struct {
	Span
	Text string `json:"text"`
}

// Path is the path of a hierarchical reference (section 3.3): an abs-path ("/"
// path-segments), a rel-path (rel-segment [ abs-path ], section 5), or empty. Absolute is set
// for an abs-path. Segments lists the segments without their "/" separators: "/a/b" has
// segments "a" and "b", "/" has one empty segment, "a/b" has "a" and "b", and the empty path
// has none.
//
// In grammar rfc3986 Rule names the path's own production (section 3.3): "path-abempty" (after
// an authority: empty or beginning with "/"), "path-absolute" (beginning with "/" but not
// "//"), "path-noscheme" (a relative reference's first segment, without ":"), "path-rootless"
// (an absolute URI's path without "/" in front) or "path-empty". The other grammars leave it
// empty.
type Path struct {
	Span
	Rule     string     `json:"rule,omitempty"`
	Text     string     `json:"text"`
	Absolute bool       `json:"absolute"`
	Segments []*Segment `json:"segments"`
}

// Segment is a path segment (section 3.3), or the rel-segment of a rel-path (section 5).
//
// In grammar url-syntax-05 a segment is *pchar *( ";" param ) (Appendix A) and Params lists
// its params without their ";" ("a;x;" has the params "x" and ""); in rfc2396bis-01, where a
// ";" is an ordinary segment character, Params is nil.
type Segment struct {
	Span
	Text   string  `json:"text"`
	Params []*Part `json:"params,omitempty"`
}

// OpaquePart is the opaque-part of an absolute URI (section 3): uric-no-slash *uric.
type OpaquePart struct {
	Span
	Text string `json:"text"`
}

// Query is a query (section 3.4), without its "?"; it may be empty.
type Query struct {
	Span
	Text string `json:"text"`
}

// Fragment is a fragment (section 4.1), without its "#"; it may be empty.
type Fragment struct {
	Span
	Text string `json:"text"`
}
