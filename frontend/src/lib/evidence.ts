// Helpers for evidence cards and the paper view: the quality badge from the appraisal, and quote highlighting.
// The study design is not decided here: the backend sends the report's label (EvidenceView.design, report.DesignLabel).
import type { Appraisal } from './api'
import { scoreText } from './format'

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
  return { label: `quality ${scoreText(q.score)}${offline}`, tone, title: 'Methodological quality' + offline }
}

/** ReviewLike is the part of a reviewer's decision (Go's domain.Review) a badge reads. */
export interface ReviewLike {
  decision: string
  reason?: string
  author?: string
}

/**
 * reviewBadge says the reviewer's decision in force on a paper where the paper is shown
 * (its card, its detail), with the judge's own mark beside it as every report format gives
 * it: "excluded by you (judge: on topic): wrong population", or "included by you (judge: set
 * aside)"; null when the reviewer left the paper alone. offTopic is the judge's mark.
 */
export function reviewBadge(review: ReviewLike | null | undefined, offTopic = false): QualityBadge | null {
  if (!review) return null
  const by = review.author ? ` (recorded as ${review.author})` : ''
  const judge = `(judge: ${offTopic ? 'set aside' : 'on topic'})`
  if (review.decision === 'exclude') {
    return { label: `excluded by you ${judge}: ${review.reason || 'no reason recorded'}`, tone: 'bad', title: 'Your review set this paper aside: the report does not rely on it' + by }
  }
  if (review.decision === 'include') return { label: `included by you ${judge}`, tone: 'ok', title: 'Your review keeps this paper: the report relies on it' + by }
  return null
}

/**
 * notAssessedReason says in a few words why a paper has no quality score, from the
 * appraiser's reason: not a trial (the rubric scores primary studies), too little text (fewer
 * than 40 words: a short abstract as often as none), appraisal failed (the model's error follows), or nothing reported to score.
 */
export function notAssessedReason(error: string): string {
  const e = error.toLowerCase()
  if (e.includes('rubric scores primary studies') || e.includes('not a trial')) return 'not a trial'
  if (e.includes('not enough text')) return 'too little text'
  if (e.includes('no abstract')) return 'no abstract'
  if (e.includes('nothing to score')) return 'nothing reported to score'
  const failed = /^LLM assessment failed:/i.test(error) || /\bfailed\b|timed out|error/i.test(error)
  const short = error.replace(/^LLM assessment failed:\s*/i, '')
  const cut = short.length > 60 ? short.slice(0, 59) + '…' : short
  return failed ? 'appraisal failed: ' + cut : cut
}

/** Segment is a run of text, marked with the index of the quote it is (-1: plain text). */
export interface Segment {
  text: string
  quote: number
}

/** normalise maps each character of text to a comparison form, collapsing runs of white
 * space to one space and lower-casing, and keeps where each normalised character started. */
function normalise(text: string): { norm: string; at: number[] } {
  let norm = ''
  const at: number[] = []
  for (let i = 0; i < text.length; i++) {
    if (/\s/.test(text[i])) {
      if (norm.endsWith(' ')) continue
      norm += ' '
    } else {
      norm += text[i].toLowerCase()
    }
    at.push(i)
  }
  return { norm, at }
}

/**
 * highlightAll splits text into segments, marking every occurrence of each quote
 * (case- and white-space-insensitive). Where two quotes overlap, the one starting first
 * is marked. Quotes that do not occur in the text are left out.
 */
export function highlightAll(text: string, quotes: string[]): Segment[] {
  if (!text) return []
  const { norm, at } = normalise(text)
  const spans: { start: number; end: number; quote: number }[] = []
  quotes.forEach((q, qi) => {
    const needle = normalise(q.trim()).norm
    if (needle.length < 3) return
    for (let from = 0; ; ) {
      const i = norm.indexOf(needle, from)
      if (i < 0) break
      const endNorm = i + needle.length
      spans.push({ start: at[i], end: endNorm < at.length ? at[endNorm] : text.length, quote: qi })
      from = endNorm
    }
  })
  spans.sort((a, b) => a.start - b.start || b.end - a.end)
  const out: Segment[] = []
  let pos = 0
  for (const s of spans) {
    if (s.start < pos) continue
    if (s.start > pos) out.push({ text: text.slice(pos, s.start), quote: -1 })
    out.push({ text: text.slice(s.start, s.end), quote: s.quote })
    pos = s.end
  }
  if (pos < text.length) out.push({ text: text.slice(pos), quote: -1 })
  return out
}

/** AppraisalQuotes mirrors the parts of domain.Appraisal that carry quotes. */
export interface AppraisalQuotes {
  findings?: Record<string, { quote?: string }>
  dimensions?: { details?: { evidence?: string }[] }[]
}

/** appraisalQuotes lists an appraisal's quotes once each: the rule findings', then the scored components'. */
export function appraisalQuotes(ap: AppraisalQuotes | null | undefined): string[] {
  const out: string[] = []
  const add = (q?: string) => {
    const t = (q ?? '').trim()
    if (t && !out.includes(t)) out.push(t)
  }
  for (const name of Object.keys(ap?.findings ?? {}).sort()) add(ap?.findings?.[name]?.quote)
  for (const d of ap?.dimensions ?? []) for (const c of d.details ?? []) add(c.evidence)
  return out
}

/** sectionHeading is a full-text section's title as the paper view shows it. */
export function sectionHeading(s: { title?: string; parent?: string; kind?: string }): string {
  const title = s.title || (s.kind ? s.kind[0].toUpperCase() + s.kind.slice(1) : '')
  return s.parent && s.parent !== title ? `${s.parent} › ${title}` : title
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

/**
 * splitOffTopic keeps the order of items, separating the ones the report does not rely on:
 * as the backend says (relied_on: the reviewer's include or exclude, else the judge's mark,
 * Go's domain.ReliedOn), or, for an item that does not say, as the judge scored it off-topic.
 */
export function splitOffTopic<T extends { evidence: unknown; relied_on?: boolean }>(items: T[]): { on: T[]; off: T[] } {
  const on: T[] = []
  const off: T[] = []
  for (const it of items) {
    const relied = it.relied_on ?? !topicOf(it.evidence)?.off_topic
    ;(relied ? on : off).push(it)
  }
  return { on, off }
}

/**
 * setAsideReason says why the report does not rely on a paper: the reviewer's exclusion
 * ("excluded by you: wrong population"), else the judge's off-topic reason.
 */
export function setAsideReason(item: { evidence: unknown; review?: ReviewLike | null }): string {
  if (item.review?.decision === 'exclude') return `excluded by you: ${item.review.reason || 'no reason recorded'}`
  return topicOf(item.evidence)?.reason || 'no reason recorded'
}

/** StanceLike is the part of a study's stance the card reads. */
export interface StanceLike {
  stance: string
  quote?: string
  quote_verified?: boolean
  reason?: string
  by_rule?: boolean
}

/**
 * stanceBadge says which way a study points on the question ("supports", "no effect or
 * harm", "mixed", "unclear"), with the sentence it rests on as the tooltip; null when the
 * judge gave the study no stance (off-topic, or a verdict from before stances existed).
 */
export function stanceBadge(s: StanceLike | null | undefined, said?: string): QualityBadge | null {
  if (!s) return null
  const words: Record<string, [string, QualityBadge['tone']]> = {
    supports: ['supports', 'ok'],
    refutes: ['no effect or harm', 'bad'],
    mixed: ['mixed', 'warn'],
    unclear: ['unclear', ''],
  }
  const [word, tone] = words[s.stance] ?? ['unclear', '']
  // The backend says the stance in the question's words ("finds a link" for a harm asked about).
  const label = said || word
  // A stance a rule decided (a registry entry, a study of no treatment) says why it has no quote.
  const quote = s.quote ? `“${s.quote}”${s.quote_verified ? '' : ' (not found verbatim in the paper)'}` : s.reason ? `Unclear: ${s.reason}` : 'No sentence to rest on'
  // A stance the rules gave where the LLM judge gave none says so.
  return { label, tone, title: s.by_rule ? `${quote} — stance by DeepCritical's rules: the judge gave none` : quote }
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
