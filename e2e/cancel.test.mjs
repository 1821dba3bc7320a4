// Scenario 2 of issue 6: Cancel stops a run mid-way; the Run view says so and offers
// Resume, which finishes the same run.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { RUN_TIMEOUT, assertSeqOrdered, launch, openApp, runStatus, showTab, startRun, timeline, waitForStatus } from './harness.mjs'

describe('cancel', () => {
  let b, app
  before(async () => {
    b = await launch()
    app = await openApp(b.context)
  })
  after(async () => {
    await b?.close()
  })

  test('cancel mid-run leaves a cancelled run; Resume finishes it', { timeout: 2 * RUN_TIMEOUT + 30_000 }, async () => {
    const { page, problems } = app
    // Ten iterations over slow fake sources: far longer than it takes to press Cancel.
    const runId = await startRun(page, {
      question: 'Which approved drugs could be repurposed for amyotrophic lateral sclerosis?',
      judge: 'offline',
      maxIterations: 10,
    })
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="timeline"] [data-testid="event"]').length > 0, null, {
      polling: 20,
      timeout: RUN_TIMEOUT,
    })
    assert.equal(await runStatus(page), 'running', 'the run is still running when Cancel is pressed')
    await page.getByTestId('cancel').click()

    const status = await waitForStatus(page, ['cancelled', 'complete', 'failed', 'interrupted'])
    assert.equal(status, 'cancelled')
    assert.equal(await page.getByTestId('run-view').getAttribute('data-run-id'), runId)
    const resume = page.getByTestId('resume')
    await resume.waitFor({ state: 'visible' })
    assert.ok(await resume.isEnabled(), 'Resume can be pressed')
    const cancel = page.getByTestId('cancel')
    assert.ok(!(await cancel.isVisible()) || !(await cancel.isEnabled()), 'Cancel is gone or disabled once cancelled')
    const types = (await timeline(page)).map((e) => e.type)
    assert.ok(types.includes('cancelled'), `the timeline shows the cancellation: ${types}`)
    assert.ok(!types.includes('complete'), 'a cancelled run never reports completion')

    // Resume carries on from what was stored and finishes the run.
    await resume.click()
    assert.equal(await waitForStatus(page, ['complete', 'failed', 'interrupted']), 'complete', 'the resumed run completes')
    assert.equal(await page.getByTestId('run-view').getAttribute('data-run-id'), runId, 'resuming keeps the run id')
    const after = await timeline(page)
    assertSeqOrdered(after)
    assert.ok(after.length > types.length, 'the resumed run adds to the same timeline')
    await showTab(page, 'report')
    await page.getByTestId('report').waitFor({ state: 'visible' })
    assert.deepEqual(problems, [])
  })
})
