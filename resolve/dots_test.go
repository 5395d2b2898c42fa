package resolve

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
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
			return "", errAboveRootDrafts
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

// removeDotSegmentsSpec is RFC 3986 section 5.2.4 written as plainly as the RFC writes it,
// with string prefixes and concatenation: the oracle for removeDotSegments3986.
func removeDotSegmentsSpec(in string) string {
	out := ""
	for in != "" {
		switch {
		case strings.HasPrefix(in, "../"):
			in = in[3:]
		case strings.HasPrefix(in, "./"):
			in = in[2:]
		case strings.HasPrefix(in, "/./"):
			in = "/" + in[3:]
		case in == "/.":
			in = "/"
		case strings.HasPrefix(in, "/../"), in == "/..":
			in = "/" + in[min(len(in), 4):]
			if i := strings.LastIndex(out, "/"); i >= 0 {
				out = out[:i]
			} else {
				out = ""
			}
		case in == "." || in == "..":
			in = ""
		default:
			j := strings.Index(in[1:], "/")
			if j < 0 {
				out, in = out+in, ""
			} else {
				out, in = out+in[:j+1], in[j+1:]
			}
		}
	}
	return out
}

// removeDotSegments3986 agrees with the plain transcription on every string of up to eight
// pieces ".", "..", "a", "/", "b." (absolute, relative, with and without leading dots), and
// its two traces in section 5.2.4 come out as the RFC shows.
func TestRemoveDotSegments3986(t *testing.T) {
	pieces := []string{".", "..", "a", "/", "b."}
	var walk func(prefix string, n int)
	count := 0
	walk = func(prefix string, n int) {
		want := removeDotSegmentsSpec(prefix)
		got, err := removeDotSegments3986(prefix, DotsKeep)
		require.NoError(t, err)
		require.Equal(t, want, got, "%q", prefix)
		count++
		if n == 0 {
			return
		}
		for _, p := range pieces {
			walk(prefix+p, n-1)
		}
	}
	walk("", 7)
	assert.Greater(t, count, 90000)
	for in, want := range map[string]string{"/a/b/c/./../../g": "/a/g", "mid/content=5/../6": "mid/6"} {
		got, err := removeDotSegments3986(in, DotsKeep)
		require.NoError(t, err)
		assert.Equal(t, want, got, in)
	}
}

func FuzzRemoveDotSegments(f *testing.F) {
	for _, s := range []string{"/a/./b/../../c/.", "/../a", "/a/..", "//..", "a/../../b", "./.."} {
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
		want := removeDotSegmentsSpec(buf)
		if got, err := removeDotSegments3986(buf, DotsKeep); err != nil || got != want {
			t.Fatalf("%q: remove_dot_segments gives %q %v, section 5.2.4 as written %q", buf, got, err, want)
		}
	})
}

// TestHasDotSegment holds hasDotSegment, which looks at the dots only, to its definition: a
// segment of the path split at its "/"s is "." or "..". The paths are every string of up to
// six bytes over ".", "/" and "a".
func TestHasDotSegment(t *testing.T) {
	paths := []string{""}
	for n := 0; n < 6; n++ {
		for _, p := range paths {
			if len(p) == n {
				for _, c := range []string{".", "/", "a"} {
					paths = append(paths, p+c)
				}
			}
		}
	}
	for _, p := range paths {
		want := false
		for _, seg := range strings.Split(p, "/") {
			want = want || seg == "." || seg == ".."
		}
		assert.Equal(t, want, hasDotSegment(p), "%q", p)
	}
}
