package playground_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/internal/playground"
)

func get(t testing.TB, h http.Handler, target string) (int, string, []byte) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", target, nil))
	body, _ := io.ReadAll(rec.Result().Body)
	return rec.Code, rec.Header().Get("Content-Type"), body
}

func TestHandler(t *testing.T) {
	h := playground.Handler()
	code, ctype, body := get(t, h, "/")
	assert.Equal(t, 200, code)
	assert.Contains(t, ctype, "text/html")
	assert.Contains(t, string(body), "urlgrammar playground")
	assert.NotContains(t, string(body), "http://cdn", "the page loads nothing from the network")

	code, _, body = get(t, h, "/api/grammars")
	assert.Equal(t, 200, code)
	var gs []struct {
		ID, Start string
		Default   bool
	}
	require.NoError(t, json.Unmarshal(body, &gs))
	assert.Len(t, gs, len(urlgrammar.IDs()))
	var defaults []string
	for _, g := range gs {
		if g.Default {
			defaults = append(defaults, g.ID)
		}
	}
	assert.Equal(t, []string{urlgrammar.DefaultGrammar}, defaults, "the page starts with the default grammar")

	code, _, body = get(t, h, "/api/check?"+url.Values{"input": {"../g"}, "grammar": {"rfc2396bis-01"}, "base": {"http://a/b/c/d;p?q"}}.Encode())
	assert.Equal(t, 200, code)
	var resp struct {
		Results []struct {
			Grammar string
			OK      bool
		}
		Resolve   struct{ Target string }
		Normalize struct{ Syntax string }
	}
	require.NoError(t, json.Unmarshal(body, &resp))
	assert.Len(t, resp.Results, len(urlgrammar.IDs()), "every grammar's verdict")
	assert.Equal(t, "http://a/b/g", resp.Resolve.Target)
	assert.Equal(t, "../g", resp.Normalize.Syntax)

	// A URL browsers read with another host: the confusion warning, for the picked grammar.
	code, _, body = get(t, h, "/api/check?"+url.Values{"input": {"http:///evil.example/"}, "grammar": {"rfc3986"}}.Encode())
	assert.Equal(t, 200, code)
	var conf struct{ Confusion []string }
	require.NoError(t, json.Unmarshal(body, &conf))
	if assert.Len(t, conf.Confusion, 1) {
		assert.Contains(t, conf.Confusion[0], `reads the host "evil.example"`)
	}
	// And for a scheme's grammar, whose URIs warn reads as RFC 3986's.
	code, _, body = get(t, h, "/api/check?"+url.Values{"input": {"http://0x7f.1/"}, "grammar": {"rfc9110"}}.Encode())
	assert.Equal(t, 200, code)
	conf.Confusion = nil
	require.NoError(t, json.Unmarshal(body, &conf))
	if assert.Len(t, conf.Confusion, 1) {
		assert.Contains(t, conf.Confusion[0], `the IPv4 address 127.0.0.1`)
	}

	// Bounds and errors: what and why, never a crash.
	code, _, body = get(t, h, "/api/check?input="+strings.Repeat("a", playground.MaxInput+1))
	assert.Equal(t, 413, code)
	assert.Contains(t, string(body), "8 KiB")
	code, _, _ = get(t, h, "/api/check?input=%ff")
	assert.Equal(t, 400, code)
	code, _, body = get(t, h, "/api/check?input=a&grammar=nosuch")
	assert.Equal(t, 400, code)
	assert.Contains(t, string(body), "nosuch")
	code, ctype, body = get(t, h, "/api/diagram?grammar=url-1993&rule=httpaddress")
	assert.Equal(t, 200, code)
	assert.Equal(t, "image/svg+xml", ctype)
	assert.Contains(t, string(body), `href="#rule=hostport"`)
	code, _, _ = get(t, h, "/api/diagram?grammar=url-1993&rule=nosuch")
	assert.Equal(t, 404, code)
	code, _, _ = get(t, h, "/nosuch")
	assert.Equal(t, 404, code)
}

// FuzzCheckHandler: any input, base and grammar get a JSON answer with a status that says
// what happened; never a panic.
func FuzzCheckHandler(f *testing.F) {
	f.Add("http://a/b", "http://x/", "rfc2396bis-01")
	f.Add("\xff", "", "all")
	f.Add("ftp://h/f;type=x", "../", "rfc1738")
	h := playground.Handler()
	f.Fuzz(func(t *testing.T, input, base, grammar string) {
		code, _, body := get(t, h, "/api/check?"+url.Values{"input": {input}, "base": {base}, "grammar": {grammar}}.Encode())
		switch code {
		case 200, 400, 413:
		default:
			t.Fatalf("status %d: %s", code, body)
		}
		var v map[string]any
		if err := json.Unmarshal(body, &v); err != nil {
			t.Fatalf("not JSON: %v: %s", err, body)
		}
	})
}
