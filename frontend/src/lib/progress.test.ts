import { describe, expect, it } from 'vitest'
import { latestFor, progressLine } from './progress'

const p = { run_id: 'r1', call_kind: 'judge', provider: 'anthropic', model: 'claude-haiku-4-5', output_tokens: 312, elapsed_ms: 4230, text: '…the evidence' }

describe('progress', () => {
  it('summarises a streaming call', () => {
    expect(progressLine(p)).toBe('Judge call streaming — anthropic · claude-haiku-4-5 — 312 tokens, 4.2 s')
    expect(progressLine({ ...p, done: true, call_kind: 'verify' })).toContain('Verifier call done')
  })
  it('keeps the newest report per kind of this run only', () => {
    let m = latestFor(new Map(), p, 'r1')
    m = latestFor(m, { ...p, output_tokens: 400 }, 'r1')
    m = latestFor(m, { ...p, run_id: 'other', output_tokens: 999 }, 'r1')
    expect(m.size).toBe(1)
    expect(m.get('judge')?.output_tokens).toBe(400)
  })
})
