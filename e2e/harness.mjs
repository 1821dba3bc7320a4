// Shared harness for the browser scenarios: launches Debian's Chromium through
// playwright-core (installed in frontend/node_modules), opens the page `wails dev` serves
// with live Go bindings, and offers the few steps every scenario repeats (start a run, wait
// for a status, take a screenshot). scripts/e2e.sh starts the app and the fake services and
// passes their addresses in the environment.
import { createRequire } from 'node:module'
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import assert from 'node:assert/strict'

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(join(repoRoot, 'frontend', 'package.json'))
const { chromium } = require('playwright-core')

/** env returns a required environment variable or fails with how to provide it. */
export function env(name) {
  const v = process.env[name]
  if (!v) throw new Error(`${name} is not set: run the suite through scripts/e2e.sh (or scripts/e2e.sh --serve)`)
  return v
}

export const appURL = () => env('E2E_URL')
/** fakesURL is the fake services' base URL; hostileURL the instance started with -hostile. */
export const fakesURL = () => env('FAKEAPIS_URL')
export const hostileURL = () => env('E2E_HOSTILE_URL')
export const outDir = () => process.env.E2E_OUT || join(repoRoot, 'test-output', 'e2e')
export const exportDir = () => env('DEEPCRITICAL_EXPORT_DIR')

// Timeouts are generous bounds for a loaded 2-core machine, never expectations.
export const RUN_TIMEOUT = 120_000
export const UI_TIMEOUT = 20_000

/**
 * launch starts a fresh headless Chromium with its own profile folder (a persistent
 * context, so the profile is the fresh folder given). The background networking flags
 * matter: without them Chromium stalls on lookups on an offline machine.
 */
export async function launch({ width = 1280, height = 800 } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'dc-e2e-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.E2E_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: { width, height },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
    ],
  })
  const close = async () => {
    await context.close().catch(() => {})
    rmSync(profile, { recursive: true, force: true })
  }
  return { context, close }
}

/**
 * openApp opens the app in a new page and waits until the Wails bindings are live and the
 * shell has rendered. Page errors and failed binding calls are collected in `problems` so
 * a scenario can assert the page stayed healthy.
 */
export async function openApp(context) {
  const page = await context.newPage()
  page.setDefaultTimeout(UI_TIMEOUT)
  const problems = []
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`))
  page.on('console', (msg) => {
    // A missing favicon or image is the server's business, not a page fault.
    if (msg.type() === 'error' && !/Failed to load resource/.test(msg.text())) problems.push(`console: ${msg.text()}`)
  })
  // BrowserOpenURL would hand links to the desktop's browser through xdg-open; the
  // scenarios record what the page asks to open instead, before any app script runs.
  await page.addInitScript(() => {
    window.__opened = []
    const hook = () => {
      if (window.runtime && !window.runtime.__e2eHooked) {
        window.runtime.BrowserOpenURL = (url) => window.__opened.push(String(url))
        window.runtime.__e2eHooked = true
      }
    }
    let rt
    Object.defineProperty(window, 'runtime', {
      configurable: true,
      get: () => rt,
      set: (v) => {
        rt = v
        hook()
      },
    })
  })
  await page.goto(appURL(), { waitUntil: 'domcontentloaded' })
  await page.waitForFunction(() => !!(window.go && window.go.services && window.runtime), null, { timeout: 60_000 })
  await page.getByTestId('nav-research').waitFor({ state: 'visible', timeout: 60_000 })
  if (await useFakes(page, fakesURL())) {
    // Views read the providers' state when they mount: show them the settings just saved.
    await page.reload({ waitUntil: 'domcontentloaded' })
    await page.waitForFunction(() => !!(window.go && window.go.services && window.runtime), null, { timeout: 60_000 })
    await page.getByTestId('nav-research').waitFor({ state: 'visible', timeout: 60_000 })
  }
  return { page, context, problems }
}

/**
 * useFakes points the app's search sources and its OpenAI-compatible judge at a fake
 * services instance through the bound SettingsService, as the Settings view would. Runs
 * read the settings when they start, so this switches between the clean and the hostile
 * instance without a restart. It reports whether anything changed.
 */
export async function useFakes(page, base) {
  const want = {
    'sources.pubmed_url': `${base}/pubmed`,
    'sources.europepmc_url': `${base}/europepmc`,
    'sources.ctgov_url': `${base}/ctgov`,
    'sources.web_url': `${base}/web`,
    'providers.compatible.base_url': `${base}/v1`,
  }
  return page.evaluate(async (want) => {
    const settings = window.go.services.SettingsService
    const have = await settings.Values()
    let changed = false
    for (const [key, value] of Object.entries(want)) {
      if (have[key] !== value) {
        await settings.Set(key, value)
        changed = true
      }
    }
    return changed
  }, want)
}

/** shot saves a full-page screenshot as test-output/e2e/NAME.png. */
export async function shot(page, name) {
  mkdirSync(outDir(), { recursive: true })
  await page.screenshot({ path: join(outDir(), `${name}.png`), fullPage: true })
}

/** nav switches to a view through its navigation button. */
export async function nav(page, view) {
  await page.getByTestId(`nav-${view}`).click()
}

/**
 * testConnection clicks "Test connection" in a provider's row and returns the result text
 * once the test has finished.
 */
export async function testConnection(page, provider) {
  const row = page.locator(`[data-testid="provider-row"][data-provider="${provider}"]`)
  await row.getByTestId('test-connection').click()
  const done = await page.waitForFunction((provider) => {
    const sel = `[data-testid="provider-row"][data-provider="${provider}"] [data-testid="test-result"]`
    const t = document.querySelector(sel)?.textContent?.trim() ?? ''
    return t && !/^testing/i.test(t) ? t : null
  }, provider)
  return done.jsonValue()
}

/**
 * startRun fills the Research form and starts a run, returning its id from the Run view.
 * sources, when given, is the exact set of sources to leave enabled.
 */
export async function startRun(page, { question, judge = 'offline', model, maxIterations, sources, submit = 'click' }) {
  await nav(page, 'research')
  // The Research view shows the last opened run until "New research" returns to the form.
  if (await page.getByTestId('run-view').count()) await page.getByRole('button', { name: 'New research' }).click()
  await page.getByTestId('question').fill(question)
  const judgeSelect = page.getByTestId('judge-select')
  await judgeSelect.selectOption(judge)
  if (model !== undefined) await page.getByTestId('judge-model').fill(model)
  if (maxIterations !== undefined) await page.getByTestId('max-iterations').fill(String(maxIterations))
  if (sources) {
    for (const s of ['pubmed', 'europepmc', 'clinicaltrials', 'web', 'library']) {
      const box = page.getByTestId(`source-${s}`)
      if ((await box.count()) === 0) continue
      await box.setChecked(sources.includes(s))
    }
  }
  if (submit === 'enter') await page.getByTestId('question').press('Enter')
  else await page.getByTestId('start').click()
  const view = page.getByTestId('run-view')
  await view.waitFor({ state: 'visible' })
  const id = await page.waitForFunction(() => document.querySelector('[data-testid="run-view"]')?.getAttribute('data-run-id'))
  return id.jsonValue()
}

/** runStatus reads data-status of the Run view. */
export function runStatus(page) {
  return page.getByTestId('run-view').getAttribute('data-status')
}

/** waitForStatus waits until the Run view shows one of the given statuses and returns it. */
export async function waitForStatus(page, statuses, timeout = RUN_TIMEOUT) {
  const want = Array.isArray(statuses) ? statuses : [statuses]
  const handle = await page.waitForFunction(
    (want) => {
      const s = document.querySelector('[data-testid="run-view"]')?.getAttribute('data-status')
      return want.includes(s) ? s : null
    },
    want,
    { timeout, polling: 50 },
  )
  return handle.jsonValue()
}

/**
 * showTab shows the Run view's "progress" (timeline, scores, evidence) or "report" tab; the
 * view opens the report by itself when a run completes.
 */
export async function showTab(page, which) {
  const tab = page.getByTestId(`tab-${which}`)
  await tab.click()
  await page.getByTestId(`panel-${which}`).waitFor({ state: 'visible' })
}

/** timeline returns the event items of the Run view as {seq, type} in DOM order (on the progress tab). */
export async function timeline(page) {
  if ((await page.getByTestId('tab-progress').count()) && (await page.getByTestId('tab-progress').getAttribute('aria-selected')) !== 'true') {
    await showTab(page, 'progress')
  }
  return page.$$eval('[data-testid="timeline"] [data-testid="event"]', (els) =>
    els.map((e) => ({ seq: Number(e.getAttribute('data-seq')), type: e.getAttribute('data-type') })),
  )
}

/** assertSeqOrdered checks the event items carry distinct, strictly ordered seq numbers. */
export function assertSeqOrdered(events) {
  const seqs = events.map((e) => e.seq)
  assert.ok(seqs.every(Number.isInteger), `every event has an integer data-seq: ${seqs}`)
  const ascending = seqs.every((s, i) => i === 0 || s > seqs[i - 1])
  const descending = seqs.every((s, i) => i === 0 || s < seqs[i - 1])
  assert.ok(ascending || descending, `events are ordered by seq without duplicates: ${seqs}`)
}

/** xssFired reports whether any payload managed to set window.__xss. */
export function xssFired(page) {
  return page.evaluate(() => typeof window.__xss !== 'undefined')
}

/** words splits text into lower-case words of letters only. */
export function words(text) {
  return (text.toLowerCase().match(/[a-z]+/g) || []).filter(Boolean)
}
