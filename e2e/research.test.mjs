// Scenarios 1, 3 and 7 of issue 6: a full run from question to report with the offline
// judge (events visible while it runs), the Markdown export written to
// DEEPCRITICAL_EXPORT_DIR, and empty or whitespace-only questions refused.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  RUN_TIMEOUT,
  assertSeqOrdered,
  exportDir,
  launch,
  nav,
  openApp,
  runStatus,
  shot,
  showTab,
  startRun,
  timeline,
  waitForStatus,
  xssFired,
} from './harness.mjs'

const QUESTION = 'What drugs could be repurposed for Alzheimer disease?'

describe('research: question to report', () => {
  let b, app, runId
  before(async () => {
    b = await launch()
    app = await openApp(b.context)
  })
  after(async () => {
    if (app) await shot(app.page, 'last-research-scenario').catch(() => {})
    await b?.close()
  })

  test('the Research view offers four examples and says where the judge runs', async () => {
    const { page } = app
    await nav(page, 'research')
    // The examples come from Go (the question service) after the view mounts: wait for them
    // instead of counting what is on screen at once.
    await page.getByTestId('example').first().waitFor()
    assert.equal(await page.getByTestId('example').count(), 4)
    await page.getByTestId('judge-select').selectOption('offline')
    const note = (await page.getByTestId('judge-note').innerText()).toLowerCase()
    assert.match(note, /offline/, `judge note names the offline judge: ${note}`)
    assert.match(note, /on this machine/, `judge note says the judge runs on this machine: ${note}`)
    assert.doesNotMatch(note, /nothing leaves/, `with network sources ticked, something leaves: ${note}`)
    // An example fills the question box.
    await page.getByTestId('example').first().click()
    const filled = await page.getByTestId('question').inputValue()
    assert.ok(filled.trim().length > 10, `the example filled the question: ${JSON.stringify(filled)}`)
    await shot(page, 'research')
  })

  test('empty and whitespace-only questions are refused with a message', async () => {
    const { page } = app
    await nav(page, 'research')
    for (const [value, how] of [
      ['', 'click'],
      ['   \t  ', 'click'],
      ['  \n\n   ', 'enter'],
    ]) {
      await page.getByTestId('question').fill(value)
      if (how === 'enter') await page.getByTestId('question').press('Enter')
      else await page.getByTestId('start').click()
      const err = page.getByTestId('form-error')
      await err.waitFor({ state: 'visible' })
      assert.ok((await err.innerText()).trim().length > 0, 'the refusal says why')
      assert.equal(await page.getByTestId('run-view').count(), 0, `no run started for ${JSON.stringify(value)}`)
    }
    // Shift+Enter inserts a newline instead of starting.
    await page.getByTestId('question').fill('first line')
    await page.getByTestId('question').press('Shift+Enter')
    await page.getByTestId('question').pressSequentially('second line')
    assert.equal(await page.getByTestId('question').inputValue(), 'first line\nsecond line')
    assert.equal(await page.getByTestId('run-view').count(), 0)
  })

  test('a run streams events before it completes and ends with a report', { timeout: RUN_TIMEOUT + 30_000 }, async () => {
    const { page, problems } = app
    runId = await startRun(page, { question: QUESTION, judge: 'offline', maxIterations: 2, submit: 'enter' })
    assert.match(runId, /\S/)

    // Sample the timeline while the run is still running: events must arrive live.
    const live = await page.waitForFunction(
      () => {
        const view = document.querySelector('[data-testid="run-view"]')
        const n = view?.querySelectorAll('[data-testid="timeline"] [data-testid="event"]').length ?? 0
        const status = view?.getAttribute('data-status')
        if (status === 'running' && n > 0) return { n, status }
        if (status && status !== 'running') return { n, status }
        return null
      },
      null,
      { timeout: RUN_TIMEOUT, polling: 20 },
    )
    const seen = await live.jsonValue()
    console.log(`events seen while running: ${seen.n} (status ${seen.status})`)
    assert.equal(seen.status, 'running', 'the run was still running when its first events showed')
    assert.ok(seen.n > 0)
    // For the screenshot, catch the run with its first evidence in if it is still going.
    await page.waitForFunction(
      () => {
        const view = document.querySelector('[data-testid="run-view"]')
        return view?.getAttribute('data-status') !== 'running' || view.querySelectorAll('[data-testid="evidence-card"]').length > 0
      },
      null,
      { timeout: RUN_TIMEOUT, polling: 20 },
    )
    await shot(page, 'run')

    const status = await waitForStatus(page, ['complete', 'failed', 'cancelled', 'interrupted'])
    assert.equal(status, 'complete', `the run completed (status ${status})`)

    // The view goes to the report by itself when the run completes.
    await page.waitForFunction(() => document.querySelector('[data-testid="tab-report"]')?.getAttribute('aria-selected') === 'true', null, { timeout: 10_000 })
    await page.getByTestId('report').waitFor({ state: 'visible' })

    const events = await timeline(page)
    console.log(`events at completion: ${events.length}`)
    assert.ok(events.length > seen.n, `more events arrived after the first sample (${seen.n} → ${events.length})`)
    assertSeqOrdered(events)
    const types = new Set(events.map((e) => e.type))
    for (const t of ['started', 'searching', 'judging', 'complete']) assert.ok(types.has(t), `timeline has a ${t} event: ${[...types]}`)

    assert.ok((await page.getByTestId('evidence-card').count()) > 0, 'evidence cards are shown')
    const titles = await page.getByTestId('evidence-title').allInnerTexts()
    assert.ok(titles.every((t) => t.trim().length > 0), 'every evidence card has a title')
    assert.ok(!titles.some((t) => t.includes('__xss')), 'the clean fake services serve no hostile records')
    const assessments = page.getByTestId('assessment-card')
    assert.ok((await assessments.count()) >= 1, 'one assessment card per iteration')
    const kinds = await assessments.getByTestId('judge-kind').allInnerTexts()
    assert.ok(kinds.every((k) => /offline/i.test(k)), `every assessment says the offline judge made it: ${kinds}`)
    assert.equal(await page.locator('[data-testid="score-chart"]').evaluate((el) => el.tagName.toLowerCase()), 'svg')

    await showTab(page, 'report')
    const report = page.getByTestId('report')
    await report.waitFor({ state: 'visible' })
    const text = await report.innerText()
    assert.ok(text.includes('Alzheimer'), 'the report states the question')
    assert.match(text, /Drug candidates/i)
    assert.ok((await page.getByTestId('verdict').innerText()).trim().length > 0, 'the verdict is shown')
    assert.match(await page.getByTestId('disclaimer').innerText(), /research/i)
    await shot(page, 'report')

    assert.equal(await xssFired(page), false)
    assert.deepEqual(problems, [], 'no page errors during the run')
  })

  test('one outcome line tells the same story in the run header, the report and History', async (t) => {
    assert.ok(runId, 'needs the completed run of the previous scenario: it made no run, so this scenario cannot run (a failure, not a skip)')
    const { page, problems } = app
    const outcome = (await page.getByTestId('run-outcome').innerText()).trim()
    console.log(`run outcome: ${outcome}`)
    // The line says why the run stopped and what became of the report, in words.
    assert.match(outcome, /iterations?\b/, `the outcome names the iterations: ${outcome}`)
    assert.match(outcome, /report/, `the outcome says what became of the report: ${outcome}`)
    assert.doesNotMatch(outcome, /stop rule|no_progress|max_iterations|\(s\)/, `no raw stop reason or (s) plural: ${outcome}`)
    const line = outcome.replace(/^complete\s*/, '')
    assert.ok(line.length > 20, `an outcome sentence follows the status: ${outcome}`)
    // A complete run whose report is not verified is never shown green.
    const chip = await page.getByTestId('run-status').getAttribute('class')
    if (!/passed verification/.test(line) || /partial/.test(line)) assert.doesNotMatch(chip, /\bok\b/, `the status chip is not green: ${chip} — ${line}`)
    // No "sufficient!" message while the loop went on.
    await showTab(page, 'progress')
    const msgs = await page.$$eval('[data-testid="timeline"] [data-testid="event"]', (els) => els.map((e) => e.textContent ?? ''))
    assert.ok(!msgs.some((m) => /sufficient!/i.test(m)), 'no "sufficient!" message in the timeline')

    await showTab(page, 'report')
    const inReport = (await page.getByTestId('report-outcome').innerText()).replace(/^Outcome:\s*/, '').trim()
    assert.equal(inReport, line, 'the report states the same outcome')
    assert.ok((await page.getByTestId('report').innerText()).includes(line), 'the report of record (Markdown) states it too')

    await nav(page, 'history')
    const row = page.locator(`[data-testid="history-row"][data-run-id="${runId}"]`)
    await row.waitFor({ state: 'visible' })
    const details = row.getByTestId('history-outcome-details')
    await details.locator('summary').click()
    assert.equal((await row.getByTestId('history-outcome').innerText()).trim(), line, 'History states the same outcome, one click away')
    assert.ok((await row.getByTestId('history-badge').innerText()).trim().length < 30, 'the row itself shows a short badge')
    await row.getByTestId('open-run').click()
    await page.locator(`[data-testid="run-view"][data-run-id="${runId}"]`).waitFor({ state: 'visible' })
    await page.getByTestId('report').waitFor({ state: 'visible' })
    assert.equal(await page.getByTestId('tab-report').getAttribute('aria-selected'), 'true', 'a complete run opens on its report')
    assert.deepEqual(problems, [])
  })

  test('the report is one click away and the progress list follows the run', async (t) => {
    assert.ok(runId, 'needs the completed run of the previous scenario: it made no run, so this scenario cannot run (a failure, not a skip)')
    const { page } = app
    await showTab(page, 'progress')
    assert.equal(await page.getByTestId('report').count(), 0, 'the report is on its own tab')
    await page.getByTestId('jump-report').click()
    await page.getByTestId('report').waitFor({ state: 'visible' })
    await showTab(page, 'progress')
    // The list is scrolled to its end and no line is cut: every message fits its width.
    const fit = await page.$eval('[data-testid="timeline"]', (el) => ({
      atEnd: el.scrollTop + el.clientHeight >= el.scrollHeight - 30,
      overflowX: el.scrollWidth > el.clientWidth + 1,
      cut: [...el.querySelectorAll('.msg')].filter((m) => m.scrollWidth > m.clientWidth + 1).length,
    }))
    assert.ok(fit.atEnd, 'the Progress list shows its newest event')
    assert.equal(fit.overflowX, false, 'no line runs past the list')
    assert.equal(fit.cut, 0, 'every message wraps whole')
    // Each query sent to a source is in the timeline with its hit count (and any relaxation).
    const queries = await page.$$eval('[data-testid="query-event"]', (els) =>
      els.map((e) => ({ hits: e.querySelector('[data-testid="query-hits"]')?.textContent ?? '', text: e.querySelector('[data-testid="query-text"]')?.textContent ?? '' })),
    )
    console.log(`query events: ${queries.length}; first: ${JSON.stringify(queries[0])}`)
    assert.ok(queries.length > 0, 'the timeline lists the queries sent')
    assert.ok(queries.every((q) => /^(\d+ hits?|hit count unknown)$/.test(q.hits) && q.text.trim()), `every query shows its text and hits: ${JSON.stringify(queries.slice(0, 3))}`)
    // Each source of the latest search shows its state: answered with its hits and time, or
    // failed with its reason (while the search runs, a source not yet answered shows how long
    // it has been awaited).
    const states = await page.$$eval('[data-testid="source-state"]', (els) =>
      els.map((e) => ({ source: e.getAttribute('data-source'), state: e.getAttribute('data-state'), text: (e.textContent ?? '').trim() })),
    )
    console.log(`source states: ${JSON.stringify(states)}`)
    assert.ok(states.length >= 1, 'the sources of the latest search are listed')
    assert.ok(states.every((s) => s.state === 'answered' || s.state === 'failed'), `no source still waiting once the run ended: ${JSON.stringify(states)}`)
    assert.ok(states.some((s) => s.state === 'answered' && /\d+ hits? \(\d+\.\d s\)/.test(s.text)), `a source shows its hits and time: ${JSON.stringify(states)}`)
    await shot(page, 'run-progress')
  })

  test('Markdown export writes the report into the export folder', async (t) => {
    assert.ok(runId, 'needs the completed run of the previous scenario: it made no run, so this scenario cannot run (a failure, not a skip)')
    const { page } = app
    assert.equal(await runStatus(page), 'complete')
    await showTab(page, 'report')
    await page.getByTestId('export-md').click()
    const result = page.getByTestId('export-result')
    await page.waitForFunction(() => /\.md\b/.test(document.querySelector('[data-testid="export-result"]')?.textContent ?? ''))
    const shown = await result.innerText()
    const file = join(exportDir(), `deepcritical-${runId}.md`)
    assert.ok(shown.includes(file), `the message names the written path ${file}: ${shown}`)
    assert.ok(existsSync(file), `${file} exists`)
    const md = readFileSync(file, 'utf8')
    assert.ok(md.includes(QUESTION), 'the export contains the question')
    assert.ok(md.includes('## Drug candidates'), 'the export has the drug candidates section')
    assert.ok(!/api[_-]?key|sk-[a-z0-9]{8}/i.test(md), 'no secrets in the export')
  })

  test('an evidence card opens the paper detail with its appraisal audit trail', async (t) => {
    assert.ok(runId, 'needs the completed run of the previous scenario: it made no run, so this scenario cannot run (a failure, not a skip)')
    const { page } = app
    await showTab(page, 'progress')
    const cards = page.getByTestId('evidence-card')
    const n = await cards.count()
    let opened = false
    for (let i = 0; i < n && !opened; i++) {
      const card = cards.nth(i)
      if (!/quality \d/.test(await card.innerText())) continue
      await card.getByTestId('evidence-title').click()
      opened = true
    }
    assert.ok(opened, 'at least one paper has an assessed quality badge')
    const detail = page.getByTestId('paper-detail')
    await detail.waitFor({ state: 'visible' })
    const text = await detail.innerText()
    assert.match(text, /Methodological quality: \d/, 'the quality dimension is scored')
    assert.match(text, /rule-based rubric/, 'the offline assessor is labelled as such')
    assert.match(text, /verified/i, 'each component says whether its quote was verified')
    const quote = detail.locator('button.quote').first()
    if (await quote.count()) {
      await quote.click()
      assert.ok((await detail.locator('mark').count()) > 0, 'a clicked quote is highlighted in the text')
    }
    // No tooltip can sit over the dialog or cover the next link: the titles that open it and
    // the navigation carry none (the shortcut is written in the button).
    assert.deepEqual(await page.$$eval('[data-testid="evidence-title"][title], nav button[title]', (els) => els.length), 0)
    assert.match(await page.getByTestId('nav-history').innerText(), /Alt\+2/)
    // The reviewer re-scores a component from the dialog; it is kept with the run.
    await detail.getByTestId('rescore-input').first().fill('0')
    await detail.getByTestId('rescore-save').first().click()
    await detail.getByTestId('rescore-saved').first().waitFor({ state: 'visible' })
    const trail = await page.evaluate((id) => window.go.services.ReviewService.Summary(id), runId)
    assert.ok(trail.reviews.some((r) => r.decision === 'override' && r.points === 0), `the override is in the trail: ${JSON.stringify(trail.reviews)}`)
    await shot(page, 'paper-detail')
    await page.keyboard.press('Escape')
    await detail.waitFor({ state: 'detached' })
  })

  test('the reviewer excludes a paper with a reason and disagrees; the report and its export carry both', async () => {
    // Not skipped when the research scenario failed: a review without a run is a failure to see.
    assert.ok(runId, 'the research scenario above completed no run, so there is nothing to review')
    const { page } = app
    await showTab(page, 'report')
    const panel = page.getByTestId('review-panel')
    await panel.waitFor({ state: 'visible' })
    await page.getByTestId('review-paper').selectOption('1')
    await page.getByTestId('review-reason').selectOption('wrong design')
    await page.getByTestId('review-note').fill('not a trial')
    await page.getByTestId('review-exclude').click()
    await page.getByTestId('review-agreement').waitFor({ state: 'visible' })
    assert.match(await page.getByTestId('review-agreement').innerText(), /0 included, 1 excluded/)
    await page.getByTestId('review-note').fill('one RCT is not enough')
    await page.getByTestId('review-disagree').click()
    await page.getByTestId('review-verdict').waitFor({ state: 'visible' })
    assert.match(await page.getByTestId('review-verdict').innerText(), /disagree with the final verdict: one RCT is not enough/)
    // The report of record shows the reviewer's section beside the judge's.
    await page.waitForFunction(() => /Reviewer.s decisions/.test(document.querySelector('[data-testid="report"]')?.textContent ?? ''))
    const text = await page.getByTestId('report').innerText()
    assert.match(text, /excluded by .* \(the judge: (on topic|set aside)\) — wrong design: not a trial/)
    await page.getByTestId('export-md').click()
    await page.waitForFunction(() => /\.md\b/.test(document.querySelector('[data-testid="export-result"]')?.textContent ?? ''))
    const md = readFileSync(join(exportDir(), `deepcritical-${runId}.md`), 'utf8')
    assert.ok(md.includes("## Reviewer's decisions"), 'the exported Markdown has the reviewer section')
    assert.ok(md.includes('one RCT is not enough'), 'and the note on the verdict')
    await shot(page, 'review')
  })

  test("a condition's stage is corrected on its chip, and the run's report says it", { timeout: RUN_TIMEOUT + 30_000 }, async () => {
    const { page, problems } = app
    await nav(page, 'research')
    if (await page.getByTestId('run-view').count()) await page.getByRole('button', { name: 'New research' }).click()
    await page.getByTestId('question').fill('Do emollients help atopic dermatitis in infants?')
    const stage = page.getByLabel('Stage of “atopic dermatitis”')
    await stage.waitFor({ state: 'visible' })
    assert.equal(await stage.inputValue(), 'either', 'the question says neither prevention nor treatment')
    await stage.selectOption('onset')
    // The chips are parsed again with the correction: the select keeps what was chosen.
    await page.waitForFunction(() => document.querySelector('[aria-label="Stage of “atopic dermatitis”"]')?.value === 'onset')
    // A condition made something else by hand has no stage; made a condition again, the
    // parse's reading stands.
    await page.getByLabel('Role of “atopic dermatitis”').selectOption('other')
    await stage.waitFor({ state: 'detached' })
    await page.getByLabel('Role of “atopic dermatitis”').selectOption('condition')
    await stage.waitFor({ state: 'visible' })
    assert.equal(await stage.inputValue(), 'either')
    await stage.selectOption('onset')
    await page.waitForFunction(() => document.querySelector('[aria-label="Stage of “atopic dermatitis”"]')?.value === 'onset')
    await shot(page, 'stage-chip')
    await page.getByTestId('max-iterations').fill('1')
    await page.getByTestId('judge-select').selectOption('offline')
    await page.getByTestId('start').click()
    await page.getByTestId('run-view').waitFor({ state: 'visible' })
    const status = await waitForStatus(page, ['complete', 'failed', 'cancelled', 'interrupted'])
    assert.equal(status, 'complete')
    await showTab(page, 'report')
    const understood = await page.getByTestId('report-understood').innerText()
    assert.match(understood, /atopic dermatitis \(its onset\)/, `the report states the corrected stage: ${understood}`)
    assert.deepEqual(problems, [])
  })
})
