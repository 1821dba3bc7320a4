// Scenarios 4 and 5 of issue 6: History's full-text search finds a run by a word of its
// question and by a word found only in one of its evidence titles; a stored run is re-judged
// with the offline judge and both assessments are shown side by side with their
// differences. Deleting asks for confirmation and removes the run.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { RUN_TIMEOUT, launch, nav, openApp, shot, showTab, startRun, waitForStatus, words } from './harness.mjs'

// The fakes search the shared MEDLINE sample with PubMed's semantics: Parkinson disease finds
// titled papers, and "riluzole" is in no title they return, so only the question carries it.
const QUESTION = 'Could riluzole or other approved drugs be repurposed for Parkinson disease?'

/** searchHistory runs a History search (Enter in the box) and returns the run ids listed. */
async function searchHistory(page, text) {
  const box = page.getByTestId('history-search')
  await box.fill(text)
  await box.press('Enter')
  // The list settles when the rows stop changing for a moment.
  let last = null
  for (let i = 0; i < 100; i++) {
    const ids = await page.$$eval('[data-testid="history-row"]', (rows) => rows.map((r) => r.getAttribute('data-run-id')))
    const key = JSON.stringify(ids)
    if (key === last) return ids
    last = key
    await page.waitForTimeout(150)
  }
  return JSON.parse(last)
}

describe('history', () => {
  let b, app, runId, titleWord
  before(async () => {
    b = await launch()
    app = await openApp(b.context)
  })
  after(async () => {
    await b?.close()
  })

  test('a run judged by the OpenAI-compatible fake judge completes', { timeout: RUN_TIMEOUT + 30_000 }, async () => {
    const { page } = app
    runId = await startRun(page, { question: QUESTION, judge: 'compatible', model: 'fake-judge', maxIterations: 1 })
    assert.equal(await waitForStatus(page, ['complete', 'failed', 'cancelled', 'interrupted']), 'complete')
    await showTab(page, 'progress')
    const kinds = await page.getByTestId('assessment-card').getByTestId('judge-kind').allInnerTexts()
    assert.ok(kinds.length > 0 && kinds.every((k) => /llm/i.test(k)), `the fake judge answered as an LLM: ${kinds}`)

    // A word of an evidence title that the question does not contain (hostile records excluded).
    const q = new Set(words(QUESTION))
    const titles = (await page.getByTestId('evidence-title').allInnerTexts()).filter((t) => !/[<>]/.test(t))
    const candidates = titles.flatMap(words).filter((w) => w.length >= 8 && !q.has(w))
    assert.ok(candidates.length > 0, `evidence titles have distinctive words: ${titles}`)
    titleWord = candidates.sort((a, b) => b.length - a.length)[0]
    console.log(`evidence title word: ${titleWord}`)
  })

  test('search finds the run by its question and by an evidence title', async (t) => {
    assert.ok(runId, 'needs the run of the previous scenario: it made no run, so this scenario cannot run (a failure, not a skip)')
    const { page } = app
    await nav(page, 'history')
    await page.getByTestId('history-row').first().waitFor({ state: 'visible' })
    assert.ok((await searchHistory(page, '')).includes(runId), 'the run is listed')

    assert.ok((await searchHistory(page, 'riluzole')).includes(runId), 'found by a word of the question')
    assert.ok((await searchHistory(page, titleWord)).includes(runId), `found by "${titleWord}" from an evidence title`)
    assert.deepEqual(await searchHistory(page, 'zyxwvutsrq'), [], 'a word found nowhere lists nothing')

    // The filters narrow the list: this run is complete and was judged by "compatible".
    await searchHistory(page, 'riluzole')
    await page.getByTestId('history-judge').selectOption('offline')
    await page.waitForFunction((id) => !document.querySelector(`[data-testid="history-row"][data-run-id="${id}"]`), runId)
    await page.getByTestId('history-judge').selectOption('compatible')
    await page.locator(`[data-testid="history-row"][data-run-id="${runId}"]`).waitFor({ state: 'visible' })
    await page.getByTestId('history-status').selectOption('cancelled')
    await page.waitForFunction((id) => !document.querySelector(`[data-testid="history-row"][data-run-id="${id}"]`), runId)
    await page.getByTestId('history-status').selectOption('complete')
    await page.locator(`[data-testid="history-row"][data-run-id="${runId}"]`).waitFor({ state: 'visible' })

    // Back to every stored run for the screenshot.
    await page.getByTestId('history-status').selectOption('')
    await page.getByTestId('history-judge').selectOption('')
    assert.ok((await searchHistory(page, '')).includes(runId))
    await page.getByTestId('history-search').blur()
    await shot(page, 'history')
  })

  test('re-judging with the offline judge shows both assessments and their differences', async (t) => {
    assert.ok(runId, 'needs the run of the first scenario: it made no run, so this scenario cannot run (a failure, not a skip)')
    const { page, problems } = app
    await nav(page, 'history')
    await searchHistory(page, 'riluzole')
    const row = page.locator(`[data-testid="history-row"][data-run-id="${runId}"]`)
    await page.getByTestId('rejudge-judge').selectOption('offline')
    await row.getByTestId('rejudge').click()

    const comparison = page.getByTestId('comparison')
    await comparison.waitFor({ state: 'visible', timeout: 60_000 })
    const original = await comparison.getByTestId('comparison-original').innerText()
    const rejudged = await comparison.getByTestId('comparison-rejudged').innerText()
    assert.match(original, /compatible|fake-judge/i, `the original column names its judge: ${original}`)
    assert.match(rejudged, /offline/i, `the re-judged column names the offline judge: ${rejudged}`)
    assert.notEqual(original, rejudged)
    // The fake LLM scored mechanism 7 and clinical 6; the column shows those scores.
    assert.match(original, /\b7\b/)
    assert.match(original, /\b6\b/)
    const all = await comparison.innerText()
    assert.match(all, /Differences/)
    assert.match(all, /Mechanism [+-]?\d+, clinical [+-]?\d+, confidence [+-]?\d+ points/, `score differences are spelled out: ${all}`)
    assert.match(all, /sufficiency/i)
    await comparison.scrollIntoViewIfNeeded()
    await shot(page, 'comparison')
    // The re-judgement is kept with the run: History counts its verdicts, and the run's
    // report lists it.
    await searchHistory(page, 'riluzole')
    await page.waitForFunction((id) => /2 verdicts/.test(document.querySelector(`[data-testid="history-row"][data-run-id="${id}"] [data-testid="history-verdicts"]`)?.textContent ?? ''), runId)
    await row.getByTestId('open-run').click()
    await page.getByTestId('report').waitFor({ state: 'visible' })
    await page.waitForFunction(() => /Re-judgements/.test(document.querySelector('[data-testid="report"]')?.textContent ?? ''))
    assert.deepEqual(problems, [])
  })

  test('a stored run opens from History with its report', async (t) => {
    assert.ok(runId, 'needs the run of the first scenario: it made no run, so this scenario cannot run (a failure, not a skip)')
    const { page } = app
    await nav(page, 'history')
    await searchHistory(page, 'riluzole')
    await page.locator(`[data-testid="history-row"][data-run-id="${runId}"]`).getByTestId('open-run').click()
    const view = page.locator(`[data-testid="run-view"][data-run-id="${runId}"]`)
    await view.waitFor({ state: 'visible' })
    await page.waitForFunction(() => document.querySelector('[data-testid="run-view"]')?.getAttribute('data-status') === 'complete')
    // A complete run opens on its report.
    await page.getByTestId('report').waitFor({ state: 'visible' })
    assert.equal(await page.getByTestId('tab-report').getAttribute('aria-selected'), 'true')
    assert.ok((await page.getByTestId('report').innerText()).includes('riluzole'))
    await showTab(page, 'progress')
    assert.ok((await page.getByTestId('event').count()) > 0, 'the stored timeline is shown')
  })

  test('delete asks for confirmation and removes the run', async (t) => {
    assert.ok(runId, 'needs the run of the first scenario: it made no run, so this scenario cannot run (a failure, not a skip)')
    const { page } = app
    await nav(page, 'history')
    await searchHistory(page, 'riluzole')
    const row = page.locator(`[data-testid="history-row"][data-run-id="${runId}"]`)
    await row.getByTestId('delete-run').click()
    assert.equal(await row.count(), 1, 'nothing is deleted before confirmation')
    await page.getByTestId('confirm-delete').click()
    await row.waitFor({ state: 'detached' })
    assert.ok(!(await searchHistory(page, 'riluzole')).includes(runId), 'the deleted run is no longer found')
  })
})
