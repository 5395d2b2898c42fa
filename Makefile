# urlgrammar. `make demo` runs the checker on the bundled corpus; `make test` runs the tests.
GO ?= go
export PATH := $(PATH):/usr/local/go/bin

# A grammar is one folder, named by its id: grammars/ID/ID.abnf and ID.peg, and the package
# generated beside them (package ID without dashes).
PEGS := $(wildcard grammars/*/*.peg)

.PHONY: all generate docs browser tools node-tools peers peers-tools check-generated fmt check-format vet vet-ports test test-go-next test-386 race check bench bench-instructions bench-check bench-e2e bench-adversarial bench-extract fuzz conformance demo build

all: check

build:
	$(GO) build ./...

generate:
	@for peg in $(PEGS); do \
		dir=$$(dirname $$peg); \
		echo "genparser $$peg -> $$dir"; \
		$(GO) run ./internal/cmd/genparser -peg $$peg -o $$dir || exit 1; \
	done
	$(MAKE) --no-print-directory docs

# The documents computed from the grammars: docs/differences.md (urlgrammar diff, pair by
# pair) and docs/diagrams/ (railroad diagrams of every rule).
docs:
	$(GO) run ./internal/cmd/gendocs -dir docs

# Regenerate and fail if grammars/ or docs/ differs from what is committed (or has new files).
GENERATED := grammars/ docs/
check-generated: generate
	@git diff --exit-code --stat -- $(GENERATED) || { echo "generated files are out of date: run make generate and commit"; exit 1; }
	@test -z "$$(git status --porcelain -- $(GENERATED))" || { git status --porcelain -- $(GENERATED); echo "generated files are not committed"; exit 1; }

fmt:
	gofmt -w $$(git ls-files '*.go')

check-format:
	@out=$$(gofmt -l $$(git ls-files '*.go')); test -z "$$out" || { echo "gofmt would change: $$out"; exit 1; }

vet:
	$(GO) vet ./...

# go vet for the platforms users build on besides this one (the tests compile too): Windows,
# macOS on arm64 and a 32-bit one, where an int is 32 bits (CI runs it; about a minute).
vet-ports:
	GOOS=windows $(GO) vet ./...
	GOOS=darwin GOARCH=arm64 $(GO) vet ./...
	GOARCH=386 $(GO) vet ./...

# The tests. The playground's browser test needs Chromium: `make browser` installs Debian's
# package when it is missing (as root, with apt-get); without it that one test is skipped.
test: browser tools node-tools peers-tools
	$(GO) test ./...

# The tests with the newest Go release as well (CI runs it): the machine's Go may be older
# than the one users build with, and a Go release can change what the standard library writes
# (Go 1.27's encoding/json writes invalid UTF-8 otherwise), and the generated code must come
# out the same (gofmt, pigeon built with it). The toolchain comes through the
# module proxy (GOTOOLCHAIN); a Go that cannot be fetched fails this target, saying so.
GO_NEXT ?= go1.27.3
test-go-next:
	@GOTOOLCHAIN=$(GO_NEXT) $(GO) version || { echo "test-go-next: could not fetch $(GO_NEXT) through the module proxy" >&2; exit 1; }
	GOTOOLCHAIN=$(GO_NEXT) $(GO) test -count=1 ./...
	GOTOOLCHAIN=$(GO_NEXT) $(MAKE) --no-print-directory check-generated

# The tests as 32-bit x86 binaries (CI runs it): an int is 32 bits there, as on 32-bit ARM,
# and an offset or size that overflows one shows. An amd64 Linux runs them as they are,
# unless its kernel's IA-32 emulation is off (exec format error; some VMs): every package's
# tests are then built and linked as 32-bit binaries, not run, with a warning that says so
# (Debian 12's qemu-i386 stops a Go 386 binary with SIGSEGV, so it is no way out).
test-386:
	@dir=$$(mktemp -d) && trap 'rm -rf "$$dir"' EXIT && \
		GOARCH=386 $(GO) test -c -o "$$dir/probe.test" ./internal/tsvtext && \
		if "$$dir/probe.test" -test.run '^$$' >/dev/null 2>&1; then \
			echo "GOARCH=386 $(GO) test -count=1 ./..."; GOARCH=386 $(GO) test -count=1 ./...; \
		else \
			echo "GOARCH=386 $(GO) test -count=1 -exec true ./... (built, not run)"; \
			out=$$(GOARCH=386 $(GO) test -count=1 -exec true ./... 2>&1) || { echo "$$out"; exit 1; }; \
			echo "WARNING: this machine cannot run 32-bit x86 binaries (its kernel's IA-32 emulation is off): the tests were built as 32-bit binaries, not run" >&2; \
		fi

# Every test under the race detector (CI runs it; about three minutes on two cores). The
# detector needs cgo, so a C compiler: Debian's gcc is installed when it is missing (as
# root); where none can be, the tests are not run under -race, with a warning that says so.
race:
	@command -v "$$($(GO) env CC)" >/dev/null 2>&1 || { \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "installing Debian's gcc for the race detector"; \
			(apt-get -o DPkg::Lock::Timeout=300 install -y -q gcc >/dev/null 2>&1 || \
				{ apt-get -o DPkg::Lock::Timeout=300 update -q >/dev/null 2>&1 && \
				apt-get -o DPkg::Lock::Timeout=300 install -y -q gcc >/dev/null 2>&1; }) || true; \
		fi; }
	@if command -v "$$($(GO) env CC)" >/dev/null 2>&1; then \
		CGO_ENABLED=1 $(GO) test -race -count=1 ./...; \
	else \
		echo "WARNING: no C compiler, so no race detector: the tests were not run under -race" >&2; \
	fi

browser:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || { \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "installing Debian's chromium for the playground's browser test"; \
			(apt-get -o DPkg::Lock::Timeout=300 install -y -q chromium >/dev/null 2>&1 || \
				{ apt-get -o DPkg::Lock::Timeout=300 update -q >/dev/null 2>&1 && \
				  apt-get -o DPkg::Lock::Timeout=300 install -y -q chromium >/dev/null 2>&1; }) \
				|| echo "could not install chromium: the browser test will be skipped"; \
		else echo "chromium is not installed (apt-get install chromium): the browser test will be skipped"; fi; }

# The test-only tools of Debian: zsh and fish (the tests of their completion scripts; bash is
# there), GNU parallel (the test of check as the stage of a multi-core split) and valgrind
# (make bench-instructions, and its test), installed when missing (as root, with apt-get);
# without one, its tests are skipped by name.
TEST_TOOLS := zsh fish parallel valgrind
tools:
	@for t in $(TEST_TOOLS); do command -v $$t >/dev/null 2>&1 && continue; \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "installing Debian's $$t for its tests"; \
			(apt-get -o DPkg::Lock::Timeout=300 install -y -q $$t >/dev/null 2>&1 || \
				{ apt-get -o DPkg::Lock::Timeout=300 update -q >/dev/null 2>&1 && \
				  apt-get -o DPkg::Lock::Timeout=300 install -y -q $$t >/dev/null 2>&1; }) \
				|| echo "could not install $$t: its tests will be skipped"; \
		else echo "$$t is not installed (apt-get install $$t): its tests will be skipped"; fi; done

# jsdom/whatwg-url, an independent checker of the WHATWG URL Standard's valid URL strings that
# TestWHATWGURLMatchesJsdom compares the grammar whatwg-url with: Node from Debian's packages
# (installed when missing, as root, with apt-get) and the npm module, pinned, in .cache/node.
# Without them that one test is skipped, saying so.
JSDOM_WHATWG_URL := whatwg-url@17.3.0
node-tools:
	@command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || { \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "installing Debian's nodejs and npm for the jsdom/whatwg-url comparison"; \
			(apt-get -o DPkg::Lock::Timeout=300 install -y -q nodejs npm >/dev/null 2>&1 || \
				{ apt-get -o DPkg::Lock::Timeout=300 update -q >/dev/null 2>&1 && \
				  apt-get -o DPkg::Lock::Timeout=300 install -y -q nodejs npm >/dev/null 2>&1; }) \
				|| echo "could not install nodejs and npm: the jsdom comparison will be skipped"; \
		else echo "node is not installed (apt-get install nodejs npm): the jsdom comparison will be skipped"; fi; }
	@test -f .cache/node/node_modules/whatwg-url/package.json || { command -v npm >/dev/null 2>&1 && \
		{ npm install --silent --no-audit --no-fund --prefix .cache/node $(JSDOM_WHATWG_URL) >/dev/null 2>&1 || \
		  echo "could not install $(JSDOM_WHATWG_URL) from npm: the jsdom comparison will be skipped"; }; } || true

check: check-format vet check-generated test

# The corpus benchmarks, 5 runs each (net/url.Parse is the baseline: compare ratios), then
# the cost of the checker end to end, then resolve and normalize per grammar against net/url's
# ResolveReference and Parse+String on one core. `make bench-adversarial` shows linear time.
bench:
	$(GO) test -run '^$$' -bench 'NetURLParse|Valid$$|Parse$$|Parser$$|ValidLines|CheckCommand' -benchmem -count 5 . ./cmd/urlgrammar
	$(GO) test -run '^$$' -bench Corpus -benchmem -count 5 -cpu 1 ./resolve

# The checker end to end with one worker on one core, per format, on valid lines and on
# text-shaped lines about half invalid, and from each crawl input format: lines/s per core.
# urlgrammar against other URL parsers on this machine, in one run (docs/performance.md):
# net/url, github.com/fredbi/uri, Node's URL (ada) and uriparser (C, Debian's liburiparser-dev,
# installed when missing, as root, with apt-get; without it, or without Node, that peer is left
# out of the table with a line that says so).
peers: peers-tools
	$(GO) run ./internal/cmd/peers

peers-tools: node-tools
	@test -f /usr/include/uriparser/Uri.h || { \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "installing Debian's liburiparser-dev for the comparison with uriparser"; \
			(apt-get -o DPkg::Lock::Timeout=300 install -y -q liburiparser-dev >/dev/null 2>&1 || \
				{ apt-get -o DPkg::Lock::Timeout=300 update -q >/dev/null 2>&1 && \
				  apt-get -o DPkg::Lock::Timeout=300 install -y -q liburiparser-dev >/dev/null 2>&1; }) \
				|| echo "could not install liburiparser-dev: uriparser will be left out of the comparison"; \
		else echo "liburiparser-dev is not installed (apt-get install liburiparser-dev): uriparser will be left out of the comparison"; fi; }

# The instructions each call executes per URL, beside net/url's counterpart's, counted by
# valgrind (internal/cmd/instructions): the same to about 1% in every run (a hundredth of
# that for a call that does not allocate), where a time moves with what else the machine
# does, so two builds compare closely. Built with go build: go run strips the symbols
# valgrind finds the measured function by.
bench-instructions: tools
	@mkdir -p .cache
	$(GO) build -o .cache/instructions ./internal/cmd/instructions
	.cache/instructions

bench-check:
	$(GO) test -run '^$$' -bench 'BenchmarkRun|BenchmarkInputFormats|BenchmarkNetURLLoop' -benchtime 20x -count 5 -cpu 1 ./check

# The checker end to end (the CLI, -j 1, one core) on 1,000,000 text-shaped lines about half
# invalid, in text and tsv, against a loop of net/url.Parse that writes the error of each line
# it rejects, run one after the other ROUNDS times: median times and the loop's over each.
# CORE is the core they run on; CORE=-1 runs them unpinned, as a user's machine does.
ROUNDS ?= 9
CORE ?= 0
E2E := .cache/e2e
bench-e2e:
	@mkdir -p $(E2E)
	$(GO) build -o $(E2E)/urlgrammar ./cmd/urlgrammar
	$(GO) build -o $(E2E)/e2ebench ./internal/cmd/e2ebench
	@test -s $(E2E)/text.txt || $(GO) run ./internal/cmd/gencorpus -n 1000000 -text > $(E2E)/text.txt
	$(E2E)/e2ebench -rounds $(ROUNDS) -core $(CORE) -urlgrammar $(E2E)/urlgrammar $(E2E)/text.txt

bench-adversarial:
	$(GO) test -run '^$$' -bench Adversarial -benchtime 3x . ./resolve ./extract ./diagram

# The extractor on about 8 MB of real-looking text (MB/s), against mvdan.cc/xurls' Strict
# regexp in the same run.
bench-extract:
	$(GO) test -run '^$$' -bench 'BenchmarkExtract$$' -benchtime 3x -count 3 ./extract

# Every fuzz target, as PACKAGE:NAME. TestMakeFuzzListsEveryTarget fails when a Fuzz function
# of the tests is missing here (or one here does not exist).
FUZZ_TARGETS := \
	.:FuzzParse .:FuzzDifferential .:FuzzRecognize .:FuzzParseTree .:FuzzBuildTree .:FuzzViews .:FuzzSchemeLanguages .:FuzzMatcher .:FuzzNetURLParseRefusals \
	./ast:FuzzSchema ./internal/peg:FuzzReadHeader ./grammars/whatwg-url:FuzzValidDomain ./warn:FuzzWHATWGHost ./warn:FuzzSchemeParameters ./warn:FuzzIRIWarnings \
	./internal/genparser:FuzzReadAliases ./resolve:FuzzResolve ./resolve:FuzzResolveAsNetURL ./resolve:FuzzNormalize ./resolve:FuzzIsNormal ./resolve:FuzzKey \
	./resolve:FuzzRemoveDotSegments ./check:FuzzCheckPipeline ./internal/jsontext:FuzzAppendString \
	./extract:FuzzFind ./cmd/urlgrammar:FuzzExtractCommand ./cmd/urlgrammar:FuzzDiffCommand \
	./diagram:FuzzRead ./internal/playground:FuzzCheckHandler ./iri:FuzzToURI ./iri:FuzzToIRI \
	./cmd/urlgrammar:FuzzIRICommands ./cmd/urlgrammar:FuzzResolveCommands ./cmd/urlgrammar:FuzzRecords ./uri:FuzzEscape ./uri:FuzzDecodeQuery ./check:FuzzCheckColumns ./check:FuzzEachLine ./internal/textin:FuzzNewReader ./check:FuzzDecompress ./check:FuzzInputFormats \
	./grammarkit/byteclass:FuzzRunEnd ./internal/cmd/instructions:FuzzCollected ./internal/cmd/e2ebench:FuzzLoop ./internal/tsvtext:FuzzAppend

# Each fuzz target for FUZZTIME (FUZZTIME=10m make fuzz for a long run; .ci/run runs every
# target a few seconds, so that a target that fails fast turns CI red). Each target's last
# line of progress (its executions) goes to fuzz.log.
#
# Go's fuzzing coordinator can report "context deadline exceeded" when FUZZTIME ends while a
# worker is still running an input (a race in internal/fuzz, golang/go#75804, fixed in Go
# 1.27): a target that had replayed its corpus ("now fuzzing") and wrote no failing input is
# not failed for it; fuzz.log says so. Any other failure, a failing input, or a corpus not
# replayed in time stops the run.
FUZZTIME ?= 60s
fuzz:
	@rm -f fuzz.log; for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; name=$${t##*:}; \
		echo "fuzz $$name ($$pkg) for $(FUZZTIME)"; \
		$(GO) test -run '^$$' -fuzz "^$$name\$$" -fuzztime $(FUZZTIME) $$pkg > fuzz.out 2>&1; status=$$?; \
		last=$$(grep -E '^fuzz: elapsed' fuzz.out | tail -1); echo "$$pkg $$name: $$last" >> fuzz.log; \
		if [ $$status -ne 0 ] && grep -q 'now fuzzing' fuzz.out && grep -q 'context deadline exceeded' fuzz.out && \
			! grep -q 'Failing input' fuzz.out; then \
			echo "$$pkg $$name: stopped by the fuzzing deadline race of Go (golang/go#75804), no input failed" >> fuzz.log; \
			echo "$$name: 'context deadline exceeded' as FUZZTIME ended, no failing input: Go's race (golang/go#75804), not a failure" >&2; \
			continue; fi; \
		if [ $$status -ne 0 ]; then cat fuzz.out; \
			if grep -q 'gathering baseline coverage' fuzz.out && grep -q 'context deadline exceeded' fuzz.out && ! grep -q 'Failing input' fuzz.out; then \
				echo "$$name did not finish replaying its cached corpus ($$($(GO) env GOCACHE)/fuzz) within FUZZTIME=$(FUZZTIME):" \
					"no input failed; run with a longer FUZZTIME, or empty the cache (go clean -fuzzcache)" >&2; \
			fi; rm -f fuzz.out; exit $$status; fi; \
	done; rm -f fuzz.out; cat fuzz.log

# The differential tests at CONFORMANCE times the size go test runs (PEG vs DFA vs go-abnf,
# the typed trees vs pigeon's, the recognizer vs the PEG), then every rule of every grammar built
# from go-abnf's reading of its file. The full log of the first goes to conformance.log.
CONFORMANCE ?= 20
conformance:
	URLGRAMMAR_CONFORMANCE=$(CONFORMANCE) $(GO) test -count 1 -timeout 120m -v \
		-run 'TestDifferential$$|TestDFATablesMatchABNF|TestHostKindAgreesWithDFAs|TestTypedFromTree|TestRecognizeMatchesRun' . > conformance.log 2>&1; \
		status=$$?; grep -E 'inputs|^(ok|FAIL|---)|disagree' conformance.log; [ $$status -eq 0 ] || exit $$status; \
	URLGRAMMAR_CONFORMANCE=$(CONFORMANCE) $(GO) test -count 1 -run 'TestEveryGrammarBuilds' ./internal/dfa/dfabuild

# The main job: check the bundled corpus (exit status 1 because it holds invalid lines). The
# binary is built first (bin/, ignored by git): go run would print "exit status 1" of its own.
DEMO_GRAMMARS := rfc3986,uri,rfc3987,rfc2396bis-01,url-syntax-05,rfc1738,url-1993
demo:
	@$(GO) build -o bin/urlgrammar ./cmd/urlgrammar
	bin/urlgrammar check testdata/corpus/sample.txt; status=$$?; \
		if [ $$status -gt 1 ]; then exit $$status; fi
	@echo; echo "Which grammars accept each line:"
	bin/urlgrammar check -g $(DEMO_GRAMMARS) --format tsv testdata/corpus/sample.txt; status=$$?; \
		if [ $$status -gt 1 ]; then exit $$status; fi
