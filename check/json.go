package check

import (
	"sort"
	"strconv"

	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/internal/jsontext"
	"github.com/urlgrammar/urlgrammar/warn"
)

// Direct JSON encoding of check's records: the same bytes as encoding/json (with HTML
// escaping off) gives for them, without reflection or an allocation per value, for trees of
// generic URI references; other trees are encoded by encoding/json. TestAppendRecordMatchesJSON
// holds the two to the same output on every grammar's tables and the corpora.

// appendRecord appends the JSON line of a record object made by ParseRecord (after setPlace
// and setWarnings).
func appendRecord(b []byte, rec any) []byte {
	switch r := rec.(type) {
	case *okRecord:
		if _, ok := r.AST.(*ast.URIReference); !ok {
			return AppendJSON(b, r)
		}
		b = append(b, '{')
		b = appendPlace(b, r.File, r.Line)
		b = appendKey(b, "input")
		b = jsontext.AppendString(b, r.Input)
		if r.InputBase64 != nil {
			b = appendKey(b, "inputBase64")
			b = jsontext.AppendString(b, *r.InputBase64)
		}
		b = appendKey(b, "grammar")
		b = jsontext.AppendString(b, r.Grammar)
		b = append(b, `,"ok":true`...)
		b = appendKey(b, "rule")
		b = jsontext.AppendString(b, r.Rule)
		for _, f := range [...]struct {
			k string
			v *string
		}{{"scheme", r.Scheme}, {"authority", r.Authority}, {"userinfo", r.Userinfo}, {"host", r.Host},
			{"hostKind", r.HostKind}, {"port", r.Port}, {"path", r.Path}, {"query", r.Query}, {"fragment", r.Fragment}} {
			b = appendKey(b, f.k)
			b = appendStringPtr(b, f.v)
		}
		b = appendKey(b, "parts")
		b = appendParts(b, r.Parts)
		b = appendKey(b, "ast")
		b = appendReference(b, r.AST.(*ast.URIReference))
		if len(r.Warnings) > 0 {
			b = appendKey(b, "warnings")
			b = appendWarnings(b, r.Warnings)
		}
		return append(b, "}\n"...)
	case *errRecord:
		b = append(b, '{')
		b = appendPlace(b, r.File, r.Line)
		b = appendKey(b, "input")
		b = jsontext.AppendString(b, r.Input)
		if r.InputBase64 != nil {
			b = appendKey(b, "inputBase64")
			b = jsontext.AppendString(b, *r.InputBase64)
		}
		b = appendKey(b, "grammar")
		b = jsontext.AppendString(b, r.Grammar)
		b = append(b, `,"ok":false,"error":{"offset":`...)
		b = strconv.AppendInt(b, int64(r.Error.Offset), 10)
		b = append(b, `,"line":`...)
		b = strconv.AppendInt(b, int64(r.Error.Line), 10)
		b = append(b, `,"column":`...)
		b = strconv.AppendInt(b, int64(r.Error.Column), 10)
		b = append(b, `,"expected":`...)
		b = appendStrings(b, r.Error.Expected)
		b = appendKey(b, "rule")
		b = jsontext.AppendString(b, r.Error.Rule)
		b = appendKey(b, "message")
		b = jsontext.AppendString(b, r.Error.Message)
		return append(b, "}}\n"...)
	}
	return AppendJSON(b, rec)
}

func appendPlace(b []byte, file *string, line *int) []byte {
	if file != nil {
		b = append(b, `"file":`...)
		b = jsontext.AppendString(b, *file)
		b = append(b, ',')
	}
	if line != nil {
		b = append(b, `"line":`...)
		b = strconv.AppendInt(b, int64(*line), 10)
		b = append(b, ',')
	}
	return b
}

// appendKey appends `,"k":`, without the comma right after '{' or ','.
func appendKey(b []byte, k string) []byte {
	if len(b) > 0 && b[len(b)-1] != '{' && b[len(b)-1] != ',' {
		b = append(b, ',')
	}
	b = append(b, '"')
	b = append(b, k...)
	return append(b, '"', ':')
}

func appendStringPtr(b []byte, s *string) []byte {
	if s == nil {
		return append(b, "null"...)
	}
	return jsontext.AppendString(b, *s)
}

func appendStrings(b []byte, ss []string) []byte {
	if ss == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsontext.AppendString(b, s)
	}
	return append(b, ']')
}

// genericParts are the keys a generic reference's parts can have (ast.URIReference's
// Components), in the order encoding/json writes map keys: sorted by bytes.
var genericParts = func() []string {
	keys := []string{"IP-literal", "IPv4address", "IPv6address", "IPvFuture", "authority", "fragment", "host", "hostname", "hostnumber",
		"opaque-part", "param", "password", "port", "query", "reg-name", "scheme", "segment", "site", "user", "userinfo",
		"iauthority", "iuserinfo", "ihost", "ireg-name", "isegment", "iquery", "ifragment"}
	sort.Strings(keys)
	return keys
}()

// appendParts appends the parts map with its keys sorted, as encoding/json does: by looking
// up the known keys in order, or, for a map with another key, by sorting its keys.
func appendParts(b []byte, parts map[string]any) []byte {
	if parts == nil {
		return append(b, "null"...)
	}
	start := len(b)
	b = append(b, '{')
	found := 0
	for _, k := range genericParts {
		v, ok := parts[k]
		if !ok {
			continue
		}
		if found > 0 {
			b = append(b, ',')
		}
		found++
		b = appendPart1(b, k, v)
	}
	if found == len(parts) {
		return append(b, '}')
	}
	b = append(b[:start], '{')
	keys := make([]string, 0, len(parts))
	for k := range parts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendPart1(b, k, parts[k])
	}
	return append(b, '}')
}

// appendPart1 appends one "key":value of the parts map.
func appendPart1(b []byte, k string, v any) []byte {
	b = jsontext.AppendString(b, k)
	b = append(b, ':')
	switch v := v.(type) {
	case string:
		return jsontext.AppendString(b, v)
	case []string:
		return appendStrings(b, v)
	}
	return appendMarshal(b, v)
}

func appendWarnings(b []byte, ws []warn.Warning) []byte {
	b = append(b, '[')
	for i, w := range ws {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"kind":`...)
		b = jsontext.AppendString(b, string(w.Kind))
		b = append(b, `,"section":`...)
		b = jsontext.AppendString(b, w.Section)
		b = append(b, `,"offset":`...)
		b = strconv.AppendInt(b, int64(w.Offset), 10)
		b = append(b, `,"message":`...)
		b = jsontext.AppendString(b, w.Message)
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendMarshal appends v as encoding/json encodes it, without the newline.
func appendMarshal(b []byte, v any) []byte {
	b = AppendJSON(b, v)
	return b[:len(b)-1]
}

// appendNode appends null for a nil node, and enc's encoding of it otherwise.
func appendNode[T any](b []byte, n *T, enc func([]byte, *T) []byte) []byte {
	if n == nil {
		return append(b, "null"...)
	}
	return enc(b, n)
}

// appendList appends a JSON array of nodes (null for a nil slice).
func appendList[T any](b []byte, ns []*T, enc func([]byte, *T) []byte) []byte {
	if ns == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, n := range ns {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendNode(b, n, enc)
	}
	return append(b, ']')
}

// appendSpanText appends `{"start":S,"end":E,` then, when rule is set, `"rule":R,`, and
// `"text":T`, leaving the object open.
func appendSpanText(b []byte, s ast.Span, rule *string, text string) []byte {
	b = append(b, `{"start":`...)
	b = strconv.AppendInt(b, int64(s.Start), 10)
	b = append(b, `,"end":`...)
	b = strconv.AppendInt(b, int64(s.Stop), 10)
	if rule != nil {
		b = append(b, `,"rule":`...)
		b = jsontext.AppendString(b, *rule)
	}
	b = append(b, `,"text":`...)
	return jsontext.AppendString(b, text)
}

// The encoders of the nodes that have only a span and a text.
func leaf(b []byte, s ast.Span, text string) []byte {
	return append(appendSpanText(b, s, nil, text), '}')
}
func appendScheme(b []byte, n *ast.Scheme) []byte     { return leaf(b, n.Span, n.Text) }
func appendOpaque(b []byte, n *ast.OpaquePart) []byte { return leaf(b, n.Span, n.Text) }
func appendQuery(b []byte, n *ast.Query) []byte       { return leaf(b, n.Span, n.Text) }
func appendFragment(b []byte, n *ast.Fragment) []byte { return leaf(b, n.Span, n.Text) }
func appendPort(b []byte, n *ast.Port) []byte         { return leaf(b, n.Span, n.Text) }
func appendRegName(b []byte, n *ast.RegName) []byte   { return leaf(b, n.Span, n.Text) }
func appendIPv6Address(b []byte, n *ast.IPv6Address) []byte {
	return leaf(b, n.Span, n.Text)
}
func appendIPvFuture(b []byte, n *ast.IPvFuture) []byte { return leaf(b, n.Span, n.Text) }

func appendPart(b []byte, p *ast.Part) []byte {
	return append(appendSpanText(b, p.Span, &p.Rule, p.Text), '}')
}

func appendReference(b []byte, r *ast.URIReference) []byte {
	b = appendSpanText(b, r.Span, &r.Rule, r.Text)
	b = append(b, `,"scheme":`...)
	b = appendNode(b, r.Scheme, appendScheme)
	b = append(b, `,"authority":`...)
	b = appendNode(b, r.Authority, appendAuthority)
	b = append(b, `,"path":`...)
	b = appendNode(b, r.Path, appendPath)
	b = append(b, `,"opaque":`...)
	b = appendNode(b, r.Opaque, appendOpaque)
	b = append(b, `,"query":`...)
	b = appendNode(b, r.Query, appendQuery)
	b = append(b, `,"fragment":`...)
	b = appendNode(b, r.Fragment, appendFragment)
	return append(b, '}')
}

func appendAuthority(b []byte, a *ast.Authority) []byte {
	b = appendSpanText(b, a.Span, nil, a.Text)
	b = append(b, `,"server":`...)
	b = appendNode(b, a.Server, appendServer)
	b = append(b, `,"regName":`...)
	b = appendNode(b, a.RegName, appendRegName)
	return append(b, '}')
}

func appendServer(b []byte, s *ast.Server) []byte {
	b = appendSpanText(b, s.Span, nil, s.Text)
	b = append(b, `,"userinfo":`...)
	b = appendNode(b, s.Userinfo, appendUserinfo)
	b = append(b, `,"host":`...)
	b = appendNode(b, s.Host, appendHost)
	b = append(b, `,"port":`...)
	b = appendNode(b, s.Port, appendPort)
	return append(b, '}')
}

func appendUserinfo(b []byte, u *ast.Userinfo) []byte {
	b = appendSpanText(b, u.Span, nil, u.Text)
	if u.User != nil { // omitempty
		b = append(b, `,"user":`...)
		b = appendPart(b, u.User)
	}
	if u.Password != nil {
		b = append(b, `,"password":`...)
		b = appendPart(b, u.Password)
	}
	return append(b, '}')
}

func appendHost(b []byte, h *ast.Host) []byte {
	b = appendSpanText(b, h.Span, nil, h.Text)
	b = append(b, `,"kind":`...)
	b = jsontext.AppendString(b, string(h.Kind))
	b = append(b, `,"ipv6":`...)
	b = appendNode(b, h.IPv6, appendIPv6Reference)
	b = append(b, `,"ipv4":`...)
	b = appendNode(b, h.IPv4, appendIPv4Address)
	b = append(b, `,"hostname":`...)
	b = appendNode(b, h.Hostname, appendHostname)
	if h.HostNumber != nil { // omitempty
		b = append(b, `,"hostnumber":`...)
		b = appendHostNumber(b, h.HostNumber)
	}
	if h.IPLiteral != nil { // omitempty
		b = append(b, `,"ipLiteral":`...)
		b = appendIPLiteral(b, h.IPLiteral)
	}
	if h.RegName != nil { // omitempty
		b = append(b, `,"regName":`...)
		b = appendRegName(b, h.RegName)
	}
	return append(b, '}')
}

func appendIPLiteral(b []byte, v *ast.IPLiteral) []byte {
	b = appendSpanText(b, v.Span, nil, v.Text)
	b = append(b, `,"ipv6":`...)
	b = appendNode(b, v.IPv6, appendIPv6Address)
	b = append(b, `,"ipvFuture":`...)
	b = appendNode(b, v.IPvFuture, appendIPvFuture)
	return append(b, '}')
}

func appendIPv6Reference(b []byte, v *ast.IPv6Reference) []byte {
	b = appendSpanText(b, v.Span, nil, v.Text)
	b = append(b, `,"address":`...)
	b = appendNode(b, v.Address, appendIPv6Address)
	return append(b, '}')
}

func appendIPv4Address(b []byte, v *ast.IPv4Address) []byte {
	b = appendSpanText(b, v.Span, nil, v.Text)
	b = append(b, `,"octets":`...)
	b = appendList(b, v.Octets[:], appendDecOctet)
	return append(b, '}')
}

func appendDecOctet(b []byte, o *ast.DecOctet) []byte {
	b = appendSpanText(b, o.Span, nil, o.Text)
	b = append(b, `,"value":`...)
	b = strconv.AppendUint(b, uint64(o.Value), 10)
	return append(b, '}')
}

func appendHostname(b []byte, v *ast.Hostname) []byte {
	b = appendSpanText(b, v.Span, nil, v.Text)
	b = append(b, `,"labels":`...)
	b = appendList(b, v.Labels, appendLabel)
	b = append(b, `,"trailingDot":`...)
	b = strconv.AppendBool(b, v.TrailingDot)
	return append(b, '}')
}

func appendLabel(b []byte, l *ast.Label) []byte {
	b = appendSpanText(b, l.Span, nil, l.Text)
	b = append(b, `,"top":`...)
	b = strconv.AppendBool(b, l.Top)
	return append(b, '}')
}

func appendHostNumber(b []byte, v *ast.HostNumber) []byte {
	b = appendSpanText(b, v.Span, nil, v.Text)
	b = append(b, `,"groups":`...)
	b = appendList(b, v.Groups[:], appendPart)
	return append(b, '}')
}

func appendPath(b []byte, p *ast.Path) []byte {
	var rule *string
	if p.Rule != "" { // omitempty
		rule = &p.Rule
	}
	b = appendSpanText(b, p.Span, rule, p.Text)
	b = append(b, `,"absolute":`...)
	b = strconv.AppendBool(b, p.Absolute)
	b = append(b, `,"segments":`...)
	b = appendList(b, p.Segments, appendSegment)
	return append(b, '}')
}

func appendSegment(b []byte, s *ast.Segment) []byte {
	b = appendSpanText(b, s.Span, nil, s.Text)
	if len(s.Params) > 0 { // omitempty
		b = append(b, `,"params":`...)
		b = appendList(b, s.Params, appendPart)
	}
	return append(b, '}')
}
