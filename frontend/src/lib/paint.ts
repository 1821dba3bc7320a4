/**
 * afterFirstPaint resolves once the window has painted the frame that follows the call (the
 * next animation frame, then the task after it, when that frame's layout and paint are done).
 *
 * Work the first frame does not show — calls into Go, loading the other views' code — waits
 * for it, so the window shows the app before it spends CPU on anything else: on a small
 * machine the Go side answering bindings and the web process parsing more script compete with
 * the first paint for the same cores. A window that is hidden gets no animation frames, so the
 * wait ends after `limitMs` regardless: data must still load in a window opened minimised.
 */
export function afterFirstPaint(limitMs = 500): Promise<void> {
  painted ??= new Promise<void>((resolve) => {
    const done = () => resolve()
    setTimeout(done, limitMs)
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(done, 0))
    else setTimeout(done, 0)
  })
  return painted
}

let painted: Promise<void> | undefined
