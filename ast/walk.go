package ast

import "fmt"

// A Visitor's Visit method is invoked for each node encountered by Walk. If the result
// visitor w is not nil, Walk visits each of the children of node with w, followed by a call
// of w.Visit(nil).
type Visitor interface {
	Visit(node Node) (w Visitor)
}

// Walk traverses a tree in depth-first order: it starts by calling v.Visit(node); node must
// not be nil. If the visitor w returned by v.Visit(node) is not nil, Walk is invoked
// recursively with w for each of the non-nil children of node, followed by a call of
// w.Visit(nil). Children are visited in the order they appear in the input.
func Walk(v Visitor, node Node) {
	if v = v.Visit(node); v == nil {
		return
	}
	switch n := node.(type) {
	case *URIReference:
		if n.Scheme != nil {
			Walk(v, n.Scheme)
		}
		if n.Authority != nil {
			Walk(v, n.Authority)
		}
		if n.Path != nil {
			Walk(v, n.Path)
		}
		if n.Opaque != nil {
			Walk(v, n.Opaque)
		}
		if n.Query != nil {
			Walk(v, n.Query)
		}
		if n.Fragment != nil {
			Walk(v, n.Fragment)
		}
	case *Authority:
		if n.Server != nil {
			Walk(v, n.Server)
		}
		if n.RegName != nil {
			Walk(v, n.RegName)
		}
	case *Server:
		if n.Userinfo != nil {
			Walk(v, n.Userinfo)
		}
		if n.Host != nil {
			Walk(v, n.Host)
		}
		if n.Port != nil {
			Walk(v, n.Port)
		}
	case *Host:
		switch {
		case n.IPv6 != nil:
			Walk(v, n.IPv6)
		case n.IPv4 != nil:
			Walk(v, n.IPv4)
		case n.Hostname != nil:
			Walk(v, n.Hostname)
		}
	case *IPv6Reference:
		if n.Address != nil {
			Walk(v, n.Address)
		}
	case *IPv4Address:
		for _, o := range n.Octets {
			if o != nil {
				Walk(v, o)
			}
		}
	case *Hostname:
		for _, l := range n.Labels {
			Walk(v, l)
		}
	case *Path:
		for _, s := range n.Segments {
			Walk(v, s)
		}
	case *Scheme, *Userinfo, *IPv6Address, *DecOctet, *Label, *Port, *RegName, *Segment,
		*OpaquePart, *Query, *Fragment:
		// leaves
	default:
		panic(fmt.Sprintf("ast.Walk: unexpected node type %T", n))
	}
	v.Visit(nil)
}

type inspector func(Node) bool

func (f inspector) Visit(node Node) Visitor {
	if f(node) {
		return f
	}
	return nil
}

// Inspect traverses a tree in depth-first order: it starts by calling f(node); node must not
// be nil. If f returns true, Inspect invokes f recursively for each of the non-nil children of
// node, followed by a call of f(nil).
func Inspect(node Node, f func(Node) bool) {
	Walk(inspector(f), node)
}
