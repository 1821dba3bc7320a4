// The only module that imports the generated Wails bindings. Views and stores call these
// functions; a Go error rejects the promise and errorMessage() turns it into the user-safe
// text the backend chose.
import * as App from '../../../wailsjs/go/services/AppService'
import * as Appraisals from '../../../wailsjs/go/services/AppraisalService'
import * as History from '../../../wailsjs/go/services/HistoryService'
import * as Judges from '../../../wailsjs/go/services/JudgeService'
import * as Library from '../../../wailsjs/go/services/LibraryService'
import * as Providers from '../../../wailsjs/go/services/ProviderService'
import * as Reports from '../../../wailsjs/go/services/ReportService'
import * as Reviews from '../../../wailsjs/go/services/ReviewService'
import * as Runs from '../../../wailsjs/go/services/RunService'
import * as Settings from '../../../wailsjs/go/services/SettingsService'
import * as Zotero from '../../../wailsjs/go/services/ZoteroService'
// Types only: the generated model module defines a class for every DTO (~47 KB), which the
// first script would otherwise parse and run before the window's first frame. Requests are
// plain objects of the DTO's shape (the classes' createFrom copied the same fields, and the
// JSON sent to Go is the same); enum values come from ./enums.
import type { config, domain, library, services } from '../../../wailsjs/go/models'
import { windowMessage } from '../format'
import { BrowserOpenURL, ClipboardSetText, EventsOn, OnFileDrop, OnFileDropOff } from '../../../wailsjs/runtime/runtime'

export type HistoryItem = services.HistoryItem
export type HistoryFilter = services.HistoryFilter
export type RunDetail = services.RunDetail
export type AppStatus = services.AppStatus
export type MCPSetup = services.MCPSetup
export type ProviderStatus = services.ProviderStatus
export type ProviderTest = services.ProviderTest
export type PublicSettings = config.PublicSettings
export type KeyInfo = config.KeyInfo
export type RunEvent = domain.Event
export type JudgeInfo = domain.JudgeInfo
export type Appraisal = domain.Appraisal
/**
 * EventPayloads maps each event type to its payload, generated from Go
 * (services.EventPayloadTypes: one struct per event type in backend/domain/events.go).
 */
export type EventPayloads = Omit<services.EventPayloadTypes, 'convertValues'>
export type EventKind = keyof EventPayloads
export type QueryEvent = domain.QueryEvent
export type ReportView = services.ReportView
export type EvidenceView = services.EvidenceView
export type PaperView = services.PaperView
export type FullTextSection = domain.FullTextSection
export type Comparison = services.Comparison
export type ReviewSummary = services.ReviewSummary
export type Review = domain.Review
export type StartRequest = services.StartRequest
export type QuestionView = services.QuestionView
export type ConceptView = services.ConceptView
export type StoredAssessment = domain.StoredAssessment
export type LibraryItem = services.LibraryItem
export type LibraryPage = services.LibraryPage
export type ImportSummary = library.Summary
export type ZoteroSendResult = services.ZoteroSendResult
export type DroppedFiles = services.DroppedFiles
export type PDFAppraisal = services.PDFAppraisal
export type ExportedFiles = services.ExportedFiles
/** ImportProgress mirrors Go's library.Progress, sent on the library:progress event. */
export interface ImportProgress {
  file: string
  file_index: number
  file_count: number
  format?: string
  bytes_read: number
  bytes_total: number
  records: number
  imported: number
  updated: number
  unchanged: number
  skipped: number
  errors: number
  file_done: boolean
}
/** EventTypeName is Go's domain.EventType enum (generated; its values are in ./enums). */
export type EventTypeName = domain.EventType
/** LLMProgress is Go's domain.LLMProgress, sent on the llm:progress event while a call streams. */
export type LLMProgress = Omit<domain.LLMProgress, 'convertValues'>

/** errorMessage is the text of a rejected call, with command-line advice turned into window advice. */
export function errorMessage(err: unknown): string {
  if (typeof err === 'string') return windowMessage(err)
  if (err instanceof Error) return windowMessage(err.message)
  return windowMessage(String(err))
}

export const api = {
  status: (): Promise<AppStatus> => App.Status(),
  mcpSetup: (): Promise<MCPSetup> => App.MCPSetup(),
  copyText: (text: string): Promise<boolean> => ClipboardSetText(text),
  listRuns: (f: Partial<HistoryFilter>): Promise<HistoryItem[]> => History.List(f as services.HistoryFilter),
  getRun: (id: string): Promise<RunDetail> => History.Get(id),
  deleteRun: (id: string): Promise<void> => History.Delete(id),
  providers: (): Promise<ProviderStatus[]> => Providers.List(),
  testProvider: (name: string): Promise<ProviderTest> => Providers.Test(name),
  providerModels: (name: string): Promise<string[]> => Providers.Models(name),
  settings: (): Promise<PublicSettings> => Settings.Get(),
  settingKeys: (): Promise<KeyInfo[]> => Settings.Keys(),
  settingValues: (): Promise<Record<string, string>> => Settings.Values(),
  setSetting: (key: string, value: string) => Settings.Set(key, value),
  setSettings: (values: Record<string, string>, order: string[]): Promise<PublicSettings> => Settings.SetMany(values, order),
  deleteSecret: (name: string): Promise<PublicSettings> => Settings.DeleteSecret(name),
  setLastView: (view: string): Promise<void> => Settings.SetLastView(view),
  startRun: (req: Partial<StartRequest>): Promise<string> => Runs.Start(req as services.StartRequest),
  exampleQuestions: (): Promise<string[]> => Runs.Examples(),
  parseQuestion: (question: string, roles: Record<string, string>, stages: Record<string, string>): Promise<QuestionView> =>
    Runs.ParseQuestion(question, roles, stages),
  cancelRun: (id: string): Promise<void> => Runs.Cancel(id),
  resumeRun: (id: string): Promise<void> => Runs.Resume(id),
  activeRuns: (): Promise<string[]> => Runs.Active(),
  runEvents: (id: string, afterSeq: number): Promise<RunEvent[]> => Runs.Events(id, afterSeq),
  report: (id: string): Promise<ReportView> => Reports.Get(id),
  paper: (key: string): Promise<PaperView> => Appraisals.Paper(key),
  /**
   * exportRun asks where to save and exports there (an empty path: the dialog was cancelled);
   * includeSetAside puts the set-aside papers, marked, into RIS, BibTeX and CSL-JSON too.
   */
  exportRun: (id: string, format: string, includeSetAside = false): Promise<ExportedFiles> => Reports.ExportDialog(id, format, includeSetAside),
  reviewSummary: (runID: string): Promise<ReviewSummary> => Reviews.Summary(runID),
  addReview: (runID: string, paper: number, decision: string, reason: string, note: string): Promise<Review> =>
    Reviews.Add({ run_id: runID, paper, decision, reason, note } as services.ReviewRequest),
  overrideComponent: (runID: string, paper: number, component: string, points: number, note: string): Promise<Review> =>
    Reviews.Add({ run_id: runID, paper, decision: 'override', component, points, note } as services.ReviewRequest),
  rejudge: (runID: string, provider: string, model: string): Promise<Comparison> =>
    Judges.Rejudge({ run_id: runID, provider, model } as services.RejudgeRequest),
  importFiles: (paths: string[]): Promise<ImportSummary> => Library.Import(paths),
  importDialog: (): Promise<ImportSummary> => Library.ImportDialog(),
  /** Imports dropped files and appraises each PDF among them from its full text. */
  importDropped: (paths: string[]): Promise<DroppedFiles> => Library.ImportDropped(paths),
  appraisePDF: (libraryID: number): Promise<PDFAppraisal> => Library.AppraisePDF(libraryID),
  listLibrary: (limit: number, offset: number): Promise<LibraryPage> => Library.List(limit, offset),
  searchLibrary: (q: string, limit: number): Promise<LibraryItem[]> => Library.Search(q, limit),
  /** sendToZotero sends runs' references to the running Zotero; the Go side makes the calls (Zotero drops a web page's). */
  sendToZotero: (runIDs: string[], collection: string, includeSetAside = false): Promise<ZoteroSendResult> =>
    Zotero.Send({ run_ids: runIDs, collection, include_set_aside: includeSetAside } as services.ZoteroSendRequest),
  importZotero: (collection: string): Promise<ImportSummary> => Zotero.Import(collection),
  onImportProgress: (fn: (p: ImportProgress) => void): (() => void) => EventsOn('library:progress', fn),
  onFileDrop: (fn: (paths: string[]) => void): (() => void) => {
    OnFileDrop((_x, _y, paths) => fn(paths), false)
    return () => OnFileDropOff()
  },
  openURL: (url: string): void => BrowserOpenURL(url),
  onRunEvents: (fn: (batch: RunEvent[]) => void): (() => void) => EventsOn('run:event', fn),
  onLLMProgress: (fn: (p: LLMProgress) => void): (() => void) => EventsOn('llm:progress', fn),
}

export type Api = typeof api
