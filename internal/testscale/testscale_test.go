package testscale

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestScale(t *testing.T) {
	in := []string{"a", "b", "c", "d", "e"}
	if testing.Short() {
		require.Equal(t, 750, Short(3000))
		require.Equal(t, 1, Short(3))
		require.Equal(t, []string{"a", "e"}, Inputs(in))
	} else {
		require.Equal(t, 3000, Short(3000))
		require.Equal(t, in, Inputs(in))
	}
}
