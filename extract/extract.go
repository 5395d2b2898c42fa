// Package extract finds URI references in text: mail, documentation, Markdown, HTML,
// configuration files and logs. It delimits candidates the way a careful reader would and
// reports where each was found; checking a candidate is the grammar's job
// (urlgrammar.Grammar.Parse), which `urlgrammar extract` does for every one.
//
// # What is a candidate
//
// Appendix E of draft-fielding-uri-rfc2396bis-01 (Appendix C of RFC 3986, "Delimiting a URI
// in Context") is followed to the letter, and the shapes real text has are added to it:
//
//   - Angle brackets, "<http://example.com/>": the brackets are not part of the URI. A "URL:"
//     prefix, with or without a space, is dropped. Whitespace inside the brackets, line breaks
//     included, is removed, so a URI broken across lines is joined. A hyphen before a line
//     break is kept but flagged (Ref.Hyphenated): it "may or may not actually be part of the
//     URI", so Ref.Unhyphenated gives the other reading.
//   - Double or single quotes on one line, "http://example.com/": the quoted text, which must
//     hold no whitespace (a quoted sentence is prose, and the URIs in it are found bare). JSON
//     strings are double-quoted text; in them JSON's escaped solidus "\/" (which PHP's
//     json_encode writes: "http:\/\/a\/b") is read as "/" in Ref.Text, Raw keeping it.
//   - HTML attribute values inside a tag, href="..." or src='...' or href=...: the value,
//     with its surrounding whitespace removed (Delimiter Attribute, Key the attribute's name).
//     Whitespace inside a value is kept, so the grammar reports it.
//   - Markdown link and image destinations, [text](dest) and ![alt](dest), with balanced
//     parentheses inside (at most 32 deep); <dest> is an angle-bracket candidate.
//   - A bare reference, ended by whitespace, a control character, "<", ">", '"', "`" or a
//     Unicode character that is neither a letter, a mark nor a digit. Sentence punctuation at
//     its end is not part of it (". , ; : ! ? ' \" *"), nor is a closing ")", "]" or "}"
//     that closes nothing inside it, so "(see http://w.org/Foo_(bar))." gives
//     "http://w.org/Foo_(bar)". What stands before it names the delimiter: "(" Parenthesis,
//     "[" or "{" Bracket, "key=" KeyValue (Attribute inside a tag), anything else None. A bare
//     reference whose last character is "-" at the end of a line goes on at the first word of
//     the next line (Appendix E's hyphen rule, flagged as Hyphenated).
//
// # Which schemes are believable
//
// Text is full of "word:" that is no URI: "std::vector", "KJK::Hyperion", "C:\path",
// "10:30", "e.g.:", "Note: x", "INFO:root:msg", "localhost:8080", "go:generate". By default a
// candidate must start with a scheme that a reader would take for one:
//
//   - any scheme of two or more characters followed by "://" and at least one more
//     character ("http://example.com", "postgres://db/x", "chrome-extension://id/"); or
//   - a scheme of the list Schemes, which are written without "//" in practice (mailto:,
//     urn:, news:, tel:, data:, ...; compared without regard to case), followed by at least
//     one character that can belong to a reference; Options.Schemes adds more.
//
// A scheme starts at a letter that does not follow a letter or a digit, so "xhttp://a" is
// read whole and its scheme is "xhttp". Relative references are found only when
// Options.Relative is set, and only where the delimiter says that a reference is meant: in
// angle brackets (starting with "/", "./", "../" or "#"; "</b>" is a closing tag, not a
// path), after "URL:" in angle brackets (always, even without Relative), in the value of an
// HTML attribute that holds a URL (href, src, action, ...; see URLAttributes), and as a
// Markdown link destination.
//
// # Limits
//
// The scan is one pass over the input with a window of Options.MaxLength bytes plus a small
// look-behind: time is linear and memory is bounded whatever the input (no newline in
// 100 MB, a million "<"). A reference is reported as soon as the text after it shows where
// it ends, so a slow input (a pipe that tail -f feeds) gets its references as they come.
// A Markdown destination nests at most 32 parentheses. A bare reference, a Markdown destination or an unquoted attribute
// value longer than MaxLength is reported with its first MaxLength bytes and Truncated set,
// and the rest of it is skipped; a candidate in angle brackets or quotes that long is not
// taken as delimited (its inside is scanned for bare references instead).
package extract

import (
	"io"
	"iter"
	"strings"
)

// A Delimiter says how a reference was delimited in the text.
type Delimiter string

// The delimiters.
const (
	Angle       Delimiter = "angle"        // <...>, with or without "URL:" (Appendix E)
	DoubleQuote Delimiter = "double-quote" // "..." on one line (Appendix E; also JSON strings)
	SingleQuote Delimiter = "single-quote" // '...' on one line
	Attribute   Delimiter = "attribute"    // an HTML attribute's value, quoted or not; Ref.Key is its name
	Markdown    Delimiter = "markdown"     // a Markdown link or image destination: [text](...)
	KeyValue    Delimiter = "key-value"    // a bare value after key= outside a tag; Ref.Key is the key
	Parenthesis Delimiter = "parenthesis"  // a bare reference right after "("
	Bracket     Delimiter = "bracket"      // a bare reference right after "[" or "{"
	None        Delimiter = "none"         // a bare reference after whitespace or other punctuation
)

// A Ref is a URI reference found in text.
type Ref struct {
	// Offset is where the reference starts in the input, in bytes; Line and Column (1-based,
	// the column in bytes) say the same. For "<URL: x>" it is where x starts.
	Offset       int64
	Line, Column int
	// End is the offset just past the reference's last byte (before a closing delimiter).
	End int64
	// Delimiter says how it was delimited; Key is the attribute's or key's name for
	// Attribute and KeyValue (and for a quoted value after key= or "key": outside a tag).
	Delimiter Delimiter
	Key       string
	// Raw is the text as found, input[Offset:End]: with the whitespace and line breaks of a
	// reference broken across lines. (For a Truncated reference, the first MaxLength bytes.)
	Raw string
	// Text is the reference: Raw without whitespace in angle brackets and without the
	// line breaks of a hyphen-continued bare reference; in an HTML attribute's value, with
	// its character references decoded ("&amp;" is "&", "&lt;" is "<", "&#38;" is "&"), and
	// in a Markdown destination with its backslash escapes and character references decoded
	// ("\)" is ")"), as a browser and a CommonMark renderer take them.
	Text string
	// Hyphenated is set when Text holds a hyphen that stood at the end of a line; Appendix E:
	// it "may or may not actually be part of the URI". Unhyphenated is then Text without
	// those hyphens (and "" otherwise).
	Hyphenated   bool
	Unhyphenated string
	// Truncated is set for a bare reference, Markdown destination or unquoted attribute
	// value longer than Options.MaxLength: Raw and Text hold its first MaxLength bytes, and
	// the rest was skipped.
	Truncated bool
}

// DefaultMaxLength is the default of Options.MaxLength: 64 KiB, far longer than any URI a
// browser or server takes in a request line, and short enough to bound the scanner's memory.
const DefaultMaxLength = 64 << 10

// Options says what a scan finds. The zero value finds references with a believable scheme.
type Options struct {
	// Relative also finds relative references where the delimiter says a reference is meant
	// (angle brackets, URL attributes, Markdown destinations: see the package comment).
	Relative bool
	// Schemes are more schemes taken as believable without "//", in addition to Schemes.
	Schemes []string
	// MaxLength is the longest reference, in bytes, reported whole; 0 means
	// DefaultMaxLength.
	MaxLength int
}

// Schemes are the schemes believable without "//": registered schemes that are written
// without an authority in practice, and the historical ones of the URL drafts. Schemes
// that are common words before a colon in prose or logs (info, tag, go, tip, service,
// session, example) are left out on purpose: "INFO:root:starting" is no URI.
var Schemes = []string{
	"about", "bitcoin", "cid", "data", "doi", "fax", "file", "ftp", "geo", "gopher", "http",
	"https", "im", "javascript", "jabber", "magnet", "mailto", "mid", "news", "nntp", "pres",
	"prospero", "sip", "sips", "sms", "tel", "telnet", "urn", "wais", "xmpp",
}

// URLAttributes are the HTML attributes whose value is a URL, where Options.Relative finds
// relative references.
var URLAttributes = []string{
	"action", "background", "cite", "codebase", "data", "formaction", "href", "icon",
	"longdesc", "manifest", "poster", "profile", "src", "usemap", "xmlns",
}

// Find returns the references in text, in order.
func Find(text string, opts Options) []Ref {
	var out []Ref
	s := NewScanner(strings.NewReader(text), opts)
	for s.Scan() {
		out = append(out, s.Ref())
	}
	return out
}

// References returns an iterator over the references of r, in order. A read error ends the
// sequence as its last pair, after every reference found in what was read before it.
func References(r io.Reader, opts Options) iter.Seq2[Ref, error] {
	return func(yield func(Ref, error) bool) {
		s := NewScanner(r, opts)
		for s.Scan() {
			if !yield(s.Ref(), nil) {
				return
			}
		}
		if err := s.Err(); err != nil {
			yield(Ref{}, err)
		}
	}
}
