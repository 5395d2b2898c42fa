package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/urlgrammar/urlgrammar/internal/playground"
)

const helpServe = `Serves the playground, a page embedded in the binary (no network access needed): type a URL
and see its components coloured, its tree with spans, the error with its caret, the verdict
of every grammar, the result of resolving it against a base and its normal forms; click a
rule in the tree for its railroad diagram. The server listens on localhost unless told
otherwise, keeps no state, and refuses inputs over 8 KiB and answers over 1 MiB. It serves 8
requests at once (the others wait for a turn, then get 503), forbids framing and inline
script, and, bound to a loopback address, answers only to a Host naming localhost or a
loopback address (against DNS rebinding). Stop it with Ctrl-C.`

func runServe(e *env, args []string) int {
	fs := e.flags()
	addr := fs.String("addr", "127.0.0.1:8080", "listen on `ADDRESS` (host:port; port 0 picks a free one)")
	pos, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return e.usageError("serve takes no arguments")
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return e.fail(err)
	}
	a, _ := ln.Addr().(*net.TCPAddr)
	loopback := a != nil && a.IP.IsLoopback()
	srv := &http.Server{
		Handler:           playground.NewHandler(playground.Config{Loopback: loopback}),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}
	fmt.Fprintf(e.stderr, "urlgrammar serve: the playground is on http://%s/\n", ln.Addr())
	if a != nil && !loopback {
		fmt.Fprintf(e.stderr, "urlgrammar serve: warning: %s is not a loopback address: other machines can reach the playground\n", a.IP)
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return e.fail(err)
	case <-e.ctx.Done():
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
			return e.fail(err)
		}
		return exitInterrupted
	}
}
