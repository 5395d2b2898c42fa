package check

import (
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"
)

// CompressedError is the error of an input compressed in a format the checker does not read:
// it is not checked as text (its bytes are no lines), and says how to read it.
type CompressedError struct {
	Format string // "xz"
}

func (e *CompressedError) Error() string {
	return fmt.Sprintf("the input is %s-compressed, which is not read here: decompress it first (%s -dc FILE | urlgrammar check)", e.Format, e.Format)
}

// maxZstdWindow bounds the memory a zstd stream may ask for: 128 MiB, the window of zstd
// --long; the default levels use 8 MiB at most.
const maxZstdWindow = 128 << 20

// decompress returns the text of an input: gzip (every member, as WARC and CDX files
// concatenate them), bzip2 and zstd (every frame) are decompressed, found by their magic bytes
// at the start; xz is a *CompressedError; anything else is read as it is. It reads the input
// once, at most 512 bytes, to look (what one read gives: a slow input is not waited for).
// done releases what the decompressor holds.
func decompress(r io.Reader) (text io.Reader, done func(), err error) {
	text, err = decompressed(r)
	done = func() {}
	if d, ok := text.(*zstd.Decoder); ok {
		done = d.Close
	}
	return text, done, err
}

func decompressed(r io.Reader) (io.Reader, error) {
	head := make([]byte, 512)
	n, err := r.Read(head)
	head = head[:n]
	var rest io.Reader = r
	if err != nil {
		rest = &errReader{err} // the error after the bytes read, EOF included
	}
	whole := io.MultiReader(bytes.NewReader(head), rest)
	switch {
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		z, err := gzip.NewReader(whole)
		if err != nil {
			return nil, fmt.Errorf("gzip: %w", err)
		}
		return z, nil
	case bytes.HasPrefix(head, []byte("BZh")) && len(head) >= 4 && '1' <= head[3] && head[3] <= '9':
		return bzip2.NewReader(whole), nil
	case bytes.HasPrefix(head, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		d, err := zstd.NewReader(whole, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(maxZstdWindow))
		if err != nil {
			return nil, fmt.Errorf("zstd: %w", err)
		}
		return d, nil
	case bytes.HasPrefix(head, []byte{0xfd, '7', 'z', 'X', 'Z', 0}):
		return nil, &CompressedError{"xz"}
	}
	return whole, nil
}

// errReader returns its error on every read.
type errReader struct{ err error }

func (e *errReader) Read([]byte) (int, error) { return 0, e.err }
