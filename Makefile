# The two commands of the README: `make run` and `make test`.
SWIFT ?= swift

# `make install PREFIX=~/.local` (default /usr/local; DESTDIR for packaging).
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

.PHONY: run test build setup setup-tests bench clean install uninstall docs format lint-format

run: setup
	$(SWIFT) build -c release --static-swift-stdlib --product workbench
	.build/release/workbench

# In phases (setup, layers, build, unit, e2e), each one's time printed: scripts/test.sh.
test:
	@SWIFT=$(SWIFT) scripts/test.sh

setup:
	@scripts/setup.sh

# The code's formatting (.swift-format): `format` applies it, `lint-format` lists what it would change.
format:
	@scripts/format.sh --apply

lint-format:
	@scripts/format.sh

# docs/commands.md from the command declarations (a test fails when it is not up to date).
docs: setup
	$(SWIFT) build --product workbench
	.build/debug/workbench commands --markdown > docs/commands.md.new
	mv docs/commands.md.new docs/commands.md

setup-tests:
	@scripts/setup.sh --tests

build: setup
	$(SWIFT) build

bench: setup
	$(SWIFT) build -c release --static-swift-stdlib --product workbench
	Benchmarks/run.sh

# The man page comes from ArgumentParser's generate-manual plugin, which reads the
# command's own help (a debug build is enough for that); the installed binary is the
# release build with the Swift runtime linked in, so it runs without the toolchain.
install: setup
	mkdir -p .build/man
	$(SWIFT) package --allow-writing-to-directory .build/man generate-manual --configuration debug --output-directory .build/man
	$(SWIFT) build -c release --static-swift-stdlib --product workbench
	install -d "$(BINDIR)" "$(MANDIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)"
	install -s -m 755 .build/release/workbench "$(BINDIR)/workbench"
	install -m 644 .build/man/workbench.1 "$(MANDIR)/workbench.1"
	.build/release/workbench --generate-completion-script bash > "$(BASHDIR)/workbench"
	.build/release/workbench --generate-completion-script zsh > "$(ZSHDIR)/_workbench"
	.build/release/workbench --generate-completion-script fish > "$(FISHDIR)/workbench.fish"
	@echo "installed $(BINDIR)/workbench; if \`workbench --version\` is not found, add $(PREFIX)/bin to PATH"

uninstall:
	rm -f "$(BINDIR)/workbench" "$(MANDIR)/workbench.1" "$(BASHDIR)/workbench" "$(ZSHDIR)/_workbench" "$(FISHDIR)/workbench.fish"

clean:
	rm -rf .build
