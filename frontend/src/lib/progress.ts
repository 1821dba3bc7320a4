import type { LLMProgress } from './api'

const KIND: Record<string, string> = {
  judge: 'Judge',
  appraisal: 'Appraisal',
  narrative: 'Narrative',
  verify: 'Verifier',
  verifier: 'Verifier',
  connection_test: 'Connection test',
}

/** progressLine is the one-line summary of a streaming call: who, how many tokens, how long. */
export function progressLine(p: LLMProgress): string {
  const who = [p.provider, p.model].filter(Boolean).join(' · ')
  const secs = (Math.max(0, p.elapsed_ms) / 1000).toFixed(1)
  const state = p.done ? 'done' : 'streaming'
  return `${KIND[p.call_kind] ?? (p.call_kind || 'LLM')} call ${state} — ${who} — ${p.output_tokens} tokens, ${secs} s`
}

/** latestFor keeps, per call kind, the newest report of one run. */
export function latestFor(all: Map<string, LLMProgress>, p: LLMProgress, runId: string): Map<string, LLMProgress> {
  if (p.run_id && p.run_id !== runId) return all
  const next = new Map(all)
  next.set(p.call_kind || 'llm', p)
  return next
}
