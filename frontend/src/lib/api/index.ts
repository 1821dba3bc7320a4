// The only module that imports the generated Wails bindings. Views and stores call these
// functions; a Go error rejects the promise and errorMessage() turns it into the user-safe
// text the backend chose.
import * as App from '../../../wailsjs/go/services/AppService'
import * as History from '../../../wailsjs/go/services/HistoryService'
import * as Providers from '../../../wailsjs/go/services/ProviderService'
import * as Settings from '../../../wailsjs/go/services/SettingsService'
import { config, domain, services, store } from '../../../wailsjs/go/models'
import { BrowserOpenURL, EventsOn } from '../../../wailsjs/runtime/runtime'

export type RunSummary = store.RunSummary
export type RunFilter = store.RunFilter
export type RunDetail = services.RunDetail
export type AppStatus = services.AppStatus
export type ProviderStatus = services.ProviderStatus
export type PublicSettings = config.PublicSettings
export type KeyInfo = config.KeyInfo
export type RunEvent = domain.Event
export const EventType = domain.EventType

export function errorMessage(err: unknown): string {
  if (typeof err === 'string') return err
  if (err instanceof Error) return err.message
  return String(err)
}

export const api = {
  status: (): Promise<AppStatus> => App.Status(),
  listRuns: (f: Partial<RunFilter>): Promise<RunSummary[]> => History.List(store.RunFilter.createFrom(f)),
  getRun: (id: string): Promise<RunDetail> => History.Get(id),
  deleteRun: (id: string): Promise<void> => History.Delete(id),
  providers: (): Promise<ProviderStatus[]> => Providers.List(),
  settings: (): Promise<PublicSettings> => Settings.Get(),
  settingKeys: (): Promise<KeyInfo[]> => Settings.Keys(),
  settingValues: (): Promise<Record<string, string>> => Settings.Values(),
  setSetting: (key: string, value: string) => Settings.Set(key, value),
  deleteSecret: (name: string): Promise<PublicSettings> => Settings.DeleteSecret(name),
  setLastView: (view: string): Promise<void> => Settings.SetLastView(view),
  openURL: (url: string): void => BrowserOpenURL(url),
  onRunEvents: (fn: (batch: RunEvent[]) => void): (() => void) => EventsOn('run:event', fn),
}
