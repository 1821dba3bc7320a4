import { flushSync, mount, unmount } from 'svelte'
import { describe, expect, it, vi } from 'vitest'

const calls = (kind: string, more: Record<string, unknown> = {}) => ({
  kind, calls: 1, failed: 0, input_tokens: 1200, output_tokens: 300, cached_tokens: 0, latency_ms: 2100, cost_usd: 0.0004, cost_known: true, local: false, ...more,
})
const detail = {
  usage: {
    kinds: [],
    total: { ...calls('total'), calls: 0, local: false },
    rejudges: [calls('rejudge', { provider: 'openai', model: 'gpt-4o-mini' })],
    price_table_date: '2026-01-01',
  },
}
vi.mock('../api', () => ({ api: { getRun: vi.fn(async () => detail) } }))

const { default: LLMUsage } = await import('./LLMUsage.svelte')

describe('LLMUsage', () => {
  it("shows a re-judgement's calls apart from the run's own, named by its judge", async () => {
    const target = document.createElement('div')
    const cmp = mount(LLMUsage, { target, props: { runId: 'r1' } })
    await vi.waitFor(() => expect(target.querySelector('[data-testid="llm-usage"]')).not.toBeNull())
    flushSync()
    expect(target.querySelector('[data-testid="llm-usage-none"]')?.textContent).toBe('The run itself made no LLM call.')
    expect(target.querySelector('[data-testid="llm-usage-run"]')).toBeNull()
    const rows = [...target.querySelectorAll('[data-testid="llm-usage-rejudges"] tbody tr')].map((r) => r.querySelector('td')?.textContent)
    expect(rows).toEqual(['re-judge · openai gpt-4o-mini'])
    expect(target.textContent).not.toMatch(/\bJudge\b/)
    unmount(cmp)
  })
})
