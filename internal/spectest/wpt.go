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

// UTS46ChangedAfter15 reports whether s holds a code point whose UTS 46 status or mapping
// (under the URL Standard's domain to ASCII) changed after Unicode 15.0, the version of
// x/net/idna's tables before Go 1.27 (x/net v0.62.0 builds its Unicode 17 tables with Go 1.27
// and later only). Between the 15.0 and the 17.0 tables: "ẞ" (U+1E9E) maps to "ß", no longer
// to "ss"; the Georgian capitals U+10A0-U+10C5, "Ӏ" (U+04C0), "Ⅎ" (U+2132), "Ↄ" (U+2183) and
// five CJK compatibility ideographs (U+2F868, U+2F874, U+2F91F, U+2F95F, U+2F9BF) become
// valid or mapped, where they were disallowed; the Hangul fillers (U+115F, U+1160, U+3164,
// U+FFA0), U+17B4, U+180E, U+206B, U+1D175 and U+1D176 become ignored; and U+13461, U+1358F,
// U+1CD7D, U+32931, U+32A67 and U+32B9A are assigned. The list is of the code points of the
// web-platform-tests hosts in testdata/whatwg whose ToASCII (a letter before each) differs
// between the two tables, found by running one program with Go 1.26 and with Go 1.27 and
// x/net v0.62.0; with the 17.0 tables, every host of those files gets the parser's answer.
func UTS46ChangedAfter15(s string) bool {
	for _, r := range s {
		if uts46ChangedAfter15[r] {
			return true
		}
	}
	return false
}

var uts46ChangedAfter15 = func() map[rune]bool {
	m := map[rune]bool{0x04C0: true, 0x115F: true, 0x1160: true, 0x17B4: true, 0x180E: true, 0x1E9E: true,
		0x206B: true, 0x2132: true, 0x2183: true, 0x3164: true, 0xFFA0: true, 0x13461: true, 0x1358F: true,
		0x1CD7D: true, 0x1D175: true, 0x1D176: true, 0x2F868: true, 0x2F874: true, 0x2F91F: true,
		0x2F95F: true, 0x2F9BF: true, 0x32931: true, 0x32A67: true, 0x32B9A: true}
	for r := rune(0x10A0); r <= 0x10C5; r++ {
		m[r] = true // the Georgian capitals (U+10A5, U+10A7, U+10B9 and U+10BD, not in the hosts, alike)
	}
	return m
}()
