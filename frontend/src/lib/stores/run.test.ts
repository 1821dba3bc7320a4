import { get } from 'svelte/store'
import { describe, expect, it, vi } from 'vitest'
import { createRunStore, liveLine, mergeEvents, scoreSeries, type RunClient } from './run'

vi.mock('../api', () => ({ errorMessage: (e: unknown) => (e instanceof Error ? e.message : String(e)) }))

const ev = (seq: number, type = 'searching', extra: any = {}) => ({ run_id: 'r1', seq, type, iteration: 1, message: type, ...extra }) as any

describe('mergeEvents', () => {
  it('orders by seq, drops duplicates and detects gaps', () => {
    const a = mergeEvents([ev(1), ev(2)], [ev(2), ev(4)])
    expect(a.events.map((e) => e.seq)).toEqual([1, 2, 4])
    expect(a.gap).toBe(true)
    const b = mergeEvents(a.events, [ev(3)])
    expect(b.events.map((e) => e.seq)).toEqual([1, 2, 3, 4])
    expect(b.gap).toBe(false)
  })
})

describe('scoreSeries', () => {
  it('keeps one point per iteration from judge_complete data', () => {
    const pts = scoreSeries([
      ev(1, 'judge_complete', { iteration: 1, data: { mechanism_score: 3, clinical_score: 2, confidence: 0.3, judge: { kind: 'offline' } } }),
      ev(2, 'searching', { iteration: 2 }),
      ev(3, 'judge_complete', { iteration: 2, data: { mechanism_score: 7, clinical_score: 6, confidence: 0.7, judge: { kind: 'fallback' } } }),
    ])
    expect(pts).toEqual([
      { iteration: 1, mechanism: 3, clinical: 2, confidence: 0.3, kind: 'offline' },
      { iteration: 2, mechanism: 7, clinical: 6, confidence: 0.7, kind: 'fallback' },
    ])
  })
})

function fakeClient() {
  let listener: ((b: any[]) => void) | null = null
  const client: RunClient & { push(b: any[]): void } = {
    getRun: vi.fn().mockResolvedValue({ run: { id: 'r1', question: 'q', status: 'running', judge: { provider: 'offline' } }, events: [ev(1, 'started')] }),
    runEvents: vi.fn().mockResolvedValue([ev(1, 'started'), ev(2), ev(3)]),
    onRunEvents: (fn) => {
      listener = fn
      return () => (listener = null)
    },
    report: vi.fn().mockResolvedValue({ markdown: '', evidence: [], assessments: [] }),
    cancelRun: vi.fn().mockResolvedValue(undefined),
    resumeRun: vi.fn().mockResolvedValue(undefined),
    push: (b) => listener?.(b),
  }
  return client
}

describe('createRunStore', () => {
  it('loads stored events, then applies live batches for its run only and fills gaps', async () => {
    const c = fakeClient()
    const s = createRunStore(c)
    await s.open('r1')
    expect(get(s).events.map((e) => e.seq)).toEqual([1])
    c.push([{ ...ev(3), run_id: 'other' }])
    expect(get(s).events).toHaveLength(1)
    c.push([ev(3)])
    await vi.waitFor(() => expect(get(s).events.map((e) => e.seq)).toEqual([1, 2, 3]))
    expect(c.runEvents).toHaveBeenCalledWith('r1', 0)
  })

  it('marks the run complete on the complete event and fetches the report', async () => {
    const c = fakeClient()
    const s = createRunStore(c)
    await s.open('r1')
    c.push([ev(2, 'complete')])
    expect(get(s).status).toBe('complete')
    await vi.waitFor(() => expect((c.report as any).mock.calls.length).toBeGreaterThan(1))
  })

  it('keeps the stored outcome of an opened run and replaces it with the new one when the run ends', async () => {
    const c = fakeClient()
    ;(c.getRun as any).mockResolvedValueOnce({
      run: { id: 'r1', question: 'q', status: 'running', iterations: 1, judge: { provider: 'offline' } },
      events: [ev(1, 'started')],
      outcome: 'Running: 1 of at most 2 iterations done so far.',
    })
    const s = createRunStore(c)
    await s.open('r1')
    expect(get(s).outcome).toBe('Running: 1 of at most 2 iterations done so far.')
    ;(c.getRun as any).mockResolvedValueOnce({
      run: { id: 'r1', question: 'q', status: 'complete', iterations: 2, stop_reason: 'sufficient', judge: { provider: 'offline' } },
      events: [],
      outcome: 'The judge found the evidence sufficient after 2 iterations; the report passed verification.',
    })
    c.push([ev(2, 'complete')])
    expect(get(s).outcome).toBe('')
    await vi.waitFor(() => expect(get(s).outcome).toContain('passed verification'))
    expect(get(s).iterations).toBe(2)
  })

  it('shows an interrupted run as interrupted, though its stored events start it and never end it', async () => {
    const c = fakeClient()
    ;(c.getRun as any).mockResolvedValueOnce({
      run: { id: 'r1', question: 'q', status: 'interrupted', judge: { provider: 'offline' } },
      events: [ev(1, 'started'), ev(2, 'searching'), ev(3, 'source_done')],
    })
    const s = createRunStore(c)
    await s.open('r1')
    expect(get(s).status).toBe('interrupted')
    expect(get(s).events).toHaveLength(3)
    // A resume in this window starts it again: its live "started" event makes it running.
    c.push([ev(4, 'started')])
    expect(get(s).status).toBe('running')
  })

  it('shows a cancel failure', async () => {
    const c = fakeClient()
    c.cancelRun = vi.fn().mockRejectedValue(new Error('run r1 is not running in this window'))
    const s = createRunStore(c)
    await s.open('r1')
    await s.cancel()
    expect(get(s).error).toBe('run r1 is not running in this window')
  })
})

describe('liveLine', () => {
  it('says the iteration and phase in a few words', () => {
    expect(liveLine([])).toBe('Starting…')
    expect(liveLine([ev(1, 'started', { iteration: 0 }), ev(2, 'searching', { iteration: 2 })], 3)).toBe('Running iteration 2 of at most 3: searching the sources…')
    expect(liveLine([ev(1, 'verifying', { iteration: 1 })])).toBe('Running iteration 1: verifying the report…')
    expect(liveLine([ev(1, 'something_new', { iteration: 1 })])).toBe('Running iteration 1: working…')
  })
})
