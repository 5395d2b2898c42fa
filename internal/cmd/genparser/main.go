// Command genparser generates one of this module's grammar packages, grammars/ID, from
// grammars/ID/ID.peg and grammars/ID/ID.abnf (package internal/genparser says what it writes).
// It is run by `go generate` (see the doc.go it writes) and by `make generate`.
//
// Usage (from the module root or the output directory, with paths relative to it):
//
//	go run ./internal/cmd/genparser -peg grammars/ID/ID.peg -o grammars/ID
package main

import (
	"os"

	"github.com/urlgrammar/urlgrammar/internal/genparser"
)

func main() { os.Exit(genparser.Main(os.Args[1:], genparser.InModule)) }
