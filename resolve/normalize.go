package resolve

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/text/unicode/norm"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/iri"
	"github.com/urlgrammar/urlgrammar/uri"
)

// Level is a rung of the comparison ladder of section 6.2.
type Level int

const (
	LevelString Level = iota // 6.2.1: the references as written
	LevelSyntax              // 6.2.2: after syntax-based normalization
	LevelScheme              // 6.2.3: after syntax- and scheme-based normalization
)

// ParseLevel reads "string", "syntax" or "scheme".
func ParseLevel(s string) (Level, error) {
	switch s {
	case "string":
		return LevelString, nil
	case "syntax":
		return LevelSyntax, nil
	case "scheme":
		return LevelScheme, nil
	}
	return 0, fmt.Errorf("unknown comparison level %q (string, syntax, scheme)", s)
}

// String returns the level's name as ParseLevel reads it; a value out of range is
// "Level(n)", as fmt writes an unknown constant, never a panic.
func (l Level) String() string {
	if l < LevelString || l > LevelScheme {
		return "Level(" + strconv.Itoa(int(l)) + ")"
	}
	return [...]string{"string", "syntax", "scheme"}[l]
}

// Change is one rewrite made by Normalize.
type Change struct {
	Rule      string `json:"rule"`      // "nfc", "case", "escape-case", "escape-decode", "dot-segments", "port", "empty-path"
	Component string `json:"component"` // "reference", "scheme", "authority", "host", "path", "query", "fragment", "port"
	Before    string `json:"before"`
	After     string `json:"after"`
}

func (c Change) String() string {
	return fmt.Sprintf("%s: %s %q -> %q", c.Rule, c.Component, c.Before, c.After)
}

// NormalizeOptions configure Normalize. The zero value normalizes at the syntax level with
// rfc2396bis-01, keeping leading ".." segments.
type NormalizeOptions struct {
	Level   Level // LevelSyntax (also for LevelString) or LevelScheme
	Dots    DotSegments
	Grammar *urlgrammar.Grammar
	// NFC applies the character normalization of RFC 3987 section 5.3.2.2 first: the
	// reference's text to Unicode Normalization Form C (rule "nfc"). Off by default, as the
	// section says: "Equivalence of IRIs MUST rely on the assumption that IRIs are
	// appropriately pre-character-normalized rather than apply character normalization when
	// comparing two IRIs"; NFC is for the exceptions it names, an IRI converted from a
	// non-digital form or from a non-UCS-based encoding. It changes nothing in an ASCII
	// reference.
	NFC bool
}

// Normalize returns the normal form of a reference and the rewrites that led to it; an empty
// list means the reference was already normal. It is idempotent. The rewrites, in order:
//
// Syntax-based (section 6.2.2):
//   - escape-case: hex digits of escapes to upper case (2.4, 6.2.2.2): "%7a" -> "%7A"
//   - escape-decode: escapes of ALPHA, DIGIT, "_" and "~" decoded, and of nothing else, as
//     2.3 allows (unescaping the other marks is "usually counterproductive"):
//     "%7E%41" -> "~A", "%2E" stays
//   - case: the scheme, and the host of a server-based authority, to lower case (6.2.2.1):
//     "eXAMPLE://A.com/" -> "example://a.com/"; a reg-name keeps its case
//   - dot-segments: in an absolute URI with a hierarchical path, "." and ".." segments removed
//     by merging the path with the base "/" (6.2.2.3): "http://a/./b/../c" -> "http://a/c";
//     leading ".." segments follow Dots (with rfc3986 and rfc3987, in a rootless path too:
//     "a:b/./c" -> "a:b/c", "scheme:./p1:/p2" -> "scheme:p1:/p2")
//
// Scheme-based (section 6.2.3, LevelScheme only):
//   - port: an empty port, or the scheme's default port (urlgrammar.DefaultPort), removed:
//     "http://example.com:80/" -> "http://example.com/"
//
// With grammar rfc3986 the rewrites are those of RFC 3986 section 6.2, which differ in three
// places: escape-decode decodes every unreserved character of its section 2.3, "-" and "."
// too ("%2E%2E" is ".."; dot-segment removal comes after, as 6.2.2.3 says); dot-segments is
// remove_dot_segments of section 5.2.4, which drops ".." segments above the root whatever
// Dots says, unless Dots is DotsError; and at LevelScheme an empty path after an authority
// becomes "/" (rule "empty-path": "In general, a URI that uses the generic syntax for
// authority with an empty path should be normalized to a path of "/"", 6.2.3):
// "http://example.com" -> "http://example.com/". A host is case-folded in every grammar with
// the hex digits of its escapes kept upper case ("%C3%A9" stays, 6.2.2.1). Grammar rfc3987
// has the rewrites of rfc3986 (RFC 3987 section 5.3.2 refers to them), and NFC on request.
//
// A relative reference gets the escape rewrites only: its dot segments mean something when it
// is resolved, and it has no scheme or host to fold.
//
// RFC 3986 is of two minds about an escaped dot: "%2E" is "." (2.3, 6.2.2.2), but resolution
// removes only the dot segments written as dots (5.2.4). So with rfc3986 and rfc3987 the
// normal form of an absolute URI whose path has a segment of escaped dots ("%2E", ".%2e")
// may differ from that of the same URI resolved: "http://a/b/%2E/../c" normalizes to
// "http://a/c" (the escape decoded, then the dot segments of "/b/./../c" removed), while
// resolving it gives "http://a/b/c" (".." removes the segment "%2E"), whose normal form is
// itself. Without such a segment the two agree.
//
// The normal form parses back to the components it was built from (write.go), which needs
// one of two guards where the plain rewrites would change the meaning:
//   - authority-guard: a path that dot-segment removal leaves beginning with "//" keeps "/."
//     in front, so that it does not read as an authority: "foo:/.//b" stays "foo:/.//b"
//     (not "foo://b", whose host is b);
//   - scheme-guard: a relative path whose first segment holds a ":" after decoding gets "./"
//     in front, so that it does not read as a scheme: "%6Aavascript:alert(1)" becomes
//     "./javascript:alert(1)" (not "javascript:alert(1)").
//
// Normalize is idempotent: Normalize of a normal form returns it unchanged, with no changes.
// ref is a tree the options' grammar parsed (Grammar.Parse, a Parser); the normal form is
// the grammar's tree of it. The zero tree is ErrEmptyTree, a tree of another grammar or rule
// an *InvalidTreeError, and options out of range an *OptionError.
func Normalize(ref ast.Tree, opt NormalizeOptions) (ast.Tree, []Change, error) {
	g := grammarOf(opt.Grammar)
	if err := checkOptions(Algorithm2003, opt.Dots, opt.Level, opt.Grammar); err != nil {
		return ast.Tree{}, nil, err
	}
	if err := checkTree(g, ref); err != nil {
		return ast.Tree{}, nil, fmt.Errorf("normalize: %w", err)
	}
	return normalize(g, ref, nil, opt, false, nil)
}

// NormalizeString parses s with the options' grammar and normalizes it, as Normalize does
// its tree: an input that does not parse gives the grammar's error (a
// *urlgrammar.SyntaxError), as Grammar.Parse does.
func NormalizeString(s string, opt NormalizeOptions) (ast.Tree, []Change, error) {
	g := grammarOf(opt.Grammar)
	if err := checkOptions(Algorithm2003, opt.Dots, opt.Level, opt.Grammar); err != nil {
		return ast.Tree{}, nil, err
	}
	p := getParser(g)
	defer putParser(g, p)
	ref, err := p.Parse(s)
	if err != nil {
		if se, ok := err.(*urlgrammar.SyntaxError); ok {
			return ast.Tree{}, nil, se.Clone() // the Parser's own is overwritten by its next parse
		}
		return ast.Tree{}, nil, err
	}
	var spans ast.Spans
	normal, sp := normalAlready(g, ref, opt, &spans)
	if normal {
		return ownCopy(ref), nil, nil
	}
	return normalize(g, ref, sp, opt, true, nil) // returns a tree of its own, never ref
}

// normalAlready fills *sp with the spans of ref (a tree g parsed) and reports whether ref is
// its own normal form (isNormal), before normalize's set-up: most references are. It returns
// sp for normalize, or nil with NFC, which normalize applies first (sp is then left as it is).
func normalAlready(g *urlgrammar.Grammar, ref ast.Tree, opt NormalizeOptions, sp *ast.Spans) (bool, *ast.Spans) {
	if opt.NFC {
		return false, nil
	}
	*sp = ref.Spans()
	return isNormal(ref.Src(), sp, opt.Level, DefaultAlgorithm(g) == Algorithm3986), sp
}

// NormalForm parses s with the options' grammar and returns the text of its normal form, as
// NormalizeString's tree gives it, without the tree and the changes: a reference that is
// normal already (most are) is returned as it is, with no allocation. Errors are
// NormalizeString's.
func NormalForm(s string, opt NormalizeOptions) (string, error) {
	g := grammarOf(opt.Grammar)
	p := getParser(g)
	defer putParser(g, p)
	out, err := normalFormIn(g, p, s, opt)
	if err != nil {
		return "", err
	}
	return out.Src(), nil // out may be p's tree: read before p goes back
}

// normalFormIn parses s with p, a Parser of g, and returns the tree of its normal form: p's
// tree (valid until p's next parse) for a reference that is normal already, a tree of its
// own for another. Errors are NormalizeString's.
func normalFormIn(g *urlgrammar.Grammar, p *urlgrammar.Parser, s string, opt NormalizeOptions) (ast.Tree, error) {
	if err := checkOptions(Algorithm2003, opt.Dots, opt.Level, opt.Grammar); err != nil {
		return ast.Tree{}, err
	}
	ref, err := p.Parse(s)
	if err != nil {
		if se, ok := err.(*urlgrammar.SyntaxError); ok {
			return ast.Tree{}, se.Clone() // the Parser's own is overwritten by its next parse
		}
		return ast.Tree{}, err
	}
	var spans ast.Spans
	normal, sp := normalAlready(g, ref, opt, &spans)
	if normal {
		return ref, nil
	}
	out, _, err := normalize(g, ref, sp, opt, true, p)
	return out, err
}

// parserPools hold Parsers by grammar (*urlgrammar.Grammar -> *sync.Pool of
// *urlgrammar.Parser), for the inputs whose trees are read and not kept.
var parserPools sync.Map

// lastPool is the pool of the grammar asked for last: a program normalizes with one grammar or
// two, and a lookup in parserPools (a hash of the interface), twice a call, was 8% of
// NormalForm.
var lastPool atomic.Pointer[grammarPool]

type grammarPool struct {
	g    *urlgrammar.Grammar
	pool *sync.Pool
}

// parserPool returns the pool of g's Parsers.
func parserPool(g *urlgrammar.Grammar) *sync.Pool {
	if lp := lastPool.Load(); lp != nil && lp.g == g {
		return lp.pool
	}
	pool, ok := parserPools.Load(g)
	if !ok {
		pool, _ = parserPools.LoadOrStore(g, &sync.Pool{New: func() any { return g.NewParser() }})
	}
	lastPool.Store(&grammarPool{g: g, pool: pool.(*sync.Pool)})
	return pool.(*sync.Pool)
}

func getParser(g *urlgrammar.Grammar) *urlgrammar.Parser {
	return parserPool(g).Get().(*urlgrammar.Parser)
}

func putParser(g *urlgrammar.Grammar, p *urlgrammar.Parser) { parserPool(g).Put(p) }

// normalize is Normalize of ref, a tree of g's parse. parsed says that ref is the tree g's
// parser made (not a caller's, whose nodes CheckTree does not check): a normal form that is
// ref's source then takes a copy of ref instead of a parse of it. With a Parser text (the
// one that parsed ref, for NormalForm), only the result's text is wanted: the rewrites are
// not listed, no tree is copied, and the results written are parsed again through text, so
// that the tree returned may be text's (overwritten by its next parse). refSpans, when not
// nil, are ref's components, of a reference isNormal said false of.
func normalize(g *urlgrammar.Grammar, ref ast.Tree, refSpans *ast.Spans, opt NormalizeOptions, parsed bool, text *urlgrammar.Parser) (ast.Tree, []Change, error) {
	var changes []Change
	note := func(rule, component, before, after string) {
		if before != after && text == nil {
			changes = append(changes, Change{rule, component, before, after})
		}
	}
	own := func(t ast.Tree) ast.Tree { // a result that is ref, or a tree it shares a Parser with
		if text != nil {
			return t
		}
		return ownCopy(t)
	}
	input := ref.String()
	if opt.NFC {
		if s := norm.NFC.String(input); s != input {
			nfc, err := g.Parse(s)
			if err != nil {
				return ast.Tree{}, nil, fmt.Errorf("normalize %q: its NFC form %q is not valid: %w", input, s, err)
			}
			note("nfc", "reference", input, s)
			ref, parsed, refSpans = nfc, true, nil
		}
	}
	rfc3986 := DefaultAlgorithm(g) == Algorithm3986
	decode := decodeUnreserved
	if rfc3986 {
		decode = decodeUnreserved3986
	}
	if refSpans == nil {
		// Read once: split, the check below and the case rewrites use them.
		sp := ref.Spans()
		refSpans = &sp
		if parsed && isNormal(ref.Src(), refSpans, opt.Level, rfc3986) {
			// Most references are normal already: their tree is the result, without the
			// components copied out, compared and written back.
			return own(ref), changes, nil
		}
	}
	if parsed {
		// Most of the others differ from their normal form in place: a scheme or host in
		// capitals, a default port.
		if out, ok := inPlace(g, text, ref.Src(), refSpans, opt.Level, rfc3986, note); ok {
			return out, changes, nil
		}
	}
	// Escape normalization, component by component.
	p := uri.OfSpans(*refSpans, ref.Src())
	escapes := func(component string, s *string) {
		if s == nil {
			return
		}
		upper := upperEscapes(*s)
		note("escape-case", component, *s, upper)
		decoded := decode(upper)
		note("escape-decode", component, upper, decoded)
		*s = decoded
	}
	escapes("authority", p.Authority)
	escapes("path", &p.Path)
	escapes("query", p.Query)
	escapes("fragment", p.Fragment)
	// Written and parsed again, unless the escapes changed nothing and the path needs no
	// guard: the reference is then its own result (most references, which have a scheme: a
	// relative one is written anyway, since ref may be a Parser's tree).
	var cur ast.Tree
	var sp ast.Spans // cur's
	owned := false   // cur is a tree of this call's own (write's), which may be returned
	var err error
	if _, guard := guardPath(p); guard == "" && refSpans.Scheme.Defined && diffSpans(p, *refSpans, ref.Src()) == "" {
		cur, sp = ref, *refSpans // not the result: ref is the caller's tree, or a Parser's
	} else {
		var guard string
		owned = true
		if cur, guard, err = write(g, text, p); err != nil {
			return ast.Tree{}, nil, fmt.Errorf("normalize %q: %w", input, err)
		}
		if guard != "" && text == nil {
			note(guard, "path", p.Path, cur.Spans().Path.In(cur.Src()))
		}
		if sp = cur.Spans(); !sp.Scheme.Defined {
			return cur, changes, nil
		}
		p = uri.OfSpans(sp, cur.Src())
	}
	src := cur.Src()

	// Case normalization of the scheme and of the host. In the drafts a reg-name is a naming
	// authority of its own (3.2.1), not a host, and keeps its case; RFC 3986's reg-name is
	// a host's (3.2.2) and is folded.
	if lower := strings.ToLower(*p.Scheme); lower != *p.Scheme {
		note("case", "scheme", *p.Scheme, lower)
		scheme := lower // a new variable in this branch: the heap copy only when it changes
		p.Scheme = &scheme
	}
	if h := sp.Host; h.Defined && sp.Authority.Defined && (rfc3986 || sp.HostKind != "reg-name") {
		if host := lowerHost(h.In(src)); host != h.In(src) {
			note("case", "host", h.In(src), host)
			auth := src[sp.Authority.Start:h.Start] + host + src[h.End:sp.Authority.End]
			p.Authority = &auth
		}
	}

	// Dot-segment removal in an absolute hierarchical path (an opaque-part never begins
	// with "/"). RFC 3986 removes them from a rootless path too ("a:b/./c" is "a:b/c"):
	// remove_dot_segments applies to the path of any URI (6.2.2.3), as resolution does to
	// an absolute reference's (5.2.2), so the normal form is the reference resolved.
	if strings.HasPrefix(p.Path, "/") || rfc3986 && p.Path != "" {
		path := p.Path // what both give for a path without dot segments, without a copy
		switch {
		case !hasDotSegment(p.Path):
		case rfc3986:
			path, err = removeDotSegments3986(p.Path, opt.Dots)
		default:
			path, err = merge2003("/", p.Path[1:], opt.Dots)
		}
		if err != nil {
			return ast.Tree{}, nil, fmt.Errorf("normalize %q: %w", input, err)
		}
		q := p
		q.Path = path
		// A guard that gives back the path as it was ("/.//b") is no change.
		if final, guard := guardPath(q); final != p.Path {
			note("dot-segments", "path", p.Path, path)
			if guard != "" {
				note(guard, "path", path, final)
			}
			p.Path = final
		}
	}

	// Scheme-based: the empty or default port.
	if port := sp.Port; opt.Level >= LevelScheme && port.Defined && p.Authority != nil {
		portText := port.In(src)
		def, known := urlgrammar.DefaultPort(*p.Scheme)
		n, err := strconv.Atoi(portText)
		if portText == "" || (known && err == nil && n == def) {
			auth := strings.TrimSuffix(*p.Authority, ":"+portText)
			note("port", "authority", *p.Authority, auth)
			p.Authority = &auth
		}
	}
	if opt.Level >= LevelScheme && rfc3986 && p.Authority != nil && p.Path == "" {
		note("empty-path", "path", "", "/")
		p.Path = "/"
	}
	final := p
	var guard string
	final.Path, guard = guardPath(p)
	if (owned || parsed) && recomposes(final, src) && diffSpans(final, sp, src) == "" {
		// The normal form is cur's source, whose tree cur is (g's parse of it, with these
		// components): parsing it again would give the same tree.
		if owned {
			return cur, changes, nil
		}
		return own(cur), changes, nil
	}
	out, err := parseBack(g, text, final, final.String())
	if err != nil {
		return ast.Tree{}, nil, fmt.Errorf("normalize %q: %w", input, err)
	}
	if guard != "" && text == nil {
		note(guard, "path", p.Path, out.Spans().Path.In(out.Src()))
	}
	return out, changes, nil
}

// isNormal reports whether normalize would return src unchanged: the tree of src (whose
// components sp are) is its own normal form. It reads the text once and allocates nothing.
// It may say false of a normal form (the rewrites then find nothing to change), never true
// of a reference that one of them would change: TestIsNormalAgreesWithTheRewrites and
// FuzzIsNormal hold it to them.
func isNormal(src string, sp *ast.Spans, level Level, rfc3986 bool) bool {
	if !escapesNormal(src, rfc3986) || !recomposesSpans(src, sp) {
		return false
	}
	path := sp.Path.In(src)
	if !sp.Authority.Defined && strings.HasPrefix(path, "//") {
		return false // the path needs guardPath's authority guard
	}
	if !sp.Scheme.Defined {
		// A relative reference gets the escape rewrites only, and guardPath's scheme guard
		// where its first segment holds a ":".
		first, _, _ := strings.Cut(path, "/")
		return sp.Authority.Defined || strings.HasPrefix(path, "/") || !strings.Contains(first, ":")
	}
	scheme := sp.Scheme.In(src)
	for i := 0; i < len(scheme); i++ {
		if 'A' <= scheme[i] && scheme[i] <= 'Z' {
			return false
		}
	}
	if h := sp.Host; h.Defined && sp.Authority.Defined && (rfc3986 || sp.HostKind != "reg-name") && !foldedHost(h.In(src)) {
		return false
	}
	if (strings.HasPrefix(path, "/") || rfc3986 && path != "") && hasDotSegment(path) {
		return false
	}
	if level >= LevelScheme && sp.Authority.Defined {
		if port := sp.Port; port.Defined {
			text := port.In(src)
			def, known := urlgrammar.DefaultPort(scheme)
			if n, err := strconv.Atoi(text); text == "" || known && err == nil && n == def {
				return false
			}
		}
		if rfc3986 && path == "" {
			return false
		}
	}
	return true
}

// inPlace is normalize for a reference src that g parsed, with components sp, whose normal
// form differs from it in place only: the case of its scheme or host, a default or empty
// port, the "/" of an empty path after an authority. Its escapes are normal, it recomposes,
// and its path needs no guard and has no dot segment: the rewrites that change the
// structure have nothing to do. The normal form is written in one piece and parsed again
// (through text when it is given, as parseBack does), its components compared with those
// written; the rewrites are noted as normalize notes them. ok is false, and nothing noted,
// for any other reference, and for one whose normal form does not parse back to them:
// normalize in full then says why. TestIsNormalAgreesWithTheRewrites holds it to the
// rewrites run in full.
func inPlace(g *urlgrammar.Grammar, text *urlgrammar.Parser, src string, sp *ast.Spans, level Level, rfc3986 bool,
	note func(rule, component, before, after string)) (ast.Tree, bool) {
	if !sp.Scheme.Defined || !escapesNormal(src, rfc3986) || !recomposesSpans(src, sp) {
		return ast.Tree{}, false
	}
	path := sp.Path.In(src)
	if !sp.Authority.Defined && strings.HasPrefix(path, "//") ||
		(strings.HasPrefix(path, "/") || rfc3986 && path != "") && hasDotSegment(path) {
		return ast.Tree{}, false
	}
	auth, host, port := sp.Authority, sp.Host, sp.Port
	fold := auth.Defined && host.Defined && (rfc3986 || sp.HostKind != "reg-name")
	if fold && (host.Start < auth.Start || host.End > auth.End) {
		return ast.Tree{}, false
	}
	scheme := sp.Scheme.In(src)
	dropPort := false // the port and its ":"
	if level >= LevelScheme && auth.Defined && port.Defined {
		def, known := urlgrammar.DefaultPort(scheme)
		n, err := strconv.Atoi(port.In(src))
		if port.Start == port.End || known && err == nil && n == def {
			if port.End != auth.End || port.Start <= auth.Start || src[port.Start-1] != ':' || fold && port.Start <= host.End {
				return ast.Tree{}, false
			}
			dropPort = true
		}
	}
	emptyPath := level >= LevelScheme && rfc3986 && auth.Defined && path == ""

	// The normal form, and where its authority and path begin in it.
	var b strings.Builder
	b.Grow(len(src) + 1)
	for i := 0; i < len(scheme); i++ {
		b.WriteByte(lowerASCII(scheme[i]))
	}
	at := sp.Scheme.End
	authStart := 0
	if auth.Defined {
		authStart = auth.Start
		if fold {
			b.WriteString(src[at:host.Start])
			b.WriteString(lowerHost(host.In(src))) // no copy where it changes nothing
			at = host.End
		}
		if dropPort {
			b.WriteString(src[at : port.Start-1])
			at = port.End
		}
	}
	pathEnd := sp.Path.End
	if path == "" { // its range may be 0-0 (recomposesSpans): it is where the authority ends
		pathEnd = sp.Scheme.End + 1
		if auth.Defined {
			pathEnd = auth.End
		}
	}
	b.WriteString(src[at:pathEnd])
	pathStart := b.Len() - len(path)
	if emptyPath {
		b.WriteByte('/')
	}
	b.WriteString(src[pathEnd:])
	out := b.String()
	if out == src {
		return ast.Tree{}, false // isNormal's: never here
	}
	shift := len(out) - len(src) // the query and fragment moved by this much
	outScheme := out[:len(scheme)]
	want := parts{Scheme: &outScheme, Path: out[pathStart : pathStart+len(path)]}
	if emptyPath {
		want.Path = "/"
	}
	var outAuth, query, fragment string
	if auth.Defined {
		outAuth = out[authStart:pathStart]
		want.Authority = &outAuth
	}
	if q := sp.Query; q.Defined {
		query = out[q.Start+shift : q.End+shift]
		want.Query = &query
	}
	if f := sp.Fragment; f.Defined {
		fragment = out[f.Start+shift : f.End+shift]
		want.Fragment = &fragment
	}
	tree, err := parseBack(g, text, want, out)
	if err != nil {
		return ast.Tree{}, false
	}
	note("case", "scheme", scheme, outScheme)
	if fold {
		h := host.In(src)
		note("case", "host", h, out[host.Start:host.Start+len(h)])
	}
	if dropPort && text == nil {
		note("port", "authority", outAuth+src[port.Start-1:port.End], outAuth)
	}
	if emptyPath {
		note("empty-path", "path", "", "/")
	}
	return tree, true
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// escapesNormal reports whether every "%" of s begins an escape with upper-case hex digits
// of an octet the escape-decode rewrite keeps escaped.
func escapesNormal(s string, rfc3986 bool) bool {
	for i := strings.IndexByte(s, '%'); i >= 0; {
		if i+2 >= len(s) || !isUpperHex(s[i+1]) || !isUpperHex(s[i+2]) {
			return false
		}
		c := unhexUpper(s[i+1])<<4 | unhexUpper(s[i+2])
		if decodable(c) || rfc3986 && (c == '-' || c == '.') {
			return false
		}
		j := strings.IndexByte(s[i+3:], '%')
		if j < 0 {
			break
		}
		i += 3 + j
	}
	return true
}

func isUpperHex(c byte) bool { return '0' <= c && c <= '9' || 'A' <= c && c <= 'F' }

func unhexUpper(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c - 'A' + 10
}

// recomposesSpans reports whether src is exactly its components sp recomposed (scheme ":",
// "//" authority, path, "?" query, "#" fragment), as recomposes does for components.
func recomposesSpans(src string, sp *ast.Spans) bool {
	at := 0
	if sp.Scheme.Defined {
		if sp.Scheme.Start != 0 || sp.Scheme.End >= len(src) || src[sp.Scheme.End] != ':' {
			return false
		}
		at = sp.Scheme.End + 1
	}
	if sp.Authority.Defined {
		if sp.Authority.Start != at+2 || !strings.HasPrefix(src[at:], "//") {
			return false
		}
		at = sp.Authority.End
	}
	// An empty path is text nowhere: a grammar without a node for it (rfc2396bis-01's
	// "http://a") gives it the range 0-0, wherever it would be.
	if sp.Path.End != sp.Path.Start {
		if sp.Path.Start != at || sp.Path.End < at {
			return false
		}
		at = sp.Path.End
	}
	for _, r := range [...]struct {
		Range ast.Range
		delim byte
	}{{sp.Query, '?'}, {sp.Fragment, '#'}} {
		if r.Range.Defined {
			if at >= len(src) || src[at] != r.delim || r.Range.Start != at+1 || r.Range.End < r.Range.Start {
				return false
			}
			at = r.Range.End
		}
	}
	return at == len(src)
}

// upperEscapes writes the hex digits of every escape in upper case.
func upperEscapes(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	b := []byte(s)
	for i := 0; i+2 < len(b); i++ {
		if b[i] == '%' {
			b[i+1], b[i+2] = upperHex(b[i+1]), upperHex(b[i+2])
			i += 2
		}
	}
	return string(b)
}

func upperHex(c byte) byte {
	if c >= 'a' && c <= 'f' {
		return c - 'a' + 'A'
	}
	return c
}

// decodeUnreserved decodes the escapes of ALPHA, DIGIT, "_" and "~" (section 2.3).
func decodeUnreserved(s string) string { return ast.UnescapeIf(s, decodable) }

func decodable(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '~'
}

// decodeUnreserved3986 decodes the escapes of RFC 3986's unreserved characters (its section
// 2.3): ALPHA, DIGIT, "-", ".", "_" and "~".
func decodeUnreserved3986(s string) string {
	return ast.UnescapeIf(s, func(c byte) bool { return decodable(c) || c == '-' || c == '.' })
}

// foldedHost reports whether lowerHost leaves h as it is, without its copy: most hosts have
// no capital at all.
func foldedHost(h string) bool {
	for i := 0; i < len(h); i++ {
		if h[i]-'A' < 26 {
			return lowerHost(h) == h // a capital, or an escape's hex digit
		}
	}
	return true
}

// lowerHost case-folds a host, keeping the hex digits of its escapes in upper case (the
// escape-case rewrite has made them so; folding them back would undo it).
func lowerHost(h string) string {
	upper := false
	for i := 0; i < len(h) && !upper; i++ {
		switch c := h[i]; {
		case c == '%' && i+2 < len(h):
			i += 2
		case c >= 'A' && c <= 'Z':
			upper = true
		}
	}
	if !upper {
		return h // nothing to fold: no copy
	}
	b := []byte(h)
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == '%' && i+2 < len(b):
			i += 2
		case c >= 'A' && c <= 'Z':
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// CompareOptions configure Equal.
type CompareOptions struct {
	Dots    DotSegments
	Grammar *urlgrammar.Grammar
	// IgnoreFragment compares without fragments, as section 6.1 advises when the comparison
	// selects (or avoids) a network action such as a retrieval.
	IgnoreFragment bool
}

// ErrRelative is returned by Equal for a relative reference: section 6.1 says references
// should be converted to their absolute forms (Resolve) before they are compared.
var ErrRelative = fmt.Errorf("a relative reference cannot be compared: resolve it first (section 6.1)")

// Equal reports whether a and b are equivalent at the given rung of the comparison ladder
// (section 6.2): LevelString compares the text, LevelSyntax the syntax-based normal forms,
// LevelScheme the scheme-based ones. Both must be absolute. Equivalence is equality of
// normal forms, so it is an equivalence relation, and two references whose normal forms
// differ in scheme or authority are never equivalent. With grammar rfc3987 the normal forms
// are compared as URIs (RFC 3987 section 5.3.2.3: each mapped to a URI by section 3.1, then
// normalized by RFC 3986's rules), so "http://example.org/ü" and "http://example.org/%C3%BC"
// are equivalent; the IRIs are not character-normalized (5.3.2.2).
func Equal(a, b ast.Tree, level Level, opt CompareOptions) (bool, error) {
	if err := checkOptions(Algorithm2003, opt.Dots, level, opt.Grammar); err != nil {
		return false, err
	}
	g := grammarOf(opt.Grammar)
	for _, r := range []ast.Tree{a, b} {
		if err := checkTree(g, r); err != nil {
			return false, fmt.Errorf("compare: %w", err)
		}
		if !r.Spans().Scheme.Defined {
			return false, fmt.Errorf("compare %q: %w", r.String(), ErrRelative)
		}
	}
	normal := func(r ast.Tree) (string, error) {
		if level > LevelString {
			n, _, err := normalize(g, r, nil, NormalizeOptions{Level: level, Dots: opt.Dots, Grammar: opt.Grammar}, false, nil)
			if err != nil {
				return "", err
			}
			if r, err = alignIRI(g, n, level, opt.Dots); err != nil {
				return "", err
			}
		}
		s := r.String()
		if f := r.Spans().Fragment; opt.IgnoreFragment && f.Defined {
			s = s[:f.Start-1]
		}
		return s, nil
	}
	na, err := normal(a)
	if err != nil {
		return false, err
	}
	nb, err := normal(b)
	if err != nil {
		return false, err
	}
	return na == nb, nil
}

// alignIRI returns the form in which two normalized IRIs are compared (RFC 3987 section
// 5.3.2.3): "the percent-encoding of both IRIs to be compared has to be aligned; for example,
// by converting both IRIs to URIs (see section 3.1), eliminating escape differences in the
// resulting URIs". So "http://example.org/%C3%BC" and "http://example.org/ü" are equivalent.
// For a grammar without RFC 3987's semantics it returns r.
func alignIRI(g *urlgrammar.Grammar, r ast.Tree, level Level, dots DotSegments) (ast.Tree, error) {
	if g.Semantics() != urlgrammar.Semantics3987 {
		return r, nil
	}
	u, err := iri.ToURI(r.String(), iri.Options{})
	if err != nil {
		return ast.Tree{}, fmt.Errorf("compare %q: %w", r.String(), err)
	}
	g3986 := urlgrammar.MustLookup("rfc3986")
	n, _, err := NormalizeString(u, NormalizeOptions{Level: level, Dots: dots, Grammar: g3986})
	if err != nil {
		return ast.Tree{}, fmt.Errorf("compare %q: its URI %q: %w", r.String(), u, err)
	}
	return n, nil
}
