# DeepCritical: the two commands that matter are `make run` and `make test`.
SHELL := /bin/bash
GOBIN := $(shell go env GOPATH)/bin
export PATH := $(GOBIN):$(PATH)
WAILS := $(GOBIN)/wails
BIN := build/bin/deepcritical
# Version and commit stamped into the binary (`deepcritical --version`, the window's footer).
VERSION := $(shell sed -n 's/.*"productVersion": *"\([^"]*\)".*/\1/p' wails.json)
COMMIT := $(shell git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)$(shell git diff --quiet HEAD -- . ':!frontend/dist' 2>/dev/null || echo -dirty)
LDFLAGS := -X deepcritical/backend/buildinfo.Version=$(VERSION) -X deepcritical/backend/buildinfo.Commit=$(COMMIT)
export VERSION COMMIT LDFLAGS

.PHONY: run setup build frontend test test-go test-go-warmup test-frontend smoke e2e package package-deb check-deb bench bench-appraisal screenshot icons clean

## run: set up the machine if needed, build the app and open the window
run: setup build
	./$(BIN)

## setup: idempotent machine setup (Debian packages, Wails CLI v2.11.0, npm packages)
setup:
	bash scripts/setup.sh

## build: the production desktop build (Wails tags desktop,production)
build:
	$(WAILS) build -m -clean -o deepcritical -ldflags "$(LDFLAGS)"
	@git checkout -- frontend/dist/.gitkeep 2>/dev/null || touch frontend/dist/.gitkeep
	@# The build regenerates the bindings from the Go types; on a fresh clone (CI) a change
	@# means they were not committed with the type, which would otherwise surface only as a
	@# "-dirty" version mismatch in check-deb.
	@if [ "$$CI" = true ] && ! git diff --quiet -- frontend/wailsjs 2>/dev/null; then \
		echo "build: frontend/wailsjs differs from the commit: run 'make build' and commit the regenerated bindings"; \
		git --no-pager diff --stat -- frontend/wailsjs; exit 1; fi

## frontend: the Vite build alone (for go:embed during development)
frontend:
	cd frontend && npm run build
	@touch frontend/dist/.gitkeep

## test: set up the machine (first run), then vet, Go tests with the race detector, frontend
## checks and tests, the desktop smoke test, the browser e2e suite and the .deb installed
## with dpkg into a temporary folder (doctor from the installed path). scripts/test.sh runs
## the Go side in the background beside the rest and reports both; it runs setup itself,
## with the Go packages compiling meanwhile.
test:
	MAKE="$(MAKE)" bash scripts/test.sh

## test-go: -ldflags '-s -w' leaves the symbol table and DWARF out of the test binaries, which
## halves the CPU their links take (stack traces and race reports read pclntab, which stays).
## The second pass runs RACE_FREE_PKGS without the race detector: their real-data tests
## (sharedtest.SkipUnderRace) run pure functions over hundreds of abstracts, where -race finds
## nothing and costs ten times the CPU.
RACE_FREE_PKGS := ./backend/judge ./backend/relevance ./backend/stance ./e2e/searchquality
test-go:
	go vet ./...
	go test -race -count=1 -ldflags='-s -w' ./...
	go test -count=1 -ldflags='-s -w' $(RACE_FREE_PKGS)

## test-go-warmup: compile what test-go will run (fills Go's build cache; scripts/test.sh
## runs it while setup waits on apt-get and npm)
test-go-warmup:
	-go vet ./...
	-go build -race ./...
	-go test -count=1 -ldflags='-s -w' -run '^$$' $(RACE_FREE_PKGS)

test-frontend: setup
	cd frontend && npm run check && npm test

smoke:
	bash scripts/smoke.sh $(BIN) test-output/smoke

## e2e: the browser suite (playwright-core + Debian's Chromium against `wails dev` under Xvfb)
e2e: setup
	bash scripts/e2e.sh

## package: the Linux .deb (dpkg-deb) and the Windows executable with its NSIS installer, in build/bin/
package: build
	bash scripts/package.sh all
	@git checkout -- frontend/dist/.gitkeep 2>/dev/null || touch frontend/dist/.gitkeep

package-deb: build
	bash scripts/package.sh deb

## check-deb: install the .deb with dpkg into an empty folder and run doctor from there
check-deb: package-deb
	bash scripts/check-deb.sh

## icons: regenerate build/appicon.png, build/windows/icon.ico, build/linux/deepcritical.png from build/appicon.svg
icons:
	bash scripts/icons.sh

## bench: Go benchmarks and the harness with fake services; figures go into BENCHMARKS.md
bench: build
	bash scripts/bench.sh

## bench-appraisal: precision/recall/F1 of the rule-based appraiser on ../shared/data
bench-appraisal:
	DC_BENCH_APPRAISAL=1 go test -count=1 -run TestBenchmarkAppraisal -v ./backend/appraisal/

## screenshot: refresh the README's pictures from the e2e research scenario (a completed,
## verified run over the semantic fakes); the first picture is its report
screenshot: setup
	E2E_UPDATE_SCREENSHOTS=1 bash scripts/e2e.sh
	cp docs/screenshots/report.png docs/screenshot.png

clean:
	rm -rf build/bin test-output frontend/dist/assets frontend/dist/index.html
