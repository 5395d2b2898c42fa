package warn

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urlgrammar/urlgrammar/ast"
)

// A schemeParam is one parameter of a tel: or geo: URI, as ";" separates them in its path.
type schemeParam struct {
	name   string // lower case (both RFCs' parameter names are case-insensitive)
	value  string // "" when the parameter has no "="
	eq     bool   // the parameter has a "=" (a value, maybe empty)
	offset int    // of the name, in the source
}

// splitParams splits the path of a tel: or geo: URI, which starts at offset base in the
// source, into what comes before its first ";" (the number, the coordinates) and the
// parameters after it.
func splitParams(path string, base int) (head string, params []schemeParam) {
	head, rest, ok := strings.Cut(path, ";")
	off := base + len(head) + 1
	for ok {
		var p string
		p, rest, ok = strings.Cut(rest, ";")
		name, value, eq := strings.Cut(p, "=")
		params = append(params, schemeParam{strings.ToLower(name), value, eq, off})
		off += len(p) + 1
	}
	return head, params
}

// checkGeo gives the warnings of RFC 5870 for a geo: URI's path, in the order of All:
// GeoLocation, then GeoParameters.
func checkGeo(path string, base int, add func(Kind, string, int, string, ...any)) {
	coords, params := splitParams(path, base)
	wgs84 := true // the ranges are WGS-84's: no crs, or a first crs of wgs84
	for _, p := range params {
		if p.name == "crs" {
			wgs84 = strings.EqualFold(p.value, "wgs84")
			break
		}
	}
	lat, rest, ok := strings.Cut(coords, ",")
	lon, _, _ := strings.Cut(rest, ",")
	if wgs84 && ok && isNum(lat) && isNum(lon) {
		if beyond(lat, "90") {
			add(GeoLocation, "RFC 5870 3.4.2", base, "latitude %s is outside -90 to 90 degrees: no location in WGS-84 (RFC 5870 9.1: applications must not use it)", lat)
		}
		if beyond(lon, "180") {
			add(GeoLocation, "RFC 5870 3.4.2", base+len(lat)+1, "longitude %s is outside -180 to 180 degrees: no location in WGS-84 (RFC 5870 9.1: applications must not use it)", lon)
		}
	}
	crs, u := -1, -1 // the index of the first crs and u parameter
	for i, p := range params {
		switch {
		case p.name != "crs" && p.name != "u":
			continue
		case p.name == "crs" && crs >= 0, p.name == "u" && u >= 0:
			add(GeoParameters, "RFC 5870 3.3", p.offset, "parameter %q appears twice: crs and u must not appear more than once each", p.name)
			continue
		case p.name == "crs" && i > 0:
			add(GeoParameters, "RFC 5870 3.3", p.offset, "parameter \"crs\" after %q: crs must be given first", params[i-1].name)
		case p.name == "u" && i > 0 && !(i == 1 && crs == 0):
			add(GeoParameters, "RFC 5870 3.3", p.offset, "parameter \"u\" after %q: crs and u must be given before any other parameter, crs first", params[i-1].name)
		}
		// A crs or u whose value is not a crslabel or a uval is, to the syntax, a parameter of
		// another name; to a reader of the URI it is the crs or u it names, with no meaning.
		if v := unreservedDecoded(p.value); p.name == "u" && !(p.eq && isNum(v) && v[0] != '-') {
			add(GeoParameters, "RFC 5870 3.3", p.offset, "parameter \"u\" with %s: u is the uncertainty in meters, uval = 1*DIGIT [\".\" 1*DIGIT]", valueOf(p))
		} else if p.name == "crs" && !(p.eq && isLabeltext(v)) {
			add(GeoParameters, "RFC 5870 3.3", p.offset, "parameter \"crs\" with %s: crs names a coordinate reference system, crslabel = 1*( alphanum / \"-\" )", valueOf(p))
		}
		if p.name == "crs" {
			crs = i
		} else {
			u = i
		}
	}
}

// isNum reports whether s is RFC 5870's num: [ "-" ] 1*DIGIT [ "." 1*DIGIT ].
func isNum(s string) bool {
	s = strings.TrimPrefix(s, "-")
	whole, frac, dot := strings.Cut(s, ".")
	return digits(whole) && (!dot || digits(frac))
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// beyond reports whether the absolute value of num (isNum) exceeds limit (digits, no leading
// zero), exactly: "90.0000000000000001" is beyond 90, though a float64 reads it as 90.
func beyond(num, limit string) bool {
	whole, frac, _ := strings.Cut(strings.TrimPrefix(num, "-"), ".")
	whole = strings.TrimLeft(whole, "0")
	if len(whole) != len(limit) {
		return len(whole) > len(limit)
	}
	if whole != limit {
		return whole > limit
	}
	return strings.Trim(frac, "0") != ""
}

// checkTel gives the warning of RFC 3966 section 3 for a tel: URI's path: TelParameters, for
// each parameter out of the order "isdn-subaddress or extension first, then phone-context,
// then the other parameters in lexicographical order", or given twice.
func checkTel(path string, base int, add func(Kind, string, int, string, ...any)) {
	_, params := splitParams(path, base)
	rank := func(name string) int {
		switch name {
		case "isub", "ext":
			return 0
		case "phone-context":
			return 1
		}
		return 2
	}
	seen := map[string]bool{}
	first, other := "", "" // the parameter of the highest rank so far, and the last of rank 2
	for _, p := range params {
		if seen[p.name] {
			add(TelParameters, "RFC 3966 3", p.offset, "parameter %q appears twice: each must appear at most once", p.name)
			continue
		}
		seen[p.name] = true
		switch r := rank(p.name); {
		case first != "" && r < rank(first) && r == 0:
			add(TelParameters, "RFC 3966 3", p.offset, "parameter %q after %q: isub or ext must appear first", p.name, first)
		case first != "" && r < rank(first):
			add(TelParameters, "RFC 3966 3", p.offset, "parameter %q after %q: phone-context must come before the other parameters", p.name, first)
		case r == 2 && other != "" && p.name < other:
			add(TelParameters, "RFC 3966 3", p.offset, "parameter %q after %q: the other parameters must be in lexicographical order", p.name, other)
		}
		if why := telValue(p); why != "" {
			add(TelParameters, "RFC 3966 3", p.offset, "parameter %q with %s: %s", p.name, valueOf(p), why)
		}
		if first == "" || rank(p.name) > rank(first) {
			first = p.name
		}
		if rank(p.name) == 2 && p.name > other {
			other = p.name
		}
	}
}

// telValue says why the value of a tel: URI's isub, ext or phone-context parameter is not
// what its rule takes (isdn-subaddress, extension, context), or "" when it is, or when the
// parameter is another: the syntax then reads it as a parameter of another name, which is
// not the isub, ext or phone-context its name says. Escapes of unreserved characters are read
// as the characters ("equivalent to their percent encoding", section 3); a local number's
// own context is the syntax's already.
func telValue(p schemeParam) string {
	v := unreservedDecoded(p.value)
	switch {
	case p.name == "isub" && !p.eq: // any value is 1*uric: RFC 3986's path, as CheckIn reads it, holds uric only
		return "isdn-subaddress = \";isub=\" 1*uric"
	case p.name == "ext" && !(p.eq && isPhonedigits(v)):
		return "extension = \";ext=\" 1*phonedigit (digits and the visual separators - . ( ))"
	case p.name == "phone-context" && !(p.eq && (isDomainname(v) || isGlobalNumberDigits(v))):
		return "context = \";phone-context=\" descriptor, a domain name or a global number (\"+\" and digits)"
	}
	return ""
}

// valueOf describes a parameter's value for a warning: "no value", or "the value %q".
func valueOf(p schemeParam) string {
	if !p.eq {
		return "no value"
	}
	return "the value " + strconv.Quote(p.value)
}

// unreservedDecoded is s with its escapes of unreserved characters (alphanum / mark, RFC
// 2396's, as RFC 3966 and RFC 5870 write them) decoded.
func unreservedDecoded(s string) string {
	return ast.UnescapeIf(s, func(c byte) bool { return isAlphanum(c) || strings.IndexByte("-_.!~*'()", c) >= 0 })
}

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isAlphanum(c byte) bool { return isAlpha(c) || '0' <= c && c <= '9' }

// isLabeltext reports whether s is RFC 5870's labeltext: 1*( alphanum / "-" ).
func isLabeltext(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isAlphanum(s[i]) && s[i] != '-' {
			return false
		}
	}
	return s != ""
}

// isPhonedigits reports whether s is RFC 3966's 1*phonedigit: DIGIT / [ visual-separator ],
// which may be empty.
func isPhonedigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && strings.IndexByte("-.()", s[i]) < 0 {
			return false
		}
	}
	return true
}

// isGlobalNumberDigits reports whether s is RFC 3966's global-number-digits: "+" *phonedigit
// DIGIT *phonedigit.
func isGlobalNumberDigits(s string) bool {
	rest, ok := strings.CutPrefix(s, "+")
	return ok && isPhonedigits(rest) && strings.ContainsAny(rest, "0123456789")
}

// isDomainname reports whether s is RFC 3966's domainname: *( domainlabel "." ) toplabel
// [ "." ], its labels alphanum, or alphanum *( alphanum / "-" ) alphanum, the last one
// beginning with a letter.
func isDomainname(s string) bool {
	labels := strings.Split(strings.TrimSuffix(s, "."), ".")
	for _, l := range labels {
		if !isLabeltext(l) || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
	}
	top := labels[len(labels)-1]
	return isAlpha(top[0])
}

// checkBase64 gives DataBase64 for the data of a data: URL marked ";base64", which starts at
// offset base in the source, where it is not base64 as RFC 2045 section 6.8 writes it: the
// first character outside the alphabet of its Table 1 (an escape read as the octet it
// encodes; white space, which a decoder skips, aside), the first after the "=" padding or a
// third "=", or, when there is neither, a length that is not a multiple of four.
func checkBase64(data string, base int, add func(Kind, string, int, string, ...any)) {
	n, pads := 0, 0 // the characters of the alphabet and "=" read
	for i := 0; i < len(data); {
		c, w := data[i], 1
		if b, ok := escapeAt(data, i); ok {
			c, w = b, 3
		}
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
		case c == '=' && pads < 2:
			pads++
			n++
		case isBase64(c) && pads == 0:
			n++
		case c == '=' || isBase64(c):
			add(DataBase64, "RFC 2397 2", base+i, "%q after the \"=\" padding of the base64 data: \"=\" pads the end only (RFC 2045 6.8)", data[i:i+w])
			return
		default:
			add(DataBase64, "RFC 2397 2", base+i, "%q is not a base64 character (RFC 2045 6.8: probably a transmission error; a decoder skips it)", data[i:i+w])
			return
		}
		i += w
	}
	if n%4 != 0 {
		add(DataBase64, "RFC 2397 2", base+len(data), "the base64 data is %d characters, not a multiple of four: it is cut short, or its \"=\" padding is missing (RFC 2045 6.8)", n)
	}
}

// escapeAt returns the octet of the escape "%" HEXDIG HEXDIG at s[i], if there is one.
func escapeAt(s string, i int) (byte, bool) {
	if s[i] != '%' || i+2 >= len(s) {
		return 0, false
	}
	return hexByte(s[i+1 : i+3])
}

func isBase64(c byte) bool { return isAlphanum(c) || c == '+' || c == '/' }

// checkMailtoEncoding gives MailtoEncoding for a mailto: URI's addresses (its path: addr-specs
// separated by ",") and header fields (its query: hfname=hfvalue separated by "&"): each
// holding a character that RFC 6068 section 2 requires percent-encoded and a URI can hold
// unencoded. Those are the gen-delims but "@" and ":" ("/" and "?": "#", "[" and "]" cannot
// appear there unencoded) and, of the sub-delims, "&", ";" and "=" ("&" and "=" delimit the
// header fields, so in a field it is ";", and "=" in a value).
func checkMailtoEncoding(h *hostParts, add func(Kind, string, int, string, ...any)) {
	report := func(what, text string, off int, chars string) {
		if i := strings.IndexAny(text, chars); i >= 0 {
			add(MailtoEncoding, "RFC 6068 2", off+i, "%q in the %s %q must be percent-encoded (%s)", text[i:i+1], what, text, mailtoWhy(text[i]))
		}
	}
	if p := h.Path; p.Defined {
		off := p.Start
		for _, addr := range strings.Split(p.In(h.src), ",") {
			report("address", addr, off, "/&;=")
			off += len(addr) + 1
		}
	}
	if q := h.Query; q.Defined {
		off := q.Start
		for _, field := range strings.Split(q.In(h.src), "&") {
			name, value, ok := strings.Cut(field, "=")
			report("header field name", name, off, "/?;")
			if ok {
				report("header field value", value, off+len(name)+1, "/?;=")
			}
			off += len(field) + 1
		}
	}
}

func mailtoWhy(c byte) string {
	if c == '/' || c == '?' {
		return "a gen-delim other than \"@\" and \":\""
	}
	return "RFC 6068 names \"&\", \";\" and \"=\" among the sub-delims"
}

// notUTF8Escape returns the offset in host of the first run of percent-encoded octets
// ("%C3%A9") that is not UTF-8, and true; or false when every run decodes to UTF-8.
func notUTF8Escape(host string) (int, bool) {
	for i := 0; i < len(host); {
		if host[i] != '%' {
			i++
			continue
		}
		start := i
		var run []byte
		for ; i+2 < len(host) && host[i] == '%'; i += 3 {
			b, ok := hexByte(host[i+1 : i+3])
			if !ok {
				break
			}
			run = append(run, b)
		}
		if !utf8.Valid(run) {
			return start, true
		}
		if i == start {
			i++ // a "%" with no two hex digits after it (not in a reg-name)
		}
	}
	return 0, false
}

// checkURN gives the warnings of RFC 8141 on a urn: URI whose path ("NID:NSS") begins at
// offset at, and whose query (RFC 3986's reading of its rq-components) is q.
func checkURN(path string, at int, q ast.Range, src string, add func(Kind, string, int, string, ...any)) {
	if nid, _, ok := strings.Cut(path, ":"); ok {
		if section, why := nidWhy(nid); why != "" {
			add(URNNamespace, section, at, "namespace identifier %q: %s", nid, why)
		}
	}
	if q.Defined && strings.HasPrefix(q.In(src), "+") {
		add(URNRComponent, "RFC 8141 2.3.1", q.Start-1, "an r-component (\"?+\"), which should not be used before its semantics are standardized")
	}
}

// nidWhy returns the section and the reason why no URN namespace can have the identifier
// nid (RFC 8141 sections 5.1 and 5.2), or "", "".
func nidWhy(nid string) (section, why string) {
	if len(nid) >= 4 && strings.EqualFold(nid[:4], "urn-") {
		if n := nid[4:]; n == "" || n[0] < '1' || n[0] > '9' || strings.Trim(n, "0123456789") != "" {
			return "RFC 8141 5.2", "an informal namespace is \"urn-\" and a number without leading zeros"
		}
		return "", ""
	}
	switch {
	case len(nid) <= 2:
		return "RFC 8141 5.1", "a formal namespace identifier is more than two characters long"
	case strings.EqualFold(nid[:2], "x-"):
		return "RFC 8141 5.1", "\"X-\" namespaces (RFC 3406's experimental ones) are no longer permitted"
	case isAlpha(nid[0]) && isAlpha(nid[1]) && nid[2] == '-':
		return "RFC 8141 5.1", "two letters and \"-\" begin no formal namespace identifier (kept for country codes, and \"xn--\" for A-labels)"
	}
	return "", ""
}
