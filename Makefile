# The two commands of the README: `make run` and `make test`.
SWIFT ?= swift
PYTHON ?= python3

.PHONY: run test build setup setup-tests bench clean

run: setup
	$(SWIFT) build -c release --static-swift-stdlib --product workbench
	.build/release/workbench

test: setup-tests
	$(PYTHON) scripts/check_layers.py
	$(SWIFT) build --product workbench
	$(SWIFT) test
	WORKBENCH_BIN=$(CURDIR)/.build/debug/workbench $(PYTHON) -m pytest -q Tests/EndToEnd

setup:
	@scripts/setup.sh

setup-tests:
	@scripts/setup.sh --tests

build: setup
	$(SWIFT) build

bench: setup
	$(SWIFT) build -c release --static-swift-stdlib --product workbench
	Benchmarks/run.sh

clean:
	rm -rf .build
