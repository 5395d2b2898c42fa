// Package playground is the page `urlgrammar serve` serves: an input box, a grammar picker,
// the parse as coloured components and as a tree with spans, the error with its caret, the
// verdict of every grammar, resolution against a base, normalization, and the railroad
// diagram of any rule. The page and its script are embedded: no network access at run time,
// no build step. The server keeps no state and bounds every input.
package playground

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/check"
	"github.com/urlgrammar/urlgrammar/diagram"
	_ "github.com/urlgrammar/urlgrammar/grammars/all" // every bundled grammar, by its id
	"github.com/urlgrammar/urlgrammar/internal/jsontext"
	"github.com/urlgrammar/urlgrammar/resolve"
	"github.com/urlgrammar/urlgrammar/warn"
)

//go:embed index.html
var page []byte

//go:embed playground.js
var script []byte

// MaxInput is the longest input (and base) the playground checks, in bytes.
const MaxInput = 8 << 10

// MaxResponse is the largest answer the playground sends, in bytes: a longer one (the trees of
// a long input in every grammar) is refused with 413, without being held whole.
const MaxResponse = 1 << 20

// DefaultMaxConcurrent is how many requests the playground serves at once when Config says
// nothing; the others wait for a turn, at most QueueWait, then get 503.
const DefaultMaxConcurrent = 8

// QueueWait is how long a request waits for a turn before it gets 503.
const QueueWait = 2 * time.Second

// The headers of every response. The page loads its script from the server (no inline
// script); the railroad diagrams are SVG with a <style> element, hence style-src
// 'unsafe-inline'. frame-ancestors and X-Frame-Options forbid framing (clickjacking), nosniff
// forbids reading a JSON answer as a script or a page.
const csp = "default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self' data:; " +
	"style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

// Config says how the handler guards itself.
type Config struct {
	// Loopback refuses (421) a request whose Host header names anything but localhost or a
	// loopback address, for a server bound to loopback: a page of another site cannot then
	// reach it through a name that resolves to 127.0.0.1 (DNS rebinding).
	Loopback bool
	// MaxConcurrent bounds the requests served at once (0: DefaultMaxConcurrent).
	MaxConcurrent int
}

// Handler returns the playground's handler with the default Config:
//
//	GET /                                   the page
//	GET /playground.js                      its script
//	GET /api/grammars                       [{id, title, start, generic, default}]
//	GET /api/check?input=S&grammar=ID&base=B
//	GET /api/diagram?grammar=ID&rule=R      image/svg+xml
func Handler() http.Handler { return NewHandler(Config{}) }

// NewHandler returns the playground's handler (see Handler) guarded as cfg says: at most
// cfg.MaxConcurrent requests at once, answers of at most MaxResponse bytes, the security
// headers on every response, and the Host check of cfg.Loopback.
func NewHandler(cfg Config) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(page)
	})
	mux.HandleFunc("GET /playground.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Write(script)
	})
	mux.HandleFunc("GET /api/grammars", grammars)
	mux.HandleFunc("GET /api/check", checkInput)
	mux.HandleFunc("GET /api/diagram", drawRule)
	n := cfg.MaxConcurrent
	if n <= 0 {
		n = DefaultMaxConcurrent
	}
	turns := make(chan struct{}, n)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cross-Origin-Resource-Policy", "same-origin")
		if cfg.Loopback && !loopbackHost(r.Host) {
			writeJSON(w, http.StatusMisdirectedRequest, errorResponse{"the playground answers only to localhost and loopback addresses, not to Host " + r.Host})
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), QueueWait)
		defer cancel()
		select {
		case turns <- struct{}{}:
			defer func() { <-turns }()
		case <-ctx.Done():
			h.Set("Retry-After", "1")
			writeJSON(w, http.StatusServiceUnavailable, errorResponse{"the playground is busy: try again"})
			return
		}
		mux.ServeHTTP(w, r)
	})
}

// loopbackHost reports whether a Host header names localhost or a loopback address.
func loopbackHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

type grammarInfo struct {
	ID      string `json:"id"`
	Title   string `json:"title"`
	Start   string `json:"start"`
	Generic bool   `json:"generic"`
	Default bool   `json:"default"` // urlgrammar.DefaultGrammar: the page's first pick
}

func grammars(w http.ResponseWriter, _ *http.Request) {
	var out []grammarInfo
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		out = append(out, grammarInfo{g.ID(), g.Title(), g.Start(), g.Generic(), id == urlgrammar.DefaultGrammar})
	}
	writeJSON(w, http.StatusOK, out)
}

// checkResponse is the answer of /api/check.
type checkResponse struct {
	Input   string `json:"input"`
	Grammar string `json:"grammar"`
	// Results holds every grammar's parse --json object, in the order of urlgrammar.IDs.
	Results []any `json:"results"`
	// Spans holds, for each of Results, where its components are: name -> [start, end), in
	// bytes (Tree.Spans; the page colours the input by them), null for an invalid input.
	Spans     []map[string][2]int `json:"spans"`
	Resolve   *resolveResult      `json:"resolve,omitempty"`
	Normalize *normalizeResult    `json:"normalize,omitempty"`
	// Confusion holds the messages of warn.Confusion for the picked grammar's tree: where the
	// WHATWG URL parser (browsers) reads another host than the grammar.
	Confusion []string `json:"confusion,omitempty"`
}

type resolveResult struct {
	Base   string `json:"base"`
	Target string `json:"target,omitempty"`
	Error  string `json:"error,omitempty"`
}

type normalizeResult struct {
	Syntax string `json:"syntax,omitempty"`
	Scheme string `json:"scheme,omitempty"`
	Error  string `json:"error,omitempty"`
}

type errorResponse struct {
	Error string `json:"error"`
}

// param returns a query parameter, refusing one over MaxInput bytes or not UTF-8.
func param(w http.ResponseWriter, r *http.Request, name string) (string, bool) {
	v := r.URL.Query().Get(name)
	if len(v) > MaxInput {
		writeJSON(w, http.StatusRequestEntityTooLarge, errorResponse{name + " is longer than the playground's limit of 8 KiB"})
		return "", false
	}
	if !utf8.ValidString(v) {
		writeJSON(w, http.StatusBadRequest, errorResponse{name + " is not UTF-8"})
		return "", false
	}
	return v, true
}

func lookup(w http.ResponseWriter, id string) (*urlgrammar.Grammar, bool) {
	if id == "" {
		id = urlgrammar.DefaultGrammar
	}
	g, err := urlgrammar.Lookup(id)
	if err != nil {
		writeJSON(w, http.StatusBadRequest, errorResponse{err.Error()})
		return nil, false
	}
	return g, true
}

func checkInput(w http.ResponseWriter, r *http.Request) {
	if len(r.URL.RawQuery) > 4*MaxInput {
		writeJSON(w, http.StatusRequestEntityTooLarge, errorResponse{"the request is longer than the playground's limit"})
		return
	}
	input, ok := param(w, r, "input")
	if !ok {
		return
	}
	base, ok := param(w, r, "base")
	if !ok {
		return
	}
	g, ok := lookup(w, r.URL.Query().Get("grammar"))
	if !ok {
		return
	}
	resp := checkResponse{Input: input, Grammar: g.ID()}
	for _, id := range urlgrammar.IDs() {
		gi := urlgrammar.MustLookup(id)
		tree, err := gi.Parse(input)
		var spans map[string][2]int
		if err == nil {
			spans = spansOf(tree)
		}
		resp.Results = append(resp.Results, check.ParseRecord(gi, input, tree, err))
		resp.Spans = append(resp.Spans, spans)
	}
	if warn.Applies(g) { // a generic grammar, or a scheme grammar read as RFC 3986 (rfc9110)
		if ref, err := g.Parse(input); err == nil {
			for _, w := range warn.CheckIn(g, ref, warn.Set{warn.Confusion: true}) {
				resp.Confusion = append(resp.Confusion, w.Message)
			}
			if g.Generic() {
				resp.Normalize = normalize(g, ref)
				resp.Resolve = resolveAgainst(g, base, input)
			}
		}
	}
	writeJSON(w, http.StatusOK, resp)
}

// resolveAgainst resolves input (a reference of g) against base, or returns nil without a
// base.
func resolveAgainst(g *urlgrammar.Grammar, base, input string) *resolveResult {
	if base == "" {
		return nil
	}
	out := &resolveResult{Base: base}
	res, err := resolve.ResolveString(base, input, resolve.Options{Grammar: g, Algorithm: resolve.DefaultAlgorithm(g)})
	if err != nil {
		out.Error = err.Error()
	} else {
		out.Target = res.String()
	}
	return out
}

// spansOf returns the defined components of t with their byte ranges.
func spansOf(t ast.Tree) map[string][2]int {
	sp := t.Spans()
	out := map[string][2]int{}
	for _, c := range sp.All() {
		if c.Defined {
			out[c.Name] = [2]int{c.Start, c.End}
		}
	}
	return out
}

func normalize(g *urlgrammar.Grammar, ref ast.Tree) *normalizeResult {
	out := &normalizeResult{}
	n, _, err := resolve.Normalize(ref, resolve.NormalizeOptions{Level: resolve.LevelSyntax, Grammar: g})
	if err != nil {
		out.Error = err.Error()
		return out
	}
	out.Syntax = n.String()
	n, _, err = resolve.Normalize(ref, resolve.NormalizeOptions{Level: resolve.LevelScheme, Grammar: g})
	if err != nil {
		out.Error = err.Error()
		return out
	}
	out.Scheme = n.String()
	return out
}

func drawRule(w http.ResponseWriter, r *http.Request) {
	g, ok := lookup(w, r.URL.Query().Get("grammar"))
	if !ok {
		return
	}
	d, err := diagram.Read(g.ABNF())
	if err != nil {
		writeJSON(w, http.StatusInternalServerError, errorResponse{err.Error()})
		return
	}
	rule := r.URL.Query().Get("rule")
	if d.Rule(rule) == nil {
		// Tree nodes are named by the typed tree; try its spelling with "-" for "_".
		rule = strings.ReplaceAll(rule, "_", "-")
	}
	svg, err := d.SVG(rule, diagram.Options{Link: func(name string) string { return "#rule=" + name }})
	if err != nil {
		writeJSON(w, http.StatusNotFound, errorResponse{"grammar " + g.ID() + " has no rule " + r.URL.Query().Get("rule")})
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Write(svg)
}

// writeJSON writes v as the JSON answer, or 413 when it is longer than MaxResponse: it is
// encoded into a buffer that stops at MaxResponse, so no answer is held longer than that.
func writeJSON(w http.ResponseWriter, status int, v any) {
	var buf bytes.Buffer
	err := json.NewEncoder(&limitedBuffer{b: &buf, max: MaxResponse}).Encode(v)
	switch {
	case errors.Is(err, errTooLarge):
		status = http.StatusRequestEntityTooLarge
		buf.Reset()
		json.NewEncoder(&buf).Encode(errorResponse{"the answer is over the playground's limit of 1 MiB: try a shorter input (the CLI's parse --json has no limit)"})
	case err != nil:
		status = http.StatusInternalServerError
		buf.Reset()
		buf.WriteString(`{"error":"the response cannot be encoded"}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(jsontext.EscapeReplacement(buf.Bytes())) // U+FFFD as the CLI writes it, with any Go
}

var errTooLarge = errors.New("answer too large")

// limitedBuffer is a writer that refuses to hold more than max bytes.
type limitedBuffer struct {
	b   *bytes.Buffer
	max int
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if l.b.Len()+len(p) > l.max {
		return 0, errTooLarge
	}
	return l.b.Write(p)
}
