// Package playground is the page `urlgrammar serve` serves: an input box, a grammar picker,
// the parse as coloured components and as a tree with spans, the error with its caret, the
// verdict of every grammar, resolution against a base, normalization, and the railroad
// diagram of any rule. The page and its script are embedded: no network access at run time,
// no build step. The server keeps no state and bounds every input.
package playground

import (
	_ "embed"
	"encoding/json"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/check"
	"github.com/urlgrammar/urlgrammar/diagram"
	"github.com/urlgrammar/urlgrammar/resolve"
)

//go:embed index.html
var page []byte

// MaxInput is the longest input (and base) the playground checks, in bytes.
const MaxInput = 8 << 10

// Handler returns the playground's handler:
//
//	GET /                                   the page
//	GET /api/grammars                       [{id, title, start, generic}]
//	GET /api/check?input=S&grammar=ID&base=B
//	GET /api/diagram?grammar=ID&rule=R      image/svg+xml
func Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline'; img-src 'self' data:")
		w.Write(page)
	})
	mux.HandleFunc("GET /api/grammars", grammars)
	mux.HandleFunc("GET /api/check", checkInput)
	mux.HandleFunc("GET /api/diagram", drawRule)
	return mux
}

type grammarInfo struct {
	ID      string `json:"id"`
	Title   string `json:"title"`
	Start   string `json:"start"`
	Generic bool   `json:"generic"`
}

func grammars(w http.ResponseWriter, _ *http.Request) {
	var out []grammarInfo
	for _, id := range urlgrammar.IDs() {
		g := urlgrammar.MustLookup(id)
		out = append(out, grammarInfo{g.ID(), g.Title(), g.Start(), g.Generic()})
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
		var root ast.Root
		var spans map[string][2]int
		if err == nil {
			root, spans = tree, spansOf(tree)
		}
		resp.Results = append(resp.Results, check.ParseRecord(gi, input, root, err))
		resp.Spans = append(resp.Spans, spans)
	}
	if g.Generic() {
		if ref, err := g.Parse(input); err == nil {
			resp.Normalize = normalize(g, ref)
			if base != "" {
				resp.Resolve = &resolveResult{Base: base}
				res, err := resolve.ResolveString(base, input, resolve.Options{Grammar: g, Algorithm: resolve.DefaultAlgorithm(g)})
				if err != nil {
					resp.Resolve.Error = err.Error()
				} else {
					resp.Resolve.Target = res.String()
				}
			}
		}
	}
	writeJSON(w, http.StatusOK, resp)
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

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"error":"the response cannot be encoded"}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(b)
}
