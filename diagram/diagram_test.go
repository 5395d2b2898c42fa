package diagram_test

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/diagram"
)

// wellFormed checks that doc is well-formed XML and returns its elements' names and the
// values of its href attributes.
func wellFormed(t *testing.T, doc []byte, html bool) (elements map[string]int, hrefs []string) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	d.Strict = !html
	if html {
		d.AutoClose = xml.HTMLAutoClose
		d.Entity = xml.HTMLEntity
	}
	elements = map[string]int{}
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err)
		if se, ok := tok.(xml.StartElement); ok {
			elements[se.Name.Local]++
			for _, a := range se.Attr {
				if a.Name.Local == "href" {
					hrefs = append(hrefs, a.Value)
				}
			}
		}
	}
	return elements, hrefs
}

// Every rule of every grammar draws as a valid SVG document, and its links name rules the
// grammar defines.
func TestEveryRuleOfEveryGrammar(t *testing.T) {
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		src := g.ABNF()
		require.NotEmpty(t, src, id)
		d, err := diagram.Read(src)
		require.NoError(t, err, id)
		assert.Len(t, d.Rules, len(g.Rules()), "%s: the diagram reader and the generator see the same rules", id)
		for _, r := range d.Rules {
			svg, err := diagram.SVG(d, r.Name)
			require.NoError(t, err)
			els, hrefs := wellFormed(t, svg, false)
			assert.Equal(t, 1, els["svg"], "%s %s", id, r.Name)
			assert.Positive(t, els["rect"]+els["path"], "%s %s", id, r.Name)
			for _, h := range hrefs {
				name := strings.TrimSuffix(h, ".svg")
				assert.NotNil(t, d.Rule(name), "%s %s links to %q", id, r.Name, h)
			}
		}
		page := d.HTML(g.Title(), src)
		els, hrefs := wellFormed(t, page, true)
		assert.Equal(t, len(d.Rules), els["svg"], id)
		ids := map[string]bool{}
		for _, r := range d.Rules {
			ids["#"+strings.ToLower(r.Name)] = true
		}
		for _, h := range hrefs {
			assert.True(t, ids[h], "%s: the page links to %q, which has no section", id, h)
		}
	}
}

// What a diagram shows: literals with their case rule, num-vals readably, references as
// links, repetition bounds.
func TestDrawing(t *testing.T) {
	d, err := diagram.Read([]byte("r = \"ab\" %x68.74 %x41-5A %x0D a 2*4b [a] *b 1*b 3b\na = \"x\"\nb = <prose>\n"))
	require.NoError(t, err)
	svg, err := diagram.SVG(d, "r")
	require.NoError(t, err)
	s := string(svg)
	for _, want := range []string{
		`&#34;ab&#34;`, "case-insensitive", // a quoted string
		`%s&#34;ht&#34;`, "case-sensitive", // %x68.74 spells "ht", case-sensitive
		`&#39;A&#39;-&#39;Z&#39;`, // a range of printable characters
		`%x0D`,                    // a control character stays a num-val
		`href="a.svg"`,            // a reference to a defined rule
		"2 to 4 times", "exactly 3 times",
	} {
		assert.Contains(t, s, want)
	}
	assert.NotContains(t, s, `href="b.svg`+`x`)
	// Rule names are case-insensitive; an unknown rule is an error.
	_, err = diagram.SVG(d, "R")
	assert.NoError(t, err)
	_, err = diagram.SVG(d, "nosuch")
	assert.Error(t, err)
}

// Errors say where: line and column.
func TestReadErrors(t *testing.T) {
	for src, want := range map[string]string{
		"r = \"a\n":               "1:5: a quoted string does not end",
		"r = a\n  / (b\n":         "2:7: expected ')'",
		"r = a\nr = b\n":          "2:1: rule r is defined twice",
		"r =/ a\n":                "1:1: =/ adds to rule r",
		"  r = a\n":               "1:1: an indented line continues no rule",
		"r = 3*2a\n":              "1:8: repetition 3*2",
		"r = %x5A-41\n":           "the range ends before it starts",
		"r = a\n; only a comment": "",
		"":                        "no rules",
		"r = " + strings.Repeat("(", 200) + "a" + strings.Repeat(")", 200): "nested more than 100 deep",
	} {
		_, err := diagram.Read([]byte(src))
		if want == "" {
			assert.NoError(t, err, "%q", src)
			continue
		}
		if assert.Error(t, err, "%q", src) {
			assert.Contains(t, err.Error(), want, "%q", src)
		}
	}
	// "=/" adds alternatives.
	d, err := diagram.Read([]byte("r = a\nr =/ b\na = \"1\"\nb = \"2\"\n"))
	require.NoError(t, err)
	assert.Equal(t, diagram.Alt, d.Rule("r").Expr.Kind)
}

// FuzzRead: any input is read or refused with an error, never a panic or a hang, and what
// is read draws as well-formed SVG.
func FuzzRead(f *testing.F) {
	// Small seeds: the fuzzer mutates what it is given, and a whole grammar per input made
	// it run tens of inputs a second (every rule drawn). The grammars themselves are drawn
	// by TestEveryRuleOfEveryGrammar.
	for _, src := range []string{
		"r = 2*4( \"a\" / %x41-5A ) [ b ] <p>\nb = 1*%d48.49\n",
		"URI = scheme \":\" hier-part [ \"?\" query ]\nscheme = ALPHA *( ALPHA / DIGIT / \"+\" )\n",
		"a = b / c\n  / d ; a comment\nb = \"x\"\nc = %x30-39\nd = *b\na =/ \"y\"\n",
		"r = 3*3\"a\" 0*1b *2( c d )\nb = %b101\nc = %s\"Ab\"\nd = \"\"\n",
		"r = [ [ ( \"a\" ) ] ]\r\n",
	} {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		d, err := diagram.Read([]byte(src))
		if err != nil {
			var se *diagram.SyntaxError
			if !errors.As(err, &se) || se.Line < 1 || se.Column < 1 {
				t.Fatalf("error without a place: %v", err)
			}
			return
		}
		for _, r := range d.Rules {
			svg, err := diagram.SVG(d, r.Name)
			if err != nil {
				t.Fatal(err)
			}
			dec := xml.NewDecoder(bytes.NewReader(svg))
			for {
				_, err := dec.Token()
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					t.Fatalf("rule %s: not well-formed: %v\n%s", r.Name, err, svg)
				}
			}
		}
	})
}
