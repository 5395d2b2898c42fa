package urlgrammar

// A Matcher is Match for many inputs in turn, as the check command matches the lines of a
// corpus: the errors it returns (and those it clones, Clone) are made in blocks of
// MatcherBlock, one allocation for many invalid inputs instead of one each, which makes
// garbage collection rarer. Its errors are
// the caller's to keep, unlike a Parser's (which its next call overwrites); one kept
// keeps its whole block in memory (16 KiB). A Matcher is not safe for concurrent use:
// give each goroutine its own.
type Matcher struct {
	g    *Grammar
	free []syntaxErrorBlock // the blocks not used yet
}

// MatcherBlock is how many errors a Matcher makes in one allocation: 63 of 256 bytes, and the
// 8-byte header the allocator gives a large block with pointers, fill its 16 KiB size class
// (64 would take the next one, 18 KiB).
const MatcherBlock = 63

// NewMatcher returns a Matcher of the grammar.
func (g *Grammar) NewMatcher() *Matcher { return &Matcher{g: g} }

// Grammar returns the grammar the Matcher matches with.
func (m *Matcher) Grammar() *Grammar { return m.g }

// Match is Grammar.Match: the same verdict and the same error.
func (m *Matcher) Match(rule, s string) error {
	err := m.g.matchIn(rule, s, m.block())
	if se, ok := err.(*SyntaxError); ok && se == &m.free[0].e {
		m.free = m.free[1:]
	}
	return err
}

// Clone is SyntaxError.Clone, the copy made in the Matcher's blocks: what to keep of a
// Parser's error (the check command's jsonl records do), one allocation for many. e may be
// of any grammar.
func (m *Matcher) Clone(e *SyntaxError) *SyntaxError {
	c := e.cloneInto(m.block())
	m.free = m.free[1:]
	return c
}

// block returns the Matcher's next unused block, making MatcherBlock when it has none.
func (m *Matcher) block() *syntaxErrorBlock {
	if len(m.free) == 0 {
		m.free = make([]syntaxErrorBlock, MatcherBlock)
	}
	return &m.free[0]
}
