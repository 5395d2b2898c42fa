package urlgrammar

// ABNF returns the source of the grammar's ABNF file (grammars/ID/ID.abnf for a bundled
// grammar): the specification's rules as this project transcribed them, with the repairs
// marked FIX. The generator keeps it in the grammar's description (grammarkit.Generated.ABNF),
// so a grammar of another module has it too.
func (g *Grammar) ABNF() []byte {
	if g.gen.ABNF == "" {
		return nil
	}
	return []byte(g.gen.ABNF)
}
