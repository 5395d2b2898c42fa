// Command urlgrammar-gen generates the Go package of a URL grammar of your own, in your own
// module, from NAME.abnf (the language, with a header that registers it) and NAME.peg (its
// PEG transcription for pigeon): importing the package registers the grammar, after which
// urlgrammar.Lookup("NAME") gives Valid, Match and Parse (the tree, its
// JSON and the components the header declares) and exact errors. See "Extending a grammar"
// in urlgrammar's docs/grammars.md for the files and the header.
//
// Usage, from your module (the package directory's name is the package's):
//
//	go get -tool github.com/urlgrammar/urlgrammar/cmd/urlgrammar-gen
//	go tool urlgrammar-gen -peg grammar/NAME.peg -o NAMEPKG
//
// It runs pigeon v1.3.0, the tool urlgrammar's go.mod pins, in urlgrammar's module directory
// (go mod download puts it in the module cache), and writes the package's files, each
// atomically; the doc.go it writes has the //go:generate line that runs it again.
package main

import (
	"os"

	"github.com/urlgrammar/urlgrammar/internal/genparser"
)

func main() { os.Exit(genparser.Main(os.Args[1:], genparser.Outside)) }
