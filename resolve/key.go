package resolve

import (
	"fmt"
	"strings"

	"golang.org/x/net/publicsuffix"

	"github.com/urlgrammar/urlgrammar/ast"
)

// ErrNoKey is returned by Key for a relative reference, which names no resource until it is
// resolved.
var ErrNoKey = fmt.Errorf("a relative reference has no key: resolve it against its base first (section 5)")

// KeyKind is the form of a dedup key (Key).
type KeyKind int

// The forms of a dedup key.
const (
	// KeySURT is the reference's normal form (section 6.2, at LevelScheme) without its
	// fragment, its host's labels reversed: a Sort-friendly URI Reordering Transform, as
	// Heritrix and the Internet Archive write one, "http://(com,example,www,:8080@u)/a?q",
	// so that the keys of one site, then of one domain, sort together. Two references get
	// the same key exactly when their normal forms without fragments are the same string:
	// the key never conflates what the scheme tells apart (in the host and the userinfo,
	// "%", ",", "(" and ")" are escaped, %25, %2C, %28, %29, so that the key reads back to
	// the one reference; the test holds it to a decoder).
	KeySURT KeyKind = iota
	// KeyDomain is the registrable domain of the reference's host: its public suffix (the
	// Public Suffix List, golang.org/x/net/publicsuffix) and the label before it, "example.co.uk"
	// for "http://a.b.example.co.uk/". A host that is an IP address, or a public suffix
	// itself, is its own key. It groups references by site; it is no dedup key.
	KeyDomain
)

// ParseKeyKind reads "surt" or "domain".
func ParseKeyKind(s string) (KeyKind, error) {
	switch s {
	case "surt":
		return KeySURT, nil
	case "domain":
		return KeyDomain, nil
	}
	return 0, fmt.Errorf("unknown key %q (surt, domain)", s)
}

// String returns the kind's name as ParseKeyKind reads it.
func (k KeyKind) String() string {
	if k == KeyDomain {
		return "domain"
	}
	return "surt"
}

// Key returns the dedup key of the kind of an absolute reference ref (a tree of opt's
// grammar): computed from its normal form at LevelScheme (opt.Level is ignored), so that
// references equal by section 6.2's ladder get one key and Key of a normal form is Key of
// the reference. The fragment is left out: it is not sent in a retrieval (section 3.5),
// so it names no other resource to crawl. A relative reference is ErrNoKey.
func Key(ref ast.Tree, kind KeyKind, opt NormalizeOptions) (string, error) {
	opt.Level = LevelScheme
	n, _, err := Normalize(ref, opt)
	if err != nil {
		return "", err
	}
	return keyOf(n, kind)
}

// KeyString parses s with opt's grammar and returns its key, as Key does.
func KeyString(s string, kind KeyKind, opt NormalizeOptions) (string, error) {
	opt.Level = LevelScheme
	g := grammarOf(opt.Grammar)
	p := getParser(g)
	defer putParser(g, p)
	n, err := normalFormIn(g, p, s, opt) // p's tree, or its own: the key is made before p goes back
	if err != nil {
		return "", err
	}
	return keyOf(n, kind)
}

// keyOf is the key of a normal form, from its spans: the key is the one string made.
func keyOf(n ast.Tree, kind KeyKind) (string, error) {
	sp, src := n.Spans(), n.Src()
	if !sp.Scheme.Defined {
		return "", fmt.Errorf("key %q: %w", src, ErrNoKey)
	}
	host := ""
	if sp.Host.Defined {
		host = sp.Host.In(src)
	}
	if kind == KeyDomain {
		if host == "" {
			return "", fmt.Errorf("key %q: the reference has no host, so no domain", src)
		}
		return domainKey(host, sp.HostKind), nil
	}
	var b strings.Builder // its String is the key, not a copy of it
	b.Grow(len(src) + 8)
	b.WriteString(sp.Scheme.In(src))
	b.WriteByte(':')
	if sp.Authority.Defined {
		b.WriteString("//(")
		if isNamedHost(sp.HostKind) {
			// The labels last to first, each followed by a comma.
			for rest := host; ; {
				i := strings.LastIndexByte(rest, '.')
				writeSURTEscaped(&b, rest[i+1:])
				b.WriteByte(',')
				if i < 0 {
					break
				}
				rest = rest[:i]
			}
		} else {
			writeSURTEscaped(&b, host) // an IP address: as it is, not reversed
			b.WriteByte(',')
		}
		if sp.Port.Defined {
			b.WriteByte(':')
			b.WriteString(sp.Port.In(src))
		}
		if sp.Userinfo.Defined {
			b.WriteByte('@')
			writeSURTEscaped(&b, sp.Userinfo.In(src))
		}
		b.WriteByte(')')
	}
	if sp.Path.Defined {
		b.WriteString(sp.Path.In(src))
	}
	if sp.Query.Defined {
		b.WriteByte('?')
		b.WriteString(sp.Query.In(src))
	}
	return b.String(), nil
}

// isNamedHost reports whether a host of the kind (Spans.HostKind; "" for a grammar that
// does not say) is a name, whose labels a SURT reverses, rather than an IP address.
func isNamedHost(kind string) bool { return kind == "" || kind == "reg-name" || kind == "hostname" }

// writeSURTEscaped writes s with the bytes that delimit a SURT's host part escaped: %,
// ",", "(" and ")".
func writeSURTEscaped(b *strings.Builder, s string) {
	for {
		i := strings.IndexAny(s, "%,()")
		if i < 0 {
			b.WriteString(s)
			return
		}
		b.WriteString(s[:i])
		switch s[i] {
		case '%':
			b.WriteString("%25")
		case ',':
			b.WriteString("%2C")
		case '(':
			b.WriteString("%28")
		default:
			b.WriteString("%29")
		}
		s = s[i+1:]
	}
}

// domainKey is the registrable domain of a host of the kind ("": unknown).
func domainKey(host string, kind string) string {
	if !isNamedHost(kind) {
		return host // an IP address
	}
	d, err := publicsuffix.EffectiveTLDPlusOne(strings.TrimSuffix(host, "."))
	if err != nil {
		return host // a public suffix itself, or empty
	}
	return d
}
