// Package warn reports what section 7 ("Security Considerations") of
// draft-fielding-uri-rfc2396bis-01, or of RFC 3986 for grammar rfc3986, warns about in a valid
// URI reference. A warning never changes validity: each names something a user of the
// reference should look at twice. The section numbers below are the 2003 draft's; RFC 3986
// inserted 7.3 "Back-End Transcoding", so its numbers for rare IP formats, sensitive
// information and semantic attacks are one higher (7.4, 7.5, 7.6), and an escaped NUL is its
// 7.3's concern. A URI of a scheme grammar (rfc6068, rfc9110, ...) is read as RFC 3986's
// (CheckIn): it gets RFC 3986's warnings and its scheme RFC's.
package warn

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc3986" // registers the grammar it reads scheme grammars' URIs with
)

// Kind names one warning.
type Kind string

// The warnings, with the section that gives the reason.
const (
	// Userinfo: the authority has a userinfo, which can hide the real host behind text that
	// looks like a trusted one (7.5, "semantic attacks"):
	// http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm
	Userinfo Kind = "userinfo"
	// Password: the userinfo has a ":", the "user:password" form, which passes a password in
	// clear text (7.4, and 3.2.2: NOT RECOMMENDED).
	Password Kind = "password"
	// RareIP: a host the grammar reads as a hostname that platform resolvers such as
	// inet_aton() read as an IPv4 address: fewer than four parts (127.1), octal (0177.0.0.1)
	// or hexadecimal (0x7f.1) parts, a bare 32-bit number (2130706433) (7.3).
	RareIP Kind = "rare-ip"
	// HostEncoding: a registered name whose percent-encoded octets do not decode to UTF-8
	// ("%FF.example", "caf%C3.example"): "URI producing applications must not use
	// percent-encoding in host unless it is used to represent a UTF-8 character sequence"
	// (RFC 3986 section 3.2.2). Grammars with RFC 3986's or RFC 3987's semantics, where a
	// reg-name is a host.
	HostEncoding Kind = "host-encoding"
	// EscapedControl: an escaped CR, LF or NUL (%0D, %0A, %00), which a protocol must not
	// receive unescaped (7.2).
	EscapedControl Kind = "escaped-control"
	// Port: a port other than the scheme's default, the classic way to make a harmless
	// retrieval talk to another protocol. The 2003 draft's 7.2 asks for caution with "any URI
	// that specifies a TCP port number other than the default for the protocol"; RFC 3986's
	// 7.2 (for rfc3986 and rfc3987) only with one "within the "well-known port" range (0 -
	// 1023)", so there 8080 or 3000 is no warning. Only schemes with a default port in RFC
	// 1738 (urlgrammar.DefaultPort) are checked.
	Port Kind = "port"
	// OverlongEscape: percent-encoded octets that decode to an overlong or surrogate UTF-8
	// sequence ("%C0%AF" is "/" to a lax decoder), which "may pass some security tests and
	// then be interpreted as "/.."" (RFC 3987 section 8; RFC 3986 7.3 for URIs). Reported for
	// grammars rfc3986 and rfc3987.
	OverlongEscape Kind = "overlong-escape"
	// BidiFormatting: a bidirectional formatting character (LRM, RLM, LRE, RLE, LRO, RLO,
	// PDF: U+200E, U+200F, U+202A-U+202E), which "IRIs MUST NOT contain" (RFC 3987 section
	// 4.1), though its syntax allows them. Grammar rfc3987 only.
	BidiFormatting Kind = "bidi-formatting"
	// BidiComponent: a component that mixes right-to-left and left-to-right characters, or
	// that uses right-to-left characters but does not start and end with one (RFC 3987
	// section 4.2, both SHOULD NOT). The components are the section's: iuserinfo, each label
	// of an ireg-name (the division of RFC 3490 the section cites), each isegment, each name
	// and value of an iquery split at "&" and "=" (its own example), and ifragment. Grammar
	// rfc3987 only.
	BidiComponent Kind = "bidi-component"
	// MixedScript: a host label whose letters come from more than one script, the spoofing of
	// RFC 3987 section 8 ("pаypal" with a Cyrillic "а"). Labels that mix only the scripts
	// one language writes together are not reported: Latin with Han, Hiragana and Katakana
	// (Japanese), with Han and Bopomofo (Chinese), or with Han and Hangul (Korean), the
	// "highly restrictive" profile of Unicode Technical Standard #39. Grammar rfc3987 only.
	MixedScript Kind = "mixed-script"
	// The advice of scheme RFCs that a grammar cannot express, for a URI of that scheme in a
	// generic grammar's tree (rfc3986, uri, rfc3987, rfc6874, ...):
	//
	// MailtoHeader: a mailto: URI's header field other than those RFC 6068 believes safe
	// (section 4: "Only a limited set of header fields such as Subject and Keywords, as well
	// as Body, are believed to be both safe and useful"; to, cc and In-Reply-To are its own
	// examples'): "The user agent interpreting a 'mailto' URI SHOULD NOT create a message if
	// any of the header fields are considered dangerous" (bcc, from, ...).
	MailtoHeader Kind = "mailto-header"
	// MailtoEncoding: a mailto: URI's address, header field name or value that holds a
	// character RFC 6068 says "MUST be percent-encoded" (section 2) though its syntax and RFC
	// 3986's allow it: "/" and "?" (gen-delims other than "@" and ":"), and "&", ";" and "="
	// of the sub-delims (in a header field, ";", and "=" in its value): "mailto:a/b@example.org",
	// and section 6.1's "WRONG!" mailto:joe@example.com?cc=bob@example.com?body=hello.
	MailtoEncoding Kind = "mailto-encoding"
	// FileHost: a file: URI whose host is neither empty nor "localhost": a file on another
	// machine, which RFC 8089 section 2 leaves to the implementation (some read every host
	// as local).
	FileHost Kind = "file-host"
	// DataMediaType: a data: URL without a media type, which "defaults to
	// text/plain;charset=US-ASCII" (RFC 2397 section 2), whatever the data is.
	DataMediaType Kind = "data-media-type"
	// DataBase64: a data: URL marked ";base64" whose data is not base64 as RFC 2045 section 6.8
	// writes it (RFC 2397 section 2: "the data is encoded as base64"): a character outside
	// base64's alphabet (read through its escapes; white space aside), which "probably
	// indicate[s] a transmission error, about which a warning message ... might be
	// appropriate"; a character after the "=" padding, or more than two "="; or a length that is
	// not a multiple of four (the data cut short, or its padding left out, which the WHATWG
	// URL Standard's forgiving decoder accepts and RFC 2045's output never is).
	DataBase64 Kind = "data-base64"
	// GeoLocation: a geo: URI in WGS-84 (no crs parameter, or crs=wgs84) whose latitude is
	// outside -90 to 90 degrees or whose longitude is outside -180 to 180: such a URI "MUST be
	// considered invalid" (RFC 5870 section 3.4.2), and applications "SHOULD warn the user
	// when such URIs are encountered" (section 9.1, whose example is <geo:94,0>). The syntax
	// allows any number of digits.
	GeoLocation Kind = "geo-location"
	// GeoParameters: a geo: URI whose crs or u parameter appears twice, or after another
	// parameter, or whose u comes before its crs: "Both 'crs' and 'u' parameters MUST NOT
	// appear more than once each. The 'crs' and 'u' parameters MUST be given before any other
	// parameters ... The 'crs' parameter MUST be given first if both 'crs' and 'u' are used"
	// (RFC 5870 section 3.3), which its syntax does not say: a second crs reads as another
	// parameter. So does a crs or u whose value is not a crslabel or a uval ("u=-1"), which
	// names the parameter of section 3.3 and gives it no meaning.
	GeoParameters Kind = "geo-parameters"
	// TelParameters: a tel: URI with a parameter given twice or out of RFC 3966's order: "Each
	// parameter name ("pname"), the ISDN subaddress, the 'extension', and the 'context' MUST
	// NOT appear more than once. The 'isdn-subaddress' or 'extension' MUST appear first, if
	// present, followed by the 'context' parameter, if present, followed by any other
	// parameters in lexicographical order" (section 3; the syntax takes them in any order).
	// The parameters are the path's pieces between ";" (an isub value, 1*uric, could hold a
	// ";" in the syntax, but then no parameter could follow it). An isub, ext or
	// phone-context whose value its rule does not take ("ext=12a", an "ext" with no "=") is
	// warned of too: the syntax reads it as another parameter of that name.
	TelParameters Kind = "tel-parameters"
	// HTTPUserinfo: an http: or https: URI with a userinfo ("http://user@example.com/"),
	// which RFC 9110 section 4.2.4 deprecates: "A sender MUST NOT generate the userinfo
	// subcomponent", and a recipient "SHOULD parse for userinfo and treat its presence as an
	// error; it is likely being used to obscure the authority for the sake of phishing
	// attacks". Userinfo warns of any scheme's, by RFC 3986's section 7.
	HTTPUserinfo Kind = "http-userinfo"
	// HTTPEmptyHost: an http: or https: URI with an authority whose host is empty
	// ("http:///x", "https://:443/"): "A sender MUST NOT generate an "http" URI with an empty
	// host identifier. A recipient that processes such a URI reference MUST reject it as
	// invalid" (RFC 9110 sections 4.2.1 and 4.2.2), though the ABNF allows it.
	HTTPEmptyHost Kind = "http-empty-host"
	// URNNamespace: a urn: URI whose NID no namespace can have: an informal NID is "urn-"
	// and a number without leading zeros ("urn-7"; RFC 8141 section 5.2), and a formal one
	// "MUST be more than two characters long", "MUST NOT start with ALPHA ALPHA "-"" (kept
	// for country codes, and "xn--" for A-labels) and "MUST NOT start with the string "X-""
	// (RFC 3406's experimental namespaces; section 5.1). The syntax allows all of them.
	URNNamespace Kind = "urn-namespace"
	// URNRComponent: a urn: URI with an r-component ("?+"), which "SHOULD NOT be used for
	// URNs before their semantics have been standardized" (RFC 8141 section 2.3.1).
	URNRComponent Kind = "urn-r-component"
	// WSFragment: a ws: or wss: URI with a fragment, which RFC 6455 section 3 says "MUST NOT
	// be used on these URIs" (a "#" in the resource name must be escaped as %23). Grammar
	// uri rejects such a URI (its rfc6455 grammar decides the fragment too); RFC 3986 and the
	// other generic grammars let any URI take one.
	WSFragment Kind = "ws-fragment"
	// ZoneID: an IPv6 zone identifier in an IP-literal ("[fe80::1%25eth0]", grammar
	// rfc6874), which RFC 9844 (2025) deprecates in URIs: it means something only on the
	// host that wrote it.
	ZoneID Kind = "zone-id"
	// Confusion: a URL of a special scheme (ftp, http, https, ws, wss) whose host the WHATWG
	// URL Standard's parser, which browsers and most HTTP clients follow, reads otherwise than
	// the grammar (confusion.go): "http:evil.com" and "http:///evil.com" (a host after any
	// number of slashes, where RFC 3986 reads a path or an empty authority), "0x7f.1" (the
	// IPv4 address 127.0.0.1), or a host the parser rejects ("1.2.3.256"), or a port
	// ("http://a:99999", over 65535). A host only spelt otherwise ("%65vil.com", which both
	// read as evil.com once normalized) is the same host. The warning names both readings. Backslashes, tabs, newlines and
	// leading or trailing C0 controls and spaces, which that parser reads as "/" or strips,
	// are no part of a reference the grammars accept: such a line is invalid, not warned of.
	Confusion Kind = "confusion"
)

// All lists every kind, in the order warnings are reported.
var All = []Kind{Userinfo, Password, RareIP, HostEncoding, EscapedControl, Port, OverlongEscape, BidiFormatting, BidiComponent, MixedScript,
	MailtoHeader, MailtoEncoding, FileHost, DataMediaType, DataBase64, GeoLocation, GeoParameters, TelParameters,
	HTTPUserinfo, HTTPEmptyHost, URNNamespace, URNRComponent, WSFragment, ZoneID, Confusion}

// Warning is one finding.
type Warning struct {
	Kind    Kind   `json:"kind"`
	Section string `json:"section"`
	Offset  int    `json:"offset"` // byte offset of what the warning is about
	Message string `json:"message"`
}

func (w Warning) String() string {
	return fmt.Sprintf("warning %s (section %s): %s", w.Kind, w.Section, w.Message)
}

// Set is a set of enabled kinds.
type Set map[Kind]bool

// ParseSet reads a comma-separated list of kinds; "all" is every kind, "" and "none" none.
func ParseSet(s string) (Set, error) {
	set := Set{}
	if s == "" || s == "none" {
		return set, nil
	}
	for _, name := range strings.Split(s, ",") {
		if name == "all" {
			for _, k := range All {
				set[k] = true
			}
			continue
		}
		k := Kind(name)
		known := false
		for _, a := range All {
			known = known || a == k
		}
		if !known {
			names := make([]string, len(All))
			for i, a := range All {
				names[i] = string(a)
			}
			sort.Strings(names)
			return nil, fmt.Errorf("unknown warning %q (all, none, %s)", name, strings.Join(names, ", "))
		}
		set[k] = true
	}
	return set, nil
}

// sections are the section numbers a warning cites: the 2003 draft's, and RFC 3986's.
// An empty section is a warning the specification does not give.
type sections struct {
	userinfo, password, rareIP, control, nul, port string
	hostEncoding                                   string // "" where the specification says nothing of it
	overlong                                       string
	iri                                            bool // RFC 3987's own: bidi and mixed scripts
	// regNameHost: a reg-name is a host (RFC 3986 3.2.2), not a naming authority of its own
	// as in the drafts (3.2.1), which has no host, userinfo or port.
	regNameHost bool
	// wellKnownPorts: only a port in the well-known range (0-1023) is warned of (RFC 3986
	// 7.2), not any port other than the default (the 2003 draft's 7.2).
	wellKnownPorts bool
}

var (
	sections2003 = sections{userinfo: "7.5", password: "7.4", rareIP: "7.3", control: "7.2", nul: "7.2", port: "7.2"}
	// RFC 2396's section 7 has no subsections: a port other than the default, escaped
	// delimiters such as CR and LF, a password in the userinfo. It says nothing of a userinfo
	// that disguises the host, rare IP formats or an escaped NUL.
	sections2396 = sections{password: "7", control: "7", port: "7"}
	sections3986 = sections{userinfo: "7.6", password: "7.5", rareIP: "7.4", control: "7.2", nul: "7.3", port: "7.2",
		hostEncoding: "3.2.2", overlong: "7.3", regNameHost: true, wellKnownPorts: true}
	// RFC 3986's, cited as such: for a URI of a scheme grammar, read as RFC 3986's (the
	// scheme RFCs define their URIs within its generic syntax).
	sectionsCited3986 = sections{userinfo: "RFC 3986 7.6", password: "RFC 3986 7.5", rareIP: "RFC 3986 7.4",
		control: "RFC 3986 7.2", nul: "RFC 3986 7.3", port: "RFC 3986 7.2", hostEncoding: "RFC 3986 3.2.2",
		overlong: "RFC 3986 7.3", regNameHost: true, wellKnownPorts: true}
	// RFC 3987 section 8: "The security considerations discussed in [RFC3986] also apply".
	sections3987 = func() sections {
		s := sectionsCited3986
		s.overlong, s.iri = "8", true
		return s
	}()
)

// Check returns the enabled warnings for a parsed reference (a tree of a generic grammar,
// what Grammar.Parse returns), in the order of All, citing the sections of the 2003 draft.
// CheckIn cites those of the grammar's own specification. The components are the ones the
// grammar's header declares (Tree.Spans).
func Check(t ast.Tree, enabled Set) []Warning { return check(t, enabled, sections2003) }

// CheckIn is Check for a tree of grammar g (Grammar.Parse), citing the sections of the
// specification whose semantics g declares (Grammar.Semantics): RFC 3986's, RFC 3987's (and
// RFC 3986's, which it cites), RFC 2396's (section 7, which gives only Password,
// EscapedControl of CR and LF, and Port, and the scheme RFCs' and Confusion as for any
// grammar), the 2003 draft's otherwise (url-syntax-05's draft has no such section).
//
// A URI of a scheme grammar (rfc6068, rfc9110, ...: Grammar.Schemes) or of a grammar within
// RFC 3986 (web-safe: Grammar.Within) is read as the URI it is, by grammar rfc3986, whose
// components the warnings need: it gets RFC 3986's warnings, cited "RFC 3986 7.6", and its
// scheme RFC's ("RFC 6068 2"). One that rfc3986 rejects (a scheme grammar's known
// differences from it, such as a mailto: address with a non-ASCII character) gets none.
func CheckIn(g *urlgrammar.Grammar, t ast.Tree, enabled Set) []Warning {
	if g != nil && ReadsAsRFC3986(g) {
		p := rfc3986Parsers.Get().(*urlgrammar.Parser)
		defer rfc3986Parsers.Put(p)
		u, err := p.Parse(t.String())
		if err != nil {
			return nil
		}
		return check(u, enabled, sectionsCited3986) // its warnings keep nothing of u
	}
	if g != nil {
		switch g.Semantics() {
		case urlgrammar.Semantics3986:
			return check(t, enabled, sections3986)
		case urlgrammar.Semantics3987:
			return check(t, enabled, sections3987)
		case urlgrammar.Semantics2396:
			return check(t, enabled, sections2396)
		}
	}
	return check(t, enabled, sections2003)
}

// rfc3986Parsers are the Parsers CheckIn reads the URIs of scheme grammars with: the tree
// is read and dropped, a new one for each URI was an allocation a line.
var rfc3986Parsers = sync.Pool{New: func() any { return urlgrammar.MustLookup(urlgrammar.RFC3986).NewParser() }}

// Applies reports whether CheckIn has warnings to give for g's trees: g is generic
// (Grammar.Generic), or its URIs are read as RFC 3986's (ReadsAsRFC3986).
func Applies(g *urlgrammar.Grammar) bool { return g.Generic() || ReadsAsRFC3986(g) }

// ReadsAsRFC3986 reports whether CheckIn reads g's URIs as RFC 3986's: g is not generic and
// is a scheme grammar (its URIs are RFC 3986's of the schemes it declares) or within
// RFC 3986.
func ReadsAsRFC3986(g *urlgrammar.Grammar) bool {
	return !g.Generic() && (g.HasSchemes() || slices.Contains(g.Within(), urlgrammar.RFC3986))
}

// hostParts are the components the warnings read, with the source.
type hostParts struct {
	src string
	ast.Spans
	regName bool // the host is a reg-name that is a host (regNameHost)
}

// newHostParts reads t's components for the warnings of sec.
func newHostParts(t ast.Tree, sec sections) hostParts {
	h := hostParts{src: t.String(), Spans: t.Spans()}
	h.regName = h.Host.Defined && h.HostKind == "reg-name" && sec.regNameHost
	return h
}

func check(t ast.Tree, enabled Set, sec sections) []Warning {
	var ws []Warning
	add := func(k Kind, section string, offset int, format string, args ...any) {
		if enabled[k] && section != "" { // "": the specification does not give the warning
			ws = append(ws, Warning{k, section, offset, fmt.Sprintf(format, args...)})
		}
	}
	h := newHostParts(t, sec)
	text := h.src
	if u := h.Userinfo; u.Defined {
		host := ""
		if h.Host.Defined {
			host = h.Host.In(text)
		}
		add(Userinfo, sec.userinfo, u.Start, "userinfo %q comes before the host %q and may disguise it", u.In(text), host)
		if i := strings.IndexByte(u.In(text), ':'); i >= 0 {
			add(Password, sec.password, u.Start+i+1, "the userinfo has a password in clear text")
		}
	}
	// A hostname (or in RFC 3986 a reg-name) that is not an IPv4address but reads as one.
	if h.Host.Defined && (h.HostKind == "hostname" || h.regName) {
		if ip, ok := InetAton(h.Host.In(text)); ok {
			add(RareIP, sec.rareIP, h.Host.Start, "host %q is not an IPv4address, but resolvers read it as %s", h.Host.In(text), ip)
		}
	}
	if h.regName && sec.hostEncoding != "" {
		if host := h.Host.In(text); strings.IndexByte(host, '%') >= 0 {
			if at, ok := notUTF8Escape(host); ok {
				add(HostEncoding, sec.hostEncoding, h.Host.Start+at, "the percent-encoded octets of host %q do not decode to UTF-8: a host may use percent-encoding only to represent UTF-8", host)
			}
		}
	}
	for i := 0; i+2 < len(text); i++ {
		if text[i] != '%' {
			continue
		}
		switch strings.ToUpper(text[i+1 : i+3]) {
		case "0D":
			add(EscapedControl, sec.control, i, "escaped CR (%s)", text[i:i+3])
		case "0A":
			add(EscapedControl, sec.control, i, "escaped LF (%s)", text[i:i+3])
		case "00":
			add(EscapedControl, sec.nul, i, "escaped NUL (%s)", text[i:i+3])
		}
	}
	if p := h.Port; p.Defined && p.End > p.Start && h.Scheme.Defined {
		scheme := strings.ToLower(h.Scheme.In(text))
		if def, ok := urlgrammar.DefaultPort(scheme); ok {
			n, err := strconv.Atoi(p.In(text))
			switch {
			case err == nil && n == def:
			case !sec.wellKnownPorts:
				add(Port, sec.port, p.Start, "port %s is not the default port %d of %s", p.In(text), def, scheme)
			case err == nil && n <= 1023:
				add(Port, sec.port, p.Start, "port %s is a well-known port (0-1023) other than %s's %d: another protocol may answer it", p.In(text), scheme, def)
			}
		}
	}
	if sec.overlong != "" && enabled[OverlongEscape] {
		for _, o := range overlongEscapes(text) {
			add(OverlongEscape, sec.overlong, o.offset, "%s decodes to %s, which a lax UTF-8 decoder reads as %q", o.text, o.what, o.lax)
		}
	}
	if sec.iri {
		checkIRI(&h, add)
	}
	checkSchemes(&h, add)
	if enabled[Confusion] {
		checkConfusion(&h, add)
	}
	return ws
}

// safeMailtoHeaders are the header fields RFC 6068 believes safe (section 4) or uses in its
// own examples (to, cc, in-reply-to), lower case.
var safeMailtoHeaders = map[string]bool{"to": true, "cc": true, "subject": true, "keywords": true, "body": true, "in-reply-to": true}

// checkSchemes gives the warnings of the scheme RFCs' advice (MailtoHeader, MailtoEncoding,
// FileHost, DataMediaType, DataBase64, GeoLocation, GeoParameters, TelParameters, HTTPUserinfo, HTTPEmptyHost,
// URNNamespace, URNRComponent,
// WSFragment, ZoneID), in the order of All.
func checkSchemes(h *hostParts, add func(Kind, string, int, string, ...any)) {
	if h.Scheme.Defined {
		checkScheme(h, add)
	}
	if h.Host.Defined && h.HostKind == "ipv6" && strings.Contains(h.Host.In(h.src), "%25") {
		add(ZoneID, "RFC 9844", h.Host.Start, "host %q has an IPv6 zone identifier, which RFC 9844 deprecates in URIs: it means something only on the host that wrote it", h.Host.In(h.src))
	}
}

func checkScheme(h *hostParts, add func(Kind, string, int, string, ...any)) {
	switch strings.ToLower(h.Scheme.In(h.src)) {
	case "mailto":
		if h.Query.Defined {
			off := h.Query.Start
			for _, field := range strings.Split(h.Query.In(h.src), "&") {
				name, _, _ := strings.Cut(field, "=")
				if decoded := strings.ToLower(ast.UnescapeIf(name, func(byte) bool { return true })); !safeMailtoHeaders[decoded] {
					add(MailtoHeader, "RFC 6068 4", off, "header field %q is not one RFC 6068 believes safe (subject, keywords, body; to, cc, in-reply-to): a mail client should not create a message with a dangerous one", decoded)
				}
				off += len(field) + 1
			}
		}
		if !h.Authority.Defined {
			checkMailtoEncoding(h, add)
		}
	case "file":
		if h.Host.Defined && h.Host.End > h.Host.Start && !strings.EqualFold(h.Host.In(h.src), "localhost") {
			add(FileHost, "RFC 8089 2", h.Host.Start, "file on the host %q, not this machine: what that means is left to the implementation (some read any host as local)", h.Host.In(h.src))
		}
	case "data":
		if p := h.Path; p.Defined {
			path := p.In(h.src)
			if strings.HasPrefix(path, ",") || len(path) >= 8 && strings.EqualFold(path[:8], ";base64,") {
				add(DataMediaType, "RFC 2397 2", p.Start, "no media type: the data is text/plain;charset=US-ASCII")
			}
			// The data runs from the first "," (a media type's quoted-string, which could hold
			// one, is no part of an RFC 3986 path) to the end of the query: "?" is a urlchar.
			if head, _, ok := strings.Cut(path, ","); ok && len(head) >= 7 && strings.EqualFold(head[len(head)-7:], ";base64") {
				start, end := p.Start+len(head)+1, p.End
				if h.Query.Defined {
					end = h.Query.End
				}
				checkBase64(h.src[start:end], start, add)
			}
		}
	case "geo":
		if p := h.Path; p.Defined && !h.Authority.Defined {
			checkGeo(p.In(h.src), p.Start, add)
		}
	case "tel":
		if p := h.Path; p.Defined && !h.Authority.Defined {
			checkTel(p.In(h.src), p.Start, add)
		}
	case "http", "https":
		if u := h.Userinfo; u.Defined {
			add(HTTPUserinfo, "RFC 9110 4.2.4", u.Start, "userinfo %q in an %s URI: a sender must not generate one, and a recipient should treat it as an error (it likely obscures the authority, for phishing)",
				u.In(h.src), strings.ToLower(h.Scheme.In(h.src)))
		}
		if h.Authority.Defined && h.Host.Defined && h.Host.End == h.Host.Start {
			section := "RFC 9110 4.2.1"
			if len(h.Scheme.In(h.src)) == len("https") {
				section = "RFC 9110 4.2.2"
			}
			add(HTTPEmptyHost, section, h.Host.Start, "the host is empty: a recipient must reject an %s URI with an empty host as invalid", strings.ToLower(h.Scheme.In(h.src)))
		}
	case "urn":
		if p := h.Path; p.Defined && !h.Authority.Defined {
			checkURN(p.In(h.src), p.Start, h.Query, h.src, add)
		}
	case "ws", "wss":
		if f := h.Fragment; f.Defined {
			add(WSFragment, "RFC 6455 3", f.Start-1, "a fragment, which must not be used on %s URIs (a \"#\" in the resource name is escaped as %%23)", strings.ToLower(h.Scheme.In(h.src)))
		}
	}
}

// InetAton reads host as inet_aton() does: one to four parts separated by ".", each decimal,
// octal (leading 0) or hexadecimal (leading 0x or 0X), the last part filling the remaining
// bytes. It returns the dotted-decimal address and true when host is such a spelling but not
// already the dotted-decimal form of four octets the grammar allows.
func InetAton(host string) (string, bool) {
	// Every part is a number, so the first byte is a digit: most hosts stop here.
	if host == "" || host[0] < '0' || host[0] > '9' || strings.Count(host, ".") > 3 {
		return "", false
	}
	var vals [4]uint64
	n := 0
	plain := true
	for rest := host; ; n++ {
		p, after, more := strings.Cut(rest, ".")
		v, dec, ok := atonPart(p)
		if !ok {
			return "", false
		}
		vals[n] = v
		plain = plain && dec
		if !more {
			n++
			break
		}
		rest = after
	}
	if plain && n == 4 {
		return "", false // four decimal parts: an IPv4address or not an address at all
	}
	var addr uint64
	for i, v := range vals[:n-1] {
		if v > 255 {
			return "", false
		}
		addr |= v << (8 * (3 - uint(i)))
	}
	last := vals[n-1]
	if last >= 1<<(8*(5-uint(n))) {
		return "", false
	}
	addr |= last
	return fmt.Sprintf("%d.%d.%d.%d", addr>>24, addr>>16&255, addr>>8&255, addr&255), true
}

// atonPart reads one part; dec reports a plain decimal spelling without a leading zero.
func atonPart(p string) (v uint64, dec, ok bool) {
	var err error
	switch {
	case p == "":
		return 0, false, false
	case len(p) > 2 && (p[:2] == "0x" || p[:2] == "0X"):
		v, err = strconv.ParseUint(p[2:], 16, 32)
	case len(p) > 1 && p[0] == '0':
		v, err = strconv.ParseUint(p[1:], 8, 32)
	default:
		v, err = strconv.ParseUint(p, 10, 32)
		dec = true
	}
	return v, dec, err == nil
}
