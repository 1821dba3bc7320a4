// Issue 21, parts 2 and 3 in the window: "Send to Zotero" in the report view and History puts
// a run's references into the running Zotero (here the strict fake of e2e/fakeapis, which
// records what it received), and "Import from Zotero" in the Library view reads the Zotero
// library back. The calls go from Go: the fake must see no browser-origin request.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { RUN_TIMEOUT, fakesURL, launch, nav, openApp, shot, showTab, startRun, useFakes, waitForStatus } from './harness.mjs'

const QUESTION = 'What drugs could be repurposed for Alzheimer disease?'

/** received is what the fake Zotero got so far and the items it now holds. */
async function received() {
  const res = await fetch(`${fakesURL()}/zotero-fake/received`)
  assert.equal(res.status, 200)
  return res.json()
}

const saves = (r) => (r.received ?? []).filter((q) => q.path === '/connector/saveItems')

/** result waits for a zotero-result element inside scope and returns its text. */
async function result(page, scope) {
  const el = page.locator(`${scope} [data-testid="zotero-result"]`).first()
  await el.waitFor({ state: 'visible', timeout: 30_000 })
  return (await el.innerText()).trim()
}

describe('zotero', () => {
  let b, app, runId
  before(async () => {
    b = await launch()
    app = await openApp(b.context)
    await useFakes(app.page, fakesURL())
  })
  after(async () => {
    if (app) await shot(app.page, 'last-zotero-scenario').catch(() => {})
    await b?.close()
  })

  test('Send to Zotero in the report view saves the references with notes into the collection', { timeout: RUN_TIMEOUT + 60_000 }, async () => {
    const { page, problems } = app
    runId = await startRun(page, { question: QUESTION, judge: 'offline', maxIterations: 1 })
    assert.equal(await waitForStatus(page, ['complete', 'failed', 'cancelled', 'interrupted']), 'complete')
    await showTab(page, 'report')
    const before = saves(await received()).length

    await page.getByTestId('zotero-collection').fill('Reviews/Metformin')
    await page.getByTestId('zotero-send').click()
    const text = await result(page, '.report')
    assert.match(text, new RegExp(`^Sent (\\d+) references? of run ${runId} to Zotero 7\\.0\\.15, in “My Library/Reviews/Metformin”, tagged DeepCritical, DeepCritical run ${runId}$`), text)
    const sent = Number(/^Sent (\d+)/.exec(text)[1])
    assert.ok(sent > 0)
    await shot(page, 'zotero-sent')

    const r = await received()
    const mine = saves(r).slice(before)
    assert.equal(mine.length, 1, 'one save session')
    const items = mine[0].body.items
    assert.equal(items.length, sent)
    for (const it of items) {
      assert.ok(['journalArticle', 'webpage'].includes(it.itemType), it.itemType)
      // Records without a title (PubMedQA's) go as they are, found again by their identifiers.
      assert.ok(it.title || /^(PMID|DOI|ClinicalTrials\.gov): /m.test(it.extra ?? '') || it.DOI || it.url, `every item can be found again: ${JSON.stringify(it)}`)
      assert.equal(it.notes.length, 1)
      assert.match(it.notes[0].note, new RegExp(`run ${runId}`))
      assert.match(it.notes[0].note, /Cited: the report relies on this paper as \[\d+\]/)
      for (const c of it.creators ?? []) assert.ok(c.lastName || c.name, JSON.stringify(c))
    }
    assert.ok(items.some((it) => /^PMID: \d+/m.test(it.extra ?? '')), 'PMIDs travel in Extra')
    assert.ok(items.some((it) => (it.creators ?? []).some((c) => c.firstName)), 'given names are sent')
    const upd = r.received.filter((q) => q.path === '/connector/updateSession').at(-1)
    assert.equal(upd.body.sessionID, mine[0].body.sessionID)
    assert.equal(upd.body.target, 'C12')
    assert.deepEqual(upd.body.tags, ['DeepCritical', `DeepCritical run ${runId}`])
    for (const q of r.received) {
      assert.ok(!q.header.Origin && !(q.header['User-Agent'] ?? [''])[0].startsWith('Mozilla/'), `a browser-origin request reached Zotero: ${q.path}`)
    }
    assert.deepEqual(problems, [])
  })

  test('History sends the selected runs; a missing collection, or a run Zotero already holds, is one clear line and nothing is saved', async (t) => {
    assert.ok(runId, 'needs the run of the previous scenario: it made no run, so this scenario cannot run (a failure, not a skip)')
    const { page } = app
    await nav(page, 'history')
    const row = page.locator(`[data-testid="history-row"][data-run-id="${runId}"]`)
    await row.waitFor({ state: 'visible' })
    await row.getByTestId('history-select').check()
    const bar = page.getByTestId('history-zotero')
    const before = saves(await received()).length

    await bar.getByTestId('zotero-collection').fill('Oncology')
    await bar.getByTestId('zotero-send').click()
    const refused = await result(page, '[data-testid="history-zotero"]')
    assert.match(refused, /^no editable Zotero collection is named "Oncology" \(its editable collections: .*\); create it in Zotero or pick another\. Nothing was sent$/)
    assert.equal(saves(await received()).length, before, 'nothing was saved')

    // The run was sent in the previous scenario: Zotero holds its references (tagged with the
    // run), and sending it again would save them twice.
    await bar.getByTestId('zotero-collection').fill('')
    await bar.getByTestId('zotero-send').click()
    const sel = '[data-testid="history-zotero"] [data-testid="zotero-result"]'
    await page.waitForFunction((sel) => /already holds/.test(document.querySelector(sel)?.textContent?.trim() ?? ''), sel, { timeout: 30_000 })
    const again = (await page.locator(sel).first().innerText()).trim()
    assert.match(again, new RegExp(`^Zotero already holds \\d+ items? tagged "DeepCritical run ${runId}": sending them again would save them twice; delete them in Zotero first$`), again)
    assert.equal(saves(await received()).length, before, 'nothing was saved twice')
    await shot(page, 'zotero-history')
  })

  test('Import from Zotero in the Library view reads the Zotero library', async () => {
    const { page, problems } = app
    await nav(page, 'library')
    await page.getByTestId('import-zotero').click()
    const summary = page.getByTestId('import-summary')
    await summary.waitFor({ state: 'visible', timeout: 30_000 })
    const text = await summary.innerText()
    const imported = Number(/Imported (\d+)/.exec(text)?.[1])
    assert.ok(imported >= 3, `the seeded references at least: ${text}`)
    assert.match(await page.getByTestId('import-warnings').innerText(), /Zotero has indexed the full text of 1 attachment/)
    const article = page.getByTestId('library-row').filter({ hasText: 'Reduction in the incidence of type 2 diabetes' })
    assert.equal(await article.count(), 1, `the Zotero article is in the library once: ${(await page.getByTestId('library-row').allInnerTexts()).length} rows`)
    await shot(page, 'zotero-import')

    // Again: every record is found again (updated or unchanged), none added.
    const count = (await page.getByTestId('library-row').count())
    await page.getByTestId('import-zotero').click()
    await page.waitForFunction(() => /Imported 0,/.test(document.querySelector('[data-testid="import-summary"]')?.textContent ?? ''))
    assert.equal(await page.getByTestId('library-row').count(), count, 're-importing never duplicates')
    assert.deepEqual(problems, [])
  })
})
