package resolve

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// removeDotSegmentsByRewriting is the drafts' string rewriting, step by step (steps 3 to 7,
// step 5 leftmost first and again until nothing matches): the quadratic oracle of the one
// pass removeDotSegments.
func removeDotSegmentsByRewriting(buf string, dots DotSegments) (string, error) {
	lead, rest := "", buf
	if strings.HasPrefix(buf, "/") {
		lead, rest = "/", buf[1:]
	}
	segs := strings.Split(rest, "/")
	out := segs[:0]
	for i, s := range segs {
		if s != "." || i == len(segs)-1 {
			out = append(out, s)
		}
	}
	segs = out
	if n := len(segs); segs[n-1] == "." {
		segs[n-1] = ""
	}
	for {
		i := 0
		for ; i+2 < len(segs); i++ {
			if segs[i] != ".." && segs[i+1] == ".." {
				break
			}
		}
		if i+2 >= len(segs) {
			break
		}
		segs = append(segs[:i], segs[i+2:]...)
	}
	if n := len(segs); n >= 2 && segs[n-1] == ".." && segs[n-2] != ".." {
		segs = append(segs[:n-2], "")
	}
	if segs[0] == ".." {
		switch dots {
		case DotsError:
			return "", ErrAboveRoot
		case DotsRemove:
			for len(segs) > 0 && segs[0] == ".." {
				segs = segs[1:]
			}
			if len(segs) == 0 {
				segs = []string{""}
			}
		}
	}
	return lead + strings.Join(segs, "/"), nil
}

func TestRemoveDotSegmentsMatchesRewriting(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	pieces := []string{"a", "b", ".", "..", "", "...", ".a", "?q", "g?y", "c;p"}
	check := func(buf string) {
		for _, d := range []DotSegments{DotsKeep, DotsRemove, DotsError} {
			want, werr := removeDotSegmentsByRewriting(buf, d)
			got, gerr := removeDotSegments(buf, d)
			require.Equal(t, werr, gerr, "%q dots %d", buf, d)
			require.Equal(t, want, got, "%q dots %d", buf, d)
		}
	}
	for _, s := range []string{"/", "/.", "/..", "/./", "/../", "/a/..", "/a/../..", "/../a", "/a/./b/../../c/.", "//..", "/a//../b", "0", "a/..", "../a", ""} {
		check(s)
	}
	for i := 0; i < 20000; i++ {
		n := rng.Intn(12)
		segs := make([]string, n)
		for j := range segs {
			segs[j] = pieces[rng.Intn(len(pieces))]
		}
		check("/" + strings.Join(segs, "/"))
		check(strings.Join(segs, "/"))
	}
}

func FuzzRemoveDotSegments(f *testing.F) {
	for _, s := range []string{"/a/./b/../../c/.", "/../a", "/a/..", "//.."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, buf string) {
		if len(buf) > 4096 {
			return
		}
		for _, d := range []DotSegments{DotsKeep, DotsRemove, DotsError} {
			want, werr := removeDotSegmentsByRewriting(buf, d)
			got, gerr := removeDotSegments(buf, d)
			if werr != gerr || want != got {
				t.Fatalf("%q dots %d: %q %v, rewriting gives %q %v", buf, d, got, gerr, want, werr)
			}
		}
	})
}
