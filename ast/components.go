package ast

// Components is the grammar-independent split of a parsed input. Each string is the
// component exactly as written, without its delimiters (scheme without ":", authority without
// "//", userinfo without "@", port without ":", query without "?", fragment without "#"; an
// IPv6 host keeps its brackets), and nil when the component is undefined.
type Components struct {
	Rule      string  // the production that matched, e.g. "URI-reference"
	Scheme    *string // or nil
	Authority *string // or nil
	Userinfo  *string // or nil
	Host      *string // or nil
	HostKind  *string // "ipv6", "ipv4", "hostname", "reg-name" (rfc1738: "hostnumber"; rfc3986: "ipvfuture"), or nil
	Port      *string // or nil
	Path      *string // never nil for a generic reference; nil for an RFC 1738 URL without url-path
	Query     *string // or nil
	Fragment  *string // or nil
	// Parts maps the named components inside the matched production, keyed by their rule
	// names in the grammar, to their text ([]string when the component repeats).
	Parts map[string]any
}
