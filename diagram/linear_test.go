package diagram_test

import (
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar/diagram"
)

// nested is a rule whose options nest depth deep: [[[ ... "a" ... ]]].
func nested(depth int) []byte {
	return []byte("r = " + strings.Repeat("[", depth) + `"a"` + strings.Repeat("]", depth) + "\n")
}

// continued is a rule of n lines: the name, then n-1 continuation lines of one alternative each.
func continued(n int) []byte {
	return []byte("r = \"a\"\n" + strings.Repeat("  / \"b\"\n", n-1))
}

// allocated returns the bytes fn allocates.
func allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// readAndDraw reads src and draws its rule r.
func readAndDraw(t testing.TB, src []byte) {
	d, err := diagram.Read(src)
	require.NoError(t, err)
	_, err = diagram.SVG(d, "r")
	require.NoError(t, err)
}

// The reader and the layout take work in proportion to the grammar, whatever its nesting
// and its number of lines: four times the input allocates about four times the bytes. The
// layout measured a nested option's parts again at every level (exponential in the depth:
// the 68-byte rule of FuzzRead's seed nested-options did not finish), and the reader copied a
// rule's text so far at each continuation line (quadratic). Bytes, not time, so that the test
// is exact on a loaded machine.
func TestReadAndLayoutLinear(t *testing.T) {
	for _, c := range []struct {
		name string
		src  func(int) []byte
		n    int
	}{
		{"nesting", nested, 25}, // the most a grammar may nest is 100 (TestReadErrors)
		{"lines", continued, 4096},
	} {
		t.Run(c.name, func(t *testing.T) {
			small := allocated(func() { readAndDraw(t, c.src(c.n)) })
			large := allocated(func() { readAndDraw(t, c.src(4*c.n)) })
			ratio := float64(large) / float64(small)
			t.Logf("%s: %d -> %d bytes for 4x the input (%.1fx)", c.name, small, large, ratio)
			require.Less(t, ratio, 6.0, "bytes allocated grow faster than the input")
		})
	}
	// The deepest nesting the reader takes draws at once.
	readAndDraw(t, nested(100))
}

// BenchmarkAdversarialDiagram reads and draws a rule nested 1x, 10x and 100x deep, and of 1x,
// 10x and 100x as many lines: ns per input byte stays flat (linear time).
func BenchmarkAdversarialDiagram(b *testing.B) {
	for _, c := range []struct {
		name string
		src  func(int) []byte
		base int
	}{{"nesting", nested, 1}, {"lines", continued, 655}} {
		for _, x := range []int{1, 10, 100} {
			src := c.src(c.base * x)
			b.Run(c.name+"/"+strconv.Itoa(x)+"x", func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for i := 0; i < b.N; i++ {
					readAndDraw(b, src)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(src)), "ns/byte")
			})
		}
	}
}
