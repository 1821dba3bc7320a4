// Browser benchmarks of issue 6 ("Measure"), run by `scripts/e2e.sh --bench` against
// `wails dev` started with DEEPCRITICAL_BENCH_HOOKS=1 on a database of generated runs:
//
//  1. Event stream: DiagnosticsService.EmitBurst pushes 1,000 synthetic events for run
//     "bench" over 2 s through the real emitter and batcher; the page records every
//     run:event batch and checks the seq numbers (all delivered, in order, none twice).
//     While the burst runs, the navigation buttons are clicked and the time from the click
//     to the new view being painted is measured; the same clicks without a burst give the
//     baseline.
//  2. History at scale: time from clicking History to the first row painted, and from
//     Enter in the search box to exactly the runs the search returned being painted, for a
//     common word, a word in every run, a rare one (a PMID cited in one stored report) and
//     words matching nothing (see searches).
//  3. First progress: time from clicking Start research to the run's first progress line
//     painted in its timeline (the run is stored, its `started` event written, emitted,
//     batched and rendered), with the offline judge over the library source, REPS runs.
//
// Figures go to stdout as `name: value unit (…)` lines (scripts/bench.sh collects them);
// progress goes to stderr. The exit code is non-zero only when a benchmark could not run:
// a lost event or a missed target is a figure, reported honestly, not a crash.
import { launch, openApp, shot } from '../harness.mjs'
import { installProbe } from './probe.mjs'

const BURSTS = Number(process.env.E2E_BENCH_BURSTS || 3)
const BURST_EVENTS = 1000
const BURST_MS = 2000
const REPS = Number(process.env.E2E_BENCH_REPS || 5)
const TARGET_MS = 200

// Searches of the generated history (backend/store/bench_data.go; porter stemming, the last
// word is a prefix). Each starts from a stated list, set up untimed, because what the page
// must change depends on what it shows:
//   common:   "slow" is a word of one question template of four and of nothing else: about a
//             quarter of the runs match, so most of the 200 rows shown are replaced;
//   everyone: "repurposed" (stem "repurpos", also "repurposing" in the evidence vocabulary)
//             matches nearly every run: the rows stay the newest 200;
//   rare:     a PMID cited in one stored report (chosen at run time): one or two rows;
//   nothing:  "slow approved" are words of two different templates: two long lists of
//             matches intersect to nothing and the "no match" panel replaces the table;
//   refill:   "slow" again, but from that "no match" panel: the whole table is built anew.
// Every search but "refill" starts from the unfiltered list the view opens with.
function searches(pmid) {
  return [
    { kind: 'common', from: '', text: 'slow' },
    { kind: 'everyone', from: '', text: 'repurposed' },
    { kind: 'rare', from: '', text: pmid },
    { kind: 'nothing', from: '', text: 'slow approved' },
    { kind: 'refill', from: 'slow approved', text: 'slow' },
  ]
}

const log = (...a) => console.error('bench:', ...a)
const figure = (line) => console.log(line)
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

function pct(values, p) {
  const v = [...values].sort((a, b) => a - b)
  if (!v.length) return NaN
  return v[Math.min(v.length - 1, Math.max(0, Math.ceil((p / 100) * v.length) - 1))]
}
const ms = (x) => (typeof x !== 'number' || Number.isNaN(x) ? 'n/a' : x < 10 ? x.toFixed(1) : String(Math.round(x)))
const target = (x) => `target < ${TARGET_MS}: ${Number(ms(x)) < TARGET_MS ? 'met' : 'MISSED'}`

/** measure arms the in-page probe, performs the action and returns the finished measurement. */
async function measure(page, spec, action, timeout = 30_000) {
  const id = await page.evaluate((spec) => window.__bench.arm(spec), spec)
  await action()
  const handle = await page.waitForFunction((id) => window.__bench.result(id), id, { timeout, polling: 20 })
  const r = await handle.jsonValue()
  if (r.call_error) throw new Error(`HistoryService.List failed: ${r.call_error}`)
  return r
}

const HEADING = { history: '#history-title', research: '#research-title' }

/** clickNav clicks a navigation button and measures until the view's heading is painted. */
function clickNav(page, view) {
  return measure(page, { trigger: 'click', until: 'selector', selector: HEADING[view] }, () => page.getByTestId(`nav-${view}`).click())
}

/** toResearch shows the Research form (its heading) unless it is already shown. */
async function toResearch(page) {
  if (await page.locator(HEADING.research).count()) return
  await page.getByTestId('nav-research').click()
  await page.locator(HEADING.research).waitFor({ state: 'visible' })
}

function emitMs(t) {
  // Go writes nanoseconds; Date.parse wants at most milliseconds.
  const m = /^(.*\.\d{3})\d*(.*)$/.exec(t)
  return Date.parse(m ? m[1] + m[2] : t)
}

/** checkStream compares what the page received with seq 1..n sent in order. */
function checkStream(events, n) {
  const seen = new Set()
  let reordered = 0
  let duplicated = 0
  let last = 0
  for (const [seq] of events) {
    if (seen.has(seq)) duplicated++
    else if (seq < last) reordered++
    seen.add(seq)
    last = Math.max(last, seq)
  }
  let delivered = 0
  for (let s = 1; s <= n; s++) if (seen.has(s)) delivered++
  return { delivered, lost: n - delivered, reordered, duplicated }
}

async function eventStream(page) {
  const idle = []
  await toResearch(page)
  for (let i = 0; i < 6; i++) {
    idle.push((await clickNav(page, i % 2 ? 'research' : 'history')).paint_ms)
    await sleep(150)
  }
  log(`clicks without a burst: ${idle.map(ms).join(', ')} ms`)

  const bursts = []
  const busy = []
  for (let b = 1; b <= BURSTS; b++) {
    await toResearch(page)
    await sleep(500)
    await page.evaluate(
      ({ n, dur }) => {
        const B = window.__bench
        B.stream = { events: [], batches: [], callStart: performance.timeOrigin + performance.now(), returned: null, error: null }
        const s = B.stream
        window.go.services.DiagnosticsService.EmitBurst(n, dur).then(
          () => (s.returned = performance.timeOrigin + performance.now()),
          (err) => {
            s.error = String((err && err.message) || err)
            s.returned = performance.timeOrigin + performance.now()
          },
        )
      },
      { n: BURST_EVENTS, dur: BURST_MS },
    )
    // Click while the burst runs: History, Research, … each after the previous view painted.
    const clicks = []
    for (let view = 'history'; !(await page.evaluate(() => window.__bench.stream.returned !== null)); ) {
      clicks.push((await clickNav(page, view)).paint_ms)
      view = view === 'history' ? 'research' : 'history'
      await sleep(100)
    }
    // The batcher flushes about 100 ms after the last event; allow a generous margin.
    await page
      .waitForFunction((n) => window.__bench.stream.events.length >= n, BURST_EVENTS, { timeout: 10_000, polling: 50 })
      .catch(() => {})
    await sleep(300)
    const s = await page.evaluate(() => window.__bench.stream)
    if (s.error) throw new Error(`EmitBurst failed: ${s.error}`)
    const check = checkStream(s.events, BURST_EVENTS)
    const first = s.events.find(([seq]) => seq === 1)
    const lastArrival = Math.max(...s.events.map(([, at]) => at))
    const latencies = s.events.map(([, at, t]) => at - emitMs(t))
    const r = {
      ...check,
      received: s.events.length,
      batches: s.batches.length,
      largestBatch: Math.max(0, ...s.batches),
      span: first ? lastArrival - emitMs(first[2]) : NaN,
      callToLast: lastArrival - s.callStart,
      latencyP50: pct(latencies, 50),
      latencyMax: pct(latencies, 100),
      clicks,
    }
    bursts.push(r)
    busy.push(...clicks)
    log(
      `burst ${b}: ${r.delivered}/${BURST_EVENTS} delivered, ${r.lost} lost, ${r.reordered} reordered, ${r.duplicated} duplicated, ` +
        `${r.batches} batches (largest ${r.largestBatch}), first emit → last arrival ${ms(r.span)} ms, ` +
        `emit → arrival p50 ${ms(r.latencyP50)} / max ${ms(r.latencyMax)} ms; clicks ${clicks.map(ms).join(', ')} ms`,
    )
  }

  const worst = (k) => Math.max(...bursts.map((r) => r[k]))
  const of = `${BURSTS} bursts of ${BURST_EVENTS} events in ${BURST_MS} ms`
  figure(`event_stream_delivered: ${Math.min(...bursts.map((r) => r.delivered))} events (of ${BURST_EVENTS}; fewest in ${of})`)
  figure(`event_stream_lost: ${worst('lost')} events (most in one burst)`)
  figure(`event_stream_reordered: ${worst('reordered')} events (most in one burst)`)
  figure(`event_stream_duplicated: ${worst('duplicated')} events (most in one burst)`)
  figure(`event_stream_span_ms: ${ms(pct(bursts.map((r) => r.span), 50))} ms (first emit to last arrival in the page, median of ${BURSTS}; max ${ms(worst('span'))})`)
  figure(`event_stream_batches: ${pct(bursts.map((r) => r.batches), 50)} batches (median per burst; largest batch ${worst('largestBatch')} events)`)
  const lat = bursts.map((r) => r.latencyP50)
  figure(`event_stream_latency_ms_p50: ${ms(pct(lat, 50))} ms (emit to arrival in the page; median of the bursts' medians)`)
  figure(`event_stream_latency_ms_max: ${ms(worst('latencyMax'))} ms (emit to arrival, worst event)`)
  figure(`event_stream_click_ms_p50: ${ms(pct(busy, 50))} ms (click to the new view painted during a burst, ${busy.length} clicks)`)
  figure(`event_stream_click_ms_max: ${ms(pct(busy, 100))} ms (during a burst)`)
  figure(`event_stream_click_idle_ms_p50: ${ms(pct(idle, 50))} ms (the same clicks without a burst, ${idle.length} clicks; max ${ms(pct(idle, 100))})`)
}

/** rarePMID returns a PMID cited in the report of one listed run (a complete run has one). */
async function rarePMID(page) {
  return page.evaluate(async () => {
    const ids = Array.from(document.querySelectorAll('[data-testid="history-row"]'), (r) => r.getAttribute('data-run-id'))
    for (const id of ids.reverse()) {
      const rep = await window.go.services.ReportService.Get(id).catch(() => null)
      const m = rep && /PMID (\d+)/.exec(rep.markdown || '')
      if (m) return m[1]
    }
    return null
  })
}

async function history(page) {
  const first = []
  for (let i = 0; i < REPS; i++) {
    await toResearch(page)
    await sleep(400)
    const r = await measure(page, { trigger: 'click', until: 'selector', selector: '[data-testid="history-row"]' }, () =>
      page.getByTestId('nav-history').click(),
    )
    first.push(r)
    log(`history first render ${i + 1}: ${ms(r.paint_ms)} ms (in the DOM at ${ms(r.dom_ms)} ms, List call ${ms(r.call_ms)} ms; ${r.rows} rows)`)
  }
  const listed = await page.getByTestId('history-row').count()
  const paints = first.map((r) => r.paint_ms)
  figure(`history_first_render_ms_p50: ${ms(pct(paints, 50))} ms (${target(pct(paints, 50))}; click on History to the first row painted, ${REPS} runs)`)
  figure(`history_first_render_ms_max: ${ms(pct(paints, 100))} ms (${target(pct(paints, 100))})`)
  figure(`history_first_render_dom_ms_p50: ${ms(pct(first.map((r) => r.dom_ms), 50))} ms (the first row in the DOM, before the frame is painted)`)
  figure(`history_rows_listed: ${listed} rows (the first page of the list)`)

  const pmid = await rarePMID(page)
  if (!pmid) throw new Error('no stored report cites a PMID: the generated history is not what the benchmark expects')
  const queries = searches(pmid)
  log(`searches: ${queries.map((q) => `${q.kind} "${q.text}" from "${q.from}"`).join(', ')}`)
  const box = page.getByTestId('history-search')
  const search = async (text) => {
    await box.fill(text)
    await sleep(150)
    return measure(page, { trigger: 'enter', until: 'list' }, () => box.press('Enter'))
  }
  const byKind = {}
  const all = []
  for (let i = 0; i < REPS; i++) {
    for (const q of queries) {
      await search(q.from) // the starting list, untimed
      await sleep(250)
      const r = await search(q.text)
      ;(byKind[q.kind] ??= []).push(r)
      all.push(r.paint_ms)
      log(`search ${q.kind} "${q.text}": ${ms(r.paint_ms)} ms (in the DOM at ${ms(r.dom_ms)} ms, List call ${ms(r.call_ms)} ms, ${r.rows} rows)`)
    }
  }
  figure(`history_search_ms_p50: ${ms(pct(all, 50))} ms (${target(pct(all, 50))}; Enter to the matching rows painted, ${all.length} searches of ${queries.length} kinds)`)
  figure(`history_search_ms_max: ${ms(pct(all, 100))} ms (${target(pct(all, 100))})`)
  const doms = Object.values(byKind).flat().map((r) => r.dom_ms)
  figure(`history_search_dom_ms_p50: ${ms(pct(doms, 50))} ms (the rows in the DOM, before the frame is painted; max ${ms(pct(doms, 100))})`)
  for (const q of queries) {
    const rs = byKind[q.kind]
    const p = rs.map((r) => r.paint_ms)
    const rows = rs[rs.length - 1].rows
    figure(
      `history_search_${q.kind}_ms_p50: ${ms(pct(p, 50))} ms (${target(pct(p, 50))}; "${q.text}" from ${q.from ? `"${q.from}"` : 'the full list'}, ${rows} rows shown; ` +
        `max ${ms(pct(p, 100))} ms; List call p50 ${ms(pct(rs.map((r) => r.call_ms), 50))} ms)`,
    )
  }
  await box.fill('')
  await box.press('Enter')
  await shot(page, 'bench-history')
}

const PROGRESS_TARGET_MS = 1000

async function firstProgress(page) {
  const times = []
  for (let i = 0; i < REPS; i++) {
    await toResearch(page)
    await page.getByTestId('judge-select').selectOption('offline')
    for (const box of await page.locator('[data-testid^="source-"]').all()) {
      const id = (await box.getAttribute('data-testid')).slice('source-'.length)
      await box.setChecked(id === 'library')
    }
    await page.getByTestId('max-iterations').fill('1')
    await page.getByTestId('question').fill(`Does metformin slow cognitive decline in Alzheimer disease? (bench ${i + 1})`)
    await sleep(250)
    const r = await measure(page, { trigger: 'click', until: 'selector', selector: '[data-testid="event"]' }, () =>
      page.getByTestId('start').click(),
    )
    times.push(r.paint_ms)
    log(`start → first progress ${i + 1}: ${ms(r.paint_ms)} ms (in the DOM at ${ms(r.dom_ms)} ms)`)
    // Let the run finish before the next one, so runs do not overlap.
    await page.getByTestId('cancel').waitFor({ state: 'detached', timeout: 120_000 })
    await page.getByTestId('new-research').click()
  }
  const p50 = pct(times, 50)
  figure(
    `start_to_first_progress_ms_p50: ${ms(p50)} ms (target < ${PROGRESS_TARGET_MS}: ${p50 < PROGRESS_TARGET_MS ? 'met' : 'MISSED'}; ` +
      `click on Start research to the first progress line painted, offline judge, ${times.length} runs; max ${ms(pct(times, 100))} ms)`,
  )
  await shot(page, 'bench-first-progress')
}

async function main() {
  const b = await launch()
  try {
    const { page, problems } = await openApp(b.context)
    const hooks = await page.evaluate(() => !!window.go.services.DiagnosticsService)
    if (!hooks) throw new Error('DiagnosticsService is not bound: start the app with DEEPCRITICAL_BENCH_HOOKS=1 (scripts/e2e.sh --bench)')
    await page.evaluate(installProbe)
    log(`load average ${(await import('node:os')).loadavg().map((x) => x.toFixed(2)).join(' ')}`)
    await eventStream(page)
    await history(page)
    await firstProgress(page)
    if (problems.length) log(`page problems: ${problems.join(' | ')}`)
  } finally {
    await b.close()
  }
}

main().catch((err) => {
  console.error(`bench: ${err.stack || err}`)
  process.exit(1)
})
