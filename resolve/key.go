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
	n, _, err := NormalizeString(s, opt)
	if err != nil {
		return "", err
	}
	return keyOf(n, kind)
}

// keyOf is the key of a normal form.
func keyOf(n ast.Tree, kind KeyKind) (string, error) {
	c := n.Components()
	if c.Scheme == nil {
		return "", fmt.Errorf("key %q: %w", n.String(), ErrNoKey)
	}
	if kind == KeyDomain {
		if c.Host == nil || *c.Host == "" {
			return "", fmt.Errorf("key %q: the reference has no host, so no domain", n.String())
		}
		return domainKey(*c.Host, c.HostKind), nil
	}
	var b strings.Builder
	b.WriteString(*c.Scheme)
	b.WriteByte(':')
	if c.Authority != nil {
		b.WriteString("//(")
		host := ""
		if c.Host != nil {
			host = *c.Host
		}
		if c.HostKind == nil || *c.HostKind == "reg-name" || *c.HostKind == "hostname" {
			labels := strings.Split(host, ".")
			for i := len(labels) - 1; i >= 0; i-- {
				b.WriteString(surtEscape(labels[i]))
				b.WriteByte(',')
			}
		} else {
			b.WriteString(surtEscape(host)) // an IP address: as it is, not reversed
			b.WriteByte(',')
		}
		if c.Port != nil {
			b.WriteByte(':')
			b.WriteString(*c.Port)
		}
		if c.Userinfo != nil {
			b.WriteByte('@')
			b.WriteString(surtEscape(*c.Userinfo))
		}
		b.WriteByte(')')
	}
	if c.Path != nil {
		b.WriteString(*c.Path)
	}
	if c.Query != nil {
		b.WriteByte('?')
		b.WriteString(*c.Query)
	}
	return b.String(), nil
}

// surtEscape escapes the bytes that delimit a SURT's host part: %, ",", "(" and ")".
func surtEscape(s string) string {
	if !strings.ContainsAny(s, "%,()") {
		return s
	}
	r := strings.NewReplacer("%", "%25", ",", "%2C", "(", "%28", ")", "%29")
	return r.Replace(s)
}

// domainKey is the registrable domain of a host of the kind (nil: unknown).
func domainKey(host string, kind *string) string {
	if kind != nil && *kind != "reg-name" && *kind != "hostname" {
		return host // an IP address
	}
	d, err := publicsuffix.EffectiveTLDPlusOne(strings.TrimSuffix(host, "."))
	if err != nil {
		return host // a public suffix itself, or empty
	}
	return d
}
