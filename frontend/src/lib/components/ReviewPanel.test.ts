import { flushSync, mount, tick, unmount } from 'svelte'
import { describe, expect, it, vi } from 'vitest'

let summary: any = {
  reviews: [], excluded: 0, included: 0, agreement: { n: 0, percent: 0, kappa: 0, kappa_defined: false },
  exclusion_reasons: ['wrong population', 'wrong design'], decisions: [],
}
vi.mock('../api', () => ({
  api: {
    reviewSummary: vi.fn(async () => summary),
    addReview: vi.fn(async (_run: string, paper: number, decision: string, reason: string) => {
      summary = { ...summary, excluded: 1, agreement: { n: 1, percent: 0, kappa: 0, kappa_defined: false },
        decisions: [{ paper, paper_key: 'pmid:2', decision, reason, note: '', author: 'me' }] }
      return {}
    }),
  },
  errorMessage: (e: unknown) => String(e),
}))

const { default: ReviewPanel } = await import('./ReviewPanel.svelte')
const { api } = await import('../api')

const ev = (n: number, title: string) => ({ n, key: `pmid:${n}`, evidence: { content: '', citation: { source: 'pubmed', id: String(n), title, url: '' } } })

async function settle() {
  for (let i = 0; i < 4; i++) {
    await tick()
    await new Promise((r) => setTimeout(r, 0))
  }
  flushSync()
}
function choose(el: HTMLSelectElement, value: string) {
  el.value = value
  el.dispatchEvent(new Event('change', { bubbles: true }))
  flushSync()
}

describe('ReviewPanel', () => {
  it('waits for a reason before excluding, then lists what was excluded and why', async () => {
    const target = document.body.appendChild(document.createElement('div'))
    const onchange = vi.fn()
    const cmp = mount(ReviewPanel, { target, props: { runId: 'r1', evidence: [ev(1, 'A trial'), ev(2, 'Children only')] as any, onchange } })
    await settle()
    const $ = <T extends Element = HTMLElement>(id: string) => target.querySelector<T>(`[data-testid="${id}"]`)
    choose($<HTMLSelectElement>('review-paper')!, '2')
    expect($<HTMLButtonElement>('review-exclude')!.disabled).toBe(true)
    expect($<HTMLButtonElement>('review-include')!.disabled).toBe(false)
    expect($('review-exclude-hint')!.textContent).toContain('choose a reason first')
    choose($<HTMLSelectElement>('review-reason')!, 'wrong population')
    expect($<HTMLButtonElement>('review-exclude')!.disabled).toBe(false)
    expect($('review-exclude-hint')).toBeNull()
    $<HTMLButtonElement>('review-exclude')!.click()
    await settle()
    expect(api.addReview).toHaveBeenCalledWith('r1', 2, 'exclude', 'wrong population', '')
    expect(onchange).toHaveBeenCalled()
    expect($('review-error')).toBeNull()
    const items = [...$('review-excluded')!.querySelectorAll('li')].map((li) => li.textContent)
    expect(items).toEqual(['[2] Children only — wrong population'])
    unmount(cmp)
    target.remove()
  })

  it('keeps a line for the verdict before any decision, and names an untitled paper by its first words', async () => {
    summary = { ...summary, verdict: undefined }
    const target = document.body.appendChild(document.createElement('div'))
    const untitled = { n: 2, key: 'pmid:2', evidence: { content: 'Women with ovaries of polycystic morphology respond similarly to women with PCOS when stimulated', citation: { source: 'pubmed', id: '2', title: '', url: '' } } }
    const cmp = mount(ReviewPanel, { target, props: { runId: 'r1', evidence: [ev(1, 'A trial'), untitled] as any, onchange: () => {} } })
    await settle()
    const $ = <T extends Element = HTMLElement>(id: string) => target.querySelector<T>(`[data-testid="${id}"]`)
    expect($('review-verdict-none')!.textContent).toBe('No decision on the verdict yet.')
    const options = [...$<HTMLSelectElement>('review-paper')!.options].map((o) => o.textContent)
    expect(options[2]).toMatch(/^\[2\] \(untitled\) Women with ovaries of polycystic morphology/)
    unmount(cmp)
    target.remove()
  })
})
