package check

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/urlgrammar/urlgrammar"
)

// diffRecord is the jsonl record of a line in a diff of a corpus, as encoding/json writes it:
// the oracle of appendDiffJSON (which AppendDiffRecord wrote through it before).
type diffRecord struct {
	File        string      `json:"file"`
	Line        int         `json:"line"`
	Input       string      `json:"input"`
	InputBase64 *string     `json:"inputBase64,omitempty"`
	Truncated   bool        `json:"inputTruncated,omitempty"`
	Partition   Partition   `json:"partition"`
	AcceptedBy  []string    `json:"acceptedBy"`
	RejectedBy  []rejection `json:"rejectedBy"`
}

type rejection struct {
	Grammar string      `json:"grammar"`
	Error   ErrorDetail `json:"error"`
}

func diffRecordJSON(r *Record, names [2]string) string {
	rec := diffRecord{File: r.File, Line: r.Line, Input: r.Input, InputBase64: InputBase64(r.Input), Truncated: r.TooLong,
		Partition: PartitionOf(r), AcceptedBy: []string{}, RejectedBy: []rejection{}}
	for i, res := range r.Results {
		if res.Err == nil {
			rec.AcceptedBy = append(rec.AcceptedBy, names[i])
		} else {
			rec.RejectedBy = append(rec.RejectedBy, rejection{names[i], NewErrorDetail(res.Err)})
		}
	}
	return string(AppendJSON(nil, rec))
}

// The jsonl record of a diff line is what encoding/json writes of diffRecord, for every
// input of the tables and corpora, with rfc3986 against each other grammar (errors with a
// blame, with a scheme's grammar, of invalid UTF-8, of a line too long), with names that
// need escaping.
func TestAppendDiffRecordMatchesJSON(t *testing.T) {
	inputs := jsonInputs(t)
	a := urlgrammar.MustLookup("rfc3986")
	for _, id := range urlgrammar.IDs() {
		b := urlgrammar.MustLookup(id)
		names := [2]string{"rfc3986", id + "/\"rule\"\t"}
		for i, in := range inputs {
			if i%4 != 0 && id != "uri" && id != "rfc2396bis-01" { // every input for two pairs, a quarter for the others
				continue
			}
			_, errA := a.Parse(in)
			_, errB := b.Parse(in)
			r := &Record{File: "f\t\"é", Line: i + 1, Input: in, Results: []Result{{Grammar: a, Err: errA}, {Grammar: b, Err: errB}}}
			require.Equal(t, diffRecordJSON(r, names), string(AppendDiffRecord(nil, JSONL, r, names)), "%s %q", id, in)
		}
	}
	long := &Record{File: "f", Line: 1, Input: "http://a/\xff", TooLong: true,
		Results: []Result{{Grammar: a, Err: ErrTooLong}, {Grammar: a, Err: nil}}}
	require.Equal(t, diffRecordJSON(long, [2]string{"a", "b"}), string(AppendDiffRecord(nil, JSONL, long, [2]string{"a", "b"})))
}
