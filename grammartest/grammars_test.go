package grammartest_test

// Every bundled grammar, registered for the tests (they look grammars up by id).
import _ "github.com/urlgrammar/urlgrammar/grammars/all"
