// Scenario 8 of issue 6: Settings lists every judge, and "Test connection" reports inline;
// the offline judge needs no server and reports ok. The Ollama model list comes from the
// fake Ollama server's /api/tags.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { launch, nav, openApp, shot } from './harness.mjs'

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
    const offline = page.locator('[data-testid="provider-row"][data-provider="offline"]')
    await offline.getByTestId('test-connection').click()
    const result = offline.getByTestId('test-result')
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="provider-row"][data-provider="offline"] [data-testid="test-result"]')?.textContent ?? '').trim().length > 0,
    )
    assert.match(await result.innerText(), /\bok\b/i)
    await shot(page, 'settings')

    // No key is shown in the page, only masked forms.
    const html = await page.content()
    assert.ok(!/sk-[A-Za-z0-9]{16,}/.test(html), 'no API key in the page')
    assert.deepEqual(problems, [])
  })

  test('the Ollama row lists the models of the Ollama server', async () => {
    const { page } = app
    await nav(page, 'settings')
    const ollama = page.locator('[data-testid="provider-row"][data-provider="ollama"]')
    await ollama.getByTestId('test-connection').click()
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="provider-row"][data-provider="ollama"] [data-testid="test-result"]')?.textContent ?? '').trim().length > 0,
    )
    assert.match(await ollama.getByTestId('test-result').innerText(), /\bok\b/i, 'the fake Ollama server answers')
    const models = page.getByTestId('ollama-models')
    await models.waitFor({ state: 'visible' })
    await page.waitForFunction(() => (document.querySelector('[data-testid="ollama-models"]')?.textContent ?? '').includes(':'))
    const list = await models.innerText()
    assert.ok(list.trim().length > 0, `Ollama models are listed: ${list}`)
  })
})
