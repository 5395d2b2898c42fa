package playground_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar/internal/playground"
)

// chromium returns the path of a Chromium to drive: $URLGRAMMAR_CHROMIUM, or chromium on the
// PATH (Debian's package, which `make browser` and .ci/run install). Without one the test is
// skipped, unless URLGRAMMAR_BROWSER=required (CI), where that is a failure.
func chromium(t *testing.T) string {
	if p := os.Getenv("URLGRAMMAR_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("URLGRAMMAR_BROWSER") == "required" {
		t.Fatal("URLGRAMMAR_BROWSER=required and no chromium found: run `make browser` (Debian's chromium package)")
	}
	t.Skip("TestPlaygroundInBrowser needs Chromium, which is not installed: `make browser` installs Debian's chromium package (make test does it)")
	return ""
}

// TestPlaygroundInBrowser starts the server and drives the page in headless Chromium, as a
// person would: types URLs, picks a grammar, clicks a rule; it checks the coloured
// components, the error caret, every grammar's verdict, resolution and the diagram, and saves
// a screenshot to $URLGRAMMAR_ARTIFACTS (default: a temporary directory) as playground.png.
func TestPlaygroundInBrowser(t *testing.T) {
	exe := chromium(t)
	start := time.Now()
	// url-syntax-05's start rule's diagram answers late, as a slow network would: the page
	// asks for it when the grammar is picked, and a rule clicked before it arrives must stay
	// on show.
	// lateSent receives each time such a late answer has been written.
	page := playground.Handler()
	lateSent := make(chan struct{}, 8)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		late := r.URL.Path == "/api/diagram" && q.Get("grammar") == "url-syntax-05" && q.Get("rule") == "URL-reference"
		if late {
			time.Sleep(time.Second)
		}
		page.ServeHTTP(w, r)
		if late {
			lateSent <- struct{}{}
		}
	}))
	defer srv.Close()

	// Chromium's profile, removed after the browser has exited (it goes on writing there for
	// a moment after the context is cancelled, which t.TempDir's cleanup does not allow).
	profile, err := os.MkdirTemp("", "urlgrammar-chromium-")
	require.NoError(t, err)
	defer func() {
		for range 50 {
			if os.RemoveAll(profile) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Logf("could not remove Chromium's profile %s", profile)
	}()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.WindowSize(1200, 1400),
	)
	// Chromium now and then exits as it starts on a loaded machine (the whole test suite on
	// two cores), before it says where its DevTools listen: started again, up to three times,
	// each in a profile of its own. Nothing the page is asked below is retried.
	var ctx context.Context
	for attempt := 1; ; attempt++ {
		attemptOpts := append(opts[:len(opts):len(opts)], chromedp.UserDataDir(filepath.Join(profile, strconv.Itoa(attempt))))
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), attemptOpts...)
		defer cancelAlloc()
		c, cancel := chromedp.NewContext(actx)
		defer cancel()
		err := chromedp.Run(c) // starts the browser
		if err == nil {
			ctx = c
			break
		}
		if attempt == 3 || !strings.Contains(err.Error(), "chrome failed to start") {
			require.NoError(t, err, "starting Chromium (attempt %d)", attempt)
		}
		t.Logf("Chromium did not start (attempt %d), starting it again: %v", attempt, err)
		cancel()
		cancelAlloc()
	}
	ctx, cancelTimeout := context.WithTimeout(ctx, 90*time.Second)
	defer cancelTimeout()

	// typeURL replaces the input's text by keystrokes and waits for the page to show it.
	typeURL := func(s string) chromedp.Tasks {
		return chromedp.Tasks{
			chromedp.Evaluate(`document.querySelector("#input").value = ""`, nil),
			chromedp.SendKeys("#input", s, chromedp.ByQuery),
			chromedp.Poll(`document.querySelector("#verdicts") && [...document.querySelectorAll(".detail h2, #verdicts td")].length > 0 && `+
				`(document.querySelector(".coloured") || document.querySelector("pre.caret")) && `+
				`(document.querySelector(".coloured")?.textContent === `+jsString(s)+` || document.querySelector("pre.caret")?.textContent.startsWith(`+jsString(s)+`))`,
				nil, chromedp.WithPollingTimeout(20*time.Second)),
		}
	}
	text := func(sel string, out *string) chromedp.Action { return chromedp.Text(sel, out, chromedp.ByQuery) }
	// pick chooses a grammar in the picker, as a person does (a change event).
	pick := func(id string) chromedp.Action {
		return chromedp.Evaluate(`(s => { s.value = `+jsString(id)+`; s.dispatchEvent(new Event("change")); })(document.querySelector("#grammar"))`, nil)
	}

	var host, port, userinfo, verdicts, resolved string
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Navigate(srv.URL+"/?grammar=rfc2396bis-01"),
		chromedp.WaitVisible("#input", chromedp.ByQuery),
		chromedp.Poll(`document.querySelectorAll("#grammar option").length > 2`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		typeURL("http://evil.example@bank.example.com:8443/login?next=/#top"),
		text(".c-host", &host),
		text(".c-port", &port),
		text(".c-userinfo", &userinfo),
		text("#verdicts", &verdicts),
		text("#resolved", &resolved),
	), "the page with a valid URL")
	assert.Equal(t, "bank.example.com", host)
	assert.Equal(t, "8443", port)
	assert.Equal(t, "evil.example", userinfo, "section 7.5: the userinfo is coloured apart from the host")
	assert.Contains(t, verdicts, "rfc2396bis-01\tvalid")
	assert.Contains(t, verdicts, "url-syntax-05\tvalid")
	assert.Contains(t, verdicts, "rfc1738\tinvalid")
	assert.Equal(t, "http://evil.example@bank.example.com:8443/login?next=/#top", resolved)

	// A URL a browser reads with another host than RFC 3986: the confusion warning.
	var confusion string
	require.NoError(t, chromedp.Run(ctx,
		pick("rfc3986"),
		typeURL("http:///evil.example/"),
		chromedp.WaitVisible("#confusion", chromedp.ByQuery),
		text("#confusion", &confusion),
	), "the confusion warning")
	assert.Contains(t, confusion, `reads the host "evil.example"`)

	var caret, msg string
	require.NoError(t, chromedp.Run(ctx,
		typeURL("http://a b/"),
		text("pre.caret", &caret),
		text(".detail .msg", &msg),
	), "the page with an invalid URL")
	assert.Equal(t, "http://a b/\n        ^", caret, "the caret is under the space")
	assert.Contains(t, msg, "offset 8")
	assert.Contains(t, msg, "unexpected ' '")

	// An error the grammar blames on an earlier byte (the JSON error's "at"): the caret and
	// the offset are the x's, in the port.
	require.NoError(t, chromedp.Run(ctx,
		pick("rfc3986"),
		typeURL("http://localhost:80x/"),
		text("pre.caret", &caret),
		text(".detail .msg", &msg),
	), "the page with an error blamed on the port")
	assert.Equal(t, "http://localhost:80x/\n"+strings.Repeat(" ", 19)+"^", caret, "the caret is under the x")
	assert.Contains(t, msg, "offset 19")
	assert.Contains(t, msg, "in port")

	// The caret of an error after non-ASCII characters: the offset is in bytes of UTF-8.
	require.NoError(t, chromedp.Run(ctx,
		pick("rfc3987"),
		typeURL("http://résumé/a b"),
		text("pre.caret", &caret),
	), "the page with an error after non-ASCII characters")
	assert.Equal(t, "http://résumé/a b\n"+strings.Repeat(" ", 15)+"^", caret, "the caret is under the space")

	// Another grammar, a relative reference resolved, and a rule's diagram from the tree.
	var segment, diagramName, svg string
	require.NoError(t, chromedp.Run(ctx,
		pick("url-syntax-05"),
		typeURL("../g;x?y"),
		text(".component-path", &segment),
		text("#resolved", &resolved),
		chromedp.Click(`.node[data-rule="segment"]`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector("#diagram svg title")?.textContent === "segment"`,
			nil, chromedp.WithPollingTimeout(20*time.Second)),
	), "the page with url-syntax-05")
	// Picking url-syntax-05 asked for its start rule's diagram, which answers after the click:
	// once it has arrived (and a moment for the page to handle it), segment must still show.
	select {
	case <-lateSent:
	case <-time.After(20 * time.Second):
		t.Fatal("url-syntax-05's start rule's diagram was never asked for")
	}
	time.Sleep(300 * time.Millisecond)
	require.NoError(t, chromedp.Run(ctx,
		text("#diagram-name", &diagramName),
		chromedp.OuterHTML("#diagram svg", &svg, chromedp.ByQuery),
	))
	assert.Equal(t, `"../g;x"`, segment)
	assert.Equal(t, "http://a/b/g;x?y", resolved, "url-syntax-05's 1997 algorithm, the draft's own example")
	assert.Equal(t, "(url-syntax-05 segment)", diagramName)
	assert.Contains(t, svg, "<title>segment</title>")
	assert.Contains(t, svg, `href="#rule=pchar"`)

	// An IRI: the components' byte ranges are coloured on the right characters.
	var ihost, ipath string
	require.NoError(t, chromedp.Run(ctx,
		pick("rfc3987"),
		typeURL("http://ü.example/日本/x?q"),
		text(".c-host", &ihost),
		text(".c-path", &ipath),
	), "the page with an IRI")
	assert.Equal(t, "ü.example", ihost)
	assert.Equal(t, "/日本/x", ipath)

	var png []byte
	require.NoError(t, chromedp.Run(ctx,
		pick("rfc2396bis-01"),
		typeURL("http://user@example.com:8080/a/b?q=1#top"),
		chromedp.FullScreenshot(&png, 100), // quality 100 gives a PNG (below 100, a JPEG)
	))
	dir := os.Getenv("URLGRAMMAR_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "urlgrammar-artifacts")
	} else if !filepath.IsAbs(dir) {
		// go test runs in the package directory; a relative path is the caller's, from the
		// module root.
		dir = filepath.Join("..", "..", dir)
	}
	require.NoError(t, os.MkdirAll(dir, 0o755))
	shot := filepath.Join(dir, "playground.png")
	require.NoError(t, os.WriteFile(shot, png, 0o644))
	t.Logf("screenshot: %s (%d bytes); the browser test took %v", shot, len(png), time.Since(start).Round(time.Millisecond))
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}
