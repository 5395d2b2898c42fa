package jsontext

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// AppendString writes what encoding/json writes for the same string (HTML escaping off).
func FuzzAppendString(f *testing.F) {
	f.Add("a\x00\b\f\n\r\t\"\\\xff\u2028\u2029é<>&😀\x7f")
	f.Add("http://a.example/p?q=1&r=<x>#f")
	f.Fuzz(func(t *testing.T, s string) {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		require.NoError(t, enc.Encode(s))
		require.Equal(t, want.String(), string(AppendString([]byte("x"), s)[1:])+"\n")
		// A plain string is written as it is, and so is every piece of it.
		if Plain(s) {
			require.Equal(t, want.String(), string(AppendPlain(nil, s))+"\n")
			require.Equal(t, string(AppendString(nil, s[len(s)/2:])), string(AppendPlain(nil, s[len(s)/2:])))
		}
	})
}

func TestPlain(t *testing.T) {
	require.True(t, Plain("http://a.example/p?q=1&r=<x>#f"))
	require.True(t, Plain(""))
	for _, s := range []string{"a\"b", "a\\b", "a\tb", "\x1f", "é", "\xff"} {
		require.False(t, Plain(s), "%q", s)
	}
}
