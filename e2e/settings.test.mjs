// Scenario 8 of issue 6: Settings lists every judge, and "Test connection" reports inline;
// the offline judge needs no server and reports ok. The Ollama model list comes from the
// fake Ollama server's /api/tags.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { createServer } from 'node:net'
import { RUN_TIMEOUT, fakesURL, launch, nav, openApp, shot, testConnection, useFakes, waitForStatus } from './harness.mjs'

describe('settings', () => {
  let b, app
  before(async () => {
    b = await launch()
    app = await openApp(b.context)
  })
  after(async () => {
    await b?.close()
  })

  test('every judge has a row and the offline one tests ok inline', async () => {
    const { page, problems } = app
    await nav(page, 'settings')
    await page.getByTestId('provider-row').first().waitFor({ state: 'visible' })
    const providers = await page.$$eval('[data-testid="provider-row"]', (rows) => rows.map((r) => r.getAttribute('data-provider')))
    for (const p of ['offline', 'openai', 'anthropic', 'huggingface', 'ollama', 'compatible', 'cli']) {
      assert.ok(providers.includes(p), `a row for ${p}: ${providers}`)
    }
    const result = await testConnection(page, 'offline')
    assert.match(result, /^ok\b/i, `the offline judge tests ok: ${result}`)
    await shot(page, 'settings')

    // No key is shown in the page, only masked forms.
    const html = await page.content()
    assert.ok(!/sk-[A-Za-z0-9]{16,}/.test(html), 'no API key in the page')
    assert.deepEqual(problems, [])
  })

  test('Settings lists the models the Ollama server has', async () => {
    const { page } = app
    await nav(page, 'settings')
    // The fake server replays Ollama's documented /api/tags example.
    const models = page.getByTestId('ollama-models')
    await models.waitFor({ state: 'visible' })
    const list = await models.innerText()
    assert.ok(list.includes('codellama:13b') && list.includes('llama3:latest'), `the server's models are listed: ${list}`)
  })

  test('settings are grouped with labels in words, and Save/Revert work with a confirmation', async () => {
    const { page, problems } = app
    await nav(page, 'settings')
    const field = page.getByTestId('setting-run.max_iterations')
    await field.waitFor({ state: 'visible' })
    const html = await page.locator('section.settings').innerText()
    for (const raw of ['providers.openai', 'timeout s', 'itt\n']) assert.ok(!html.includes(raw), `no raw key "${raw}" as a label`)
    assert.ok(html.includes('Search and judge rounds (at most)'), 'keys have labels in words')
    // Fixed choices are selects; numbers carry their bounds.
    assert.equal(await page.getByTestId('setting-ui.theme').evaluate((el) => el.tagName), 'SELECT')
    assert.deepEqual(await field.evaluate((el) => [el.type, el.min, el.max]), ['number', '1', '10'])
    const save = page.getByTestId('settings-save')
    assert.ok(await save.isVisible(), 'Save is visible without scrolling to the end')
    assert.ok(await save.isDisabled(), 'nothing to save yet')

    const before = await field.inputValue()
    const next = before === '7' ? '6' : '7'
    // Revert drops an edit.
    await field.fill(next)
    assert.ok(await save.isEnabled())
    await page.getByTestId('settings-revert').click()
    assert.equal(await field.inputValue(), before, 'Revert restores the saved value')
    // An out-of-range value is refused in words before anything is sent.
    await field.fill('42')
    await save.click()
    assert.match(await page.getByTestId('settings-error').innerText(), /Search and judge rounds \(at most\).*between 1 and 10/)
    assert.doesNotMatch(await page.getByTestId('settings-error').innerText(), /run\.max_iterations|--/)
    // Save stores the change, says so, and the stored value is what the backend holds.
    await field.fill(next)
    await save.click()
    const saved = page.getByTestId('settings-saved')
    await saved.waitFor({ state: 'visible' })
    assert.match(await saved.innerText(), /Saved 1 change: Search and judge rounds/)
    const stored = await page.evaluate(() => window.go.services.SettingsService.Values())
    assert.equal(stored['run.max_iterations'], next, 'the backend holds the saved value')
    await shot(page, 'settings-saved')
    // Put it back for the other scenarios.
    await field.fill(before)
    await save.click()
    await page.waitForFunction(() => /Saved 1 change/.test(document.querySelector('[data-testid="settings-saved"]')?.textContent ?? ''))
    assert.deepEqual(problems, [])
  })

  test('the model field is a combo box fed by the provider, cleared per provider, and nothing typed is lost on Start', { timeout: RUN_TIMEOUT + 30_000 }, async () => {
    const { page, problems } = app
    await nav(page, 'research')
    if (await page.getByTestId('run-view').count()) await page.getByTestId('new-research').click()
    await page.getByTestId('question').fill('Could riluzole be combined with other drugs for amyotrophic lateral sclerosis?')
    await page.getByTestId('judge-select').selectOption('compatible')
    const model = page.getByTestId('judge-model')
    await model.waitFor({ state: 'visible' })
    assert.equal(await model.inputValue(), '', 'the field starts empty; the configured model is its placeholder')
    // The provider's own model list feeds the suggestions (the fake server lists fake-judge).
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="judge-model-options"] option')].some((o) => o.value === 'fake-judge'))
    await model.pressSequentially('something-else', { delay: 5 })
    // Another provider: the field is cleared, and it stays cleared coming back.
    await page.getByTestId('judge-select').selectOption('ollama')
    assert.equal(await model.inputValue(), '', 'switching the judge clears the model')
    await page.getByTestId('judge-select').selectOption('compatible')
    assert.equal(await model.inputValue(), '')
    await page.getByTestId('max-iterations').fill('1')
    // Type and press Start at once: every keystroke is in the run.
    await model.pressSequentially('fake-judge', { delay: 0 })
    await page.getByTestId('start').click()
    await page.getByTestId('run-view').waitFor({ state: 'visible' })
    const id = await page.getByTestId('run-view').getAttribute('data-run-id')
    const run = await page.evaluate((id) => window.go.services.HistoryService.Get(id), id)
    assert.equal(run.run.config.model, 'fake-judge', 'the run stored the whole model name')
    assert.equal(await waitForStatus(page, ['complete', 'failed', 'cancelled', 'interrupted']), 'complete')
    // "New research" keeps the judge and the model.
    await page.getByTestId('new-research').click()
    assert.equal(await page.getByTestId('judge-select').inputValue(), 'compatible', 'the judge is kept on New research')
    assert.equal(await page.getByTestId('judge-model').inputValue(), 'fake-judge')
    await shot(page, 'research-model-combo')
    assert.deepEqual(problems, [])
  })

  test('a self-hosted judge that does not answer is refused before the run, and nothing is stored', async () => {
    const { page } = app
    // A port nothing listens on: the compatible server is "down".
    const dead = await new Promise((resolve) => {
      const srv = createServer()
      srv.listen(0, '127.0.0.1', () => {
        const { port } = srv.address()
        srv.close(() => resolve(`http://127.0.0.1:${port}/v1`))
      })
    })
    const before = (await page.evaluate(() => window.go.services.HistoryService.List({}))).length
    await page.evaluate((url) => window.go.services.SettingsService.Set('providers.compatible.base_url', url), dead)
    try {
      await nav(page, 'research')
      if (await page.getByTestId('run-view').count()) await page.getByTestId('new-research').click()
      await page.getByTestId('question').fill('Is metformin effective for treating cancer?')
      await page.getByTestId('judge-select').selectOption('compatible')
      await page.getByTestId('judge-model').fill('fake-judge')
      const t0 = Date.now()
      await page.getByTestId('start').click()
      const err = page.getByTestId('form-error')
      await err.waitFor({ state: 'visible', timeout: 10_000 })
      const text = await err.innerText()
      console.log(`refused in ${Date.now() - t0} ms: ${text}`)
      assert.match(text, /OpenAI-compatible server is not answering at http:\/\/127\.0\.0\.1:\d+\/v1/, text)
      assert.equal(await page.getByTestId('run-view').count(), 0, 'no run view opened')
      const after = (await page.evaluate(() => window.go.services.HistoryService.List({}))).length
      assert.equal(after, before, 'no run was stored')
      await shot(page, 'dead-judge-refused')
    } finally {
      await useFakes(page, fakesURL())
    }
  })
})
