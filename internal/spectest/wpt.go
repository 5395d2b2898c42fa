package spectest

import (
	"encoding/json"
	"fmt"
	"os"
)

// A URLTest is an entry of web-platform-tests' urltestdata.json (testdata/whatwg): an
// input, its base (or none), and the URL parser's result: failure, or the record's parts.
type URLTest struct {
	Input    string  `json:"input"`
	Base     *string `json:"base"`
	Failure  bool    `json:"failure"`
	Protocol string  `json:"protocol"`
	Hostname string  `json:"hostname"`
	Port     string  `json:"port"`
}

// A ToASCIITest is an entry of web-platform-tests' toascii.json (testdata/whatwg): a host,
// and what the URL parser's domain to ASCII makes of it (nil: a failure).
type ToASCIITest struct {
	Input  string  `json:"input"`
	Output *string `json:"output"`
}

// URLTests reads urltestdata.json at path.
func URLTests(path string) ([]URLTest, error) { return wptEntries[URLTest](path) }

// ToASCIITests reads toascii.json at path.
func ToASCIITests(path string) ([]ToASCIITest, error) { return wptEntries[ToASCIITest](path) }

// wptEntries reads a web-platform-tests file of entries: a JSON array of objects, with
// strings between them that are comments.
func wptEntries[T any](path string) ([]T, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var out []T
	for i, r := range raw {
		if len(r) > 0 && r[0] == '"' {
			continue // a comment
		}
		var e T
		if err := json.Unmarshal(r, &e); err != nil {
			return nil, fmt.Errorf("%s: entry %d: %w", path, i, err)
		}
		out = append(out, e)
	}
	return out, nil
}
