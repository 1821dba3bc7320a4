import { writable, get } from 'svelte/store'
import { errorMessage, type JudgeInfo, type ReportView, type RunDetail, type RunEvent } from '../api'
import { eventData } from '../events'

/** RunClient is the part of the API a live run needs (injectable for tests). */
export interface RunClient {
  getRun(id: string): Promise<Pick<RunDetail, 'run' | 'events' | 'outcome'>>
  runEvents(id: string, afterSeq: number): Promise<RunEvent[]>
  onRunEvents(fn: (batch: RunEvent[]) => void): () => void
  report(id: string): Promise<ReportView>
  cancelRun(id: string): Promise<void>
  resumeRun(id: string): Promise<void>
}

export interface ScorePoint {
  iteration: number
  mechanism: number
  clinical: number
  confidence: number
  kind: string
}

export interface RunState {
  runId: string
  question: string
  status: string
  stopReason: string
  /** outcome is the backend's one line on how the run ended (domain.RunOutcome) */
  outcome: string
  /** iterations is the run's stored iteration count */
  iterations: number
  /** maxIterations is the run's iteration limit */
  maxIterations: number
  runError: string
  judge: JudgeInfo | null
  events: RunEvent[]
  lastSeq: number
  report: ReportView | null
  error: string
}

const TERMINAL = new Set(['complete', 'cancelled'])
const REFRESH = new Set(['search_complete', 'appraising', 'full_text', 'judge_complete', 'synthesizing', 'verifying', 'complete', 'cancelled', 'error'])

function empty(): RunState {
  return { runId: '', question: '', status: '', stopReason: '', outcome: '', iterations: 0, maxIterations: 0, runError: '', judge: null, events: [], lastSeq: 0, report: null, error: '' }
}

/** scoreSeries extracts one point per iteration from judge_complete events (the latest wins). */
export function scoreSeries(events: RunEvent[]): ScorePoint[] {
  const byIt = new Map<number, ScorePoint>()
  for (const e of events) {
    const d = eventData(e, 'judge_complete')
    if (!d) continue
    byIt.set(e.iteration, {
      iteration: e.iteration,
      mechanism: Number(d.mechanism_score ?? 0),
      clinical: Number(d.clinical_score ?? 0),
      confidence: Number(d.confidence ?? 0),
      kind: String(d.judge?.kind ?? ''),
    })
  }
  return [...byIt.values()].sort((a, b) => a.iteration - b.iteration)
}

/** mergeEvents adds events in seq order, ignoring duplicates; it reports whether a gap remains. */
export function mergeEvents(have: RunEvent[], incoming: RunEvent[]): { events: RunEvent[]; gap: boolean } {
  const seen = new Set(have.map((e) => e.seq))
  const out = have.slice()
  for (const e of incoming) {
    if (!seen.has(e.seq)) {
      seen.add(e.seq)
      out.push(e)
    }
  }
  out.sort((a, b) => a.seq - b.seq)
  let gap = false
  for (let i = 0; i < out.length; i++) {
    if (out[i].seq !== i + 1) {
      gap = true
      break
    }
  }
  return { events: out, gap }
}

/** createRunStore follows one run: stored events first, then live batches, filling gaps. */
export function createRunStore(client: RunClient) {
  const state = writable<RunState>(empty())
  let unsubscribe: (() => void) | null = null
  let refreshTimer: ReturnType<typeof setTimeout> | null = null

  async function refreshRun() {
    const id = get(state).runId
    if (!id) return
    try {
      const d = await client.getRun(id)
      if (get(state).runId !== id) return
      state.update((s) => ({
        ...s,
        status: d.run.status,
        stopReason: d.run.stop_reason ?? '',
        outcome: d.outcome ?? '',
        iterations: Number(d.run.iterations ?? 0),
        maxIterations: Number(d.run.config?.max_iterations ?? 0),
        runError: d.run.error ?? '',
        judge: d.run.judge,
        question: d.run.question,
      }))
    } catch (err) {
      state.update((s) => ({ ...s, error: errorMessage(err) }))
    }
  }

  async function refreshReport() {
    const id = get(state).runId
    if (!id) return
    try {
      const r = await client.report(id)
      if (get(state).runId === id) state.update((s) => ({ ...s, report: r }))
    } catch (err) {
      state.update((s) => ({ ...s, error: errorMessage(err) }))
    }
  }

  function scheduleRefresh() {
    if (refreshTimer) return
    refreshTimer = setTimeout(() => {
      refreshTimer = null
      refreshReport()
    }, 150)
  }

  async function fillGap() {
    const s = get(state)
    const more = await client.runEvents(s.runId, 0)
    apply(more, false)
  }

  function apply(batch: RunEvent[], live: boolean) {
    const s = get(state)
    const mine = batch.filter((e) => e.run_id === s.runId)
    if (mine.length === 0) return
    const { events, gap } = mergeEvents(s.events, mine)
    const last = events.length ? events[events.length - 1].seq : 0
    let status = s.status
    let outcome = s.outcome
    for (const e of mine) {
      if (TERMINAL.has(e.type)) status = e.type
      else if (e.type === 'started' && status !== 'running') status = 'running'
      // The stored outcome is stale once the run moves on; refreshRun fetches the new one.
      if (live && (TERMINAL.has(e.type) || e.type === 'started' || eventData(e, 'error')?.fatal)) outcome = ''
    }
    state.update((x) => ({ ...x, events, lastSeq: last, status, outcome }))
    if (mine.some((e) => REFRESH.has(e.type))) scheduleRefresh()
    if (mine.some((e) => TERMINAL.has(e.type) || eventData(e, 'error')?.fatal)) refreshRun()
    if (gap && live) fillGap().catch(() => {})
  }

  async function open(runId: string) {
    close()
    state.set({ ...empty(), runId })
    unsubscribe = client.onRunEvents((batch) => apply(batch, true))
    try {
      const d = await client.getRun(runId)
      if (get(state).runId !== runId) return
      state.update((s) => ({
        ...s,
        question: d.run.question,
        status: d.run.status,
        stopReason: d.run.stop_reason ?? '',
        outcome: d.outcome ?? '',
        iterations: Number(d.run.iterations ?? 0),
        maxIterations: Number(d.run.config?.max_iterations ?? 0),
        runError: d.run.error ?? '',
        judge: d.run.judge,
      }))
      apply(d.events ?? [], false)
      // The stored status is where the run is now; its stored events are its history. A run
      // a killed process left behind has a "started" event and no end, and is interrupted,
      // not running.
      if (get(state).runId === runId) state.update((s) => ({ ...s, status: d.run.status }))
      await refreshReport()
    } catch (err) {
      state.update((s) => ({ ...s, error: errorMessage(err) }))
    }
  }

  function close() {
    unsubscribe?.()
    unsubscribe = null
    if (refreshTimer) clearTimeout(refreshTimer)
    refreshTimer = null
  }

  async function cancel() {
    try {
      await client.cancelRun(get(state).runId)
    } catch (err) {
      state.update((s) => ({ ...s, error: errorMessage(err) }))
    }
  }

  async function resume() {
    try {
      state.update((s) => ({ ...s, error: '', status: 'running' }))
      await client.resumeRun(get(state).runId)
    } catch (err) {
      state.update((s) => ({ ...s, error: errorMessage(err) }))
      await refreshRun()
    }
  }

  return { subscribe: state.subscribe, open, close, cancel, resume, refreshReport }
}

/** iterationsSeen is the highest iteration any event of the run names. */
export function iterationsSeen(events: RunEvent[]): number {
  let n = 0
  for (const e of events) if (e.iteration > n) n = e.iteration
  return n
}

// What a running run is doing, by the type of its latest event.
const PHASES: Record<string, string> = {
  started: 'starting',
  searching: 'searching the sources',
  query: 'searching the sources',
  search_complete: 'sources searched; judging next',
  judging: 'judging the evidence',
  judge_complete: 'evidence judged',
  looping: 'searching again (the timeline says why)',
  appraising: 'appraising the papers',
  full_text: 'full texts read; appraising the papers',
  llm_progress: 'waiting for the language model',
  synthesizing: 'writing the report',
  verifying: 'verifying the report',
  error: 'recovering from an error (see the timeline)',
}

/** liveLine says in a few words what a running run is doing now, from its latest event. */
export function liveLine(events: RunEvent[], maxIterations = 0): string {
  const last = events[events.length - 1]
  if (!last) return 'Starting…'
  const it = iterationsSeen(events)
  const where = it ? ` iteration ${it}${maxIterations ? ` of at most ${maxIterations}` : ''}` : ''
  return `Running${where}: ${PHASES[String(last.type)] ?? 'working'}…`
}
