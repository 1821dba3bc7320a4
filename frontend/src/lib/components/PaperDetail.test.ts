import { flushSync, mount, tick, unmount } from 'svelte'
import { describe, expect, it, vi } from 'vitest'

const conceal = 'A centralised randomisation procedure was employed to preserve allocation concealment.'
const paper = {
  evidence: {},
  text: '',
  text_matches: true,
  read: 'read in full (Europe PMC)',
  full_text: {
    key: 'pmcid:PMC4210495',
    source: 'europepmc',
    sections: [
      { kind: 'abstract', title: 'Abstract', level: 1, text: 'Methods: We carried out a randomised trial.' },
      { kind: 'methods', title: 'Study design', parent: 'Methods', level: 2, text: 'Patients were randomly allocated. ' + conceal },
      { kind: 'table', title: 'Table 1', parent: 'Results', level: 0, text: 'Age\t45\t46' },
    ],
  },
}
vi.mock('../api', () => ({ api: { paper: vi.fn(async () => paper), openURL: vi.fn() }, errorMessage: (e: unknown) => String(e) }))

const { default: PaperDetail } = await import('./PaperDetail.svelte')

const item = {
  n: 1,
  key: 'pmcid:PMC4210495',
  design: 'randomised controlled trial',
  read: 'read in full (Europe PMC)',
  evidence: { content: 'An abstract.', citation: { source: 'europepmc', id: 'PMC:PMC4210495', title: 'Lithium trial', url: '' } },
  appraisal: {
    document: { key: 'pmcid:PMC4210495', full_text: true, source: 'europepmc' },
    assessor: { kind: 'offline' },
    weight: 0.8,
    findings: { allocation_concealment: { value: 'concealed', quote: conceal } },
    dimensions: [{ name: 'risk_of_bias', score: 7, status: 'assessed', details: [
      { component: 'selection_bias', contribution: 2.5, max_score: 2.5, evidence: 'Patients were randomly allocated.', reasoning: 'r', quote_verified: true },
      { component: 'performance_bias', contribution: 1, max_score: 2.5, evidence: 'Nobody was ever blinded here.', reasoning: 'r', quote_verified: false },
    ] }],
  },
}

describe('PaperDetail', () => {
  it('shows the full text by section with every quote marked, and jumps from a quote to its place', async () => {
    const target = document.createElement('div')
    document.body.appendChild(target)
    const scrolled: string[] = []
    Element.prototype.scrollIntoView = function (this: Element) { scrolled.push(this.textContent ?? '') }
    const cmp = mount(PaperDetail, { target, props: { item: item as any, onclose: () => {}, onlink: () => {} } })
    await tick()
    await Promise.resolve()
    flushSync()
    const text = target.querySelector('[data-testid="paper-text"]')!
    const headings = [...text.querySelectorAll('h5')].map((h) => h.textContent)
    expect(headings).toEqual(['Abstract', 'Methods › Study design', 'Results › Table 1'])
    const marks = [...text.querySelectorAll('mark')].map((m) => m.textContent)
    expect(marks).toEqual(['Patients were randomly allocated.', conceal])
    expect(target.querySelector('[data-testid="paper-read"]')?.textContent).toBe('read in full (Europe PMC)')
    expect(target.querySelector('[data-testid="quotes-found"]')?.textContent).toContain('2 of 3 quotes marked')

    const jumps = [...target.querySelectorAll<HTMLButtonElement>('[data-testid="quote-jump"]')]
    jumps.find((b) => b.textContent?.includes('centralised'))!.click()
    flushSync()
    expect(scrolled).toEqual([conceal])
    expect(text.querySelector('mark.current')?.textContent).toBe(conceal)

    jumps.find((b) => b.textContent?.includes('Nobody'))!.click()
    flushSync()
    expect(target.textContent).toContain('That quote does not appear in the text read')
    unmount(cmp)
  })

  it("says the reviewer's exclusion and writes the score as the report does", async () => {
    const target = document.createElement('div')
    const excluded = {
      ...item,
      review: { decision: 'exclude', reason: 'wrong population', note: 'adults only', author: 'me' },
      appraisal: { ...item.appraisal, dimensions: [{ ...item.appraisal.dimensions[0], score: 6.25 }] },
    }
    const cmp = mount(PaperDetail, { target, props: { item: excluded as any, onclose: () => {}, onlink: () => {} } })
    flushSync()
    expect(target.querySelector('[data-testid="paper-review"]')?.textContent).toBe('excluded by you (judge: on topic): wrong population — adults only')
    expect(target.querySelector('h4')?.textContent).toContain('6.2/10')
    expect(target.querySelector('h4')?.textContent).not.toContain('6.3')
    unmount(cmp)
  })
})
