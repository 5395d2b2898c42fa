package main

import (
	"github.com/urlgrammar/urlgrammar/iri"
)

const helpIRI2URI = `Maps each IRI to a URI as RFC 3987 section 3.1 says: every character beyond US-ASCII that
IRIs allow (ucschar, iprivate) becomes the percent-encoding of its UTF-8 octets, in upper
case; everything a URI allows is kept, so a URI maps to itself. The input is not normalized
(section 3.1 step 1c: it is Unicode already). A character IRIs do not allow (a control
character, a noncharacter, invalid UTF-8) is an error, as are the printable US-ASCII
characters URIs do not allow (space < > " { } | \ ^ and the backquote) unless --encode-ascii.
--idna writes a non-ASCII host with IDNA ToASCII (golang.org/x/net/idna, IDNA2008) instead
of percent-encoding it, as section 3.1 allows for schemes that use DNS names; it is off by
default because it changes the URI. With no INPUT, or with "-", the inputs are read from
standard input, one per line; each gets one line of output, the URI or "error: ...".`

const helpURI2IRI = `Converts each URI to an IRI as RFC 3987 section 3.2 says: percent-encodings are decoded
except those of "%", of reserved characters and of characters URIs do not allow; decoded
octets that are not strictly legal UTF-8, or that encode a character IRIs do not allow there
(bidirectional formatting characters, private-use characters outside the query, controls),
are percent-encoded again in upper case. Mapping the IRI back (iri2uri) gives the URI, but
for the case of percent-encodings and decoded unreserved characters. An input that is not
ASCII, or has a "%" without two hexadecimal digits, is an error. With no INPUT, or with "-",
the inputs are read from standard input, one per line; each gets one line of output.`

func runIRI2URI(e *env, args []string) int {
	fs := e.flags()
	encodeASCII := fs.Bool("encode-ascii", false, "percent-encode the printable US-ASCII characters URIs do not allow, instead of failing")
	useIDNA := fs.Bool("idna", false, "write a non-ASCII host with IDNA ToASCII (xn--...) instead of percent-encoding it")
	asJSON := jsonFlag(fs)
	exitZero := exitZeroFlag(fs)
	inputs, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	opts := iri.Options{EncodeASCII: *encodeASCII, IDNA: *useIDNA}
	return e.mapInputs(inputs, *asJSON, *exitZero, func(s string) (string, error) { return iri.ToURI(s, opts) })
}

func runURI2IRI(e *env, args []string) int {
	fs := e.flags()
	asJSON := jsonFlag(fs)
	exitZero := exitZeroFlag(fs)
	inputs, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	return e.mapInputs(inputs, *asJSON, *exitZero, iri.ToIRI)
}

// mapInputs writes f of each input on a line of its own, or "error: ..." (status 1, 0 with
// exitZero); with asJSON, one record a line (appendMapRecord).
func (e *env) mapInputs(inputs []string, asJSON, exitZero bool, f func(string) (string, error)) int {
	return e.eachAnswer(inputs, exitZero, func(in input, b []byte) ([]byte, error) {
		err := tooLongInput(in)
		var out string
		if err == nil {
			out, err = f(in.text)
		}
		switch {
		case asJSON:
			b = appendMapRecord(b, in.text, out, err)
		case err != nil:
			b = appendErrorLine(b, err)
		default:
			b = append(append(b, out...), '\n')
		}
		return b, err
	})
}
