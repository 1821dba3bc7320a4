// Scenario 6 of issue 6: evidence and model text carrying HTML and script payloads. These
// scenarios point the app at the second fake services instance, started with -hostile
// (and back at the clean one afterwards): PubMed returns PMID 99999992 whose
// title and abstract hold escaped <img onerror> and <script> markup, Europe PMC a record
// with raw markup, and the fake LLM writes a narrative with a javascript: Markdown link and
// an <img onerror>. Every payload would set window.__xss; the page must show them as text.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { RUN_TIMEOUT, appURL, fakesURL, hostileURL, launch, openApp, shot, showTab, startRun, useFakes, waitForStatus, xssFired } from './harness.mjs'

/** liveMarkup counts elements a payload could have produced anywhere in the document. */
function liveMarkup(page) {
  return page.evaluate(() => {
    const all = [...document.querySelectorAll('*')]
    return {
      handlers: all.filter((el) => [...el.attributes].some((a) => /^on/i.test(a.name))).map((el) => el.outerHTML.slice(0, 120)),
      payloadImages: [...document.querySelectorAll('img')].filter((i) => i.getAttribute('src') === 'x').length,
      payloadScripts: [...document.querySelectorAll('script')].filter((s) => /__xss/.test(s.textContent)).length,
      jsLinks: [...document.querySelectorAll('a[href], area[href]')]
        .map((a) => a.getAttribute('href'))
        .filter((h) => /^\s*javascript:/i.test(h.replace(/[\u0000-\u001f]/g, ''))),
    }
  })
}

describe('hostile content', () => {
  let b, app
  before(async () => {
    b = await launch()
    app = await openApp(b.context)
    await useFakes(app.page, hostileURL())
  })
  after(async () => {
    if (app) await useFakes(app.page, fakesURL())
    await b?.close()
  })

  test('evidence titles and abstracts show HTML payloads as text', { timeout: RUN_TIMEOUT + 30_000 }, async () => {
    const { page } = app
    await startRun(page, { question: 'Could donepezil be combined with other drugs for dementia?', judge: 'offline', maxIterations: 1 })
    assert.equal(await waitForStatus(page, ['complete', 'failed', 'cancelled', 'interrupted']), 'complete')
    await showTab(page, 'progress')

    const card = page.getByTestId('evidence-card').filter({ hasText: 'window.__xss=8' })
    await card.first().waitFor({ state: 'visible' })
    const title = await card.first().getByTestId('evidence-title').textContent()
    assert.ok(title.includes('<img src=x onerror="window.__xss=8">'), `the title shows the <img> payload as text: ${title}`)
    assert.ok(title.includes('<script>window.__xss=9</script>'), `the title shows the <script> payload as text: ${title}`)
    const abstract = await card.first().getByTestId('evidence-abstract').textContent()
    assert.match(abstract, /<img src=x onerror="window\.__xss=10">|<script>window\.__xss=11<\/script>/, `the abstract shows its payload as text: ${abstract}`)
    await card.first().scrollIntoViewIfNeeded()
    await shot(page, 'hostile-evidence')

    // Give any injected <img> time to fail loading and fire its handler.
    await page.waitForTimeout(500)
    assert.equal(await xssFired(page), false, 'no payload ran')
    const live = await liveMarkup(page)
    assert.deepEqual(live.handlers, [], 'no element carries an inline event handler')
    assert.equal(live.payloadImages, 0)
    assert.equal(live.payloadScripts, 0)
  })

  test('a model answer with a javascript: Markdown link is neutralised', { timeout: RUN_TIMEOUT + 30_000 }, async () => {
    const { page, problems } = app
    await startRun(page, {
      question: 'Could metformin be repurposed for mild cognitive impairment?',
      judge: 'compatible',
      model: 'fake-judge',
      maxIterations: 1,
    })
    assert.equal(await waitForStatus(page, ['complete', 'failed', 'cancelled', 'interrupted']), 'complete')
    const report = page.getByTestId('report')
    await report.waitFor({ state: 'visible' })
    const text = await report.innerText()
    assert.ok(text.includes('this link'), `the model's narrative with the javascript: link reached the report: ${text.slice(0, 600)}`)

    const live = await liveMarkup(page)
    assert.deepEqual(live.jsLinks, [], 'no javascript: link anywhere in the page')
    assert.deepEqual(live.handlers, [], 'no element carries an inline event handler')
    assert.equal(live.payloadScripts, 0)

    // Click every link of the report: none may run script or navigate the app away; the
    // app hands http(s) citations to the system browser (recorded by the harness).
    const links = report.locator('a')
    const n = await links.count()
    for (let i = 0; i < n; i++) {
      const link = links.nth(i)
      if (!(await link.isVisible())) continue
      await link.click({ timeout: 5_000 })
      assert.equal(page.url().split('#')[0], appURL().replace(/\/?$/, '/'), 'a report link never navigates the app page')
    }
    await page.waitForTimeout(300)
    assert.equal(await xssFired(page), false, 'no payload ran after clicking the links')
    const opened = await page.evaluate(() => window.__opened)
    assert.ok(opened.every((u) => /^https?:\/\//i.test(u)), `only http(s) URLs are opened: ${opened}`)
    console.log(`report links clicked: ${n}; handed to the system browser: ${opened.length}`)
    await report.scrollIntoViewIfNeeded()
    await shot(page, 'hostile-report')
    assert.deepEqual(problems, [])
  })
})
