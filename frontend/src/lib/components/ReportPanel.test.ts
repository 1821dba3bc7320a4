import { flushSync, mount, unmount } from 'svelte'
import { describe, expect, it, vi } from 'vitest'

vi.mock('../api', () => ({ api: { openURL: vi.fn(), exportRun: vi.fn(), reviewSummary: vi.fn(async () => null) }, errorMessage: (e: unknown) => String(e) }))

const { default: ReportPanel } = await import('./ReportPanel.svelte')
const { api } = await import('../api')

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
    expect(off?.querySelector('summary')?.textContent).toContain('Evidence set aside (1)')
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

  it('names both files a CSV export wrote', async () => {
    const target = document.createElement('div')
    vi.mocked(api.exportRun).mockResolvedValueOnce({ path: '/tmp/exp/mine.csv', notes: '/tmp/exp/mine.notes.md' } as any)
    const cmp = mount(ReportPanel, {
      target,
      props: { runId: 'r1', report: { run_id: 'r1', markdown: 'x', status: 'verified', assessments: [], disclaimer: 'd', formats: ['md', 'csv'], outcome: '', evidence: [ev(1, 'a')] } as any },
    })
    flushSync()
    target.querySelector<HTMLButtonElement>('[data-testid="export-csv"]')!.click()
    await vi.waitFor(() => expect(target.querySelector('[data-testid="export-result"]')?.textContent).toBe('Saved CSV to /tmp/exp/mine.csv and its notes to /tmp/exp/mine.notes.md'))
    expect(api.exportRun).toHaveBeenLastCalledWith('r1', 'csv', false)
    unmount(cmp)
  })

  it('says before the dialog that a report relying on no paper exports references only with the set-aside ones', async () => {
    const target = document.body.appendChild(document.createElement('div'))
    vi.mocked(api.exportRun).mockResolvedValueOnce({ path: '/tmp/exp/r.ris' } as any)
    const report = {
      run_id: 'r1', markdown: 'x', status: 'verified', assessments: [], disclaimer: 'd', outcome: '', relies_on_none: true,
      formats: ['md', 'csv', 'ris', 'bibtex', 'csljson'], evidence: [ev(1, 'Excluded paper')],
    }
    const cmp = mount(ReportPanel, { target, props: { runId: 'r1', report: report as any } })
    flushSync()
    const button = (f: string) => target.querySelector<HTMLButtonElement>(`[data-testid="export-${f}"]`)!
    for (const f of ['ris', 'bibtex', 'csljson']) {
      expect(button(f).disabled, f).toBe(true)
      expect(button(f).title).toContain('Tick “set-aside papers too”')
    }
    expect(button('md').disabled).toBe(false)
    expect(button('csv').disabled).toBe(false)
    const hint = target.querySelector('[data-testid="export-set-aside-hint"]')?.textContent ?? ''
    expect(hint).toContain('its one paper was set aside')
    expect(hint).not.toContain('1 papers')
    const box = target.querySelector<HTMLInputElement>('[data-testid="export-set-aside"]')!
    box.click()
    flushSync()
    expect(button('ris').disabled).toBe(false)
    expect(target.querySelector('[data-testid="export-set-aside-hint"]')).toBeNull()
    button('ris').click()
    await vi.waitFor(() => expect(target.querySelector('[data-testid="export-result"]')?.textContent).toBe('Saved RIS to /tmp/exp/r.ris'))
    expect(api.exportRun).toHaveBeenLastCalledWith('r1', 'ris', true)
    unmount(cmp)
    target.remove()
  })
})
