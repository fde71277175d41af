import type { ApplicationHistoryEntry, ApplicationsPerDay, DocumentField, MerchantApplication, PaymentTimelineEntry, StaffHealth, StatusChange } from '@tallyline/contracts';
import simpleRestProvider from 'ra-data-simple-rest';
import type {
  DataProvider,
  GetManyReferenceParams,
  GetManyReferenceResult,
  GetOneParams,
  GetOneResult,
  RaRecord,
  UpdateParams,
  UpdateResult,
} from 'react-admin';
import { localDayStart } from '../shared/localDateTime';
import { fetchBlob, httpClient } from './httpClient';

const API_URL = '/api/admin';

// React-admin resource names are the browser paths (/admin/applications); some API paths differ.
const API_PATHS: Record<string, string> = { applications: 'merchant-applications' };
const apiPath = (resource: string) => API_PATHS[resource] ?? resource;
const applicationUrl = (id: string | number) => `${API_URL}/merchant-applications/${encodeURIComponent(String(id))}`;

/**
 * An application's history is read as `getManyReference('applicationHistory', { target: 'applicationId' })`
 * so react-admin caches it and refreshes it with everything else; entries are keyed by event position.
 */
export const APPLICATION_HISTORY = 'applicationHistory';
export type ApplicationHistoryRecord = ApplicationHistoryEntry & { id: string };

/** A payment's event timeline, as `getManyReference('paymentEvents', { target: 'paymentId' })`; entries keyed by event id. */
export const PAYMENT_EVENTS = 'paymentEvents';

/** The staff dashboard's chart as `getOne('applicationsPerDay', { id: days })`, so react-admin caches it. */
export const APPLICATIONS_PER_DAY = 'applicationsPerDay';
export type ApplicationsPerDayRecord = ApplicationsPerDay & { id: number };

/** The staff view of `GET /api/health` as `getOne('processorHealth', { id: 'now' })`, so a refresh reloads it too. */
export const PROCESSOR_HEALTH = 'processorHealth';
export type StaffHealthRecord = StaffHealth & { id: string };

/** The event types that occurred, as `getOne('eventTypes', { id: 'all' })`, for the event log's type filter. */
export const EVENT_TYPES = 'eventTypes';
export type EventTypesRecord = { id: string; types: string[] };

/** Extra calls beyond CRUD, used through useDataProvider<TallylineDataProvider>(). */
export type TallylineDataProvider = DataProvider & {
  applicationDocument(id: string, field: DocumentField): Promise<Blob>;
  exportStream(streamId: string): Promise<Blob>;
  retryProcessor(name: string): Promise<void>;
};

const rest = simpleRestProvider(API_URL, httpClient);

/**
 * The payments list's Created from/to are the staff member's own calendar days, but the API reads a
 * bare date as a UTC day: filtering "to 20 Nov" in UTC-5 lost that evening's payments. They go as the
 * instants where the local day starts and where it ends (just before the next one starts: `to` is
 * inclusive). The URL keeps the dates the staff member picked.
 */
function withLocalDays(filter: Record<string, unknown>): Record<string, unknown> {
  const from = typeof filter.from === 'string' ? localDayStart(filter.from) : undefined;
  const nextDay = typeof filter.to === 'string' ? localDayStart(filter.to, 1) : undefined;
  return {
    ...filter,
    ...(from && { from: from.toISOString() }),
    ...(nextDay && { to: new Date(nextDay.getTime() - 1).toISOString() }),
  };
}

/** `meta.asOf` (ISO date-time) asks for an application as it stood at that moment. */
// Generic like the DataProvider methods they implement: the caller names the record type it expects.
async function getApplication<R extends RaRecord>(params: GetOneParams): Promise<GetOneResult<R>> {
  const asOf = typeof params.meta?.asOf === 'string' ? `?asOf=${encodeURIComponent(params.meta.asOf)}` : '';
  const { json } = await httpClient(applicationUrl(params.id) + asOf, params.signal ? { signal: params.signal } : {});
  return { data: json as R };
}

/**
 * Staff never edit an application, they only change its status. The version the reviewer saw goes in
 * If-Match, so a decision made on stale data is refused (412) instead of silently overwriting.
 */
async function changeApplicationStatus<R extends RaRecord>(params: UpdateParams): Promise<UpdateResult<R>> {
  const change = params.data as StatusChange;
  const version = (params.previousData as MerchantApplication | undefined)?.version;
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'application/json' });
  if (version !== undefined) headers.set('If-Match', String(version));
  // The answer is the application after the change (read-your-writes), new version included.
  const { json } = await httpClient(`${applicationUrl(params.id)}/status`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ status: change.status, reviewNotes: change.reviewNotes }),
  });
  return { data: json as R };
}

async function getApplicationHistory<R extends RaRecord>(params: GetManyReferenceParams): Promise<GetManyReferenceResult<R>> {
  const { json } = await httpClient(`${applicationUrl(params.id)}/history`, params.signal ? { signal: params.signal } : {});
  const data = (json as ApplicationHistoryEntry[]).map((entry): ApplicationHistoryRecord => ({ ...entry, id: entry.position }));
  return { data: data as unknown as R[], total: data.length };
}

async function getPaymentEvents<R extends RaRecord>(params: GetManyReferenceParams): Promise<GetManyReferenceResult<R>> {
  const url = `${API_URL}/payments/${encodeURIComponent(String(params.id))}/events`;
  const { json } = await httpClient(url, params.signal ? { signal: params.signal } : {});
  const data = json as PaymentTimelineEntry[];
  return { data: data as unknown as R[], total: data.length };
}

async function getApplicationsPerDay<R extends RaRecord>(params: GetOneParams): Promise<GetOneResult<R>> {
  const days = Number(params.id);
  const { json } = await httpClient(`${API_URL}/stats/applications-per-day?days=${days}`, params.signal ? { signal: params.signal } : {});
  const record: ApplicationsPerDayRecord = { ...(json as ApplicationsPerDay), id: days };
  return { data: record as unknown as R };
}

async function getProcessorHealth<R extends RaRecord>(params: GetOneParams): Promise<GetOneResult<R>> {
  const { json } = await httpClient('/api/health', params.signal ? { signal: params.signal } : {});
  const record: StaffHealthRecord = { ...(json as StaffHealth), id: String(params.id) };
  return { data: record as unknown as R };
}

async function getEventTypes<R extends RaRecord>(params: GetOneParams): Promise<GetOneResult<R>> {
  const { json } = await httpClient(`${API_URL}/events/types`, params.signal ? { signal: params.signal } : {});
  const record: EventTypesRecord = { id: String(params.id), types: json as string[] };
  return { data: record as unknown as R };
}

function getOne<R extends RaRecord>(resource: string, params: GetOneParams): Promise<GetOneResult<R>> {
  if (resource === 'applications') return getApplication(params);
  if (resource === APPLICATIONS_PER_DAY) return getApplicationsPerDay(params);
  if (resource === PROCESSOR_HEALTH) return getProcessorHealth(params);
  if (resource === EVENT_TYPES) return getEventTypes(params);
  return rest.getOne<R>(apiPath(resource), params);
}

function getManyReference<R extends RaRecord>(resource: string, params: GetManyReferenceParams): Promise<GetManyReferenceResult<R>> {
  if (resource === APPLICATION_HISTORY) return getApplicationHistory(params);
  if (resource === PAYMENT_EVENTS) return getPaymentEvents(params);
  return rest.getManyReference<R>(apiPath(resource), params);
}

export const dataProvider: TallylineDataProvider = {
  getList: (resource, params) =>
    rest.getList(apiPath(resource), resource === 'payments' ? { ...params, filter: withLocalDays(params.filter) } : params),
  getOne,
  getMany: (resource, params) => rest.getMany(apiPath(resource), params),
  getManyReference,
  update: (resource, params) =>
    resource === 'applications' ? changeApplicationStatus(params) : rest.update(apiPath(resource), params),
  updateMany: (resource, params) => rest.updateMany(apiPath(resource), params),
  create: (resource, params) => rest.create(apiPath(resource), params),
  delete: (resource, params) => rest.delete(apiPath(resource), params),
  deleteMany: (resource, params) => rest.deleteMany(apiPath(resource), params),

  applicationDocument: (id, field) => fetchBlob(`${applicationUrl(id)}/documents/${encodeURIComponent(field)}`),
  exportStream: (streamId) => fetchBlob(`${API_URL}/events/export?stream=${encodeURIComponent(streamId)}`),
  // 202: the instance running it was asked; the outcome shows in the health report.
  retryProcessor: async (name) => {
    await httpClient(`${API_URL}/processors/${encodeURIComponent(name)}/retry`, { method: 'POST' });
  },
};
