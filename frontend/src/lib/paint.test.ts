import { afterEach, describe, expect, it, vi } from 'vitest'

// Each test loads the module afresh: it keeps the first frame's promise for the page's lifetime.
async function fresh() {
  vi.resetModules()
  return (await import('./paint')).afterFirstPaint
}

describe('afterFirstPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('waits for the next animation frame and the task after it', async () => {
    vi.useFakeTimers()
    let frame: FrameRequestCallback | undefined
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
      frame = cb
      return 1
    })
    const afterFirstPaint = await fresh()
    let done = false
    afterFirstPaint().then(() => (done = true))
    await vi.advanceTimersByTimeAsync(100)
    expect(done).toBe(false)
    frame!(0)
    await vi.advanceTimersByTimeAsync(0)
    expect(done).toBe(true)
    // Later callers (a view mounted again) do not wait for another frame.
    let again = false
    afterFirstPaint().then(() => (again = true))
    await Promise.resolve()
    expect(again).toBe(true)
  })

  it('gives up waiting in a window that paints no frame (hidden, minimised)', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('requestAnimationFrame', () => 1)
    const afterFirstPaint = await fresh()
    let done = false
    afterFirstPaint(300).then(() => (done = true))
    await vi.advanceTimersByTimeAsync(299)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toBe(true)
  })
})
