// Helpers for evidence cards: the quality badge from the appraisal, and quote highlighting.
// The study design is not decided here: the backend sends the judge's label (EvidenceView.design).
import type { Appraisal } from './api'

/** AppraisalLike is the part of a stored appraisal (Go's domain.Appraisal) the badge reads. */
export interface AppraisalLike {
  dimensions?: Pick<Appraisal['dimensions'][number], 'name' | 'score' | 'status' | 'error'>[]
  assessor?: Partial<Pick<Appraisal['assessor'], 'kind'>>
}

export interface QualityBadge {
  label: string
  tone: 'ok' | 'warn' | 'bad' | ''
  title: string
}

/** qualityBadge summarises methodological quality; not assessed is said plainly, never scored. */
export function qualityBadge(appraisal: AppraisalLike | null | undefined): QualityBadge {
  if (!appraisal) return { label: 'not appraised', tone: '', title: 'No appraisal stored for this paper' }
  const q = appraisal.dimensions?.find((d) => d.name === 'methodological_quality')
  const offline = appraisal.assessor?.kind === 'offline' ? ' (rule-based)' : ''
  if (!q || q.status !== 'assessed') {
    const why = q?.error || 'The quality could not be assessed'
    return { label: `not assessed: ${notAssessedReason(why)}`, tone: 'warn', title: why }
  }
  const tone = q.score >= 7 ? 'ok' : q.score >= 4 ? 'warn' : 'bad'
  return { label: `quality ${q.score.toFixed(1)}/10${offline}`, tone, title: 'Methodological quality' + offline }
}

/**
 * notAssessedReason says in a few words why a paper has no quality score, from the
 * appraiser's reason: not a trial (the rubric scores primary studies), no abstract (too
 * little text), appraisal failed (the model's error follows), or nothing reported to score.
 */
export function notAssessedReason(error: string): string {
  const e = error.toLowerCase()
  if (e.includes('rubric scores primary studies') || e.includes('not a trial')) return 'not a trial'
  if (e.includes('not enough text') || e.includes('no abstract')) return 'no abstract'
  if (e.includes('nothing to score')) return 'nothing reported to score'
  const failed = /^LLM assessment failed:/i.test(error) || /\bfailed\b|timed out|error/i.test(error)
  const short = error.replace(/^LLM assessment failed:\s*/i, '')
  const cut = short.length > 60 ? short.slice(0, 59) + '…' : short
  return failed ? 'appraisal failed: ' + cut : cut
}

/** highlight splits text around the first case-insensitive occurrence of quote. */
export function highlight(text: string, quote: string): { before: string; match: string; after: string } | null {
  if (!quote || !text) return null
  const norm = (s: string) => s.replace(/\s+/g, ' ').toLowerCase()
  const i = norm(text).indexOf(norm(quote).trim())
  if (i < 0) return null
  // Map the index in the normalised text back to the original by walking both.
  let oi = 0
  let ni = 0
  const nt = norm(text)
  while (ni < i && oi < text.length) {
    if (/\s/.test(text[oi])) {
      while (oi < text.length && /\s/.test(text[oi])) oi++
      ni++
    } else {
      oi++
      ni++
    }
  }
  let end = oi
  let consumed = 0
  const target = norm(quote).trim().length
  while (consumed < target && end < text.length) {
    if (/\s/.test(text[end])) {
      while (end < text.length && /\s/.test(text[end])) end++
      consumed++
    } else {
      end++
      consumed++
    }
  }
  void nt
  return { before: text.slice(0, oi), match: text.slice(oi, end), after: text.slice(end) }
}

/** TopicLike mirrors domain.Topic: relevance of evidence to the question's concepts. */
export interface TopicLike {
  score?: number
  off_topic?: boolean
  reason?: string
}

/** topicOf reads an evidence's topic; unscored evidence counts as on-topic. */
export function topicOf(ev: unknown): TopicLike | null {
  const t = (ev as { topic?: TopicLike } | null)?.topic
  return t && typeof t === 'object' ? t : null
}

/** splitOffTopic keeps the order of items, separating the ones scored off-topic. */
export function splitOffTopic<T extends { evidence: unknown }>(items: T[]): { on: T[]; off: T[] } {
  const on: T[] = []
  const off: T[] = []
  for (const it of items) (topicOf(it.evidence)?.off_topic ? off : on).push(it)
  return { on, off }
}

/** StanceLike is the part of a study's stance the card reads. */
export interface StanceLike {
  stance: string
  quote?: string
  quote_verified?: boolean
}

/**
 * stanceBadge says which way a study points on the question ("supports", "no effect or
 * harm", "mixed", "unclear"), with the sentence it rests on as the tooltip; null when the
 * judge gave the study no stance (off-topic, or a verdict from before stances existed).
 */
export function stanceBadge(s: StanceLike | null | undefined): QualityBadge | null {
  if (!s) return null
  const words: Record<string, [string, QualityBadge['tone']]> = {
    supports: ['supports', 'ok'],
    refutes: ['no effect or harm', 'bad'],
    mixed: ['mixed', 'warn'],
    unclear: ['unclear', ''],
  }
  const [label, tone] = words[s.stance] ?? ['unclear', '']
  const quote = s.quote ? `“${s.quote}”${s.quote_verified ? '' : ' (not found verbatim in the paper)'}` : 'No sentence to rest on'
  return { label, tone, title: quote }
}

/** The trial a card is one record of, as the report's Studies section gives it. */
export interface StudyLike {
  nct_id: string
  registry?: number
  reports: number[]
  flagged: number
}

/**
 * studyBadge names the other records of the same trial on a card ("one study with [3]: NCT…"),
 * so a registry entry and the article reporting it are not read as two unrelated papers; a
 * registered primary outcome a report leaves out makes it a warning.
 */
export function studyBadge(n: number, s: StudyLike | null | undefined): QualityBadge | null {
  if (!s) return null
  const others = [s.registry ?? 0, ...(s.reports ?? [])].filter((x) => x > 0 && x !== n)
  const label = `one study with ${others.map((x) => `[${x}]`).join(', ')}`
  const role = s.registry === n ? 'the registry entry of' : 'a report of'
  let title = `This record is ${role} ${s.nct_id}.`
  if (s.flagged > 0) title += ` ${s.flagged} registered primary outcome(s) not reported: see the report's Studies section.`
  return { label: s.flagged > 0 ? `${label} ⚑` : label, tone: s.flagged > 0 ? 'warn' : '', title }
}
