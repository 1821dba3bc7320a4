import { flushSync, mount, tick, unmount } from 'svelte'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const providers = [
  { name: 'offline', label: 'Offline heuristic judge', configured: true, local: true, data_note: 'local only: nothing leaves this machine', model: '', default: true, reason: '' },
  { name: 'openai', label: 'OpenAI', configured: true, local: false, data_note: 'sends the question and evidence to api.openai.com', model: 'gpt-4o-mini', reason: 'key …abcd' },
]
vi.mock('../lib/api', () => ({
  api: {
    providers: vi.fn(async () => providers),
    settingValues: vi.fn(async () => ({ 'sources.enabled': 'pubmed,europepmc,clinicaltrials', 'run.max_iterations': '3' })),
    listRuns: vi.fn(async () => []),
    exampleQuestions: vi.fn(async () => []),
    parseQuestion: vi.fn(async () => ({ concepts: [], kind: 'open' })),
    providerModels: vi.fn(async () => []),
    startRun: vi.fn(async () => 'run-1'),
  },
  errorMessage: (e: unknown) => (e instanceof Error ? e.message : String(e)),
}))
vi.mock('../lib/paint', () => ({ afterFirstPaint: async () => {} }))
// The run view is not under test: a component that renders nothing.
vi.mock('../lib/components/RunView.svelte', () => ({ default: () => {} }))

const { default: ResearchView } = await import('./ResearchView.svelte')
const { api } = await import('../lib/api')
const { nav } = await import('../lib/stores/nav')
const { emptyDraft, researchDraft, researchPrefs } = await import('../lib/stores/prefs')

let target: HTMLElement
let cmp: ReturnType<typeof mount>
const $ = <T extends Element = HTMLElement>(id: string) => target.querySelector<T>(`[data-testid="${id}"]`)
async function settle() {
  for (let i = 0; i < 5; i++) {
    await tick()
    await new Promise((r) => setTimeout(r, 0))
  }
  flushSync()
}
function type(text: string) {
  const box = $<HTMLTextAreaElement>('question')!
  box.value = text
  box.dispatchEvent(new Event('input', { bubbles: true }))
  flushSync()
}

beforeEach(async () => {
  nav.newResearch()
  researchPrefs.set(null)
  researchDraft.set(emptyDraft())
  target = document.body.appendChild(document.createElement('div'))
  cmp = mount(ResearchView, { target })
  await settle()
})
afterEach(() => {
  unmount(cmp)
  target.remove()
})

describe('ResearchView', () => {
  it('starts New research from an empty question, keeping the judge', async () => {
    $<HTMLSelectElement>('judge-select')!.value = 'openai'
    $<HTMLSelectElement>('judge-select')!.dispatchEvent(new Event('change', { bubbles: true }))
    type('Is metformin effective for treating cancer?')
    $<HTMLButtonElement>('start')!.click()
    await settle()
    expect(api.startRun).toHaveBeenCalled()
    expect($('question')).toBeNull() // the run is shown
    nav.newResearch()
    await settle()
    expect($<HTMLTextAreaElement>('question')!.value).toBe('')
    expect($<HTMLSelectElement>('judge-select')!.value).toBe('openai')
  })

  it('keeps the typed question, its corrections and the judge across a visit to another view', async () => {
    $<HTMLSelectElement>('judge-select')!.value = 'openai'
    $<HTMLSelectElement>('judge-select')!.dispatchEvent(new Event('change', { bubbles: true }))
    type('Does melatonin help jet lag in pilots?')
    researchDraft.update((d) => ({ ...d, roles: { pilots: '' }, stages: { 'jet lag': 'established' } }))
    unmount(cmp) // History is shown
    cmp = mount(ResearchView, { target })
    await settle()
    expect($<HTMLTextAreaElement>('question')!.value).toBe('Does melatonin help jet lag in pilots?')
    expect($<HTMLSelectElement>('judge-select')!.value).toBe('openai')
    await new Promise((r) => setTimeout(r, 250)) // past the chips' debounce
    expect(api.parseQuestion).toHaveBeenLastCalledWith('Does melatonin help jet lag in pilots?', { pilots: '' }, { 'jet lag': 'established' })
    // New research empties the draft, and keeps the judge.
    nav.openRun('run-2')
    await settle()
    nav.newResearch()
    await settle()
    expect($<HTMLTextAreaElement>('question')!.value).toBe('')
    unmount(cmp)
    cmp = mount(ResearchView, { target })
    await settle()
    expect($<HTMLTextAreaElement>('question')!.value).toBe('')
    expect($<HTMLSelectElement>('judge-select')!.value).toBe('openai')
  })

  it('says a question that is too long once, and sends it nowhere', async () => {
    type('x'.repeat(607))
    await new Promise((r) => setTimeout(r, 250)) // past the chips' debounce
    await settle()
    expect(target.textContent!.match(/too long/g)).toHaveLength(1)
    expect($('question-count')!.textContent).toContain('607 / 500 characters: too long')
    expect(api.parseQuestion).not.toHaveBeenCalledWith('x'.repeat(607), expect.anything(), expect.anything())
    expect($<HTMLButtonElement>('start')!.disabled).toBe(true)
    type('Is metformin effective for treating cancer?')
    expect($('question-count')).toBeNull()
    expect($<HTMLButtonElement>('start')!.disabled).toBe(false)
  })

  it('clears the refusal of the last Start once the question is edited', async () => {
    vi.mocked(api.startRun).mockRejectedValueOnce(new Error('question is too long: 501 characters (at most 500)'))
    type('Is metformin effective for treating cancer?')
    $<HTMLButtonElement>('start')!.click()
    await settle()
    expect($('form-error')!.textContent).toContain('question is too long')
    type('Is metformin effective for cancer?')
    expect($('form-error')).toBeNull()
  })

  it('says where the search terms go with the offline judge, and that nothing leaves only with My library alone', async () => {
    const note = () => $('judge-note')!.textContent!
    expect(note()).toBe("Runs the offline heuristic judge (no language model) on this machine; the question's search terms go to PubMed, Europe PMC and ClinicalTrials.gov.")
    expect($('judge-note')!.classList.contains('local')).toBe(false)
    for (const s of ['pubmed', 'europepmc', 'clinicaltrials', 'library']) $<HTMLInputElement>(`source-${s}`)!.click()
    flushSync()
    expect(note()).toBe('Runs the offline heuristic judge (no language model) on this machine and searches My library only: nothing leaves this machine.')
    expect($('judge-note')!.classList.contains('local')).toBe(true)
  })
})
