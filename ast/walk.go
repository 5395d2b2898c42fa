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
	case *Userinfo:
		walkParts(v, n.User, n.Password)
	case *Segment:
		for _, p := range n.Params {
			Walk(v, p)
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
		case n.HostNumber != nil:
			Walk(v, n.HostNumber)
		case n.IPLiteral != nil:
			Walk(v, n.IPLiteral)
		case n.RegName != nil:
			Walk(v, n.RegName)
		}
	case *IPLiteral:
		switch {
		case n.IPv6 != nil:
			Walk(v, n.IPv6)
		case n.IPvFuture != nil:
			Walk(v, n.IPvFuture)
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
	case *HostNumber:
		for _, g := range n.Groups {
			Walk(v, g)
		}
	case *HostPort:
		Walk(v, n.Host)
		if n.Port != nil {
			Walk(v, n.Port)
		}
	case *Login:
		walkParts(v, n.User, n.Password)
		Walk(v, n.HostPort)
	case *SegmentPath:
		for _, s := range n.Segments {
			Walk(v, s)
		}
	case *HTTPURL:
		Walk(v, n.Scheme)
		Walk(v, n.HostPort)
		if n.Path != nil {
			Walk(v, n.Path)
		}
		walkParts(v, n.Search)
	case *FTPURL:
		Walk(v, n.Scheme)
		Walk(v, n.Login)
		if n.Path != nil {
			Walk(v, n.Path)
		}
		walkParts(v, n.Type)
	case *GopherURL:
		Walk(v, n.Scheme)
		Walk(v, n.HostPort)
		walkParts(v, n.Type, n.Selector, n.Search, n.Plus)
	case *MailtoURL:
		Walk(v, n.Scheme)
		Walk(v, n.Address)
	case *NewsURL:
		Walk(v, n.Scheme)
		walkParts(v, n.Group)
		if n.Article != nil {
			Walk(v, n.Article)
		}
	case *Article:
		Walk(v, n.Host)
	case *NNTPURL:
		Walk(v, n.Scheme)
		Walk(v, n.HostPort)
		walkParts(v, n.Group, n.Article)
	case *TelnetURL:
		Walk(v, n.Scheme)
		Walk(v, n.Login)
	case *WAISURL:
		Walk(v, n.Scheme)
		Walk(v, n.HostPort)
		walkParts(v, n.Database, n.Search, n.Type, n.Path)
	case *FileURL:
		Walk(v, n.Scheme)
		if n.Host != nil {
			Walk(v, n.Host)
		}
		Walk(v, n.Path)
	case *ProsperoURL:
		Walk(v, n.Scheme)
		Walk(v, n.HostPort)
		Walk(v, n.Path)
		for _, f := range n.Fields {
			Walk(v, f)
		}
	case *FieldSpec:
		walkParts(v, n.Name, n.Value)
	case *OtherURL:
		Walk(v, n.Scheme)
		if n.IP != nil { // the same text as SchemePart, with its parts
			Walk(v, n.IP)
		} else {
			Walk(v, n.SchemePart)
		}
	case *IPSchemePart:
		Walk(v, n.Login)
		walkParts(v, n.Path)
	case *Part:
		// a leaf
	case *FragmentAddress:
		Walk(v, n.URL)
		walkParts(v, n.Fragment)
	case *Search:
		for _, k := range n.Keywords {
			Walk(v, k)
		}
	case *GenericAddress:
		Walk(v, n.Scheme)
		Walk(v, n.Path)
		walkOpt(v, n.Search)
	case *HTTPAddress:
		Walk(v, n.Scheme)
		Walk(v, n.HostPort)
		walkOpt(v, n.Path)
		walkOpt(v, n.Search)
	case *FileAddress:
		Walk(v, n.Scheme)
		Walk(v, n.Host)
		Walk(v, n.Path)
	case *AFSAddress:
		Walk(v, n.Scheme)
		Walk(v, n.Cell)
		Walk(v, n.Path)
	case *NewsAddress:
		Walk(v, n.Scheme)
		walkParts(v, n.Group)
		walkOpt(v, n.Article)
	case *WAISAddress:
		Walk(v, n.Scheme)
		Walk(v, n.HostPort)
		Walk(v, n.Database)
		walkOpt(v, n.Search)
		walkParts(v, n.Type, n.Length)
		walkOpt(v, n.Path)
	case *ProsperoAddress:
		Walk(v, n.Scheme)
		Walk(v, n.HostPort)
		Walk(v, n.Name)
		walkParts(v, n.Version, n.Attributes)
	case *TelnetAddress:
		Walk(v, n.Scheme)
		walkParts(v, n.User)
		Walk(v, n.HostPort)
	case *GopherAddress:
		Walk(v, n.Scheme)
		Walk(v, n.HostPort)
		walkParts(v, n.Type)
		walkOpt(v, n.Selector)
		walkOpt(v, n.Search)
	case *Scheme, *IPv6Address, *IPvFuture, *DecOctet, *Label, *Port, *RegName, *OpaquePart, *Query,
		*Fragment:
		// leaves
	default:
		panic(fmt.Sprintf("ast.Walk: unexpected node type %T", n))
	}
	v.Visit(nil)
}

// walkParts walks the parts that are present.
func walkParts(v Visitor, parts ...*Part) {
	for _, p := range parts {
		if p != nil {
			Walk(v, p)
		}
	}
}

// walkOpt walks a child that may be absent (a nil pointer in a non-nil interface).
func walkOpt[T interface {
	Node
	comparable
}](v Visitor, n T) {
	var zero T
	if n != zero {
		Walk(v, n)
	}
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
