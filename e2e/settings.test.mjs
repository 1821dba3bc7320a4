// Scenario 8 of issue 6: Settings lists every judge, and "Test connection" reports inline;
// the offline judge needs no server and reports ok. The Ollama model list comes from the
// fake Ollama server's /api/tags.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { launch, nav, openApp, shot, testConnection } from './harness.mjs'

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
})
