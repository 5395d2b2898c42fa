package urlgrammar

import (
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/generated/rfc2396bis01"
)

// Grammar rfc2396bis-01: draft-fielding-uri-rfc2396bis-01, "Uniform Resource Identifier
// (URI): Generic Syntax", March 2003. Files: grammar/rfc2396bis-01.abnf and .peg. Start rule
// URI-reference; absolute-URI-reference, absolute-URI and relative-URI give trees too.
func init() {
	g := newGrammar(rfc2396bis01.Generated)
	fast := newFast2396(g.dfas)
	g.fast = func(s string) ast.Root { return fast.parse(s) }
	g.fastReusing = func() func(string) ast.Root {
		u := new(reuse)
		return func(s string) ast.Root { return fast.parseReusing(u, s) }
	}
	g.errorRuleOf = func(full string, at int, fallback string) string { return errorRule2396(g, full, at, fallback) }
	g.generic = true
	mustRegister(g)
}

// errorRule2396 is errorRule for rfc2396bis-01, from the tree its compiled PEG builds of
// full (in a block on the stack: BuildTree is called directly, not through a func value),
// named as the typed tree names it (TestErrorRule2396): a domainlabel, toplabel or
// dec-octet gives way to its parent, nothing inside an IPv6address is named (the
// IPv6reference is), and a rel-segment is a segment. It costs a tenth of the typed tree.
func errorRule2396(g *Grammar, full string, at int, fallback string) string {
	var scratch [32]ast.TreeNode
	nodes, ok := rfc2396bis01.BuildTree(g.startPEG, full, scratch[:0])
	if !ok {
		return fallback // cannot happen: the continuation leads to acceptance
	}
	names := g.trees().schema.Names
	name := ""
	for i := 0; i < len(nodes); {
		n := nodes[i]
		if int(n.Start()) > at || int(n.End()) <= at {
			// Past the node's subtree: the nodes after it that are deeper.
			for i++; i < len(nodes) && nodes[i].Depth() > n.Depth(); i++ {
			}
			continue
		}
		switch rule := names[n.Rule()]; rule {
		case "domainlabel", "toplabel", "dec-octet":
		case "IPv6address":
			return name
		case "rel-segment":
			name = "segment"
		default:
			name = rule
		}
		i++
	}
	if name == "" {
		return fallback
	}
	return name
}
