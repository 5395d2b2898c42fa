// Command peers measures urlgrammar against other URL parsers on one machine, in one run:
// net/url, github.com/fredbi/uri, Node's URL (ada) and uriparser, on the http and https URLs
// of the benchmark corpus (internal/corpus, seed 1: the same kind of URLs as the peers'
// own benchmark corpora). It prints a Markdown table: each call's time per URL (the median
// of the rounds), its ratio to net/url.Parse (net/url's time / the call's), and how many
// lines it accepted.
//
// The Go calls run in this process at GOMAXPROCS=1 (the garbage collector gets no core of
// its own), alternating round by round; Node and uriparser run as child processes over the
// same lines, timed by their process CPU time. Node and Debian's liburiparser-dev are
// installed by `make peers`; a peer that cannot be run is left out of the table with a line
// that says why.
//
//	go run ./internal/cmd/peers [-n 10000] [-rounds 5]
package main

import (
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/fredbi/uri"
	"github.com/urlgrammar/urlgrammar"
	_ "github.com/urlgrammar/urlgrammar/grammars/rfc3986"
	"github.com/urlgrammar/urlgrammar/internal/corpus"
)

//go:embed src/uriparser.c
var uriparserC []byte

//go:embed src/node.js
var nodeJS []byte

// A row is one call's result.
type row struct {
	Name     string  `json:"name"`
	NS       float64 `json:"ns"`
	Accepted int     `json:"accepted"`
}

func main() {
	n := flag.Int("n", 10000, "the number of http and https URLs")
	rounds := flag.Int("rounds", 5, "rounds; each call's time is the median of its rounds")
	flag.Parse()
	if err := run(os.Stdout, *n, *rounds); err != nil {
		fmt.Fprintln(os.Stderr, "peers:", err)
		os.Exit(1)
	}
}

// run measures the calls on the first n http(s) URLs of the corpus and writes the table to w.
func run(w io.Writer, n, rounds int) error {
	lines := httpLines(n)
	bytes := 0
	for _, l := range lines {
		bytes += len(l)
	}
	reps := max(1, 8_000_000/bytes) // each round reads about 8 MB
	dir, err := os.MkdirTemp("", "peers")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "urls.txt")
	if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		return err
	}

	g := urlgrammar.MustLookup("rfc3986")
	p := g.NewParser()
	calls := []struct {
		name string
		f    func(string) bool
	}{
		{"net/url.Parse", func(s string) bool { _, err := url.Parse(s); return err == nil }},
		{"urlgrammar rfc3986 Valid", g.Valid},
		{"urlgrammar rfc3986 Parse", func(s string) bool { _, err := g.Parse(s); return err == nil }},
		{"urlgrammar rfc3986 Parser.Parse", func(s string) bool { _, err := p.Parse(s); return err == nil }},
		{"github.com/fredbi/uri Parse", func(s string) bool { _, err := uri.Parse(s); return err == nil }},
	}
	runtime.GOMAXPROCS(1)
	times := make([][]float64, len(calls))
	accepted := make([]int, len(calls))
	for r := -1; r < rounds; r++ { // round -1 warms up
		for i, c := range calls {
			t := cpuTime()
			acc := 0
			for range reps {
				for _, s := range lines {
					if c.f(s) {
						acc++
					}
				}
			}
			if r >= 0 {
				times[i] = append(times[i], float64(cpuTime()-t)/float64(reps*len(lines)))
			}
			accepted[i] = acc / reps
		}
	}
	var rows []row
	for i, c := range calls {
		slices.Sort(times[i])
		rows = append(rows, row{Name: c.name, NS: times[i][rounds/2], Accepted: accepted[i]})
	}
	var notes []string
	args := []string{file, strconv.Itoa(reps), strconv.Itoa(rounds)}
	if out, why := node(dir, args); why != "" {
		notes = append(notes, why)
	} else {
		rows = append(rows, out...)
	}
	if out, why := uriparser(dir, args); why != "" {
		notes = append(notes, why)
	} else {
		rows = append(rows, out...)
	}

	base := rows[0].NS
	fmt.Fprintf(w, "%d http(s) URLs of the benchmark corpus (%d bytes), median of %d rounds of %d passes; %s, %d cores, %s, %s\n\n",
		len(lines), bytes, rounds, reps, cpuModel(), runtime.NumCPU(), runtime.Version(), time.Now().UTC().Format("2006-01-02"))
	fmt.Fprintln(w, "| parser and call | ns/URL | vs net/url.Parse | lines accepted |")
	fmt.Fprintln(w, "|---|---:|---:|---:|")
	for _, r := range rows {
		fmt.Fprintf(w, "| %s | %.0f | %.2fx | %d |\n", r.Name, r.NS, base/r.NS, r.Accepted)
	}
	for _, n := range notes {
		fmt.Fprintf(w, "\n%s\n", n)
	}
	return nil
}

// httpLines returns the first n lines of the corpus that are http or https URLs.
func httpLines(n int) []string {
	gen := corpus.New(1)
	var out []string
	for len(out) < n {
		l := gen.Next()
		if strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://") {
			out = append(out, l)
		}
	}
	return out
}

// node runs src/node.js with Node, or says why not.
func node(dir string, args []string) ([]row, string) {
	bin, err := exec.LookPath("node")
	if err != nil {
		return nil, "Node.js is not installed (make peers installs Debian's nodejs): its URL parser is left out."
	}
	script := filepath.Join(dir, "node.js")
	if err := os.WriteFile(script, nodeJS, 0o644); err != nil {
		return nil, err.Error()
	}
	return child(bin, append([]string{script}, args...))
}

// uriparser builds src/uriparser.c against liburiparser and runs it, or says why not.
func uriparser(dir string, args []string) ([]row, string) {
	cc, err := exec.LookPath("cc")
	if err != nil {
		return nil, "no C compiler (cc): uriparser is left out."
	}
	src, bin := filepath.Join(dir, "uriparser.c"), filepath.Join(dir, "uriparser")
	if err := os.WriteFile(src, uriparserC, 0o644); err != nil {
		return nil, err.Error()
	}
	if out, err := exec.Command(cc, "-O2", "-o", bin, src, "-luriparser").CombinedOutput(); err != nil {
		return nil, "uriparser could not be built (make peers installs Debian's liburiparser-dev): " +
			strings.TrimSpace(strings.SplitN(string(out), "\n", 2)[0])
	}
	return child(bin, args)
}

// child runs a peer's program and reads its JSON lines.
func child(bin string, args []string) ([]row, string) {
	out, err := exec.Command(bin, args...).Output()
	if err != nil {
		return nil, fmt.Sprintf("%s failed: %v", filepath.Base(bin), err)
	}
	var rows []row
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var r row
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			return nil, fmt.Sprintf("%s printed %q: %v", filepath.Base(bin), l, err)
		}
		rows = append(rows, r)
	}
	return rows, ""
}

// cpuModel returns the processor's model name, from /proc/cpuinfo.
func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return runtime.GOARCH
	}
	for _, l := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return runtime.GOARCH
}
