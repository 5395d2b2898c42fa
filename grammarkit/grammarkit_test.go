package grammarkit

import (
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
)

// registerRuns counts TestRegister's runs in this process.
var registerRuns atomic.Int64

func TestRegister(t *testing.T) {
	// An id of its own each run: the registry is the process's (go test -count=2).
	id := fmt.Sprintf("grammarkit-test-%d", registerRuns.Add(1))
	g := Generated{Info: Info{ID: id}}
	assert.Equal(t, id, Register(g))
	got, ok := Registered(id)
	assert.True(t, ok)
	assert.Equal(t, g.Info, got.Info)
	assert.Contains(t, IDs(), id)
	_, ok = Registered("nothing")
	assert.False(t, ok)
	assert.Panics(t, func() { Register(g) }, "an id registered twice")
	assert.Panics(t, func() { Register(Generated{}) }, "no id")
}
