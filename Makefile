# Command Console: the common tasks. `make run` and `make test` install what
# is missing (Debian packages through apt-get, Go modules) before they run.

GO      ?= go
export PATH := $(PATH):/usr/local/go/bin

.PHONY: run test deps ccctl build bench fmt fmt-check vet tidy-check android-check apk screenshot ci clean

## run: install what is missing, then start the app (needs a display)
run:
	$(if $(or $(DISPLAY),$(WAYLAND_DISPLAY),$(filter-out Linux,$(shell uname))),,$(error make run: no display found (DISPLAY and WAYLAND_DISPLAY are unset) - for the command line use: go run ./cmd/ccctl --help))
	@.ci/install-deps
	$(GO) run ./cmd/commandconsole

# NORACE: the two whole-screen walks (every golden game line by line on
# every screen; the full-size Lands of Ruin layout at every size and text
# size) run once without the race detector, which makes Fyne's drawing about
# ten times slower: they start no goroutine of their own, and every other
# test of their packages runs under it.
NORACE := ^(TestScreensSpeakTheGamesWords|TestFullSizeLayout)$$

## test: install what is missing, then run every test (all but the two whole-screen walks with the race detector)
test: deps
	$(GO) test -race -skip '$(NORACE)' ./...
	$(GO) test -run '$(NORACE)' ./app/ ./app/lorscreen/

deps:
	@.ci/install-deps

## ccctl: build the headless command line into bin/ccctl
ccctl:
	$(GO) build -o bin/ccctl ./cmd/ccctl

## build: build both binaries into bin/
build: deps
	$(GO) build -o bin/commandconsole ./cmd/commandconsole
	$(GO) build -o bin/ccctl ./cmd/ccctl

## bench: the headline figures (engine, store append, resume) as one table
bench:
	$(GO) run ./cmd/ccctl bench

fmt:
	gofmt -w $$(git ls-files '*.go')

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet: deps
	$(GO) vet ./...
	CGO_ENABLED=0 $(GO) vet -tags ci ./...

## tidy-check: go mod tidy would leave go.mod and go.sum as they are
tidy-check:
	$(GO) mod tidy -diff

## android-check: everything outside the GUI builds for Android tablets
# (-checklinkname=0: github.com/wlynxg/anet, the Android interface listing,
# links to a net internal, as its README says Go 1.23+ builds must allow)
android-check:
	pkgs=$$($(GO) list ./... | grep -v -e '/app$$' -e '/app/' -e '/cmd/commandconsole$$') && \
	  test -n "$$pkgs" && GOOS=android GOARCH=arm64 CGO_ENABLED=0 $(GO) build -ldflags=-checklinkname=0 $$pkgs

## apk: dist/commandconsole-<version>.apk for android/arm64 (fyne package),
## stripped, 16 KB pages, zipaligned, signed v1/v2/v3. With ANDROID_NDK_HOME
## set it uses that NDK; without, a stand-in toolchain from Debian packages:
## such an APK is a build check that has not run on a device (it says so).
apk:
	.ci/install-deps --android
	tools/android/build-apk.sh

## screenshot: start the real app under Xvfb and check it draws something
screenshot:
	.ci/install-deps --gui-ci
	.ci/screenshot.sh screenshot.png

ci:
	bash .ci/run

clean:
	rm -rf bin dist screenshot.png
