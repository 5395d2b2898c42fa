package check

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// InputFormat is how an input holds its URLs.
type InputFormat int

// The input formats of check --input.
const (
	// LineInput: one URL a line (the default).
	LineInput InputFormat = iota
	// CDX: a CDX index (the Internet Archive's, Common Crawl's): space-separated fields, the
	// URL in the field the " CDX" header line names "a" (the original URL), the third field
	// without a header (the "N b a m s k r M S V g" layout). A line is a record.
	CDX
	// CDXJ: a CDXJ index (pywb, Common Crawl's index server): "urlkey timestamp {json}", the
	// URL in the JSON's "url". A line is a record.
	CDXJ
	// WARC: a WARC file (ISO 28500, 1.0 and 1.1; gzip per record, as crawls write it, is read
	// too): each record with a WARC-Target-URI is one record of the check, its Line the
	// record's number in the file and its Columns the WARC-Type.
	WARC
	// Parquet: a Parquet file (Common Crawl's columnar URL index, cc-index): the string column
	// Config.ParquetColumn (url when ""), read a row group and a page at a time; each row is a
	// record, its Line the row's number. Standard input is copied to a temporary file first
	// (the file's index is at its end).
	Parquet
)

// String names the format as its records' errors do: lines, CDX, CDXJ, WARC, Parquet.
func (f InputFormat) String() string {
	switch f {
	case CDX:
		return "CDX"
	case CDXJ:
		return "CDXJ"
	case WARC:
		return "WARC"
	case Parquet:
		return "Parquet"
	}
	return "lines"
}

// ParseInputFormat returns the InputFormat of a --input name: lines, cdx, cdxj, warc or
// parquet.
func ParseInputFormat(name string) (InputFormat, error) {
	switch name {
	case "lines", "":
		return LineInput, nil
	case "cdx":
		return CDX, nil
	case "cdxj":
		return CDXJ, nil
	case "warc":
		return WARC, nil
	case "parquet":
		return Parquet, nil
	}
	return LineInput, fmt.Errorf("unknown input format %q (lines, cdx, cdxj, warc, parquet)", name)
}

// InputError is the Result.Err of an index line (or a Parquet row) that holds no URL where
// its format says: its Input is the whole line (empty for a row).
type InputError struct {
	Format string
	Why    string
}

func (e *InputError) Error() string {
	if e.Format == "Parquet" {
		return "Parquet row: " + e.Why
	}
	return e.Format + " line: " + e.Why
}

// eachURL calls fn with every URL of r in the format f: n is the line's number (a WARC
// record's), why says why a line holds no URL (then line is the whole line), columns are
// what passes through to the record. It returns the first read error, or a WARC file's
// format error.
func eachURL(f InputFormat, r io.Reader, max int, fn func(n int, url []byte, tooLong bool, columns []string, why string) error) error {
	switch f {
	case CDX:
		field := 2 // "N b a ...": the original URL is the third field
		return EachLine(r, max, func(n int, line []byte, tooLong bool) error {
			if n == 1 && bytes.HasPrefix(line, []byte(" CDX ")) {
				letters := strings.Fields(string(line[len(" CDX "):]))
				field = -1
				for i, l := range letters {
					if l == "a" {
						field = i
					}
				}
				return nil // the header names the fields: no URL
			}
			if field < 0 {
				return fn(n, line, tooLong, nil, `the CDX header names no "a" (original URL) field`)
			}
			fields := bytes.Fields(line)
			if len(fields) <= field {
				return fn(n, line, tooLong, nil, fmt.Sprintf("%d field(s); the URL is field %d", len(fields), field+1))
			}
			return fn(n, fields[field], tooLong, nil, "")
		})
	case CDXJ:
		return EachLine(r, max, func(n int, line []byte, tooLong bool) error {
			i := bytes.IndexByte(line, '{')
			if i < 0 {
				return fn(n, line, tooLong, nil, "no JSON object after the urlkey and timestamp")
			}
			var obj struct {
				URL *string `json:"url"`
			}
			if err := json.Unmarshal(line[i:], &obj); err != nil {
				return fn(n, line, tooLong, nil, "its JSON object: "+err.Error())
			}
			if obj.URL == nil {
				return fn(n, line, tooLong, nil, `its JSON object has no "url"`)
			}
			return fn(n, []byte(*obj.URL), len(*obj.URL) > max, nil, "")
		})
	case WARC:
		return eachWARCTarget(r, max, fn)
	}
	return EachLine(r, max, func(n int, line []byte, tooLong bool) error { return fn(n, line, tooLong, nil, "") })
}

// WARCError is a WARC file that does not follow the format: reading stops there.
type WARCError struct {
	Record int // 1-based
	Why    string
}

func (e *WARCError) Error() string { return fmt.Sprintf("WARC record %d: %s", e.Record, e.Why) }

// maxWARCHeader bounds a WARC header line, and the header block of a record.
const maxWARCHeader = 1 << 20

// eachWARCTarget reads WARC records and calls fn with each one's WARC-Target-URI.
func eachWARCTarget(r io.Reader, max int, fn func(n int, url []byte, tooLong bool, columns []string, why string) error) error {
	br := bufio.NewReaderSize(r, 64*1024)
	for rec := 1; ; rec++ {
		// Blank lines between records (the two CRLFs after a block) are skipped.
		var version string
		for {
			line, err := readWARCLine(br)
			if err == io.EOF && line == "" {
				return nil
			}
			if err != nil {
				return warcError(rec, err)
			}
			if line != "" {
				version = line
				break
			}
		}
		if !strings.HasPrefix(version, "WARC/1.") {
			return &WARCError{rec, fmt.Sprintf("%.40q is no WARC version line (WARC/1.0, WARC/1.1)", version)}
		}
		var target, typ string
		length, hasLength, size := int64(0), false, 0
		for {
			line, err := readWARCLine(br)
			if err != nil {
				return warcError(rec, err)
			}
			if line == "" {
				break
			}
			if size += len(line); size > maxWARCHeader {
				return &WARCError{rec, "its header is over 1 MiB"}
			}
			name, value, ok := strings.Cut(line, ":")
			if !ok {
				return &WARCError{rec, fmt.Sprintf("header line %.40q has no ':'", line)}
			}
			value = strings.TrimSpace(value)
			switch strings.ToLower(strings.TrimSpace(name)) {
			case "warc-target-uri":
				target = strings.TrimSuffix(strings.TrimPrefix(value, "<"), ">") // WARC 1.0 writers bracket it
			case "warc-type":
				typ = value
			case "content-length":
				n, err := strconv.ParseInt(value, 10, 64)
				if err != nil || n < 0 {
					return &WARCError{rec, fmt.Sprintf("Content-Length %q is no length", value)}
				}
				length, hasLength = n, true
			}
		}
		if !hasLength {
			return &WARCError{rec, "no Content-Length"}
		}
		if _, err := io.CopyN(io.Discard, br, length); err != nil {
			return warcError(rec, fmt.Errorf("its block is cut short (%w)", err))
		}
		if target != "" {
			u := []byte(target)
			tooLong := len(u) > max
			if tooLong {
				u = u[:max]
			}
			if err := fn(rec, u, tooLong, []string{typ}, ""); err != nil {
				return err
			}
		}
	}
}

// readWARCLine reads one header line without its CRLF (or LF), at most maxWARCHeader bytes.
func readWARCLine(br *bufio.Reader) (string, error) {
	var b []byte
	for {
		chunk, err := br.ReadSlice('\n')
		b = append(b, chunk...)
		if len(b) > maxWARCHeader {
			return "", errors.New("a header line is over 1 MiB")
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			if err == io.EOF && len(b) > 0 {
				return "", io.ErrUnexpectedEOF
			}
			return "", err
		}
		return strings.TrimRight(string(b), "\r\n"), nil
	}
}

func warcError(rec int, err error) error {
	var we *WARCError
	if errors.As(err, &we) {
		return err
	}
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || strings.HasPrefix(err.Error(), "a header line") || strings.HasPrefix(err.Error(), "its block") {
		return &WARCError{rec, err.Error()}
	}
	return err // a read error of the input itself
}
