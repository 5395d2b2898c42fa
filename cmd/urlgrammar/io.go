package main

import (
	"fmt"
	"io"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/check"
)

// output buffers standard output and writes only whole records: a Write is one record (or
// part of one that the caller completes before the next flush point), and the buffer goes
// out when the next record would not fit, so a write(2) never ends inside a record that a
// single Write gave. After the first failed write it discards everything and Err reports it.
type output struct {
	w   io.Writer
	buf []byte
	err error
}

const outputBuffer = 64 * 1024

func newOutput(w io.Writer) *output { return &output{w: w, buf: make([]byte, 0, outputBuffer)} }

func (o *output) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	if len(o.buf)+len(p) > outputBuffer && len(o.buf) > 0 {
		o.flush()
		if o.err != nil {
			return 0, o.err
		}
	}
	if len(p) > outputBuffer {
		_, o.err = o.w.Write(p)
		if o.err != nil {
			return 0, o.err
		}
		return len(p), nil
	}
	o.buf = append(o.buf, p...)
	return len(p), nil
}

func (o *output) flush() {
	if o.err == nil && len(o.buf) > 0 {
		_, o.err = o.w.Write(o.buf)
	}
	o.buf = o.buf[:0]
}

// Flush writes what is buffered and returns the first write error.
func (o *output) Flush() error {
	o.flush()
	return o.err
}

// Err returns the first write error.
func (o *output) Err() error { return o.err }

// input is one input of a command: an argument, or a line of standard input.
type input struct {
	text    string
	line    int  // line number on standard input, 0 for an argument
	tooLong bool // a line of standard input over urlgrammar.MaxInputLength, cut there
}

// eachInput calls fn for each input: each argument, with every "-" (or no argument at all)
// standing for the lines of standard input. It stops when fn returns false, when the
// context is cancelled, or when writing the output has failed, and returns the status of a
// failure to read standard input (exitUsage after an error message), or 0.
func (e *env) eachInput(args []string, fn func(in input) bool) int {
	if len(args) == 0 {
		args = []string{"-"}
	}
	for _, a := range args {
		if e.ctx.Err() != nil || e.out.Err() != nil {
			return 0
		}
		if a != "-" {
			if !fn(input{text: a}) {
				return 0
			}
			continue
		}
		if code := e.eachStdinLine(fn); code != 0 {
			return code
		}
	}
	return 0
}

// eachStdinLine reads standard input in a goroutine, so that a signal stops the command
// even while it waits for a line. The lines come over in batches (stdinBatch), and before
// each read of the input those read so far, so that a slow input (a pipe, tail -f) gets its
// answers as its lines come.
func (e *env) eachStdinLine(fn func(in input) bool) int {
	batches := make(chan []input, 2)
	readErr := make(chan error, 1)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		defer close(batches)
		h := batcher[input]{out: batches, stop: stop, size: stdinBatch}
		err := check.EachLine(h.beforeReads(e.stdin), urlgrammar.MaxInputLength, func(n int, line []byte, tooLong bool) error {
			if !h.add(input{text: string(line), line: n, tooLong: tooLong}) {
				return errStopped
			}
			return nil
		})
		if err == nil && !h.send() {
			err = errStopped
		}
		readErr <- err
	}()
	for {
		if len(batches) == 0 {
			// No line is waiting: the input may have paused (a pipe, tail -f), so what is
			// buffered goes out now rather than when the buffer fills.
			e.out.flush()
		}
		select {
		case <-e.ctx.Done():
			return 0
		case lines, ok := <-batches:
			if !ok {
				if err := <-readErr; err != nil && err != errStopped {
					return e.fail(fmt.Errorf("reading standard input: %w", err))
				}
				return 0
			}
			for _, in := range lines {
				if !fn(in) || e.out.Err() != nil || e.ctx.Err() != nil {
					return 0
				}
			}
		}
	}
}

// stdinBatch is how many lines of standard input the reading goroutine hands over at once.
// One at a time, each hand-over woke a thread on another core: on two cores, normalize of
// 1,000,000 lines took 0.89 s (1.04 s of CPU), more than on one core (0.81-0.83 s); in
// batches, 0.59 s (0.78 s).
const stdinBatch = 256

// A batcher hands items over to out in batches of size, and what it holds before each read
// of an input it reads (beforeReads), so that a slow input (a pipe, tail -f) gets its answers
// as its lines come. Its add and send report false once stop is closed.
type batcher[T any] struct {
	out  chan<- []T
	stop <-chan struct{}
	size int
	cur  []T
}

// add adds an item, and hands the batch over when it is full.
func (b *batcher[T]) add(x T) bool {
	b.cur = append(b.cur, x)
	return len(b.cur) < b.size || b.send()
}

// send hands over the items held, if any.
func (b *batcher[T]) send() bool {
	if len(b.cur) == 0 {
		return true
	}
	select {
	case b.out <- b.cur:
		b.cur = make([]T, 0, b.size)
		return true
	case <-b.stop:
		return false
	}
}

// beforeReads returns r, with the items held handed over before each of its reads (stopped,
// the next add or send says so).
func (b *batcher[T]) beforeReads(r io.Reader) io.Reader {
	return readHook{r, func() { b.send() }}
}

// readHook calls before before each Read of r.
type readHook struct {
	r      io.Reader
	before func()
}

func (h readHook) Read(p []byte) (int, error) {
	h.before()
	return h.r.Read(p)
}

type stopError struct{}

func (stopError) Error() string { return "stopped" }

var errStopped error = stopError{}

// tooLongError is the error of a line of standard input over urlgrammar.MaxInputLength.
func tooLongError(in input) error {
	return fmt.Errorf("line %d of standard input: %w", in.line, check.ErrTooLong)
}
