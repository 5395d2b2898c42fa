package urlgrammar

import (
	"testing"

	"github.com/urlgrammar/urlgrammar/internal/testgc"
)

// TestMain runs the package's tests, whose oracles allocate much and keep little, with the
// collector of package testgc.
func TestMain(m *testing.M) { testgc.Main(m) }
