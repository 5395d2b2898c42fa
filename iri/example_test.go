package iri_test

import (
	"fmt"

	"github.com/urlgrammar/urlgrammar/iri"
)

// An IRI maps to a URI (RFC 3987 section 3.1): its characters beyond ASCII become the
// percent-encodings of their UTF-8 octets; the host can be written with IDNA instead.
func ExampleToURI() {
	u, _ := iri.ToURI("http://résumé.example.org/ü?q=€", iri.Options{})
	fmt.Println(u)
	u, _ = iri.ToURI("http://résumé.example.org/ü", iri.Options{IDNA: true})
	fmt.Println(u)
	_, err := iri.ToURI("http://a/b c", iri.Options{})
	fmt.Println(err)
	// Output:
	// http://r%C3%A9sum%C3%A9.example.org/%C3%BC?q=%E2%82%AC
	// http://xn--rsum-bpad.example.org/%C3%BC
	// offset 10: ' ' is not allowed in a URI (percent-encoding it is an option: Options.EncodeASCII, --encode-ascii)
}

// A URI converts to an IRI (RFC 3987 section 3.2): percent-encodings of characters an IRI
// shows are decoded; what is not UTF-8, or not to be shown (a line separator, U+2028), stays
// encoded.
func ExampleToIRI() {
	s, _ := iri.ToIRI("http://www.example.org/D%C3%BCrst?%E2%80%A8")
	fmt.Println(s)
	s, _ = iri.ToIRI("http://www.example.org/D%FCrst")
	fmt.Println(s)
	// Output:
	// http://www.example.org/Dürst?%E2%80%A8
	// http://www.example.org/D%FCrst
}
