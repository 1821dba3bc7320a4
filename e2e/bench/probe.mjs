// In-page instrumentation for the browser benchmarks. installProbe runs inside the page
// (page.evaluate): every time is taken there, with performance.now(), so the figures do not
// include Playwright's round trips to the browser.
//
// A measurement is armed with a trigger (the next click, or the next Enter key) and a
// condition (an element is present, or the History list shows exactly what the last
// HistoryService.List call returned). It starts at the trigger event's timeStamp, which
// Chromium sets when the input event is created, so time the page's main thread spent busy
// before it could handle the input is counted. It records when the condition first held in
// the DOM ("dom") and when the next frame had been produced after that ("paint": a
// requestAnimationFrame callback, then a task posted from it, runs after the frame's paint).

/**
 * installProbe adds window.__bench to the page: arm(spec) returns a measurement id,
 * result(id) the finished measurement or null, and the run:event recorder used by the event
 * stream benchmark. It wraps HistoryService.List to know when each list call returned and
 * what it returned. It is idempotent.
 */
export function installProbe() {
  if (window.__bench) return
  const now = () => performance.now()
  const B = {
    seq: 0,
    pending: null,
    done: {},
    calls: [],
    stream: null,
  }
  window.__bench = B

  // HistoryService.List: the generated bindings look the method up at call time.
  const history = window.go.services.HistoryService
  const list = history.List
  history.List = function (filter) {
    const call = { text: (filter && filter.text) || '', start: now(), end: null, ids: null, error: null }
    B.calls.push(call)
    return list.call(this, filter).then(
      (runs) => {
        call.end = now()
        call.ids = (runs || []).map((r) => r.id)
        return runs
      },
      (err) => {
        call.end = now()
        call.error = String((err && err.message) || err)
        throw err
      },
    )
  }

  const rowIds = () => Array.from(document.querySelectorAll('[data-testid="history-row"]'), (r) => r.getAttribute('data-run-id'))

  // satisfied reports whether the armed condition holds now, and the list call it used.
  function satisfied(m) {
    if (m.spec.until === 'selector') {
      if (!document.querySelector(m.spec.selector)) return null
      // A view that lists runs on mount: report its List call too, when it has returned.
      const call = B.calls.slice(m.callsBefore).find((c) => c.start >= m.t0 && c.end !== null)
      return { call }
    }
    // "list": the first List call made after the trigger has returned and the rows on the
    // page are exactly its runs, in its order (none: the "no match" panel is shown).
    const call = B.calls.slice(m.callsBefore).find((c) => c.start >= m.t0)
    if (!call || call.end === null) return null
    if (call.error) return { call }
    const ids = rowIds()
    if (call.ids.length === 0) {
      return ids.length === 0 && /No stored run matches/.test(document.querySelector('main')?.textContent || '') ? { call } : null
    }
    if (ids.length !== call.ids.length) return null
    for (let i = 0; i < ids.length; i++) if (ids[i] !== call.ids[i]) return null
    return { call }
  }

  function check() {
    const m = B.pending
    if (!m || m.t0 === null || m.dom !== null) return
    const ok = satisfied(m)
    if (!ok) return
    m.dom = now()
    m.call = ok.call || null
    requestAnimationFrame(() =>
      setTimeout(() => {
        const paint = now()
        B.done[m.id] = {
          id: m.id,
          dom_ms: m.dom - m.t0,
          paint_ms: paint - m.t0,
          // Time from the input event to its handler, then the List call's round trip.
          input_delay_ms: m.handled - m.t0,
          call_ms: m.call ? m.call.end - m.call.start : null,
          call_error: m.call ? m.call.error : null,
          rows: document.querySelectorAll('[data-testid="history-row"]').length,
        }
        if (B.pending === m) B.pending = null
      }, 0),
    )
  }

  new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true })
  const poll = () => {
    check()
    requestAnimationFrame(poll)
  }
  requestAnimationFrame(poll)

  function trigger(kind, e) {
    const m = B.pending
    if (!m || m.t0 !== null || m.spec.trigger !== kind) return
    m.t0 = e.timeStamp
    m.handled = now()
    m.callsBefore = B.calls.length
    // The view's own handlers run after this capture listener; check once they have.
    queueMicrotask(check)
  }
  document.addEventListener('click', (e) => trigger('click', e), true)
  document.addEventListener('keydown', (e) => e.key === 'Enter' && trigger('enter', e), true)

  B.arm = (spec) => {
    if (spec.until === 'selector' && document.querySelector(spec.selector)) {
      throw new Error(`${spec.selector} is already on the page: nothing to wait for`)
    }
    const id = ++B.seq
    B.pending = { id, spec, t0: null, handled: null, dom: null, call: null, callsBefore: B.calls.length }
    return id
  }
  B.result = (id) => B.done[id] || null

  // The event stream recorder: every run:event batch of run "bench", with arrival times on
  // the wall clock (the events carry the Go side's emit time on the same clock).
  window.runtime.EventsOn('run:event', (batch) => {
    const s = B.stream
    if (!s) return
    const at = performance.timeOrigin + now()
    let mine = 0
    for (const e of batch || []) {
      if (e.run_id !== 'bench') continue
      s.events.push([e.seq, at, e.time])
      mine++
    }
    if (mine) s.batches.push(mine)
  })
}
