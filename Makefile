# DeepCritical: the two commands that matter are `make run` and `make test`.
SHELL := /bin/bash
GOBIN := $(shell go env GOPATH)/bin
export PATH := $(GOBIN):$(PATH)
WAILS := $(GOBIN)/wails
BIN := build/bin/deepcritical

.PHONY: run setup build frontend test test-go test-frontend smoke e2e bench bench-appraisal screenshot clean

## run: set up the machine if needed, build the app and open the window
run: setup build
	./$(BIN)

## setup: idempotent machine setup (Debian packages, Wails CLI v2.11.0, npm packages)
setup:
	bash scripts/setup.sh

## build: the production desktop build (Wails tags desktop,production)
build:
	$(WAILS) build -m -clean -o deepcritical
	@git checkout -- frontend/dist/.gitkeep 2>/dev/null || touch frontend/dist/.gitkeep

## frontend: the Vite build alone (for go:embed during development)
frontend:
	cd frontend && npm run build
	@touch frontend/dist/.gitkeep

## test: vet, Go tests with the race detector, frontend checks and tests, the desktop smoke test and the browser e2e suite
test: test-go test-frontend build smoke e2e

test-go:
	go vet ./...
	go test -race -count=1 ./...

test-frontend:
	cd frontend && npm run check && npm test

smoke:
	bash scripts/smoke.sh $(BIN) test-output/smoke

## e2e: the browser suite (playwright-core + Debian's Chromium against `wails dev` under Xvfb)
e2e: setup
	bash scripts/e2e.sh

## bench: Go benchmarks and the harness with fake services; figures go into BENCHMARKS.md
bench: build
	bash scripts/bench.sh

## bench-appraisal: precision/recall/F1 of the rule-based appraiser on ../shared/data
bench-appraisal:
	DC_BENCH_APPRAISAL=1 go test -count=1 -run TestBenchmarkAppraisal -v ./backend/appraisal/

## screenshot: refresh the README screenshot from the smoke test
screenshot: build
	bash scripts/smoke.sh $(BIN) test-output/smoke
	cp test-output/smoke/window.png docs/screenshot.png

clean:
	rm -rf build/bin test-output frontend/dist/assets frontend/dist/index.html
