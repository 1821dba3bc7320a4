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
