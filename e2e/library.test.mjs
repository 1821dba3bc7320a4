// Issue 20: a PDF dropped on the Library view is imported and appraised in the window. The
// drop is delivered as the native window delivers it, a "wails:file-drop" runtime event with
// the files' absolute paths; everything after it is the real app: the bound
// LibraryService.ImportDropped reads the PDFs with PDFium, stores them, appraises them with
// the settings' (offline) judge, and the view lists them with their "PDF" mark.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { launch, nav, openApp, repoRoot, shot } from './harness.mjs'

const testPDF = (name) => join(repoRoot, 'backend', 'pdftext', 'testdata', name)

describe('library', () => {
  let b, app
  before(async () => {
    b = await launch()
    app = await openApp(b.context)
  })
  after(async () => {
    await b?.close()
  })

  test('a dropped PDF is imported, marked and appraised from its full text; a scan is refused with its reason', async () => {
    const { page, problems } = app
    await nav(page, 'library')
    await page.getByTestId('library-search').waitFor({ state: 'visible' })
    await page.evaluate((paths) => window.runtime.EventsEmit('wails:file-drop', 400, 300, paths), [testPDF('lithium-2col.pdf'), testPDF('scanned.pdf')])

    // The first PDF on a machine compiles the engine (seconds on a loaded machine).
    const card = page.getByTestId('pdf-appraisal')
    await card.waitFor({ state: 'visible', timeout: 120_000 })
    const text = await card.innerText()
    assert.match(text, /Effectiveness of lithium in subjects with treatment-resistant depression/)
    assert.match(text, /lithium-2col\.pdf · 5 pages/)
    assert.match(text, /Read in full \(PDF\)/)
    assert.match(text, /preserve allocation concealment/, 'a finding quoted from the methods, not the abstract')
    const dims = await page.getByTestId('pdf-dimension').allInnerTexts()
    assert.equal(dims.length, 2, dims.join(' | '))

    const errors = await page.getByTestId('import-errors').innerText()
    assert.match(errors, /scanned\.pdf has no text layer/)

    const row = page.getByTestId('library-row').filter({ hasText: 'Effectiveness of lithium' })
    assert.equal(await row.getByTestId('pdf-mark').innerText(), 'PDF · 5 pages')
    await shot(page, 'library-pdf-drop')
    assert.deepEqual(problems, [])
  })
})
