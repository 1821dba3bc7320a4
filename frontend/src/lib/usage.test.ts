import { describe, expect, it } from 'vitest'
import { costText, kindLabel, latencyText, rejudgeLabel, tokenText, usageOf, type CallKindUsage } from './usage'

const base: CallKindUsage = {
  kind: 'judge', calls: 2, failed: 0, input_tokens: 12000, output_tokens: 900, cached_tokens: 8000,
  latency_ms: 20500, cost_usd: 0.0132, cost_known: true, local: false,
}

describe('usage', () => {
  it('labels costs honestly', () => {
    expect(costText(base)).toBe('~$0.01')
    expect(costText({ ...base, cost_usd: 0.0042 })).toBe('~$0.0042')
    expect(costText({ ...base, cost_known: false })).toBe('unknown')
    expect(costText({ ...base, local: true, cost_usd: 0 })).toBe('none (local)')
  })
  it('formats tokens, latency and kinds', () => {
    expect(tokenText(12000)).toBe('12,000')
    expect(latencyText(20500)).toBe('20.5 s')
    expect(latencyText(0)).toBe('—')
    expect(kindLabel('verify')).toBe('Verifier')
    expect(kindLabel('other')).toBe('other')
  })
  it('reads the usage of a run detail', () => {
    expect(usageOf(null)).toBeNull()
    expect(usageOf({ usage: { kinds: [], total: base, price_table_date: 'd' } })).toBeNull()
    expect(usageOf({ usage: { kinds: [base], total: base, price_table_date: 'd' } })?.kinds[0].kind).toBe('judge')
  })
  it('keeps a re-judgement apart from the run, named by its judge', () => {
    const rj = { ...base, kind: 'rejudge', provider: 'openai', model: 'gpt-4o-mini' }
    const u = usageOf({ usage: { kinds: [], total: { ...base, kind: 'total', calls: 0 }, rejudges: [rj], price_table_date: 'd' } })
    expect(u?.kinds).toEqual([])
    expect(u?.rejudges).toEqual([rj])
    expect(rejudgeLabel(rj)).toBe('re-judge · openai gpt-4o-mini')
    expect(rejudgeLabel({ ...base, kind: 'rejudge' })).toBe('re-judge')
    expect(usageOf({ usage: { kinds: [base], total: base, price_table_date: 'd' } })?.rejudges).toEqual([])
  })
})
