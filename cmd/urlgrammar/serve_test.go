package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// serve listens where it says, serves the page, and ends with status 130 when interrupted.
func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	codes := make(chan int, 1)
	go func() {
		codes <- runContext(ctx, []string{"serve", "-addr", "127.0.0.1:0"}, strings.NewReader(""), io.Discard, pw)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	require.NoError(t, err)
	go io.Copy(io.Discard, pr)
	i := strings.Index(line, "http://")
	require.GreaterOrEqual(t, i, 0, line)
	url := strings.TrimSpace(line[i:])
	client := &http.Client{Timeout: 10 * time.Second}
	resp, err := client.Get(url)
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, 200, resp.StatusCode)
	assert.Contains(t, string(body), "urlgrammar playground")
	cancel()
	select {
	case code := <-codes:
		assert.Equal(t, exitInterrupted, code)
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop when interrupted")
	}
}
