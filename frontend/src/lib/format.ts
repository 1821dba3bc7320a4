// Formatting helpers shared by the views; pure so vitest can cover them.

export interface JudgeLike {
  provider?: string
  model?: string
  kind?: string
  error?: string
  repaired?: boolean
}

/** judgeLabel names a judge so offline and fallback verdicts are never mistaken for an LLM's. */
export function judgeLabel(j: JudgeLike | undefined | null): string {
  if (!j || !j.provider) return '—'
  if (j.kind === 'offline' || j.provider === 'offline') return 'offline heuristic'
  if (j.kind === 'fallback') return `FALLBACK — ${j.provider}${j.model ? ' ' + j.model : ''} failed`
  const name = j.model ? `${j.provider} · ${j.model}` : j.provider
  return j.repaired ? `${name} (REPAIRED answer)` : name
}

/** formatDate renders an ISO time in the user's locale, or a dash for missing values. */
export function formatDate(value: unknown, locale?: string): string {
  if (value === null || value === undefined || value === '') return '—'
  const d = new Date(String(value))
  if (Number.isNaN(d.getTime())) return '—'
  return d.toLocaleString(locale, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })
}

export type Tone = 'ok' | 'warn' | 'bad' | ''

/** statusTone maps a run status to the colour of its chip. */
export function statusTone(status: string): Tone {
  switch (status) {
    case 'complete':
      return 'ok'
    case 'running':
    case 'pending':
    case 'interrupted':
      return 'warn'
    case 'failed':
    case 'cancelled':
      return 'bad'
  }
  return ''
}

/**
 * outcomeTone colours a run's status chip by its outcome, not its status alone: a complete
 * run is green only when the evidence was judged sufficient and the report verified.
 */
export function outcomeTone(status: string, reportStatus?: string, stopReason?: string): Tone {
  if (status !== 'complete') return statusTone(status)
  return reportStatus === 'verified' && stopReason === 'sufficient' ? 'ok' : 'warn'
}

/**
 * shortOutcome is a run's outcome as a badge of a few words ("verified · partial",
 * "failed: judge unavailable"), for lists where the whole sentence would wrap into a narrow
 * column; the sentence stays one click away.
 */
export function shortOutcome(status: string, reportStatus?: string, stopReason?: string): string {
  const reason = stopReason ?? ''
  switch (status) {
    case 'complete': {
      const v = ({ verified: 'verified', failed: 'verification failed', unverified: 'not verified' } as Record<string, string>)[reportStatus ?? ''] ?? 'no report'
      return reason && reason !== 'sufficient' ? `${v} · partial` : v
    }
    case 'failed':
      if (/judge unavailable/.test(reason)) return 'failed: judge unavailable'
      if (/every source failed/.test(reason)) return 'failed: sources down'
      return 'failed'
    default:
      return status || 'unknown'
  }
}

/** verdictLabel describes a stored verification result. */
export function verdictLabel(pass: boolean | undefined | null): string {
  if (pass === true) return 'verified'
  if (pass === false) return 'flagged'
  return 'not verified'
}

/** isBlankQuestion is true for empty and whitespace-only input, which the app refuses. */
export function isBlankQuestion(q: string): boolean {
  return q.trim().length === 0
}

/** plural writes a count with its noun in the right number ("1 hit", "3 hits"). */
export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`
}

// Command-line advice that means nothing in the window, with what to do there instead.
const CLI_HINTS: [RegExp, string][] = [
  [/\s*\(--model\)/g, ' (choose one in the Model field)'],
  [/with\s+--model(\s+[A-Z]+\b)?/g, 'in the Model field'],
  [/(pass|use|give)\s+--model(\s+[A-Z]+\b)?/gi, 'choose a model in the Model field'],
  [/--model/g, 'the Model field'],
  [/(pass|use|with)\s+--judge(\s+\S+)?/gi, 'choose another judge'],
  [/--judge/g, 'the Judge choice'],
  [/--sources/g, 'the Sources choice'],
  [/--max-iterations/g, 'the Iterations field'],
  [/--collection\s+/g, 'the Zotero collection '],
  // The export buttons and Send to Zotero each have their own “set-aside papers too” box.
  [/\s*\(--include-set-aside\)/g, ' (tick “set-aside papers too” by the export buttons)'],
  [/--include-set-aside sends the set-aside ones/g, 'tick “set-aside papers too” by Send to Zotero to send the set-aside ones'],
  [/--include-set-aside/g, 'the “set-aside papers too” box'],
  // The window sends a run once; sending it again is the terminal's `--again`.
  [/, or send again anyway \(--again\)/g, ''],
]

/** windowMessage rewrites an error meant for both CLI and window so it gives window advice. */
export function windowMessage(msg: string): string {
  let out = msg
  for (const [re, repl] of CLI_HINTS) out = out.replace(re, repl)
  return out
}

/**
 * errorHead is the first clause of an error chain ("every source failed in two iterations in a
 * row"), so a long chain is said once in a line and its detail sits behind a disclosure; the
 * whole text when it is short or has no clause to cut at.
 */
export function errorHead(s: string): string {
  if (s.length <= 120) return s
  const cut = [s.indexOf(' ('), s.indexOf('; '), s.indexOf(': ')].filter((i) => i > 20).sort((a, b) => a - b)[0]
  return cut ? s.slice(0, cut) : s.slice(0, 120) + '…'
}

/**
 * fixed1 writes a number with one decimal exactly as Go's `%.1f` does, so a score reads the
 * same in the window as in the report and every export (report.go, rows.go). JavaScript's
 * toFixed rounds an exact tie up (6.25 → "6.3") where Go rounds it to even ("6.2"); at one
 * decimal the only exact ties are the odd quarters (x·4 an odd integer: 6.25, 6.75), every
 * other value (6.35 is stored a little below it) rounds alike in both.
 */
export function fixed1(x: number): string {
  const q = x * 4
  if (Number.isInteger(q) && Math.abs(q) % 2 === 1) {
    const lo = Math.floor(x * 10) // exact: an odd quarter times ten is a half
    return ((lo % 2 === 0 ? lo : lo + 1) / 10).toFixed(1)
  }
  return x.toFixed(1)
}

/** scoreText is a 0–10 score as the report writes it: "6.2/10". */
export function scoreText(score: number): string {
  return `${fixed1(Number(score))}/10`
}

/**
 * rejudgeName is a re-judgement's stored label in words: "rejudge:openai/gpt-4o-mini" →
 * "openai · gpt-4o-mini" (the label is an id, not for reading).
 */
export function rejudgeName(label: string): string {
  return label.replace(/^rejudge:/, '').replace('/', ' · ')
}
