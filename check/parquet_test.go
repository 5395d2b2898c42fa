package check

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urlgrammar/urlgrammar"
)

var updateParquet = flag.Bool("update-parquet", false, "write testdata/crawl/sample.parquet again")

// ccRow is a row of Common Crawl's URL index (cc-index), with the columns its table has, by
// their names; the file of the tests has a dozen made-up captures.
type ccRow struct {
	URLSurtKey              string    `parquet:"url_surtkey"`
	URL                     *string   `parquet:"url,optional"`
	URLHostName             string    `parquet:"url_host_name"`
	URLHostTLD              string    `parquet:"url_host_tld"`
	URLHostRegisteredDomain string    `parquet:"url_host_registered_domain"`
	URLProtocol             string    `parquet:"url_protocol"`
	URLPort                 *int32    `parquet:"url_port,optional"`
	URLPath                 string    `parquet:"url_path"`
	URLQuery                *string   `parquet:"url_query,optional"`
	FetchTime               time.Time `parquet:"fetch_time,timestamp(millisecond)"`
	FetchStatus             int16     `parquet:"fetch_status"`
	ContentMimeType         string    `parquet:"content_mime_type"`
	WARCFilename            string    `parquet:"warc_filename"`
	WARCRecordOffset        int32     `parquet:"warc_record_offset"`
	WARCRecordLength        int32     `parquet:"warc_record_length"`
	Crawl                   string    `parquet:"crawl,dict"`
	Subset                  string    `parquet:"subset,dict"`
}

// sampleURLs are the url column of testdata/crawl/sample.parquet, in order ("" a null url):
// the made-up captures of example.com and example.org (reserved names), valid and not.
var sampleURLs = []string{
	"http://example.com/",
	"https://example.com/a%20b?q=1",
	"https://www.example.org/search?q=a b",
	"http://example.com:8080/x|y",
	"https://example.org/résumé",
	"",
	"http://[2001:db8::1]/",
	"https://example.com/#frag",
	"http://example.com/100%",
	"https://user@example.org/p;x=1",
	"http://localhost:80x/",
	"https://example.com/a/b/../c",
}

const sampleParquet = "../testdata/crawl/sample.parquet"

func writeSampleParquet(t *testing.T) {
	var rows []ccRow
	for i, u := range sampleURLs {
		r := ccRow{URLSurtKey: fmt.Sprintf("com,example)/%d", i), URLHostName: "example.com", URLHostTLD: "com",
			URLHostRegisteredDomain: "example.com", URLProtocol: "https", URLPath: "/", FetchTime: time.Date(2024, 1, 1, 0, i, 0, 0, time.UTC),
			FetchStatus: 200, ContentMimeType: "text/html", WARCFilename: "crawl-data/CC-MAIN-2024-10/segments/x/warc/y.warc.gz",
			WARCRecordOffset: int32(1000 * i), WARCRecordLength: 512, Crawl: "CC-MAIN-2024-10", Subset: "warc"}
		if u != "" {
			r.URL = &u
		}
		rows = append(rows, r)
	}
	var b bytes.Buffer
	// Two row groups, so that reading goes from one to the next.
	w := parquet.NewGenericWriter[ccRow](&b, parquet.MaxRowsPerRowGroup(7))
	_, err := w.Write(rows)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	require.NoError(t, os.WriteFile(sampleParquet, b.Bytes(), 0o644))
}

// TestParquetInput: --input parquet checks the url column of every row, in order, with the
// row's number as its line, across row groups, from a file and from a stream (a pipe, copied
// to a temporary file); a null url is a record that says so. Rows give the verdicts the same
// URLs give as lines.
func TestParquetInput(t *testing.T) {
	if *updateParquet {
		writeSampleParquet(t)
	}
	data, err := os.ReadFile(sampleParquet)
	require.NoError(t, err)
	var want []string
	var lines []string
	for _, u := range sampleURLs {
		if u != "" {
			lines = append(lines, u)
		}
	}
	asLines := inputRecords(t, LineInput, []byte(strings.Join(lines, "\n")+"\n"))
	k := 0
	for i, u := range sampleURLs {
		if u == "" {
			want = append(want, fmt.Sprintf("%d: a null url", i+1))
			continue
		}
		// The line-input record of the same URL, renumbered as the row.
		_, rest, _ := strings.Cut(asLines[k], ": ")
		want = append(want, fmt.Sprintf("%d: %s", i+1, rest))
		k++
	}
	assert.Equal(t, want, inputRecords(t, Parquet, data), "from a file")

	cfg := defaultConfig(NoFormat, 2)
	cfg.Input = Parquet
	recs, _ := collect(t, cfg, []Input{{Name: "-", Reader: io.MultiReader(bytes.NewReader(data))}})
	require.Len(t, recs, len(sampleURLs), "from a stream")
	assert.Equal(t, sampleURLs[len(sampleURLs)-1], recs[len(recs)-1].Input)

	f, err := os.Open(sampleParquet)
	require.NoError(t, err)
	defer f.Close()
	recs, _ = collect(t, cfg, []Input{{Name: sampleParquet, Reader: f}})
	require.Len(t, recs, len(sampleURLs), "from an *os.File")
}

// TestParquetInputErrors: what is not a Parquet file, a file cut short, a column the file
// does not have or that holds no strings are an error record that says so, never a panic.
func TestParquetInputErrors(t *testing.T) {
	data, err := os.ReadFile(sampleParquet)
	require.NoError(t, err)
	for name, c := range map[string]struct {
		data   []byte
		column string
		want   string
	}{
		"not parquet":    {[]byte("http://example.com/\n"), "", "Parquet file: "},
		"empty":          {nil, "", "Parquet file: "},
		"cut short":      {data[:len(data)/2], "", "Parquet file: "},
		"no such column": {data, "uri", `no column "uri" (its columns: url_surtkey, url, url_host_name`},
		"not strings":    {data, "fetch_status", `the column "fetch_status" holds INT32 values, not strings`},
	} {
		cfg := defaultConfig(NoFormat, 2)
		cfg.Input, cfg.ParquetColumn = Parquet, c.column
		recs, _ := collect(t, cfg, []Input{{Name: "f", Reader: bytes.NewReader(c.data)}})
		require.Len(t, recs, 1, name)
		var pe *ParquetError
		if assert.True(t, errors.As(recs[0].IOErr, &pe), "%s: %v", name, recs[0].IOErr) {
			assert.Contains(t, pe.Error(), c.want, name)
		}
	}
}

// TestParquetHugeRow: a row whose URL is longer than urlgrammar.MaxInputLength is a record of
// its first MaxInputLength bytes, marked too long, as a long line is; the rows after it are
// checked.
func TestParquetHugeRow(t *testing.T) {
	huge := "http://example.com/" + strings.Repeat("a", 2<<20)
	small := "http://example.com/b"
	var b bytes.Buffer
	w := parquet.NewGenericWriter[ccRow](&b)
	_, err := w.Write([]ccRow{{URL: &huge}, {URL: &small}})
	require.NoError(t, err)
	require.NoError(t, w.Close())
	cfg := defaultConfig(NoFormat, 2)
	cfg.Input = Parquet
	recs, _ := collect(t, cfg, []Input{{Name: "f", Reader: bytes.NewReader(b.Bytes())}})
	require.Len(t, recs, 2)
	assert.True(t, recs[0].TooLong)
	assert.Len(t, recs[0].Input, urlgrammar.MaxInputLength)
	assert.ErrorIs(t, recs[0].Results[0].Err, ErrTooLong)
	assert.Equal(t, small, recs[1].Input)
	assert.True(t, recs[1].Valid())
}
