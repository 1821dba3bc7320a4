import { flushSync, mount, unmount } from 'svelte'
import { describe, expect, it } from 'vitest'
import PDFAppraisals from './PDFAppraisals.svelte'

function render(items: Record<string, unknown>[]) {
  const target = document.createElement('div')
  const cmp = mount(PDFAppraisals, { target, props: { items: items as any } })
  flushSync()
  return { target, done: () => unmount(cmp) }
}

// Trimmed from `deepcritical appraise --pdf lithium-2col.pdf --judge offline --json`.
const lithium = {
  file: 'lithium-2col.pdf',
  library_id: 1,
  key: 'doi:10.1186/1756-0500-7-731',
  title: 'Effectiveness of lithium in subjects with treatment-resistant depression and suicide risk',
  pages: 5,
  appraisal: {
    document: { key: 'doi:10.1186/1756-0500-7-731', title: 'Effectiveness of lithium…', hash: 'aca8', full_text: true, source: 'pdf' },
    assessor: { provider: 'offline', model: 'rules', kind: 'offline', version: 'appraisal-rules/3' },
    dimensions: [
      { name: 'methodological_quality', status: 'assessed', score: 6, details: [] },
      { name: 'risk_of_bias', status: 'assessed', score: 8.125, details: [] },
    ],
    findings: {
      randomized: { value: true, quote: 'results and lessons of an underpowered randomised clinical trial' },
      randomization_method: { value: 'not_stated' },
      allocation_concealment: {
        value: 'concealed',
        quote: 'A centralised randomisation procedure was employed to preserve allocation concealment and stratified by presence or absence of Axis II diagnosis.',
      },
      registration: { value: ['NCT00927550'], quote: 'ClinicalTrials.gov identifier: NCT00927550' },
      sample_size: { value: 56, quote: 'However, we randomised 56 patients only.' },
    },
    weight: 0.768,
  },
}

describe('PDFAppraisals', () => {
  it('shows each PDF read in full, its scores and the sentence behind each finding', () => {
    const { target, done } = render([lithium])
    const card = target.querySelector('[data-testid="pdf-appraisal"]')!
    expect(card.textContent).toContain('lithium-2col.pdf · 5 pages · library record 1')
    expect(card.textContent).toContain('Read in full (PDF) · offline rule-based rubric (no LLM)')
    const dims = Array.from(card.querySelectorAll('[data-testid="pdf-dimension"]')).map((d) => d.textContent?.trim())
    expect(dims).toEqual(['Methodological quality: 6.0/10', 'Risk of bias (higher = lower risk): 8.1/10'])
    const terms = Array.from(card.querySelectorAll('dt')).map((d) => d.textContent)
    expect(terms).toEqual(['Randomised', 'Sequence generation', 'Allocation concealment', 'Registration'])
    const dd = Array.from(card.querySelectorAll('dd')).map((d) => d.textContent)
    expect(dd[1]).toBe('not stated')
    expect(dd[2]).toContain('concealed')
    expect(card.querySelectorAll('q')[1].textContent).toContain('preserve allocation concealment')
    done()
  })

  it('says why a PDF was not appraised', () => {
    const { target, done } = render([{ file: 'paper.pdf', library_id: 4, key: 'doi:10.1/x', title: 'X', pages: 2, error: 'the Ollama judge is not answering' }])
    expect(target.querySelector('[role="alert"]')!.textContent).toBe('Not appraised: the Ollama judge is not answering')
    expect(target.querySelector('[data-testid="pdf-dimension"]')).toBeNull()
    done()
  })
})
