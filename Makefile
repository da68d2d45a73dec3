# Hoshi: `make site` builds this project's own site into site/; `make test` runs every test.
SWIFT ?= swift
# Debian's python3, where python3-selenium and python3-pytest install (not a pyenv or venv python).
PYTHON ?= /usr/bin/python3
BUILD_PACKAGES := libcmark-gfm-dev libcmark-gfm-extensions-dev pkg-config
TEST_PACKAGES := chromium chromium-driver python3-selenium python3-pytest nodejs gnugo slurm-wlm munge wamerican
# The demo site's Evil Hangman page plays Debian's American English word list (mounted in hoshi.yml).
SITE_PACKAGES := wamerican
RELEASE_HOSHI := .build/release/hoshi
# The peers `make bench` measures against: Debian's Hugo and sgf2dg, sgfmill from PyPI in a virtual
# environment of Debian's python3, and Pachi (a C compiler and make build it) from ../shared/peers.
BENCH_PACKAGES := hugo sgf2dg python3-venv build-essential
BENCH_VENV := .build/bench-venv
PEERS := ../shared/peers
PACHI_DIR := $(CURDIR)/.build/pachi
DEBUG_HOSHI := .build/debug/hoshi

.PHONY: site serve test test-swift test-lint test-node test-browser test-cluster bench bench-peers bench-engine fuzz build-packages test-packages clean

# How long `make fuzz` runs the SGF parser fuzzer, in seconds.
FUZZ_SECONDS ?= 600
CORPUS := ../shared/corpus

site: build-packages
	@Scripts/require-packages $(SITE_PACKAGES)
	$(SWIFT) build -c release --product hoshi
	$(RELEASE_HOSHI) build . --output site

serve: build-packages
	$(SWIFT) build -c release --product hoshi
	$(RELEASE_HOSHI) serve .

test: build-packages test-packages
	$(SWIFT) build --build-tests
	$(MAKE) test-swift test-lint test-node test-browser test-cluster

test-swift:
	$(SWIFT) test --skip-build

# The page scripts: syntax, names declared and never used, calls nothing defines, globals two scripts of a
# page both declare (Scripts/check-scripts.js; Debian's eslint 6.4 predates the scripts' syntax).
test-lint:
	node Scripts/check-scripts.js templates/assets

test-node:
	node --test Tests/javascript/

test-browser:
	HOSHI=$(DEBUG_HOSHI) $(PYTHON) -m pytest -q Tests/browser

# A single-node Slurm cluster (slurm-wlm, munge) runs `hoshi hints` as an array job; skips when it cannot start.
test-cluster:
	HOSHI=$(DEBUG_HOSHI) $(PYTHON) -m pytest -q -rs Tests/cluster

bench: build-packages bench-peers
	$(SWIFT) build -c release --product hoshi
	$(SWIFT) build -c release --product hoshi-bench
	PACHI=$(if $(wildcard $(PEERS)),$(PACHI_DIR)/pachi) $(PYTHON) Benchmarks/run.py $(ROWS)

# Installs the peers that are missing; run.py finds sgfmill in $(BENCH_VENV) and Pachi through PACHI.
bench-peers:
	@Scripts/require-packages $(BENCH_PACKAGES)
	@test -x $(BENCH_VENV)/bin/python || /usr/bin/python3 -m venv $(BENCH_VENV)
	@$(BENCH_VENV)/bin/python -c 'import sgfmill' 2>/dev/null || $(BENCH_VENV)/bin/python -m pip install -q sgfmill
	@if [ -d $(PEERS) ]; then PACHI_DIR=$(PACHI_DIR) $(PEERS)/build-pachi >/dev/null; \
	else echo "hoshi: $(PEERS) absent; Pachi not built (the engine rows skip it)"; fi

# The built-in engine against GNU Go level 10 on 9x9, komi 7.5, Chinese rules, colours alternating, PLAYOUTS
# playouts a move, refereed by `hoshi match` (SGF in Benchmarks/work/match). Prints the win rate with its interval.
# GNU Go plays the same moves in the same positions, so runs with the same SEED repeat games: vary SEED to add runs.
# OPPONENT=pachi plays Pachi instead (built from $(PEERS) without neural networks, one thread, no pondering, the
# same PLAYOUTS a move; its rules are Chinese by default).
GAMES ?= 20
PLAYOUTS ?= 5000
SIZE ?= 9
SEED ?= 1
OPPONENT ?= gnugo
GNUGO := /usr/games/gnugo --mode gtp --level 10 --chinese-rules
PACHI_GTP := $(PACHI_DIR)/pachi -t =$(PLAYOUTS) threads=1,pondering=0
bench-engine: build-packages $(if $(filter pachi,$(OPPONENT)),bench-peers)
	@Scripts/require-packages gnugo
	$(SWIFT) build -c release --product hoshi
	$(RELEASE_HOSHI) match "$(CURDIR)/$(RELEASE_HOSHI) gtp --playouts $(PLAYOUTS) --seed $(SEED)" \
		"$(if $(filter pachi,$(OPPONENT)),$(PACHI_GTP),$(GNUGO))" \
		--games $(GAMES) --size $(SIZE) --komi 7.5 \
		--sgf-dir Benchmarks/work/match$(if $(filter pachi,$(OPPONENT)),-pachi)$(if $(filter-out 9,$(SIZE)),-$(SIZE))

# Fuzzes the SGF reader with libFuzzer, seeded with the shared corpus; findings land in .build-fuzz/artifacts.
fuzz:
	$(SWIFT) build -c release --package-path Fuzz --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer -Xswiftc -DHOSHI_FUZZING
	mkdir -p .build-fuzz/corpus .build-fuzz/artifacts
	nice -n 19 .build-fuzz/release/SGFParserFuzz .build-fuzz/corpus $(wildcard $(CORPUS)/sgf) -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -print_final_stats=1 -artifact_prefix=.build-fuzz/artifacts/

build-packages:
	@Scripts/require-packages $(BUILD_PACKAGES)

test-packages:
	@Scripts/require-packages $(TEST_PACKAGES)

clean:
	rm -rf .build site Benchmarks/work
