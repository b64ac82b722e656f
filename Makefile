# SenseBridge: the README's two commands.
#
#   make demo      install missing Debian packages, build, run the demo
#   make test      install missing Debian packages, build, run every test (each plugin's
#                  own tests include the conformance harness on it)
#
# Also: make build | plugin-tests | bench | fuzz [FUZZ_SECONDS=60] | sanitize [SANITIZERS=address] | check-header | test-examples | test-llm | tools |
#       install [PREFIX=/usr/local] | clean
# Each step is a script in scripts/ that can be run on its own; this file only orders them.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c

SWIFT          ?= swift
CC             ?= cc
PREFIX         ?= /usr/local
DESTDIR        ?=
INSTALL_CONFIG ?= release

HEADER := Sources/CSenseBridgeABI/include/sensebridge.h
SB_SMOKE := .build/tools/sb-smoke

.PHONY: all deps build test plugin-tests check-header test-examples test-llm demo bench fuzz fuzz-smoke sanitize install tools clean

all: build

# Debian packages the build and tests use; runs apt-get only when one is missing.
deps:
	@scripts/deps.sh

# The whole package (host, CLI, every plugin), then each manifest beside its library
# in .build/plugins. Benchmarks are not built here: `swift build` stays fast.
build: deps
	$(SWIFT) build
	scripts/stage-plugins.sh --clean

# The tests get a state directory of their own, empty at each run: every plugin now runs
# in a runner, and a runner a test kills (or that misses a deadline on a loaded machine)
# is remembered as broken in $XDG_STATE_HOME, which would skip that plugin in every later
# test, and in the developer's own sessions.
TEST_STATE := $(CURDIR)/.build/test-state

test: build
	rm -rf "$(TEST_STATE)" && mkdir -p "$(TEST_STATE)"
	XDG_STATE_HOME="$(TEST_STATE)" $(SWIFT) test
	python3 -m unittest Tests/Servers/test_llm_server.py Tests/Servers/test_llmock_peer.py
	/usr/bin/python3 -m unittest Tests/Scripts/test_make_sound_clips.py Tests/Scripts/test_make_reading_bench_pages.py  # the bench's clips and pages need Debian's NumPy
	$(MAKE) --no-print-directory check-header
	$(MAKE) --no-print-directory test-examples
	$(MAKE) --no-print-directory fuzz-smoke

# The conformance harness on every plugin staged in .build/plugins, through the CLI as a
# packager runs it. Not part of `make test`: each plugin's own test target runs the same
# harness on the same staged plugin (Tests/*/ConformanceTests.swift), so running it again
# cost CI three and a half minutes and found nothing those had not.
plugin-tests: build
	scripts/plugin-tests.sh

# sensebridge.h as C11 and C++17 with -Wall -Wextra -pedantic -Werror, plugin and host side.
check-header:
	scripts/check-header.sh

# The five example plugins built out of tree and loaded through the C ABI and the host, and
# plugins loaded by hosts built against older headers (forward compatibility).
test-examples:
	scripts/test-examples.sh

# Every libFuzzer target of Fuzz/ (its own package, so `swift build` never compiles it)
# for FUZZ_SECONDS each, after a self-test that the build instruments coverage; prints
# executions, executions per second, coverage and features per target, saves any crash
# under .build/fuzz/crashes/ and fails. Long runs and minimising: docs/FUZZING.md.
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh $(FUZZ_TARGETS)

# What `make test` runs: each target for 10 s with a fixed seed, so a target that no
# longer builds, or crashes at once on its seeds, fails CI. A debug build: the release
# one took three times the CPU (about 4 of CI's minutes) for a run this short.
fuzz-smoke:
	FUZZ_SECONDS=$${FUZZ_SMOKE_SECONDS:-10} FUZZ_SEED=1 FUZZ_JOBS=2 FUZZ_CONFIG=debug scripts/fuzz.sh

# The whole `swift test` under AddressSanitizer and then ThreadSanitizer, every binary and
# plugin (and the C fixtures the tests compile) built with the same sanitizer, each in its
# own scratch directory; reports from every process are collected and printed, and any
# report or failed test fails. SANITIZERS=address|thread runs one; SANITIZE_FILTER= part
# of the suite. Long (the thread run most of all): not part of `make test`.
SANITIZERS ?= address thread
sanitize: deps
	scripts/sanitize.sh $(SANITIZERS)

# Optional, never part of `make test` or CI: the network composer against a real small
# model (SmolLM2-135M) served by llama-cpp-python, which the first run compiles (many
# minutes). Prints what the model replied and what SenseBridge said, in en, es and vi.
test-llm: build
	scripts/test-llm.sh

demo: build
	scripts/demo.sh  # DEMO: the demo itself lives in scripts/demo.sh

# Speed and memory figures, measured side by side in one run (release build of
# Benchmarks/, its own package, so plain `swift build` never compiles it).
# The plugins are built and staged in release mode too, so the C-ABI figures compare
# like with like. SECTION=depth|latency|parsing|phrasing|discovery|reading|detection|seeing|listening runs one section alone.
bench:
	@scripts/deps.sh --bench
	$(SWIFT) build -c release
	scripts/stage-plugins.sh --clean --bin-path "$$($(SWIFT) build -c release --show-bin-path)" --dest .build/bench-plugins
	$(SWIFT) build -c release --package-path Benchmarks
	SENSEBRIDGE_BENCH_PLUGINS="$(CURDIR)/.build/bench-plugins" \
		SENSEBRIDGE_BENCH_BIN="$$($(SWIFT) build -c release --show-bin-path)" \
		SENSEBRIDGE_PLUGIN_RUNNER="$$($(SWIFT) build -c release --show-bin-path)/sensebridge-plugin-runner" \
		Benchmarks/.build/release/sensebridge-bench $(SECTION)

# sb-smoke: loads one plugin library and drives it through the C ABI (see --help).
tools: $(SB_SMOKE)

SB_SMOKE_SOURCES := scripts/tools/abi-smoke.c scripts/tools/smoke_config.c scripts/tools/smoke_utf8.c

$(SB_SMOKE): $(SB_SMOKE_SOURCES) scripts/tools/smoke_config.h scripts/tools/smoke_utf8.h $(HEADER) $(dir $(HEADER))sensebridge_util.h
	@mkdir -p $(@D)
	$(CC) -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -pedantic -Werror -Wstrict-prototypes -Wmissing-prototypes \
		-I$(dir $(HEADER)) -o $@ $(SB_SMOKE_SOURCES) -ldl -pthread

# A release build by default; INSTALL_CONFIG=debug installs the debug build instead.
install: deps
	@case "$(INSTALL_CONFIG)" in release|debug) ;; \
		*) echo "make install: INSTALL_CONFIG must be release or debug (got '$(INSTALL_CONFIG)')." >&2; exit 64 ;; esac
	$(SWIFT) build -c $(INSTALL_CONFIG)
	scripts/install.sh --prefix "$(PREFIX)" --destdir "$(DESTDIR)" --config "$(INSTALL_CONFIG)"

clean:
	rm -rf .build Benchmarks/.build examples/swift-composer/.build examples/c-composer/.build
