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
	f.Fuzz(func(t *testing.T, s string) {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		require.NoError(t, enc.Encode(s))
		require.Equal(t, want.String(), string(AppendString([]byte("x"), s)[1:])+"\n")
	})
}
