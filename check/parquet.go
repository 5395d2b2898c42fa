package check

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/parquet-go/parquet-go"
)

// ParquetError is a Parquet input that cannot be read, or whose URL column is not one:
// reading stops there (the rows before it are checked).
type ParquetError struct {
	Row int // the 1-based row reading stopped at; 0: the file itself
	Why string
}

func (e *ParquetError) Error() string {
	if e.Row > 0 {
		return fmt.Sprintf("Parquet row %d: %s", e.Row, e.Why)
	}
	return "Parquet file: " + e.Why
}

// DefaultParquetColumn is the column of the URLs of a Parquet input when Config.ParquetColumn
// is "": Common Crawl's URL index names it url.
const DefaultParquetColumn = "url"

// parquetValues is how many values a read takes from a page: the memory of a read is that
// of a page and these values, whatever the size of the file.
const parquetValues = 1024

// eachParquetURL calls fn with the value of the string column column (a dotted path for a
// nested one) of every row of the Parquet file ra of size bytes, in order, a row group and a
// page at a time: n is the row's number (1-based), why says that a row's value is null. A file
// that is no Parquet file, a column it does not have or that holds no strings, and a page that
// cannot be read are a *ParquetError.
func eachParquetURL(ra io.ReaderAt, size int64, column string, max int, fn func(n int, url []byte, tooLong bool, columns []string, why string) error) (err error) {
	row := 0
	defer func() {
		// The reader is a library of its own: a file it fails on in a way it did not
		// foresee is a record, never a crash of the checker.
		if r := recover(); r != nil {
			err = &ParquetError{Row: row + 1, Why: fmt.Sprintf("the Parquet reader failed: %v", r)}
		}
	}()
	f, err := parquet.OpenFile(ra, size, parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return &ParquetError{Why: err.Error()}
	}
	if column == "" {
		column = DefaultParquetColumn
	}
	leaf, ok := f.Schema().Lookup(strings.Split(column, ".")...)
	if !ok {
		var names []string
		for _, path := range f.Schema().Columns() {
			names = append(names, strings.Join(path, "."))
		}
		return &ParquetError{Why: fmt.Sprintf("no column %q (its columns: %s)", column, strings.Join(names, ", "))}
	}
	if k := leaf.Node.Type().Kind(); k != parquet.ByteArray {
		return &ParquetError{Why: fmt.Sprintf("the column %q holds %s values, not strings", column, k)}
	}
	if leaf.MaxRepetitionLevel > 0 {
		return &ParquetError{Why: fmt.Sprintf("the column %q is repeated: a row has a list of values, not a URL", column)}
	}
	values := make([]parquet.Value, parquetValues)
	for _, rg := range f.RowGroups() {
		chunks := rg.ColumnChunks()
		if leaf.ColumnIndex >= len(chunks) {
			return &ParquetError{Row: row + 1, Why: "a row group without the column"}
		}
		pages := chunks[leaf.ColumnIndex].Pages()
		err := eachPageValue(pages, values, func(v parquet.Value) error {
			row++
			if v.IsNull() {
				return fn(row, nil, false, nil, "a null "+column)
			}
			b := v.ByteArray()
			return fn(row, b, len(b) > max, nil, "")
		})
		pages.Close()
		if err != nil {
			var pe *ParquetError
			if errors.As(err, &pe) {
				pe.Row = row + 1
			}
			return err
		}
	}
	return nil
}

// eachPageValue calls fn with every value of the pages, a page at a time; a page that cannot
// be read is a *ParquetError, an error of fn is returned as it is.
func eachPageValue(pages parquet.Pages, values []parquet.Value, fn func(parquet.Value) error) error {
	for {
		p, err := pages.ReadPage()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return &ParquetError{Why: err.Error()}
		}
		r := p.Values()
		for {
			n, err := r.ReadValues(values)
			for _, v := range values[:n] {
				if ferr := fn(v); ferr != nil {
					parquet.Release(p)
					return ferr
				}
			}
			if err == io.EOF {
				break
			}
			if err != nil {
				parquet.Release(p)
				return &ParquetError{Why: err.Error()}
			}
		}
		parquet.Release(p)
	}
}

// parquetSource returns r as what a Parquet file needs, random access and a size: r itself
// when it is a regular file (or another io.ReaderAt that can seek), else (a pipe, standard
// input) a temporary file r is copied into, removed by done. A Parquet file's index is at its
// end, so it cannot be read as a stream.
func parquetSource(r io.Reader) (ra io.ReaderAt, size int64, done func(), err error) {
	done = func() {}
	if f, ok := r.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			return f, st.Size(), done, nil
		}
	} else if rs, ok := r.(interface {
		io.ReaderAt
		io.Seeker
	}); ok {
		if size, err := rs.Seek(0, io.SeekEnd); err == nil {
			return rs, size, done, nil
		}
	}
	tmp, err := os.CreateTemp("", "urlgrammar-*.parquet")
	if err != nil {
		return nil, 0, done, err
	}
	done = func() {
		tmp.Close()
		os.Remove(tmp.Name())
	}
	if size, err = io.Copy(tmp, r); err != nil {
		done()
		return nil, 0, func() {}, err
	}
	return tmp, size, done, nil
}
