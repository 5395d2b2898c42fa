package iri_test

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
	"github.com/urlgrammar/urlgrammar/internal/spectest"
	"github.com/urlgrammar/urlgrammar/iri"
)

type example struct{ section, in, want string }

func readExamples(t *testing.T, path string) []example {
	t.Helper()
	lines, err := spectest.Lines(path)
	require.NoError(t, err)
	var out []example
	for _, l := range lines {
		f := strings.Split(l, "\t")
		require.Len(t, f, 3, l)
		out = append(out, example{f[0], f[1], f[2]})
	}
	require.NotEmpty(t, out)
	return out
}

// rfcText is RFC 3987 without whitespace, so that examples broken across lines are found.
func rfcText(t *testing.T) string {
	src, err := os.ReadFile("../testdata/spec/rfc3987.txt")
	require.NoError(t, err)
	return regexp.MustCompile(`\s+`).ReplaceAllString(string(src), "")
}

// The tables are the RFC's: each URI, and each IRI in the RFC's XML notation, is in its text
// (a final ";" aside: the RFC writes "&#x10302" once without it).
func TestExamplesAreTheRFCs(t *testing.T) {
	text := rfcText(t)
	for _, f := range []string{"../grammars/rfc3987/testdata/to-uri.txt", "../grammars/rfc3987/testdata/to-iri.txt"} {
		for _, ex := range readExamples(t, f) {
			if strings.HasSuffix(ex.section, "+") {
				continue // ours, built from the RFC's
			}
			for _, s := range []string{ex.in, ex.want} {
				if x := strings.TrimSuffix(spectest.XMLNotation(s), ";"); !strings.Contains(text, x) {
					t.Errorf("%s: %q (%s) is not in RFC 3987's text", f, s, x)
				}
			}
		}
	}
}

func TestToURIExamples(t *testing.T) {
	for _, ex := range readExamples(t, "../grammars/rfc3987/testdata/to-uri.txt") {
		got, err := iri.ToURI(ex.in, iri.Options{})
		require.NoError(t, err, "section %s: %q", ex.section, ex.in)
		assert.Equal(t, ex.want, got, "section %s: %q", ex.section, ex.in)
	}
	// Section 3.1's ToASCII example.
	got, err := iri.ToURI("http://r\u00e9sum\u00e9.example.org", iri.Options{IDNA: true})
	require.NoError(t, err)
	assert.Equal(t, "http://xn--rsum-bpad.example.org", got)
	got, err = iri.ToURI("http://u:p@\u7d0d\u8c46.example.org:80/\u00e9", iri.Options{IDNA: true})
	require.NoError(t, err)
	assert.Equal(t, "http://u:p@xn--99zt52a.example.org:80/%C3%A9", got, "only the host is ToASCII'd; the rest is percent-encoded")
}

func TestToIRIExamples(t *testing.T) {
	for _, ex := range readExamples(t, "../grammars/rfc3987/testdata/to-iri.txt") {
		got, err := iri.ToIRI(ex.in)
		require.NoError(t, err, "section %s: %q", ex.section, ex.in)
		assert.Equal(t, ex.want, got, "section %s: %q", ex.section, ex.in)
	}
}

// What section 3.1 says of the characters it lists, and what is no IRI character.
func TestToURICharacters(t *testing.T) {
	for in, want := range map[string]string{
		"http://a/%zz#f[x]":      "http://a/%zz#f[x]", // '%', '#', '[', ']' are never encoded
		"http://a/\ue000?\ue000": "http://a/%EE%80%80?%EE%80%80",
		"http://a/\U000E1000":    "http://a/%F3%A1%80%80",
		"http://a/b c":           "",
		"http://a/\x01":          "",
		"http://a/\u0085":        "", // a C1 control character
		"http://a/\ufdd0":        "", // a noncharacter
		"http://a/\U0001FFFE":    "",
		"http://a/\U000E0001":    "", // a tag character: U+E0000-E0FFF is not ucschar
		"http://a/\xff":          "",
	} {
		got, err := iri.ToURI(in, iri.Options{})
		if want == "" {
			var e *iri.Error
			if assert.ErrorAs(t, err, &e, "%q", in) {
				assert.Less(t, e.Offset, len(in))
			}
			continue
		}
		require.NoError(t, err, "%q", in)
		assert.Equal(t, want, got, "%q", in)
	}
	got, err := iri.ToURI(`http://a/b c<d>"{|}\^`+"`", iri.Options{EncodeASCII: true})
	require.NoError(t, err)
	assert.Equal(t, "http://a/b%20c%3Cd%3E%22%7B%7C%7D%5C%5E%60", got)
}

// What section 3.2 decodes and what it does not.
func TestToIRICharacters(t *testing.T) {
	for in, want := range map[string]string{
		"http://a/%41%7e%2F%25%3f%20":  "http://a/A~%2F%25%3f%20", // unreserved decoded; reserved, '%', space kept
		"http://a/%C3":                 "http://a/%C3",            // not UTF-8
		"http://a/%C3%A9%C3":           "http://a/\u00e9%C3",
		"http://a/%E2%80%8F":           "http://a/%E2%80%8F",        // RLM (section 4.1)
		"http://a/%EE%80%80?%EE%80%80": "http://a/%EE%80%80?\ue000", // iprivate only in the query
		"http://a/?q#%EE%80%80":        "http://a/?q#%EE%80%80",     // ... not in the fragment
		"http://a/%C2%85":              "http://a/%C2%85",           // a C1 control character
		"http://a/%ED%A0%80":           "http://a/%ED%A0%80",        // a surrogate is no UTF-8
		"http://a/%c3%a9":              "http://a/\u00e9",
		// Section 6.1(b): what a reader cannot see stays encoded.
		"http://a/%E2%80%A8%E2%80%A9": "http://a/%E2%80%A8%E2%80%A9", // line and paragraph separators
		"http://a/%E2%80%8Bx":         "http://a/%E2%80%8Bx",         // zero-width space
		"http://a/%EF%BB%BF":          "http://a/%EF%BB%BF",          // zero-width no-break space
		"http://a/%CD%8F":             "http://a/%CD%8F",             // combining grapheme joiner
		"http://a/%E1%85%9F":          "http://a/%E1%85%9F",          // Hangul choseong filler
		"http://a/%C2%A0%E3%80%80":    "http://a/%C2%A0%E3%80%80",    // no-break and ideographic spaces
		"http://a/%C2%AD":             "http://a/%C2%AD",             // soft hyphen
		"http://a/%EF%B8%8F":          "http://a/%EF%B8%8F",          // variation selector-16
		"http://a/%E2%80%8D":          "http://a/%E2%80%8D",          // zero-width joiner
		"http://a/%EF%BC%A1":          "http://a/\uff21",             // a full-width A is seen, and decoded
	} {
		got, err := iri.ToIRI(in)
		require.NoError(t, err, "%q", in)
		assert.Equal(t, want, got, "%q", in)
	}
	for in, off := range map[string]int{"http://a/\u00e9": 9, "%": 0, "a%7%41": 1, "a%4": 1} {
		_, err := iri.ToIRI(in)
		var e *iri.Error
		if assert.ErrorAs(t, err, &e, "%q", in) {
			assert.Equal(t, off, e.Offset, "%q", in)
		}
	}
}

// The mapping is the identity on URIs (every valid line of the corpus) and idempotent, and
// ToURI(ToIRI(u)) is u up to the case of percent-encodings and decoded unreserved characters.
func TestRoundTrips(t *testing.T) {
	g := urlgrammar.MustLookup(urlgrammar.DefaultGrammar)
	n := 0
	for _, u := range corpus.Lines(3000, 9) {
		if !g.Valid(u) || strings.ContainsAny(u, "[]") {
			continue
		}
		n++
		got, err := iri.ToURI(u, iri.Options{})
		require.NoError(t, err, u)
		assert.Equal(t, u, got, "identity on URIs")
		i, err := iri.ToIRI(u)
		require.NoError(t, err, u)
		back, err := iri.ToURI(i, iri.Options{})
		require.NoError(t, err, "%q -> %q", u, i)
		assert.Equal(t, comparable(u), comparable(back), "%q -> %q -> %q", u, i, back)
	}
	assert.Greater(t, n, 1000)
}

// comparable writes percent-encodings in upper case and decodes those of unreserved
// characters: the differences section 3.2 allows between a URI and its round trip.
func comparable(s string) string {
	return regexp.MustCompile(`%[0-9A-Fa-f]{2}`).ReplaceAllStringFunc(s, func(p string) string {
		var v byte
		fmt.Sscanf(p[1:], "%02x", &v)
		if 'a' <= v && v <= 'z' || 'A' <= v && v <= 'Z' || '0' <= v && v <= '9' || strings.IndexByte("-._~", v) >= 0 {
			return string(rune(v))
		}
		return strings.ToUpper(p)
	})
}

// FuzzToURI: no panic; a result is ASCII, has only what URIs allow, and maps to itself; an
// error is at an offset inside the input.
func FuzzToURI(f *testing.F) {
	f.Add("http://r\u00e9sum\u00e9.example.org/\ue000?q#f", false, false)
	f.Add("http://a b/\xff", true, true)
	f.Fuzz(func(t *testing.T, s string, encodeASCII, useIDNA bool) {
		u, err := iri.ToURI(s, iri.Options{EncodeASCII: encodeASCII, IDNA: useIDNA})
		if err != nil {
			var e *iri.Error
			if !assert.ErrorAs(t, err, &e) || e.Offset < 0 || e.Offset > len(s) {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		for i := 0; i < len(u); i++ {
			if u[i] >= utf8.RuneSelf || u[i] <= ' ' || strings.IndexByte(`<>"{}|\^`+"`\x7f", u[i]) >= 0 {
				t.Fatalf("%q -> %q: byte %#x at %d", s, u, u[i], i)
			}
		}
		again, err := iri.ToURI(u, iri.Options{})
		if err != nil || again != u {
			t.Fatalf("%q -> %q -> %q, %v: not idempotent", s, u, again, err)
		}
	})
}

// FuzzToIRI: no panic; the IRI of an ASCII input is valid UTF-8 and maps back to it up to
// what section 3.2 allows.
func FuzzToIRI(f *testing.F) {
	f.Add("http://a/%C3%A9%e2%80%ae%FC?%EE%80%80#%41")
	f.Fuzz(func(t *testing.T, s string) {
		i, err := iri.ToIRI(s)
		if err != nil {
			return
		}
		if !utf8.ValidString(i) {
			t.Fatalf("%q -> %q: invalid UTF-8", s, i)
		}
		back, err := iri.ToURI(i, iri.Options{EncodeASCII: true})
		if err != nil {
			// s held characters no URI has (a control character...): ToURI refuses them
			// in both.
			if _, err2 := iri.ToURI(s, iri.Options{EncodeASCII: true}); err2 == nil {
				t.Fatalf("%q -> %q: ToURI fails on the IRI only: %v", s, i, err)
			}
			return
		}
		want, _ := iri.ToURI(s, iri.Options{EncodeASCII: true})
		if comparable(back) != comparable(want) {
			t.Fatalf("%q -> %q -> %q, want %q", s, i, back, want)
		}
	})
}
