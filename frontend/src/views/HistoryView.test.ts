import { flushSync, mount, tick, unmount } from 'svelte'
import { describe, expect, it, vi } from 'vitest'

const providers = [
  { name: 'offline', label: 'Offline heuristic judge', configured: true, local: true, data_note: 'local only: nothing leaves this machine', model: '', reason: '' },
  { name: 'openai', label: 'OpenAI', configured: true, local: false, data_note: 'sends the question and evidence to api.openai.com', model: 'gpt-4o-mini', reason: 'key …abcd' },
]
const run = { id: 'r1', question: 'Is metformin effective for cancer?', created_at: '2026-01-01T00:00:00Z', judge: { provider: 'offline', kind: 'offline' },
  status: 'complete', evidence_count: 2, iterations: 1, outcome: 'done' }
const assessment = { details: { mechanism_score: 3, clinical_evidence_score: 4, drug_candidates: [] }, confidence: 0.5, sufficient: false, recommendation: 'continue', judge: { provider: 'openai', model: 'gpt-4o', kind: 'llm' } }
vi.mock('../lib/api', () => ({
  api: {
    providers: vi.fn(async () => providers),
    listRuns: vi.fn(async () => [run]),
    deleteRun: vi.fn(),
    providerModels: vi.fn(async () => ['gpt-4o', 'gpt-4o-mini']),
    rejudge: vi.fn(async () => ({ run_id: 'r1', label: 'rejudge:openai/gpt-4o', original: assessment, rejudged: assessment,
      difference: { mechanism_delta: 0, clinical_delta: 0, confidence_delta: 0, sufficient_changed: false, candidates_only_original: [], candidates_only_rejudged: [], candidates_common: [] } })),
    sendToZotero: vi.fn(),
  },
  errorMessage: (e: unknown) => String(e),
}))

const { default: HistoryView } = await import('./HistoryView.svelte')
const { api } = await import('../lib/api')

async function settle() {
  for (let i = 0; i < 5; i++) {
    await tick()
    await new Promise((r) => setTimeout(r, 0))
  }
  flushSync()
}

describe('HistoryView re-judge', () => {
  it('says where the data goes for the chosen judge and re-judges with the model typed', async () => {
    const target = document.body.appendChild(document.createElement('div'))
    const cmp = mount(HistoryView, { target })
    await settle()
    const $ = <T extends Element = HTMLElement>(id: string) => target.querySelector<T>(`[data-testid="${id}"]`)
    expect($('rejudge-note')!.textContent).toContain('on this machine: nothing leaves it')
    expect($('rejudge-model')).toBeNull()

    const select = $<HTMLSelectElement>('rejudge-judge')!
    select.value = 'openai'
    select.dispatchEvent(new Event('change', { bubbles: true }))
    flushSync()
    expect($('rejudge-note')!.textContent).toBe(
      "Re-judging with OpenAI, model gpt-4o-mini sends the run's stored question and evidence off this machine — the judge sends the question and evidence to api.openai.com. Nothing is searched again.",
    )
    const model = $<HTMLInputElement>('rejudge-model')!
    model.value = 'gpt-4o'
    model.dispatchEvent(new Event('input', { bubbles: true }))
    flushSync()
    expect($('rejudge-note')!.textContent).toContain('OpenAI, model gpt-4o sends')
    $<HTMLButtonElement>('rejudge')!.click()
    await settle()
    expect(api.rejudge).toHaveBeenCalledWith('r1', 'openai', 'gpt-4o')
    expect($('comparison')).not.toBeNull()
    unmount(cmp)
    target.remove()
  })

  it('keeps the re-judge choice across a visit to another view, and reads the list again after a re-judgement', async () => {
    const $ = <T extends Element = HTMLElement>(target: HTMLElement, id: string) => target.querySelector<T>(`[data-testid="${id}"]`)
    let target = document.body.appendChild(document.createElement('div'))
    let cmp = mount(HistoryView, { target })
    await settle()
    const select = $<HTMLSelectElement>(target, 'rejudge-judge')!
    select.value = 'openai'
    select.dispatchEvent(new Event('change', { bubbles: true }))
    flushSync()
    const model = $<HTMLInputElement>(target, 'rejudge-model')!
    model.value = 'gpt-4o'
    model.dispatchEvent(new Event('input', { bubbles: true }))
    flushSync()
    unmount(cmp) // another view is shown
    target.remove()

    target = document.body.appendChild(document.createElement('div'))
    cmp = mount(HistoryView, { target })
    await settle()
    expect($<HTMLSelectElement>(target, 'rejudge-judge')!.value).toBe('openai')
    expect($<HTMLInputElement>(target, 'rejudge-model')!.value).toBe('gpt-4o')

    vi.mocked(api.rejudge).mockRejectedValueOnce('the server serves 2 models')
    $<HTMLButtonElement>(target, 'rejudge')!.click()
    await settle()
    expect($(target, 'rejudge-error')!.textContent).toContain('2 models')
    const m = $<HTMLInputElement>(target, 'rejudge-model')!
    m.value = 'gpt-4o-mini'
    m.dispatchEvent(new Event('input', { bubbles: true }))
    flushSync()
    expect($(target, 'rejudge-error')).toBeNull() // the error was about the model chosen then

    const lists = vi.mocked(api.listRuns).mock.calls.length
    $<HTMLButtonElement>(target, 'rejudge')!.click()
    await settle()
    expect(vi.mocked(api.listRuns).mock.calls.length).toBeGreaterThan(lists) // the verdict count is read again
    unmount(cmp)
    target.remove()
  })
})
