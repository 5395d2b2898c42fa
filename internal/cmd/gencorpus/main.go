// Command gencorpus writes the deterministic corpus of internal/corpus, one URL a line.
//
//	go run ./internal/cmd/gencorpus -n 1000000 -seed 1 > corpus.txt
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"github.com/urlgrammar/urlgrammar/internal/corpus"
)

func main() {
	n := flag.Int("n", 10000, "number of lines")
	seed := flag.Int64("seed", 1, "random seed")
	flag.Parse()
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	g := corpus.New(*seed)
	for i := 0; i < *n; i++ {
		fmt.Fprintln(w, g.Next())
	}
}
