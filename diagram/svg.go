package diagram

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Layout constants, in SVG user units (pixels).
const (
	charWidth = 7.8  // of the 13px monospace font
	boxHalf   = 11.0 // half the height of a box
	hGap      = 10.0 // between the items of a sequence
	vGap      = 8.0  // between alternatives
	arc       = 10.0 // radius of the connectors
	pad       = 12.0 // around a diagram
)

// Options says how diagrams link rule references.
type Options struct {
	// Link returns the target of a reference to a rule the grammar defines ("#name" in a
	// page of all rules, "name.svg" for files side by side); nil draws no links.
	Link func(rule string) string
}

// SVG returns the railroad diagram of a rule as a self-contained SVG document, with
// references linking to "RULE.svg" beside it.
func SVG(g *Grammar, rule string) ([]byte, error) {
	return g.SVG(rule, Options{Link: func(name string) string { return name + ".svg" }})
}

// SVG returns the railroad diagram of a rule as a self-contained SVG document.
func (g *Grammar) SVG(rule string, opts Options) ([]byte, error) {
	r := g.Rule(rule)
	if r == nil {
		return nil, fmt.Errorf("no rule %q", rule)
	}
	var b bytes.Buffer
	b.WriteString(xml.Header)
	g.writeSVG(&b, r, opts)
	return b.Bytes(), nil
}

// writeSVG writes the <svg> element of a rule.
func (g *Grammar) writeSVG(b *bytes.Buffer, r *Rule, opts Options) {
	item := g.layout(r.Expr, opts)
	w := item.width() + 2*pad + 2*hGap
	h := item.up() + item.down() + 2*pad
	y := pad + item.up()
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" class="railroad" width="%s" height="%s" viewBox="0 0 %s %s" role="img">`,
		num(w), num(h), num(w), num(h))
	b.WriteString("<title>")
	escape(b, r.Name)
	b.WriteString("</title>")
	b.WriteString(style)
	// Start and end markers, then the diagram between them.
	fmt.Fprintf(b, `<path d="M%s %sv%s M%s %sv%s M%s %sh%s"/>`, num(pad), num(y-7), num(14), num(pad+4), num(y-7), num(14), num(pad), num(y), num(hGap))
	item.draw(b, pad+hGap, y)
	end := pad + hGap + item.width()
	fmt.Fprintf(b, `<path d="M%s %sh%s M%s %sv%s M%s %sv%s"/>`, num(end), num(y), num(hGap), num(end+hGap), num(y-7), num(14), num(end+hGap-4), num(y-7), num(14))
	b.WriteString("</svg>")
}

const style = `<style>.railroad path{fill:none;stroke:#333;stroke-width:1.5}` +
	`.railroad rect{stroke:#333;stroke-width:1.5}` +
	`.railroad .t rect{fill:#e8f4e8}.railroad .n rect{fill:#e8eef8}.railroad .p rect{fill:#f4f4f4}` +
	`.railroad text{font:13px monospace;fill:#111;text-anchor:middle;dominant-baseline:central}` +
	`.railroad text.label{font:11px sans-serif;fill:#555}` +
	`.railroad a text{fill:#1a4f9c;text-decoration:underline}</style>`

// An item is a laid-out part of a diagram: its width, how far it reaches above and below
// its baseline, and how it draws itself with its entry at (x, y).
type item interface {
	width() float64
	up() float64
	down() float64
	draw(b *bytes.Buffer, x, y float64)
}

// layout lays out an expression. Every item measures itself once, when it is made, from
// its parts' measures: the layout is linear in the size of the expression whatever its
// nesting (measuring on demand recomputed the parts of a nested choice at every level, which
// was exponential in the depth).
func (g *Grammar) layout(e *Expr, opts Options) item {
	switch e.Kind {
	case Alt:
		items := make([]item, len(e.Items))
		for i, it := range e.Items {
			items[i] = g.layout(it, opts)
		}
		return newChoice(items...)
	case Seq:
		items := make([]item, len(e.Items))
		for i, it := range e.Items {
			items[i] = g.layout(it, opts)
		}
		return newSequence(items)
	case Rep:
		inner := g.layout(e.Items[0], opts)
		switch {
		case e.Min == 0 && e.Max == 1:
			return newChoice(skip{}, inner)
		case e.Min == 0 && e.Max < 0:
			return newChoice(skip{}, newLoop(inner, ""))
		case e.Min == 1 && e.Max < 0:
			return newLoop(inner, "")
		case e.Max < 0:
			return newLoop(inner, fmt.Sprintf("at least %d times", e.Min))
		case e.Min == 0:
			return newChoice(skip{}, newLoop(inner, fmt.Sprintf("at most %d times", e.Max)))
		case e.Min == e.Max:
			return newLoop(inner, fmt.Sprintf("exactly %d times", e.Min))
		}
		return newLoop(inner, fmt.Sprintf("%d to %d times", e.Min, e.Max))
	case Lit:
		t := &box{text: `"` + e.Text + `"`, class: "t", round: true}
		if hasLetter(e.Text) {
			t.title = "case-insensitive"
		}
		return t
	case Num:
		text, title := numLabel(e.Text)
		return &box{text: text, title: title, class: "t", round: true}
	case Ref:
		n := &box{text: e.Text, class: "n"}
		if r := g.Rule(e.Text); r != nil && opts.Link != nil {
			n.href = opts.Link(r.Name)
		}
		return n
	}
	return &box{text: "<" + e.Text + ">", class: "p", title: "prose"}
}

func hasLetter(s string) bool {
	for i := 0; i < len(s); i++ {
		if isAlpha(s[i]) {
			return true
		}
	}
	return false
}

// numLabel writes a num-val readably: a printable character quoted, a range as its two
// ends, a case-sensitive string as %s"..." (RFC 7405); the num-val itself is the title.
func numLabel(text string) (label, title string) {
	vals, err := numValues(text)
	if err != nil {
		return text, ""
	}
	printable := func(v int) bool { return v > 0x20 && v < 0x7f }
	isRange := strings.Contains(text, "-")
	all := true
	for _, v := range vals {
		all = all && printable(v)
	}
	if !all {
		return text, ""
	}
	if isRange {
		return fmt.Sprintf("%q-%q", rune(vals[0]), rune(vals[1])), text
	}
	var s strings.Builder
	for _, v := range vals {
		s.WriteRune(rune(v))
	}
	if hasLetter(s.String()) {
		return `%s"` + s.String() + `"`, text + ", case-sensitive"
	}
	return `"` + s.String() + `"`, text
}

// box is a terminal (rounded) or a rule reference (square, linked).
type box struct {
	text, title, class, href string
	round                    bool
}

func (t *box) width() float64 { return float64(utf8.RuneCountInString(t.text))*charWidth + 20 }
func (t *box) up() float64    { return boxHalf }
func (t *box) down() float64  { return boxHalf }
func (t *box) draw(b *bytes.Buffer, x, y float64) {
	fmt.Fprintf(b, `<g class="%s">`, t.class)
	if t.href != "" {
		b.WriteString(`<a href="`)
		escape(b, t.href)
		b.WriteString(`">`)
	}
	if t.title != "" {
		b.WriteString("<title>")
		escape(b, t.title)
		b.WriteString("</title>")
	}
	r := 0.0
	if t.round {
		r = boxHalf
	}
	fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s"/>`, num(x), num(y-boxHalf), num(t.width()), num(2*boxHalf), num(r))
	fmt.Fprintf(b, `<text x="%s" y="%s">`, num(x+t.width()/2), num(y))
	escape(b, t.text)
	b.WriteString("</text>")
	if t.href != "" {
		b.WriteString("</a>")
	}
	b.WriteString("</g>")
}

// skip is the empty way around an optional part.
type skip struct{}

func (skip) width() float64                       { return 0 }
func (skip) up() float64                          { return 0 }
func (skip) down() float64                        { return 0 }
func (skip) draw(*bytes.Buffer, float64, float64) {}

type sequence struct {
	items   []item
	w, u, d float64
}

func newSequence(items []item) *sequence {
	s := &sequence{items: items}
	for i, it := range items {
		if i > 0 {
			s.w += hGap
		}
		s.w += it.width()
		s.u = max(s.u, it.up())
		s.d = max(s.d, it.down())
	}
	return s
}

func (s *sequence) width() float64 { return s.w }
func (s *sequence) up() float64    { return s.u }
func (s *sequence) down() float64  { return s.d }

func (s *sequence) draw(b *bytes.Buffer, x, y float64) {
	for i, it := range s.items {
		if i > 0 {
			fmt.Fprintf(b, `<path d="M%s %sh%s"/>`, num(x), num(y), num(hGap))
			x += hGap
		}
		it.draw(b, x, y)
		x += it.width()
	}
}

// choice stacks its alternatives: the first on the baseline, the others below it.
type choice struct {
	items []item
	inner float64   // the widest alternative
	off   []float64 // how far below the baseline each alternative's baseline is
	d     float64
}

func newChoice(items ...item) *choice {
	c := &choice{items: items, off: make([]float64, len(items))}
	for _, it := range items {
		c.inner = max(c.inner, it.width())
	}
	d := items[0].down()
	for i := 1; i < len(items); i++ {
		c.off[i] = max(d+vGap+items[i].up(), c.off[i-1]+2*arc)
		d = c.off[i] + items[i].down()
	}
	n := len(items) - 1
	c.d = max(items[0].down(), c.off[n]+items[n].down())
	return c
}

func (c *choice) width() float64 { return c.inner + 4*arc }
func (c *choice) up() float64    { return c.items[0].up() }
func (c *choice) down() float64  { return c.d }

func (c *choice) draw(b *bytes.Buffer, x, y float64) {
	w, off := c.inner, c.off
	for i, it := range c.items {
		if i == 0 {
			fmt.Fprintf(b, `<path d="M%s %sh%s"/>`, num(x), num(y), num(2*arc))
			it.draw(b, x+2*arc, y)
			fmt.Fprintf(b, `<path d="M%s %sh%s"/>`, num(x+2*arc+it.width()), num(y), num(w-it.width()+2*arc))
			continue
		}
		v := off[i] - 2*arc
		fmt.Fprintf(b, `<path d="M%s %sa%s %s 0 0 1 %s %sv%sa%s %s 0 0 0 %s %s"/>`,
			num(x), num(y), num(arc), num(arc), num(arc), num(arc), num(v), num(arc), num(arc), num(arc), num(arc))
		it.draw(b, x+2*arc, y+off[i])
		fmt.Fprintf(b, `<path d="M%s %sh%sa%s %s 0 0 0 %s %sv%sa%s %s 0 0 1 %s %s"/>`,
			num(x+2*arc+it.width()), num(y+off[i]), num(w-it.width()), num(arc), num(arc), num(arc), num(-arc), num(-v), num(arc), num(arc), num(arc), num(-arc))
	}
}

// loop is an item that may repeat: a way back below it, with the bounds written under.
type loop struct {
	item  item
	label string
	w     float64
	back  float64 // how far below the baseline the way back runs
}

func newLoop(it item, label string) *loop {
	l := &loop{item: it, label: label, w: it.width(), back: max(2*arc, it.down()+vGap)}
	if label != "" {
		l.w = max(l.w, float64(len(label))*6.2)
	}
	l.w += 2 * arc
	return l
}

func (l *loop) width() float64 { return l.w }
func (l *loop) up() float64    { return l.item.up() }

func (l *loop) down() float64 {
	if l.label != "" {
		return l.back + 14
	}
	return l.back
}

func (l *loop) draw(b *bytes.Buffer, x, y float64) {
	w := l.width() - 2*arc
	iw := l.item.width()
	left := x + arc + (w-iw)/2
	fmt.Fprintf(b, `<path d="M%s %sh%s"/>`, num(x), num(y), num(left-x))
	l.item.draw(b, left, y)
	fmt.Fprintf(b, `<path d="M%s %sh%s"/>`, num(left+iw), num(y), num(x+w+2*arc-left-iw))
	v := l.back - 2*arc
	fmt.Fprintf(b, `<path d="M%s %sa%s %s 0 0 1 %s %sv%sa%s %s 0 0 1 %s %sh%sa%s %s 0 0 1 %s %sv%sa%s %s 0 0 1 %s %s"/>`,
		num(x+w+arc), num(y), num(arc), num(arc), num(arc), num(arc), num(v), num(arc), num(arc), num(-arc), num(arc),
		num(-w), num(arc), num(arc), num(-arc), num(-arc), num(-v), num(arc), num(arc), num(arc), num(-arc))
	if l.label != "" {
		fmt.Fprintf(b, `<text class="label" x="%s" y="%s">`, num(x+arc+w/2), num(y+l.back+9))
		escape(b, l.label)
		b.WriteString("</text>")
	}
}

// num writes a coordinate with at most one decimal.
func num(f float64) string {
	s := fmt.Sprintf("%.1f", f)
	s = strings.TrimSuffix(s, ".0")
	if s == "-0" {
		s = "0"
	}
	return s
}

func escape(b *bytes.Buffer, s string) {
	xml.EscapeText(b, []byte(s))
}

// HTML returns one self-contained page with the diagram of every rule of the grammar, in
// order, each under its name and ABNF definition, with references linking within the page.
func (g *Grammar) HTML(title string, source []byte) []byte {
	var b bytes.Buffer
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
	escape(&b, title)
	b.WriteString("</title><style>body{font:15px sans-serif;margin:2em;color:#111}h2{font:600 16px monospace;margin:2em 0 .3em}" +
		"pre{background:#f6f6f6;padding:.5em;overflow:auto}nav a{margin-right:.6em;font-family:monospace}</style></head><body>\n<h1>")
	escape(&b, title)
	b.WriteString("</h1>\n<nav>")
	for _, r := range g.Rules {
		fmt.Fprintf(&b, `<a href="#%s">`, anchor(r.Name))
		escape(&b, r.Name)
		b.WriteString("</a> ")
	}
	b.WriteString("</nav>\n")
	lines := strings.Split(strings.ReplaceAll(string(source), "\r\n", "\n"), "\n")
	for _, r := range g.Rules {
		fmt.Fprintf(&b, "<section><h2 id=\"%s\">", anchor(r.Name))
		escape(&b, r.Name)
		b.WriteString("</h2>\n")
		if def := definition(lines, r.Line); def != "" {
			b.WriteString("<pre>")
			escape(&b, def)
			b.WriteString("</pre>\n")
		}
		g.writeSVG(&b, r, Options{Link: func(name string) string { return "#" + anchor(name) }})
		b.WriteString("\n</section>\n")
	}
	b.WriteString("</body></html>\n")
	return b.Bytes()
}

// anchor is the id of a rule's section: its name in lower case (ABNF names are
// case-insensitive).
func anchor(name string) string { return strings.ToLower(name) }

// definition returns the source lines of the rule that begins at line n (1-based): that
// line and its indented continuations, comments included.
func definition(lines []string, n int) string {
	if n < 1 || n > len(lines) {
		return ""
	}
	out := []string{lines[n-1]}
	for _, l := range lines[n:] {
		if l == "" || (l[0] != ' ' && l[0] != '\t') {
			break
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}
