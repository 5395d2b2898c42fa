package grammarkit

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRegister(t *testing.T) {
	g := Generated{Info: Info{ID: "grammarkit-test"}}
	assert.Equal(t, "grammarkit-test", Register(g))
	got, ok := Registered("grammarkit-test")
	assert.True(t, ok)
	assert.Equal(t, g.Info, got.Info)
	assert.Contains(t, IDs(), "grammarkit-test")
	_, ok = Registered("nothing")
	assert.False(t, ok)
	assert.Panics(t, func() { Register(g) }, "an id registered twice")
	assert.Panics(t, func() { Register(Generated{}) }, "no id")
}
