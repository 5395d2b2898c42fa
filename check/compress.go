package check

import (
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"fmt"
	"io"
)

// CompressedError is the error of an input compressed in a format the checker does not read:
// it is not checked as text (its bytes are no lines), and says how to read it.
type CompressedError struct {
	Format string // "zstd", "xz"
}

func (e *CompressedError) Error() string {
	return fmt.Sprintf("the input is %s-compressed, which is not read here: decompress it first (%s -dc FILE | urlgrammar check)", e.Format, e.Format)
}

// decompress returns the text of an input: gzip (every member, as WARC and CDX files
// concatenate them) and bzip2 are decompressed, found by their magic bytes at the start; zstd
// and xz are a *CompressedError; anything else is read as it is. It reads the input once, at
// most 512 bytes, to look (what one read gives: a slow input is not waited for).
func decompress(r io.Reader) (io.Reader, error) {
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
		return nil, &CompressedError{"zstd"}
	case bytes.HasPrefix(head, []byte{0xfd, '7', 'z', 'X', 'Z', 0}):
		return nil, &CompressedError{"xz"}
	}
	return whole, nil
}

// errReader returns its error on every read.
type errReader struct{ err error }

func (e *errReader) Read([]byte) (int, error) { return 0, e.err }
