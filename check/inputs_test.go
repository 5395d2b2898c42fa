package check

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// warcRecord writes one WARC record.
func warcRecord(typ, target, block string) string {
	h := "WARC/1.1\r\nWARC-Type: " + typ + "\r\n"
	if target != "" {
		h += "WARC-Target-URI: " + target + "\r\n"
	}
	return h + fmt.Sprintf("Content-Length: %d\r\n\r\n%s\r\n\r\n", len(block), block)
}

func inputRecords(t *testing.T, f InputFormat, in []byte) []string {
	cfg := defaultConfig(NoFormat, 2)
	cfg.Input = f
	recs, _ := collect(t, cfg, []Input{{Name: "f", Reader: bytes.NewReader(in)}})
	var out []string
	for _, r := range recs {
		var ie *InputError
		var we *WARCError
		switch {
		case r.IOErr != nil && errors.As(r.IOErr, &we):
			out = append(out, fmt.Sprintf("%d: WARC error: %s", r.Line, we.Why))
		case r.IOErr != nil:
			out = append(out, fmt.Sprintf("%d: error %v", r.Line, r.IOErr))
		case errors.As(r.Results[0].Err, &ie):
			out = append(out, fmt.Sprintf("%d: %s", r.Line, ie.Why))
		default:
			out = append(out, fmt.Sprintf("%d: %s %v %v", r.Line, r.Input, r.Columns, r.Valid()))
		}
	}
	return out
}

// The crawl formats: CDX and CDXJ index lines and WARC records each give their URLs, with
// a record for a line that holds none, and an error record where a WARC file breaks off.
func TestInputFormats(t *testing.T) {
	cdx := " CDX N b a m s k r M S V g\n" +
		"com,example)/ 20240101000000 http://example.com/ text/html 200 X - - 1043 333 a.warc.gz\n" +
		"short line\n" +
		"com,example)/b 20240101000001 http://example.com/b%zz text/html 200 X - - 1 2 a.warc.gz\n"
	assert.Equal(t, []string{"2: http://example.com/ [] true", "3: 2 field(s); the URL is field 3", "4: http://example.com/b%zz [] false"},
		inputRecords(t, CDX, []byte(cdx)))
	assert.Equal(t, []string{"1: http://a/ [] true"}, inputRecords(t, CDX, []byte("a)/ 2024 http://a/ x\n")), "no header: the third field")
	assert.Equal(t, []string{`2: the CDX header names no "a" (original URL) field`}, inputRecords(t, CDX, []byte(" CDX N b\nx y\n")))

	cdxj := `com,example)/ 20240101000000 {"url": "http://example.com/", "mime": "text/html", "status": "200"}` + "\n" +
		`com,example)/x 20240101 {"mime": "x"}` + "\n" + "no json here\n" + `k 1 {"url": 7}` + "\n"
	got := inputRecords(t, CDXJ, []byte(cdxj))
	require.Len(t, got, 4)
	assert.Equal(t, "1: http://example.com/ [] true", got[0])
	assert.Equal(t, `2: its JSON object has no "url"`, got[1])
	assert.Equal(t, "3: no JSON object after the urlkey and timestamp", got[2])
	assert.Contains(t, got[3], "4: its JSON object: ")

	warc := warcRecord("warcinfo", "", "software: x") + warcRecord("response", "http://a/b c", "HTTP/1.1 200 OK\r\n\r\nbody\n\x00\xff") +
		warcRecord("request", "<http://example.com/>", "")
	want := []string{"2: http://a/b c [response] false", "3: http://example.com/ [request] true"}
	assert.Equal(t, want, inputRecords(t, WARC, []byte(warc)))
	assert.Equal(t, want, inputRecords(t, WARC, gzipped(t, warcRecord("warcinfo", "", "software: x"),
		warcRecord("response", "http://a/b c", "HTTP/1.1 200 OK\r\n\r\nbody\n\x00\xff"), warcRecord("request", "<http://example.com/>", ""))), "gzip per record")
	for in, why := range map[string]string{
		warc[:len(warc)-30]:                                               "3: WARC error: unexpected EOF", // in the third record
		"HTTP/1.1 200 OK\r\n":                                             `1: WARC error: "HTTP/1.1 200 OK" is no WARC version line`,
		"WARC/1.0\r\nContent-Length: -1\r\n\r\n":                          `1: WARC error: Content-Length "-1" is no length`,
		"WARC/1.0\r\nWARC-Type: x\r\n\r\n":                                "1: WARC error: no Content-Length",
		"WARC/1.0\r\nbad header\r\n":                                      `1: WARC error: header line "bad header" has no ':'`,
		"WARC/1.0\r\nContent-Length: 100\r\n\r\nshort":                    "1: WARC error: its block is cut short",
		"WARC/1.0\r\nX: " + strings.Repeat("a", 1<<20+10) + "\r\n":        "1: WARC error: a header line is over 1 MiB",
		"WARC/1.0\r\n" + strings.Repeat("X: aaaaaaaaaaaaaaaa\r\n", 70000): "1: WARC error: its header is over 1 MiB",
	} {
		got := inputRecords(t, WARC, []byte(in))
		require.NotEmpty(t, got, "%q", in)
		assert.True(t, strings.HasPrefix(got[len(got)-1], why) || strings.Contains(got[len(got)-1], why), "%q: %v", in, got)
	}
}

// FuzzInputFormats: any bytes, read as CDX, CDXJ or WARC, give records or an error record,
// never a panic or a hang; a WARC file of any target URIs gives them back in order.
func FuzzInputFormats(f *testing.F) {
	f.Add([]byte(" CDX N b a\nx 1 http://a/\n"), []byte("http://b/"))
	f.Add([]byte(`k 1 {"url":"http://a/"}`), []byte("<x>"))
	f.Add([]byte("WARC/1.0\r\nContent-Length: 0\r\n\r\n\r\n\r\n"), []byte("a b"))
	if sample, err := os.ReadFile(sampleParquet); err == nil {
		f.Add(sample, []byte("http://a/"))
	}
	f.Fuzz(func(t *testing.T, data, target []byte) {
		for _, format := range []InputFormat{CDX, CDXJ, WARC, Parquet} {
			inputRecords(t, format, data)
		}
		u := strings.Map(func(r rune) rune {
			if r == '\r' || r == '\n' {
				return -1
			}
			return r
		}, strings.TrimSpace(string(target)))
		u = strings.TrimSuffix(strings.TrimPrefix(u, "<"), ">")
		u = strings.TrimSpace(u)
		if u == "" || strings.HasPrefix(u, "<") || strings.HasSuffix(u, ">") {
			return
		}
		got := inputRecords(t, WARC, []byte(warcRecord("response", u, string(data))+warcRecord("request", u, "")))
		require.Len(t, got, 2, "%q", u)
		for i, typ := range []string{"response", "request"} {
			require.True(t, strings.HasPrefix(got[i], fmt.Sprintf("%d: %s [%s]", i+1, u, typ)), "%q: %q", u, got[i])
		}
	})
}
