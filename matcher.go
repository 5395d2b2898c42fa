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

// ErrorMemory is memory for the errors of a caller that keeps them a while and then has done
// with all of them at once, as the check command has with a batch of lines once its records
// are emitted: Matcher.MatchIn and Matcher.CloneIn make their errors in it, and Reset makes
// all of it free for the next ones, which overwrite the errors made before. An error made in
// it is valid until the next Reset (SyntaxError.Clone copies one to keep). Unlike a Matcher's
// own blocks, which the collector frees once their errors are dropped and which a program
// allocates anew, the memory is used again: no allocation once it has grown to the most
// errors made between two Resets, and none of the collector's work for them.
//
// The zero value is empty and ready to use; it grows by MatcherBlock errors at a time. It is
// not safe for concurrent use.
type ErrorMemory struct {
	chunks [][]syntaxErrorBlock
	chunk  int // the chunk of the next free block
	used   int // how many of chunks[chunk] are used
}

// block returns the memory's next free block, growing it when it has none; take marks it used.
func (em *ErrorMemory) block() *syntaxErrorBlock {
	for em.chunk < len(em.chunks) && em.used == len(em.chunks[em.chunk]) {
		em.chunk, em.used = em.chunk+1, 0
	}
	if em.chunk == len(em.chunks) {
		em.chunks = append(em.chunks, make([]syntaxErrorBlock, MatcherBlock))
	}
	return &em.chunks[em.chunk][em.used]
}

func (em *ErrorMemory) take() { em.used++ }

// Len returns how many errors were made in the memory since it was made or Reset.
func (em *ErrorMemory) Len() int { return em.chunk*MatcherBlock + em.used }

// Reset makes the memory free for the next errors: each error made in it since the last
// Reset is cleared (it keeps no input alive) and its memory is used again.
func (em *ErrorMemory) Reset() {
	for i := 0; i < em.chunk && i < len(em.chunks); i++ {
		clear(em.chunks[i])
	}
	if em.chunk < len(em.chunks) {
		clear(em.chunks[em.chunk][:em.used])
	}
	em.chunk, em.used = 0, 0
}

// MatchIn is Match with its error made in mem: valid until mem's next Reset.
func (m *Matcher) MatchIn(mem *ErrorMemory, rule, s string) error {
	b := mem.block()
	err := m.g.matchIn(rule, s, b)
	if se, ok := err.(*SyntaxError); ok && se == &b.e {
		mem.take()
	}
	return err
}

// CloneIn is Clone with the copy made in mem: valid until mem's next Reset.
func (m *Matcher) CloneIn(mem *ErrorMemory, e *SyntaxError) *SyntaxError {
	c := e.cloneInto(mem.block())
	mem.take()
	return c
}
