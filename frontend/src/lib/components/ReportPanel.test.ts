import { flushSync, mount, unmount } from 'svelte'
import { describe, expect, it, vi } from 'vitest'

vi.mock('../api', () => ({ api: { openURL: vi.fn(), exportRun: vi.fn() }, errorMessage: (e: unknown) => String(e) }))

const { default: ReportPanel } = await import('./ReportPanel.svelte')

const ev = (n: number, title: string, topic?: unknown) => ({
  n,
  key: `pmid:${n}`,
  evidence: { content: 'text', citation: { source: 'pubmed', id: String(n), title, url: '' }, topic },
})

describe('ReportPanel', () => {
  it('states the outcome and lists off-topic evidence with its reason', () => {
    const target = document.createElement('div')
    document.body.appendChild(target)
    const report = {
      run_id: 'r1',
      markdown: '# Report\n\nbody',
      status: 'failed',
      assessments: [],
      disclaimer: 'For research only — not medical advice.',
      formats: ['md'],
      outcome: 'Stopped after 3 iterations because the last two found no new evidence; the report is partial and failed verification (see the flagged items).',
      evidence: [
        ev(1, 'BRAF inhibitors in melanoma', { score: 0.8, off_topic: false }),
        ev(2, 'Proton MRI of (13)C distribution', { score: 0.01, off_topic: true, reason: 'no condition concept (melanoma) in title, abstract or MeSH' }),
        ev(3, 'Unscored record'),
      ],
    }
    const cmp = mount(ReportPanel, { target, props: { runId: 'r1', report: report as any } })
    flushSync()
    expect(target.querySelector('[data-testid="report-outcome"]')?.textContent).toContain('the report is partial and failed verification')
    const off = target.querySelector('[data-testid="report-off-topic"]')
    expect(off?.querySelector('summary')?.textContent).toContain('Off-topic evidence set aside (1)')
    const items = off?.querySelectorAll('li') ?? []
    expect(items).toHaveLength(1)
    expect(items[0].textContent).toContain('Proton MRI')
    expect(items[0].textContent).toContain('no condition concept (melanoma)')
    unmount(cmp)
    target.remove()
  })

  it('shows no off-topic group when nothing was set aside', () => {
    const target = document.createElement('div')
    const cmp = mount(ReportPanel, {
      target,
      props: { runId: 'r1', report: { run_id: 'r1', markdown: 'x', status: 'verified', assessments: [], disclaimer: 'd', formats: [], outcome: '', evidence: [ev(1, 'a')] } as any },
    })
    flushSync()
    expect(target.querySelector('[data-testid="report-off-topic"]')).toBeNull()
    expect(target.querySelector('[data-testid="report-outcome"]')).toBeNull()
    unmount(cmp)
  })
})
