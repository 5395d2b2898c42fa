package rfc1738

// Written by hand: what sections 3.2 and 3.4 say an FTP or Gopher URL stands for (the
// commands a client sends) is an algorithm over the parts, which no header line declares.

import "github.com/urlgrammar/urlgrammar/ast"

// FTPCommand is one FTP command (RFC 959) that an FTP URL's url-path stands for.
type FTPCommand struct {
	Name string // CWD, TYPE, RETR or NLST
	Arg  string // decoded
}

// Commands returns the FTP commands the url-path stands for (sections 3.2.2 and 3.2.3): a
// CWD for each fsegment but the last, each decoded (so "%2F" is a "/" inside the argument and
// an empty segment is a CWD with an empty argument); then, for typecode "d", an NLST of the
// last segment (the name); otherwise a TYPE with the typecode in upper case (A or I) when
// the URL gives one, and a RETR of the name. Without a typecode the client must guess the
// transfer mode (3.2.3), so there is no TYPE. A URL without a url-path gives no commands.
func (v Ftpurl) Commands() []FTPCommand {
	path, ok := v.Fpath()
	if !ok {
		return nil
	}
	var segs []string
	for c := path.EachFsegment(); c.Next(); {
		segs = append(segs, ast.Unescape(c.Value().Text()))
	}
	cmds := make([]FTPCommand, 0, len(segs)+1)
	for _, s := range segs[:len(segs)-1] {
		cmds = append(cmds, FTPCommand{"CWD", s})
	}
	name := segs[len(segs)-1]
	switch tc := v.TypeCode(); tc {
	case "d":
		return append(cmds, FTPCommand{"NLST", name})
	case "a", "i":
		cmds = append(cmds, FTPCommand{"TYPE", string(tc[0] - 'a' + 'A')})
	}
	return append(cmds, FTPCommand{"RETR", name})
}

// TypeCode returns the typecode in lower case ("a", "i" or "d"), or "" when the URL has no
// ";type=" (section 3.2.3).
func (v Ftpurl) TypeCode() string {
	t, ok := v.Ftptype()
	if !ok {
		return ""
	}
	return string(t.Text()[0] | 0x20) // A, I or D
}

// ItemType returns the Gopher item type, decoded: the gtype, or "1" (a directory) when the
// URL has none (section 3.4.1).
func (v Gopherurl) ItemType() string {
	if t, ok := v.Gtype(); ok {
		return ast.Unescape(t.Text())
	}
	return "1"
}

// Request returns what a Gopher client sends to the server for this URL (sections 3.4.1 to
// 3.4.3), without the line end: the decoded selector; then, for a search, a tab and the
// decoded search string; then, for a Gopher+ item, a tab and the decoded gopher+_string.
func (v Gopherurl) Request() string {
	var s string
	if sel, ok := v.Selector(); ok {
		s = ast.Unescape(sel.Text())
	}
	if q, ok := v.Search(); ok {
		s += "\t" + ast.Unescape(q.Text())
	}
	if p, ok := v.GopherPlusString(); ok {
		s += "\t" + ast.Unescape(p.Text())
	}
	return s
}
