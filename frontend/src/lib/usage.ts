// LLM usage of a run as the backend sums it (services.RunUsage): calls, tokens, latency and
// cost per call kind. Costs are estimates from a dated price table, "unknown" without a
// price, "none (local)" for a model on this machine; a 0 is never shown as a known cost.
// The calls of re-judgements made after the run (History's Re-judge) are kept apart: they
// are not the run's own, and a run judged offline made none of its own.

export interface CallKindUsage {
  kind: string
  calls: number
  failed: number
  input_tokens: number
  output_tokens: number
  cached_tokens: number
  latency_ms: number
  cost_usd: number
  cost_known: boolean
  local: boolean
  /** provider and model name a re-judgement's judge (its rows only). */
  provider?: string
  model?: string
}

export interface RunUsage {
  kinds: CallKindUsage[]
  total: CallKindUsage
  /** rejudges are the re-judgements' calls, one row per judge and model, counted in neither kinds nor total. */
  rejudges?: CallKindUsage[]
  price_table_date: string
}

const LABELS: Record<string, string> = {
  judge: 'Judge',
  appraisal: 'Appraisal',
  narrative: 'Narrative',
  verify: 'Verifier',
  connection_test: 'Connection test',
  rejudge: 'Re-judge',
  total: 'Total',
}

export function kindLabel(kind: string): string {
  return LABELS[kind] ?? kind
}

/** rejudgeLabel names a re-judgement's row by its judge: "re-judge · openai gpt-4o-mini". */
export function rejudgeLabel(u: CallKindUsage): string {
  const judge = [u.provider, u.model].filter(Boolean).join(' ')
  return judge ? `re-judge · ${judge}` : 're-judge'
}

export function costText(u: CallKindUsage): string {
  if (u.local) return 'none (local)'
  if (!u.cost_known) return 'unknown'
  if (u.cost_usd === 0) return '$0'
  return u.cost_usd < 0.01 ? `~$${u.cost_usd.toFixed(4)}` : `~$${u.cost_usd.toFixed(2)}`
}

export function tokenText(n: number): string {
  return Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '—'
}

export function latencyText(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return '—'
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`
}

/**
 * usageOf reads the usage out of a run detail, or null when neither the run nor a
 * re-judgement of it made an LLM call.
 */
export function usageOf(detail: unknown): RunUsage | null {
  const u = (detail as { usage?: RunUsage } | null)?.usage
  if (!u || !Array.isArray(u.kinds)) return null
  const rejudges = Array.isArray(u.rejudges) ? u.rejudges : []
  if (u.kinds.length === 0 && rejudges.length === 0) return null
  return { ...u, rejudges }
}
