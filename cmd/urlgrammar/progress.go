package main

import (
	"fmt"
	"io"
	"os"
	"sync/atomic"
	"time"

	"github.com/urlgrammar/urlgrammar/check"
)

// progressLine redraws "N lines, R lines/s, I invalid (P%)" on stderr twice a second (check,
// diff; extract counts references): the percentage when the size of the input is known. A
// nil *progressLine does nothing, so callers need no checks.
type progressLine struct {
	items, invalid, bytes atomic.Int64
	noun                  string // "lines", "references"
	total                 int64  // the input's size in bytes; 0: not known
	start                 time.Time
	w                     io.Writer
	quit, done            chan struct{}
}

// inputSize returns the total size of the named files, or 0 when one is not a regular file
// (standard input, a pipe) whose size is known in advance.
func inputSize(files []string) int64 {
	var total int64
	if len(files) == 0 {
		return 0
	}
	for _, f := range files {
		if f == "-" {
			return 0
		}
		st, err := os.Stat(f)
		if err != nil || !st.Mode().IsRegular() {
			return 0
		}
		total += st.Size()
	}
	return total
}

func startProgress(w io.Writer, noun string, total int64) *progressLine {
	p := &progressLine{start: time.Now(), w: w, noun: noun, total: total, quit: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(p.done)
		t := time.NewTicker(500 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				p.draw()
			case <-p.quit:
				fmt.Fprint(p.w, "\r\x1b[K")
				return
			}
		}
	}()
	return p
}

// line is what the progress line says.
func (p *progressLine) line() string {
	n := p.items.Load()
	rate := float64(n) / time.Since(p.start).Seconds()
	s := fmt.Sprintf("%d %s, %.0f %s/s, %d invalid", n, p.noun, rate, p.noun, p.invalid.Load())
	if p.total > 0 {
		s += fmt.Sprintf(" (%d%%)", min(100, p.bytes.Load()*100/p.total))
	}
	return s
}

func (p *progressLine) draw() { fmt.Fprint(p.w, "\r\x1b[K"+p.line()) }

// addRecord counts a check record: a line and its bytes (with its newline).
func (p *progressLine) addRecord(r *check.Record) {
	if p == nil || r.IOErr != nil {
		return
	}
	p.items.Add(1)
	p.bytes.Add(int64(len(r.Input)) + 1)
	if !r.Valid() {
		p.invalid.Add(1)
	}
}

// addItem counts one item (an extracted reference).
func (p *progressLine) addItem(valid bool) {
	if p == nil {
		return
	}
	p.items.Add(1)
	if !valid {
		p.invalid.Add(1)
	}
}

// addBytes counts bytes of input read.
func (p *progressLine) addBytes(n int) {
	if p != nil {
		p.bytes.Add(int64(n))
	}
}

func (p *progressLine) stop() {
	if p == nil {
		return
	}
	select {
	case <-p.quit:
	default:
		close(p.quit)
		<-p.done
	}
}

// countingReader counts the bytes read through it on a progress line.
type countingReader struct {
	r io.Reader
	p *progressLine
}

func (c countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.p.addBytes(n)
	return n, err
}
