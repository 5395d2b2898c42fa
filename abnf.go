package urlgrammar

import "embed"

// The grammar files, for ABNF (diagrams, documentation).
//
//go:embed grammar/*.abnf
var grammarFiles embed.FS

// ABNF returns the source of the grammar's ABNF file, grammar/ID.abnf: the specification's
// rules as this project transcribed them, with the repairs marked FIX.
func (g *Grammar) ABNF() []byte {
	b, err := grammarFiles.ReadFile("grammar/" + g.id + ".abnf")
	if err != nil {
		return nil // every registered grammar has its file (diagram.TestEveryRuleOfEveryGrammar)
	}
	return b
}
