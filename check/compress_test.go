package check

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
)

func zstded(t testing.TB, text string) []byte {
	enc, err := zstd.NewWriter(nil)
	require.NoError(t, err)
	defer enc.Close()
	return enc.EncodeAll([]byte(text), nil)
}

func gzipped(t testing.TB, parts ...string) []byte {
	var b bytes.Buffer
	for _, p := range parts { // one gzip member each, as WARC and CDX files write them
		z := gzip.NewWriter(&b)
		_, err := z.Write([]byte(p))
		require.NoError(t, err)
		require.NoError(t, z.Close())
	}
	return b.Bytes()
}

// A compressed input is checked as its text, whatever its name: gzip (every member), bzip2
// and zstd; a zstd stream that is none and xz are an error record (xz's says what to do); a gzip stream cut short is an
// I/O error record after the lines read before it. (It was checked as bytes, without a word.)
// The bzip2 bytes are bzip2's of "http://a/\na b\n".
func TestCompressedInputs(t *testing.T) {
	bz2 := []byte("BZh91AY&SY\x18\xec\xc9\x97\x00\x00\x05Y\x80\x00\x10@\x00\x80\x100@D\x00 \x001\x06LA\x06\x8fQ\xa2\x08/\x85\xa9\xc3\xf1w$S\x85\x09\x01\x8e\xcc\x99p")
	whole := gzipped(t, "http://a/\na b\n", "http://c/\n")
	cfg := defaultConfig(JSONL, 2)
	recs, sum := collect(t, cfg, []Input{
		{Name: "multi.txt", Reader: bytes.NewReader(whole)},
		{Name: "b.bz2", Reader: bytes.NewReader(bz2)},
		{Name: "z.zst", Reader: bytes.NewReader(zstded(t, "http://z/\nz z\n"))},
		{Name: "bad.zst", Reader: strings.NewReader("\x28\xb5\x2f\xfdrest")},
		{Name: "x.xz", Reader: strings.NewReader("\xfd7zXZ\x00rest")},
		{Name: "cut.gz", Reader: bytes.NewReader(whole[:len(whole)-8])}, // its trailer (CRC-32, size) cut
		{Name: "plain", Reader: strings.NewReader("\x1f")},              // too short for a magic: text
	})
	var got []string
	for _, r := range recs {
		if r.IOErr != nil {
			got = append(got, r.File+": error")
			var ce *CompressedError
			if errors.As(r.IOErr, &ce) {
				assert.Contains(t, r.IOErr.Error(), ce.Format+" -dc")
			}
			continue
		}
		got = append(got, r.File+": "+r.Input)
	}
	assert.Equal(t, []string{"multi.txt: http://a/", "multi.txt: a b", "multi.txt: http://c/",
		"b.bz2: http://a/", "b.bz2: a b",
		"z.zst: http://z/", "z.zst: z z", "bad.zst: error", "x.xz: error",
		"cut.gz: http://a/", "cut.gz: a b", "cut.gz: http://c/", "cut.gz: error",
		"plain: \x1f"}, got)
	assert.Equal(t, 3, sum.IOErrors)
}

// FuzzDecompress: any bytes are read as text, decompressed, or refused with an error;
// never a panic; gzip of any text gives back its lines.
func FuzzDecompress(f *testing.F) {
	f.Add([]byte("http://a/\n"), true)
	f.Add([]byte{0x1f, 0x8b, 8, 0, 0, 0}, false)
	f.Add([]byte("BZh9"), false)
	f.Fuzz(func(t *testing.T, data []byte, wrap bool) {
		in := data
		if wrap {
			in = gzipped(t, string(data))
		}
		var lines []string
		r, done, err := decompress(bytes.NewReader(in))
		defer done()
		if err == nil {
			err = EachLine(r, 1<<20, func(n int, line []byte, tooLong bool) error {
				lines = append(lines, string(line))
				return nil
			})
		}
		if !wrap {
			return
		}
		require.NoError(t, err)
		var want []string
		require.NoError(t, EachLine(bytes.NewReader(data), 1<<20, func(n int, line []byte, tooLong bool) error {
			want = append(want, string(line))
			return nil
		}))
		if len(data) > 0 && (data[0] == 0x1f && len(data) > 1 && data[1] == 0x8b) {
			return // gzip of gzip: decompressed once, its lines are the inner stream's bytes
		}
		require.Equal(t, want, lines)
	})
}

// NoPlace leaves file and line out of jsonl and tsv records (with one grammar or several,
// valid or not), and an I/O error record keeps its file.
func TestNoPlace(t *testing.T) {
	all := []*urlgrammar.Grammar{urlgrammar.MustLookup("rfc3986"), urlgrammar.MustLookup("url-1993")}
	for _, cfg := range []Config{
		{Grammars: all[:1], Format: JSONL, NoPlace: true},
		{Grammars: all, Format: JSONL, NoPlace: true},
		{Grammars: all[:1], Format: TSV, NoPlace: true, Column: 1},
		{Grammars: all, Format: TSV, NoPlace: true},
	} {
		recs, _ := collect(t, cfg, []Input{{Name: "f", Reader: strings.NewReader("http://a/\na b\n")}, {Name: "/nonexistent"}})
		require.Len(t, recs, 3)
		for _, r := range recs[:2] {
			out := string(r.Out)
			if cfg.Format == JSONL {
				var obj map[string]any
				require.NoError(t, json.Unmarshal(r.Out, &obj))
				assert.NotContains(t, obj, "file")
				assert.NotContains(t, obj, "line")
				continue
			}
			assert.Regexp(t, `^(valid|invalid)\t`, out)
		}
		assert.Contains(t, string(recs[2].Out), "/nonexistent")
	}
}
