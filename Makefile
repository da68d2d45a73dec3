# Hoshi: `make site` builds this project's own site into site/; `make test` runs every test.
SWIFT ?= swift
# Debian's python3, where python3-selenium and python3-pytest install (not a pyenv or venv python).
PYTHON ?= /usr/bin/python3
BUILD_PACKAGES := libcmark-gfm-dev libcmark-gfm-extensions-dev pkg-config
TEST_PACKAGES := chromium chromium-driver python3-selenium python3-pytest nodejs
RELEASE_HOSHI := .build/release/hoshi
DEBUG_HOSHI := .build/debug/hoshi

.PHONY: site serve test test-swift test-node test-browser bench fuzz build-packages test-packages clean

site: build-packages
	$(SWIFT) build -c release --product hoshi
	$(RELEASE_HOSHI) build . --output site

serve: build-packages
	$(SWIFT) build -c release --product hoshi
	$(RELEASE_HOSHI) serve .

test: build-packages test-packages
	$(SWIFT) build --build-tests
	$(MAKE) test-swift test-node test-browser

test-swift:
	$(SWIFT) test --skip-build

test-node:
	node --test Tests/javascript/

test-browser:
	HOSHI=$(DEBUG_HOSHI) $(PYTHON) -m pytest -q Tests/browser

bench: build-packages
	$(SWIFT) build -c release --product hoshi
	$(SWIFT) build -c release --product hoshi-bench
	$(PYTHON) Benchmarks/run.py

build-packages:
	@Scripts/require-packages $(BUILD_PACKAGES)

test-packages:
	@Scripts/require-packages $(TEST_PACKAGES)

clean:
	rm -rf .build site Benchmarks/work
