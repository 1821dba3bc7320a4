import { get } from 'svelte/store'
import { describe, expect, it, vi } from 'vitest'
import { createHistoryStore, type HistoryClient } from './history'

vi.mock('../api', () => ({ errorMessage: (e: unknown) => (e instanceof Error ? e.message : String(e)) }))

const run = (id: string) => ({ id, question: 'q ' + id, status: 'complete' }) as any

describe('history store', () => {
  it('loads with the filter and keeps only the newest answer', async () => {
    let resolveFirst: (v: any) => void = () => {}
    const client: HistoryClient = {
      listRuns: vi
        .fn()
        .mockImplementationOnce(() => new Promise((r) => (resolveFirst = r)))
        .mockResolvedValueOnce([run('b')]),
      deleteRun: vi.fn(),
    }
    const h = createHistoryStore(client)
    const first = h.load({ text: 'a' })
    await h.load({ text: 'b' })
    resolveFirst([run('a')])
    await first
    expect(get(h).runs.map((r) => r.id)).toEqual(['b'])
    expect(get(h).filter.text).toBe('b')
    expect(client.listRuns).toHaveBeenLastCalledWith(expect.objectContaining({ text: 'b', status: '', judge: '', review: '', candidate: '', limit: 50, offset: 0 }))
  })

  it('shows the backend message when loading fails', async () => {
    const h = createHistoryStore({ listRuns: vi.fn().mockRejectedValue(new Error('the database is not open')), deleteRun: vi.fn() })
    await h.load()
    expect(get(h).error).toBe('the database is not open')
    expect(get(h).loading).toBe(false)
  })

  it('pages: loads 50 and appends the next page on demand', async () => {
    const page1 = Array.from({ length: 50 }, (_, i) => run('r' + i))
    const page2 = [run('r49'), run('r50')]
    const listRuns = vi.fn().mockResolvedValueOnce(page1).mockResolvedValueOnce(page2)
    const h = createHistoryStore({ listRuns, deleteRun: vi.fn() })
    await h.load({ status: 'complete' })
    expect(get(h).more).toBe(true)
    await h.loadMore()
    expect(listRuns).toHaveBeenLastCalledWith(expect.objectContaining({ text: '', status: 'complete', judge: '', limit: 50, offset: 50 }))
    expect(get(h).runs).toHaveLength(51)
    expect(get(h).more).toBe(false)
  })

  it('removes a deleted run from the list', async () => {
    const h = createHistoryStore({ listRuns: vi.fn().mockResolvedValue([run('a'), run('b')]), deleteRun: vi.fn().mockResolvedValue(undefined) })
    await h.load()
    await h.remove('a')
    expect(get(h).runs.map((r) => r.id)).toEqual(['b'])
  })
})
