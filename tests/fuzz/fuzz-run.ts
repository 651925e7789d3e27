import fc from 'fast-check';
import type pg from 'pg';
import { stackInfo } from '../support/stack-info.ts';
import { HOME_TENANT, type Caller, type CallerName } from './callers.ts';
import type { FuzzRequest } from './requests.ts';
import { changedTables, takeSnapshot } from './row-snapshot.ts';

/** One fuzzed endpoint: the callers that attack it and the requests they send. */
export interface Endpoint {
  label: string;
  callers: Caller[];
  request: fc.Arbitrary<FuzzRequest>;
  /**
   * Whether what it reaches is bound to the caller's tenant. A public endpoint is not: whoever holds a stop's or a
   * customer's uuid (the SMS link) may unsubscribe or give feedback, so a staff member of another tenant may too.
   */
  tenantBound: boolean;
}

export interface Finding {
  endpoint: string;
  caller: CallerName | 'all';
  problem: string;
  request?: string;
}

export interface FuzzFigures {
  seed: number;
  runsPerEndpoint: number;
  endpoints: number;
  runs: number;
  answers5xx: number;
  noAnswer: number;
  refusedWithoutJson: number;
  rowsChangedByRefusedCalls: number;
  otherTenantsRowsChanged: number;
  findings: Finding[];
  statuses: Record<string, number>;
  /** The ten endpoints that took longest, in seconds (calls and snapshots). */
  slowest: Array<[string, number]>;
}

interface Sent {
  caller: Caller;
  request: FuzzRequest;
  refused: boolean;
}

const STAFF: CallerName[] = ['admin', 'depo_admin', 'support', 'driver'];
const ANSWER_TIMEOUT_MS = 60_000;

function describe(request: FuzzRequest): string {
  const body =
    request.body === undefined
      ? ''
      : ` ${request.contentType ?? ''} ${request.body.length > 300 ? `${request.body.slice(0, 300)}… (${request.body.length} chars)` : request.body}`;
  const path =
    request.path.length > 300 ? `${request.path.slice(0, 300)}… (${request.path.length} chars)` : request.path;
  return `${request.method} ${path}${body}`;
}

export interface Answer {
  status: number;
  text: string;
}

export async function send(caller: Caller, request: FuzzRequest): Promise<Answer> {
  const headers: Record<string, string> = { apikey: caller.apiKey, authorization: `Bearer ${caller.token}` };
  if (request.contentType) headers['content-type'] = request.contentType;
  const response = await fetch(`${stackInfo().apiUrl}${request.path}`, {
    method: request.method,
    headers,
    body: request.body,
    signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
  });
  return { status: response.status, text: await response.text() };
}

/** What is wrong with an answer, if anything: a 5xx, or a refusal that is not a JSON error a client can read. */
export function answerProblem(request: FuzzRequest, answer: Answer): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 300)}`;
  if (answer.status >= 400 && request.method !== 'HEAD') {
    try {
      const body: unknown = JSON.parse(answer.text);
      if (body === null || typeof body !== 'object')
        return `refused ${answer.status} without a JSON error: ${answer.text.slice(0, 200)}`;
    } catch {
      return `refused ${answer.status} without a JSON error: ${answer.text.slice(0, 200)}`;
    }
  }
  return undefined;
}

/**
 * Sends `runsPerEndpoint` generated requests to every endpoint (each from one of its callers, drawn by the
 * generator) and checks every answer; around each endpoint it takes a row snapshot of every table per tenant, so a
 * refused call that changed rows, or a home-tenant staff call that changed another tenant's rows, is found.
 */
export async function fuzzEndpoints(
  db: pg.Client,
  endpoints: Endpoint[],
  options: { seed: number; runsPerEndpoint: number; homeTenantId: string },
): Promise<FuzzFigures> {
  const figures: FuzzFigures = {
    seed: options.seed,
    runsPerEndpoint: options.runsPerEndpoint,
    endpoints: endpoints.length,
    runs: 0,
    answers5xx: 0,
    noAnswer: 0,
    refusedWithoutJson: 0,
    rowsChangedByRefusedCalls: 0,
    otherTenantsRowsChanged: 0,
    findings: [],
    statuses: {},
    slowest: [],
  };
  const took: Array<[string, number]> = [];
  let before = await takeSnapshot(db);
  for (const [index, endpoint] of endpoints.entries()) {
    const sent: Sent[] = [];
    const started = Date.now();
    const arbitrary = fc.tuple(fc.constantFrom(...endpoint.callers), endpoint.request);
    await fc.assert(
      fc.asyncProperty(arbitrary, async ([caller, request]) => {
        figures.runs += 1;
        let answer: Answer;
        try {
          answer = await send(caller, request);
        } catch (error) {
          figures.noAnswer += 1;
          figures.findings.push({
            endpoint: endpoint.label,
            caller: caller.name,
            problem: `no answer: ${(error as Error).message}`,
            request: describe(request),
          });
          return;
        }
        const statusClass = `${String(answer.status)[0]}xx`;
        figures.statuses[statusClass] = (figures.statuses[statusClass] ?? 0) + 1;
        const problem = answerProblem(request, answer);
        if (problem) {
          if (answer.status >= 500) figures.answers5xx += 1;
          else figures.refusedWithoutJson += 1;
          figures.findings.push({ endpoint: endpoint.label, caller: caller.name, problem, request: describe(request) });
        }
        sent.push({ caller, request, refused: answer.status >= 400 });
      }),
      // Each endpoint its own stream of the one seed, so adding an endpoint does not change the others' inputs.
      { seed: options.seed + index, numRuns: options.runsPerEndpoint, endOnFailure: true },
    );
    const after = await takeSnapshot(db);
    const replayed = await checkRows(db, endpoint, sent, before, after, options.homeTenantId, figures);
    // Nothing else writes while cron is paused: this endpoint's after is the next one's before, unless a replay wrote.
    before = replayed ? await takeSnapshot(db) : after;
    took.push([endpoint.label, (Date.now() - started) / 1000]);
  }
  figures.slowest = took.sort((a, b) => b[1] - a[1]).slice(0, 10);
  return figures;
}

async function replay(db: pg.Client, calls: Sent[]): Promise<string[]> {
  const before = await takeSnapshot(db);
  for (const call of calls) await send(call.caller, call.request).catch(() => undefined);
  return changedTables(before, await takeSnapshot(db));
}

function otherTenants(keys: string[], homeTenantId: string): string[] {
  return keys.filter((key) => !key.endsWith(`tenant=${homeTenantId}`) && !key.endsWith('tenant=-'));
}

async function checkRows(
  db: pg.Client,
  endpoint: Endpoint,
  sent: Sent[],
  before: Map<string, string>,
  after: Map<string, string>,
  homeTenantId: string,
  figures: FuzzFigures,
): Promise<boolean> {
  const changed = changedTables(before, after);
  if (changed.length === 0) return false;
  const accepted = sent.filter((call) => !call.refused);
  const refused = sent.filter((call) => call.refused);
  // Accepted calls may change rows; the refused ones alone, sent again, must not.
  const byRefused = accepted.length === 0 ? changed : await replay(db, refused);
  if (byRefused.length > 0) {
    figures.rowsChangedByRefusedCalls += 1;
    figures.findings.push({
      endpoint: endpoint.label,
      caller: 'all',
      problem: `refused calls changed rows: ${byRefused.join(', ')}`,
    });
  }
  // A home-tenant staff member's calls, accepted or not, never touch another tenant's rows.
  const staffAccepted = accepted.filter((call) => STAFF.includes(call.caller.name));
  const foreign = otherTenants(changed, homeTenantId);
  if (!endpoint.tenantBound || foreign.length === 0 || staffAccepted.length === 0) return accepted.length > 0;
  const othersAccepted = accepted.length > staffAccepted.length;
  const byStaff = othersAccepted ? otherTenants(await replay(db, staffAccepted), homeTenantId) : foreign;
  if (byStaff.length > 0) {
    figures.otherTenantsRowsChanged += 1;
    figures.findings.push({
      endpoint: endpoint.label,
      caller: 'all',
      problem: `${HOME_TENANT} staff changed other tenants' rows: ${byStaff.join(', ')}`,
    });
  }
  return true;
}
