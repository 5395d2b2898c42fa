// Package corpus generates a deterministic corpus of realistic URLs, for benchmarks and
// large checker runs: http, https, ftp, mailto, news, file, gopher, telnet and relative
// references, with userinfo, ports, IPv4 and IPv6 hosts, escapes, queries and fragments;
// about one line in ten is made invalid by a typical mistake (a space, a bad escape, a
// character the grammar excludes, a broken IPv6 literal).
package corpus

import (
	"fmt"
	"math/rand"
	"strings"
)

// Lines returns n lines of the corpus for a seed; the same seed gives the same lines.
func Lines(n int, seed int64) []string {
	return lines(&gen{rng: rand.New(rand.NewSource(seed)), invalid: 0.1}, n)
}

// TextLines returns n lines as they come out of grepping real text for URLs (documents, man
// pages, source code, logs) for a seed: half of them are invalid, mostly by the shapes text
// gives them rather than by typos: trailing sentence punctuation, Markdown and HTML around
// them, angle brackets and quotes, Windows paths, spaces, template placeholders, non-ASCII
// hosts and paths (IRIs), and words that only look like URLs (std::vector, 10:30).
func TextLines(n int, seed int64) []string {
	return lines(&gen{rng: rand.New(rand.NewSource(seed)), invalid: 0.5, text: true}, n)
}

// IRIs returns lines with non-ASCII characters written into them: in each line with a "/",
// every "e" up to its last "/" becomes "é", and "日本" follows that "/". Lines without one are
// left out.
func IRIs(lines []string) []string {
	var out []string
	for _, s := range lines {
		if i := strings.LastIndexByte(s, '/'); i >= 0 {
			out = append(out, strings.ReplaceAll(s[:i+1], "e", "é")+"日本"+s[i+1:])
		}
	}
	return out
}

func lines(g *gen, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = g.line()
	}
	return out
}

// Generator yields corpus lines one at a time, for corpora too large to hold.
type Generator struct{ g *gen }

// New returns a generator of the lines of Lines for a seed.
func New(seed int64) *Generator {
	return &Generator{&gen{rng: rand.New(rand.NewSource(seed)), invalid: 0.1}}
}

// NewText returns a generator of the lines of TextLines for a seed.
func NewText(seed int64) *Generator {
	return &Generator{&gen{rng: rand.New(rand.NewSource(seed)), invalid: 0.5, text: true}}
}

// Next returns the next line.
func (g *Generator) Next() string { return g.g.line() }

type gen struct {
	rng     *rand.Rand
	invalid float64 // share of invalid lines
	text    bool    // invalid lines mostly by the shapes of text (TextLines)
}

func (g *gen) pick(xs ...string) string { return xs[g.rng.Intn(len(xs))] }
func (g *gen) chance(p float64) bool    { return g.rng.Float64() < p }

var words = []string{"index", "docs", "api", "v1", "v2", "users", "search", "images", "static",
	"blog", "2024", "about", "products", "item", "download", "files", "pub", "rfc", "news", "wiki",
	"Main_Page", "login", "cart", "assets", "css", "js", "report", "archive", "data", "en"}

func (g *gen) word() string { return words[g.rng.Intn(len(words))] }

func (g *gen) host() string {
	switch g.rng.Intn(20) {
	case 0:
		return fmt.Sprintf("%d.%d.%d.%d", g.rng.Intn(256), g.rng.Intn(256), g.rng.Intn(256), g.rng.Intn(256))
	case 1:
		return g.pick("[::1]", "[2001:db8::7]", "[fe80::1:2:3:4]", "[2001:db8:85a3:0:0:8a2e:370:7334]", "[::ffff:192.0.2.128]")
	default:
		h := g.pick("www.", "", "cdn.", "mail.", "api.") + g.pick("example", "acme", "w3", "ietf", "uni-bonn", "test1") +
			g.pick(".com", ".org", ".net", ".de", ".co.uk", ".edu")
		if g.chance(0.05) {
			h = strings.ToUpper(h)
		}
		return h
	}
}

func (g *gen) path() string {
	var b strings.Builder
	for i, n := 0, g.rng.Intn(5); i < n; i++ {
		b.WriteByte('/')
		b.WriteString(g.word())
		if g.chance(0.1) {
			b.WriteString(g.pick("%20", "%C3%A9", "%2F", "~user", ";type=a", ".html", ".php", "-", "_x"))
		}
	}
	if g.chance(0.3) {
		b.WriteByte('/')
	}
	return b.String()
}

func (g *gen) query() string {
	var b strings.Builder
	for i, n := 0, 1+g.rng.Intn(3); i < n; i++ {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(g.pick("q", "id", "lang", "page", "utm_source", "sort", "s"))
		b.WriteByte('=')
		b.WriteString(g.pick("1", "en", "grammar", "a%20b", "42", "x+y", "http%3A%2F%2Fa"))
	}
	return b.String()
}

func (g *gen) valid() string {
	switch g.rng.Intn(20) {
	case 0:
		return "mailto:" + g.pick("john.doe", "info", "a.b+tag") + "@" + g.host()
	case 1:
		return "news:" + g.pick("comp.infosystems.www.servers.unix", "alt.test", "123@host.example")
	case 2:
		return "file://" + g.pick("", "localhost", "host") + "/" + g.word() + g.path()
	case 3:
		return "ftp://" + g.pick("", "anonymous@", "user:pass@") + g.host() + "/pub" + g.path()
	case 4:
		return "gopher://" + g.host() + g.pick("", ":70") + "/1" + g.word()
	case 5:
		return "telnet://" + g.host() + g.pick("/", ":23/", "")
	case 6:
		return g.pick("../", "./", "", "/") + g.word() + g.path() + g.pick("", "?"+g.query(), "#top")
	}
	var b strings.Builder
	b.WriteString(g.pick("http://", "https://", "http://", "https://", "HTTP://"))
	if g.chance(0.03) {
		b.WriteString(g.pick("user@", "user:secret@", "a%40b@"))
	}
	b.WriteString(g.host())
	if g.chance(0.1) {
		b.WriteString(g.pick(":80", ":8080", ":443", ":8443", ":3000"))
	}
	b.WriteString(g.path())
	if g.chance(0.3) {
		b.WriteString("?" + g.query())
	}
	if g.chance(0.1) {
		b.WriteString("#" + g.pick("top", "section-2", "L10", "", "a/b?c"))
	}
	return b.String()
}

func (g *gen) line() string {
	s := g.valid()
	if !g.chance(g.invalid) {
		return s
	}
	if g.text && g.chance(0.7) {
		return g.textShape(s)
	}
	// A typical mistake, at a random place after the scheme.
	i := len(s) / 2
	switch g.rng.Intn(6) {
	case 0:
		return s[:i] + " " + s[i:]
	case 1:
		return s + "%" + g.pick("", "2", "zz", "g0")
	case 2:
		return s[:i] + g.pick("|", "<", ">", "{", "}", "^", "`", "\\", "\"") + s[i:]
	case 3:
		return "http://[" + g.pick("::1x", "1:2:3:4:5:6:7:8:9", "12345::", ":::") + "]/"
	case 4:
		return s + "#frag#ment"
	default:
		return g.pick("http://exa mple.com/", "://missing-scheme", "1http://a/", "http://a/%", "http://a/b c")
	}
}

// textShape returns s (a valid reference) as text often has it, or a word of text that is
// not a URI reference.
func (g *gen) textShape(s string) string {
	switch g.rng.Intn(12) {
	case 0:
		return s + g.pick(".", ",", ";", ")", ").", "!", "?", "'")
	case 1:
		return "[" + g.word() + "](" + s + ")"
	case 2:
		return "<" + s + ">"
	case 3:
		return `"` + s + `"`
	case 4:
		return `href="` + s + `"`
	case 5:
		return g.pick(`C:\Program Files\`, `file://C:\Users\`, `\\server\share\`, `D:\data\`) + g.word()
	case 6:
		return s + " " + g.word()
	case 7:
		return "https://" + g.host() + "/" + g.word() + "/{" + g.pick("id", "user", "version") + "}"
	case 8:
		return "http://" + g.pick("bücher.example", "例え.テスト", "пример.рф", "hello.世界.com") + "/" + g.word()
	case 9:
		return "https://" + g.host() + "/" + g.pick("café", "naïve", "straße", "日本語") + "/" + g.word()
	case 10:
		return g.pick("std::vector<int>", "10:30", "e.g.:", "KJK::Hyperion", "a:b c", "TODO: fix", "Note: see")
	default:
		return s + `\` + g.word()
	}
}
