package spectest

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
)

// NetworkURI is the test suite of Haskell's network-uri (testdata/network-uri/uri001.hs,
// Graham Klyne's tests of RFC 3986, with cases from Dan Connolly's and Tim Berners-Lee's
// uripath.py), read from the Haskell source as it is: every case the suite defines, and
// whether its test list runs it.
type NetworkURI struct {
	Refs       []NURef       // testURIRef: an input and its class
	Components []NUComponent // testURIRefComponents: an input and its components
	Relative   []NURelative  // testRelative, testRelJoin, testRelSplit
	Normalize  []NUNormalize // testEq of the normalize functions
}

// NURef is a testURIRef case: Class is AbsId (an absolute-URI), AbsRf (a URI with a
// fragment), RelRf (a relative-ref) or InvRf (not a URI-reference).
type NURef struct {
	Name, Class, Input string
	Active             bool // the suite's test list runs it
}

// NUComponent is a testURIRefComponents case: the input and network-uri's URI record of it
// (scheme, authority, path, query, fragment), each part with its delimiter as network-uri
// keeps it ("http:", "user@", ":99", "?q", "#f"); Valid false when the input is not a
// URI-reference.
type NUComponent struct {
	Name, Input                   string
	Valid                         bool
	Scheme, Path, Query, Fragment string
	HasAuthority                  bool
	UserInfo, Host, Port          string
	Active                        bool
}

// NURelative is a case of relative resolution: Kind is "testRelJoin" (Rel resolved against
// Base is Abs), "testRelSplit" (network-uri's relativeFrom makes Rel of Abs and Base) or
// "testRelative" (both).
type NURelative struct {
	Name, Kind, Base, Abs, Rel string
	Active                     bool
}

// NUNormalize is a normalization case: the network-uri functions applied to Input
// (normalizeCase, normalizeEscape, normalizePathSegments; innermost last) give Want.
type NUNormalize struct {
	Name, Input, Want string
	Ops               []string
	Active            bool
}

var (
	nuDef      = regexp.MustCompile(`(?m)^([a-z][A-Za-z0-9_']*)\s*=\s*`)
	nuListed   = regexp.MustCompile(`TF\.testCase\s+"[^"]*"\s+([A-Za-z0-9_']+)`)
	nuToken    = regexp.MustCompile(`"(?:[^"\\]|\\.)*"|[A-Za-z_][A-Za-z0-9_'.]*|[()\[\]{}$,=]`)
	nuNormOps  = map[string]bool{"normalizeCase": true, "normalizeEscape": true, "normalizePathSegments": true}
	nuRelKinds = map[string]bool{"testRelative": true, "testRelJoin": true, "testRelSplit": true}
)

// NetworkURITests reads the suite at path (uri001.hs).
func NetworkURITests(path string) (*NetworkURI, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	src, err := haskellWithoutComments(string(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	active := map[string]bool{}
	for _, m := range nuListed.FindAllStringSubmatch(src, -1) {
		active[m[1]] = true
	}
	// The definitions, each the text from its name to the next line that starts a column 0.
	defs := map[string][]string{}
	var order []string
	locs := nuDef.FindAllStringSubmatchIndex(src, -1)
	for i, l := range locs {
		end := len(src)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		name := src[l[2]:l[3]]
		body := src[l[1]:end]
		for k := 0; k+1 < len(body); k++ {
			if body[k] == '\n' && body[k+1] != ' ' && body[k+1] != '\n' {
				body = body[:k] // a line in column 0 that starts no definition (a signature, a function)
				break
			}
		}
		toks := nuToken.FindAllString(body, -1)
		if _, seen := defs[name]; !seen {
			order = append(order, name)
		}
		defs[name] = toks
	}
	str := func(name, tok string) (string, error) {
		if strings.HasPrefix(tok, `"`) {
			return haskellString(tok)
		}
		if v := defs[tok]; len(v) == 1 && strings.HasPrefix(v[0], `"`) {
			return haskellString(v[0])
		}
		return "", fmt.Errorf("%s: %s: %q is neither a string nor a name of one", path, name, tok)
	}
	out := &NetworkURI{}
	for _, name := range order {
		toks := defs[name]
		if len(toks) == 0 {
			continue
		}
		fail := func(what string) error {
			return fmt.Errorf("%s: %s: %s in %q", path, name, what, strings.Join(toks, " "))
		}
		switch head := toks[0]; {
		case head == "testURIRef" && len(toks) == 3:
			in, err := str(name, toks[2])
			if err != nil {
				return nil, err
			}
			out.Refs = append(out.Refs, NURef{name, toks[1], in, active[name]})
		case nuRelKinds[head]:
			if len(toks) != 5 {
				return nil, fail("not a label and three URIs")
			}
			var args [3]string
			for i := range args {
				if args[i], err = str(name, toks[2+i]); err != nil {
					return nil, err
				}
			}
			r := NURelative{Name: name, Kind: head, Base: args[0], Active: active[name]}
			if head == "testRelJoin" { // base rel abs; the others: base abs rel
				r.Rel, r.Abs = args[1], args[2]
			} else {
				r.Abs, r.Rel = args[1], args[2]
			}
			out.Relative = append(out.Relative, r)
		case head == "testEq" && slices.ContainsFunc(toks, func(t string) bool { return nuNormOps[t] }):
			// testEq "label" want (ops input)
			if len(toks) < 5 {
				return nil, fail("too short")
			}
			n := NUNormalize{Name: name, Active: active[name]}
			if n.Want, err = str(name, toks[2]); err != nil {
				return nil, err
			}
			for _, t := range toks[3:] {
				if nuNormOps[t] {
					n.Ops = append(n.Ops, t)
				}
			}
			last := toks[len(toks)-1]
			for last == ")" {
				toks = toks[:len(toks)-1]
				last = toks[len(toks)-1]
			}
			if n.Input, err = str(name, last); err != nil {
				return nil, err
			}
			out.Normalize = append(out.Normalize, n)
		case head == "testURIRefComponents" && len(toks) >= 4:
			c, err := nuComponent(name, toks, str)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", path, err)
			}
			c.Active = active[name]
			out.Components = append(out.Components, c)
		}
	}
	return out, nil
}

// nuComponent reads testURIRefComponents "label" (Just $ URI {...}) "input", or with Nothing.
func nuComponent(name string, toks []string, str func(string, string) (string, error)) (NUComponent, error) {
	c := NUComponent{Name: name}
	var err error
	if c.Input, err = str(name, toks[len(toks)-1]); err != nil {
		return c, err
	}
	if toks[2] == "Nothing" {
		return c, nil
	}
	c.Valid = true
	fields := map[string]*string{"uriScheme": &c.Scheme, "uriPath": &c.Path, "uriQuery": &c.Query, "uriFragment": &c.Fragment}
	seen := 0
	for i := 2; i+2 < len(toks); i++ {
		if p, ok := fields[toks[i]]; ok && toks[i+1] == "=" {
			if *p, err = str(name, toks[i+2]); err != nil {
				return c, err
			}
			seen++
		}
		if toks[i] == "uriAuthority" && toks[i+1] == "=" {
			seen++
			if toks[i+2] == "Nothing" {
				continue
			}
			// Just (URIAuth "userinfo@" "host" ":port")
			if i+7 >= len(toks) || toks[i+2] != "Just" || toks[i+4] != "URIAuth" {
				return c, fmt.Errorf("%s: an authority not written Just (URIAuth u h p)", name)
			}
			c.HasAuthority = true
			for j, p := range []*string{&c.UserInfo, &c.Host, &c.Port} {
				if *p, err = str(name, toks[i+5+j]); err != nil {
					return c, err
				}
			}
		}
	}
	if seen != 5 {
		return c, fmt.Errorf("%s: %d of the URI record's five fields", name, seen)
	}
	return c, nil
}

// haskellWithoutComments returns src with its comments ("--" to the end of a line, and
// "{- -}", pragmas too) made spaces, string literals kept.
func haskellWithoutComments(src string) (string, error) {
	b := []byte(src)
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '"':
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
				if i < len(b) && b[i] == '\n' {
					return "", fmt.Errorf("a string literal runs past its line (byte %d)", i)
				}
			}
		case b[i] == '-' && i+1 < len(b) && b[i+1] == '-':
			for ; i < len(b) && b[i] != '\n'; i++ {
				b[i] = ' '
			}
		case b[i] == '{' && i+1 < len(b) && b[i+1] == '-':
			end := strings.Index(string(b[i:]), "-}")
			if end < 0 {
				return "", fmt.Errorf("an unclosed {- comment at byte %d", i)
			}
			for j := i; j < i+end+2; j++ {
				if b[j] != '\n' {
					b[j] = ' '
				}
			}
			i += end + 1
		}
	}
	return string(b), nil
}

// haskellString is the value of a Haskell string literal with the escapes \" and \\ (the
// only ones the suite writes; another is an error, not a guess).
func haskellString(lit string) (string, error) {
	body := lit[1 : len(lit)-1]
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		if body[i] != '\\' {
			b.WriteByte(body[i])
			continue
		}
		if i+1 == len(body) || body[i+1] != '"' && body[i+1] != '\\' {
			return "", fmt.Errorf("string %s: an escape other than \\\" and \\\\", lit)
		}
		i++
		b.WriteByte(body[i])
	}
	return b.String(), nil
}
