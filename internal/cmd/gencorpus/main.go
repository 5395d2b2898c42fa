// Command gencorpus writes the deterministic corpus of internal/corpus, one URL a line.
//
//	go run ./internal/cmd/gencorpus -n 1000000 -seed 1 > corpus.txt
//	go run ./internal/cmd/gencorpus -n 1000000 -text > text.txt   # text-shaped, half invalid
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
	text := flag.Bool("text", false, "lines shaped as text gives them, about half invalid (corpus.TextLines)")
	flag.Parse()
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	g := corpus.New(*seed)
	if *text {
		g = corpus.NewText(*seed)
	}
	for i := 0; i < *n; i++ {
		fmt.Fprintln(w, g.Next())
	}
}
