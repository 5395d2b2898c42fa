// Package genfile writes the files the project's generators produce (grammars/, docs/).
package genfile

import (
	"os"
	"path/filepath"
)

// WriteAtomic writes data to a temporary file beside path and renames it into place, so that
// a reader, or an interrupted run, never sees a half-written file. It creates path's
// directory when needed.
func WriteAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".gen-*")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}
