import { flushSync, mount, unmount } from 'svelte'
import { describe, expect, it, vi } from 'vitest'

vi.mock('../api', () => ({ api: { openURL: vi.fn(), exportRun: vi.fn() }, errorMessage: (e: unknown) => String(e) }))

const { default: ReportPanel } = await import('./ReportPanel.svelte')

const report = (limitations?: { kind: string; text: string }[]) => ({
  run_id: 'r1',
  markdown: '# Report\n\nFindings.',
  status: 'verified',
  assessments: [],
  evidence: [],
  disclaimer: 'For research only — not medical advice.',
  formats: ['md'],
  outcome: 'Done.',
  limitations,
})

describe('Report limitations', () => {
  it('shows every limitation above the verdict and the report text', () => {
    const target = document.createElement('div')
    const cmp = mount(ReportPanel, {
      target,
      props: {
        runId: 'r1',
        report: report([
          { kind: 'source_failed', text: 'PubMed failed: HTTP 503 on every query; its evidence is missing.' },
          { kind: 'judge_offline', text: 'The offline heuristic judge scored the evidence; no LLM was used.' },
          { kind: 'unverified_quotes', text: '2 quotes could not be found in their sources.' },
        ]) as any,
      },
    })
    flushSync()
    const block = target.querySelector('[data-testid="report-limitations"]')!
    expect(block.querySelector('h4')?.textContent).toBe('Limitations (3)')
    const items = Array.from(block.querySelectorAll('li'))
    expect(items.map((li) => li.dataset.kind)).toEqual(['source_failed', 'judge_offline', 'unverified_quotes'])
    expect(items[0].textContent).toContain('PubMed failed')
    // Near the top: before the exports and the report body.
    const article = target.querySelector('[data-testid="report"]')!
    expect(block.compareDocumentPosition(article) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    const exports = target.querySelector('[data-testid="export-md"]')!
    expect(block.compareDocumentPosition(exports) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    unmount(cmp)
  })

  it('shows no block when nothing limits the report (or an older backend sent none)', () => {
    for (const ls of [[], undefined]) {
      const target = document.createElement('div')
      const cmp = mount(ReportPanel, { target, props: { runId: 'r1', report: report(ls) as any } })
      flushSync()
      expect(target.querySelector('[data-testid="report-limitations"]')).toBeNull()
      unmount(cmp)
    }
  })
})
