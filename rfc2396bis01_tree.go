package urlgrammar

import (
	"strings"

	"github.com/urlgrammar/urlgrammar/ast"
)

// The compact tree (ast.Tree) of rfc2396bis-01, built from the DFAs as the typed fast path
// builds its tree (rfc2396bis01_fast.go), node for node the same (TestCompactTreeMatchesTyped):
// the Appendix B split, a server when the server DFA accepts the authority, the host kind
// from the IPv4address DFA. Its nodes are written into one block: a new one of the size the
// input bounds for Grammar.Parse, a Parser's own for Parser.Parse.

// The rules of rfc2396bis-01's compact trees, indexes into names2396.
const (
	t2396Ref uint16 = iota
	t2396Scheme
	t2396Authority
	t2396Server
	t2396RegName
	t2396Userinfo
	t2396Host
	t2396IPv6Ref
	t2396IPv6
	t2396IPv4
	t2396Octet
	t2396Hostname
	t2396Label
	t2396TopLabel
	t2396Port
	t2396AbsPath
	t2396RelPath
	t2396RelSegment
	t2396Segment
	t2396Opaque
	t2396Query
	t2396Fragment
)

var names2396 = []string{"URI-reference", "scheme", "authority", "server", "reg-name", "userinfo", "host",
	"IPv6reference", "IPv6address", "IPv4address", "dec-octet", "hostname", "domainlabel", "toplabel", "port",
	"abs-path", "rel-path", "rel-segment", "segment", "opaque-part", "query", "fragment"}

// tree appends the compact tree of s, which the URI-reference DFA has accepted, to nodes.
// Nodes are passed and returned by value, never stored through a pointer, so that a block
// on the caller's stack stays there (Grammar.Parse's scratch).
func (f *fast2396) tree(n []ast.TreeNode, s string) []ast.TreeNode {
	n, root := open(n, t2396Ref, 0)
	end := len(s)
	frag := strings.IndexByte(s, '#')
	if frag >= 0 {
		end = frag
	}
	pos := 0
	if i := schemeEnd(s[:end]); i > 0 {
		n = leaf(n, t2396Scheme, 0, i)
		pos = i + 1
		rest := s[pos:end]
		if hier := rest == "" || rest[0] == '/' || (rest[0] == '?' && f.query.Valid(rest[1:])); !hier {
			n = leaf(n, t2396Opaque, pos, end)
			if frag >= 0 {
				n = leaf(n, t2396Fragment, frag+1, len(s))
			}
			closeNode(n, root, len(s))
			return n
		}
	}
	pathEnd, q := end, -1
	if i := strings.IndexByte(s[pos:end], '?'); i >= 0 {
		pathEnd, q = pos+i, pos+i
	}
	if strings.HasPrefix(s[pos:pathEnd], "//") {
		aStart, aEnd := pos+2, pathEnd
		if i := strings.IndexByte(s[aStart:pathEnd], '/'); i >= 0 {
			aEnd = aStart + i
		}
		n = f.treeAuthority(n, s, aStart, aEnd)
		pos = aEnd
	}
	switch {
	case pos == pathEnd: // no path: the grammar's path rules match only a non-empty one
	case s[pos] == '/':
		n = treeAbsPath(n, s, pos, pathEnd)
	default: // rel-path = rel-segment [ abs-path ]
		var p int
		n, p = open(n, t2396RelPath, pos)
		segEnd := pathEnd
		if i := strings.IndexByte(s[pos:pathEnd], '/'); i >= 0 {
			segEnd = pos + i
		}
		n = leaf(n, t2396RelSegment, pos, segEnd)
		if segEnd < pathEnd {
			n = treeAbsPath(n, s, segEnd, pathEnd)
		}
		closeNode(n, p, pathEnd)
	}
	if q >= 0 {
		n = leaf(n, t2396Query, q+1, end)
	}
	if frag >= 0 {
		n = leaf(n, t2396Fragment, frag+1, len(s))
	}
	closeNode(n, root, len(s))
	return n
}

// treeAbsPath adds the abs-path between start (its "/") and stop: "/" and its segments.
func treeAbsPath(n []ast.TreeNode, s string, start, stop int) []ast.TreeNode {
	n, p := open(n, t2396AbsPath, start)
	for segStart := start + 1; ; {
		segEnd := stop
		if i := strings.IndexByte(s[segStart:stop], '/'); i >= 0 {
			segEnd = segStart + i
		}
		n = leaf(n, t2396Segment, segStart, segEnd)
		if segEnd == stop {
			break
		}
		segStart = segEnd + 1
	}
	closeNode(n, p, stop)
	return n
}

// treeAuthority adds the authority between start and stop: a server or a reg-name.
func (f *fast2396) treeAuthority(n []ast.TreeNode, s string, start, stop int) []ast.TreeNode {
	n, a := open(n, t2396Authority, start)
	text := s[start:stop]
	if !f.server.Valid(text) {
		n = leaf(n, t2396RegName, start, stop)
		closeNode(n, a, stop)
		return n
	}
	n, sv := open(n, t2396Server, start)
	if text != "" {
		hStart := start
		if i := strings.IndexByte(text, '@'); i >= 0 {
			n = leaf(n, t2396Userinfo, start, start+i)
			hStart = start + i + 1
		}
		hEnd := hostEnd(s, hStart, stop)
		n = f.treeHost(n, s, hStart, hEnd)
		if hEnd < stop {
			n = leaf(n, t2396Port, hEnd+1, stop)
		}
	}
	closeNode(n, sv, stop)
	closeNode(n, a, stop)
	return n
}

// treeHost adds a host: IPv6reference, IPv4address or hostname, in that order of preference.
func (f *fast2396) treeHost(n []ast.TreeNode, s string, start, stop int) []ast.TreeNode {
	n, h := open(n, t2396Host, start)
	text := s[start:stop]
	switch {
	case text[0] == '[':
		var r int
		n, r = open(n, t2396IPv6Ref, start)
		if i := strings.LastIndexByte(text, ':'); strings.IndexByte(text[i:], '.') < 0 {
			n = leaf(n, t2396IPv6, start+1, stop-1)
		} else { // ls32 = ( h4 ":" h4 ) / IPv4address: the address ends in an IPv4address
			var a int
			n, a = open(n, t2396IPv6, start+1)
			n = treeIPv4(n, s, start+i+1, stop-1)
			closeNode(n, a, stop-1)
		}
		closeNode(n, r, stop)
	case text[0] >= '0' && text[0] <= '9' && f.ipv4.Valid(text): // an IPv4address starts with a digit
		n = treeIPv4(n, s, start, stop)
	default:
		var hn int
		n, hn = open(n, t2396Hostname, start)
		labelsEnd := stop
		dot := text[len(text)-1] == '.'
		if dot {
			labelsEnd--
		}
		for o := start; ; {
			e := labelsEnd
			if i := strings.IndexByte(s[o:labelsEnd], '.'); i >= 0 {
				e = o + i
			}
			if dot && e == labelsEnd {
				n = leaf(n, t2396TopLabel, o, e)
			} else {
				n = leaf(n, t2396Label, o, e)
			}
			if e == labelsEnd {
				break
			}
			o = e + 1
		}
		closeNode(n, hn, stop)
	}
	closeNode(n, h, stop)
	return n
}

// treeIPv4 adds the IPv4address between start and stop and its four dec-octets.
func treeIPv4(n []ast.TreeNode, s string, start, stop int) []ast.TreeNode {
	n, r := open(n, t2396IPv4, start)
	o := start
	for range 4 {
		e := stop
		if i := strings.IndexByte(s[o:stop], '.'); i >= 0 {
			e = o + i
		}
		n = leaf(n, t2396Octet, o, e)
		o = e + 1
	}
	closeNode(n, r, stop)
	return n
}

// open appends a node of rule starting at start and returns its index, for closeNode.
func open(n []ast.TreeNode, rule uint16, start int) ([]ast.TreeNode, int) {
	i := len(n)
	n = append(n, ast.TreeNode{}) // then the fields: see leaf
	n[i].StartRule = ast.PackStartRule(start, rule)
	return n, i
}

// closeNode ends node i at end, after its children.
func closeNode(n []ast.TreeNode, i, end int) {
	n[i].End = uint32(end)
	n[i].Next = uint32(len(n))
}

// leaf appends a node without children.
//
// The node is appended zero, then its fields written in place: a composite literal is built
// on the stack and copied with a wide load that waits on the narrow stores just made (a
// store-forwarding stall; open and leaf held 30% of Parser.Parse's samples, and
// Parser.Parse took about 5% less without it).
func leaf(n []ast.TreeNode, rule uint16, start, end int) []ast.TreeNode {
	i := len(n)
	n = append(n, ast.TreeNode{})
	nd := &n[i]
	nd.StartRule, nd.End, nd.Next = ast.PackStartRule(start, rule), uint32(end), uint32(i+1)
	return n
}
