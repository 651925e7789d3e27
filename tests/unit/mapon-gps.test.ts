import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TrackedCar } from '../../edge-functions/_shared/providers/gps.ts';
import { maponGps } from '../../edge-functions/_shared/providers/mapon-gps.ts';
import { ProviderError } from '../../edge-functions/_shared/providers/provider-error.ts';

// The MapOn adapter against a fake MapOn on loopback: GET /api/v1/unit/list.json?key=… answering units with
// their last location; HTTP errors, MapOn error bodies, timeouts and units with bad data.

type Answer = { status?: number; body?: unknown; raw?: string; hang?: boolean };
let answer: Answer = {};
const requests: URL[] = [];
let server: http.Server;
let baseUrl = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    if (answer.hang) return; // never answers: the adapter's timeout must end the wait
    if (url.pathname !== '/api/v1/unit/list.json') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
    res.end(answer.raw ?? JSON.stringify(answer.body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  answer = {};
  requests.length = 0;
});

const NOW = new Date('2026-06-01T10:00:00Z');
const car = (carId: number, unit: string | null, latestAt: string | null = null): TrackedCar => ({
  tenantId: 'tenant-1',
  carId,
  depoId: 3,
  maponUnitId: unit,
  latestAt: latestAt ? new Date(latestAt) : null,
  trip: null,
});
// A short time limit for the fake that never answers; a generous one otherwise (a loaded CI machine is slow).
const provider = (timeoutMs = 5_000) => maponGps({ baseUrl, apiKey: 'mapon-key', timeoutMs });

describe('MapOn GPS adapter', () => {
  it('lists the units with the API key and turns each car’s unit into a fix', async () => {
    answer.body = {
      data: {
        units: [
          {
            unit_id: 100001,
            label: 'HJ-001',
            lat: 56.1629,
            lng: 10.2039,
            speed: 42,
            direction: 370,
            last_update: '2026-06-01T09:59:55Z',
          },
          {
            unit_id: 100002,
            lat: 55.6761,
            lng: 12.5683,
            speed: null,
            direction: 90,
            last_update: '2026-06-01T09:58:00Z',
          },
          { unit_id: 999999, lat: 1, lng: 1, last_update: '2026-06-01T09:59:00Z' },
        ],
      },
    };
    const reading = await provider().locate([car(1, '100001'), car(2, '100002'), car(3, null)], NOW);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.searchParams.get('key')).toBe('mapon-key');
    expect(reading.problems).toEqual([]);
    expect(reading.fixes).toEqual([
      {
        tenantId: 'tenant-1',
        carId: 1,
        depoId: 3,
        recordedAt: new Date('2026-06-01T09:59:55Z'),
        lat: 56.1629,
        lng: 10.2039,
        speedKmh: 42,
        heading: 10,
      },
      {
        tenantId: 'tenant-1',
        carId: 2,
        depoId: 3,
        recordedAt: new Date('2026-06-01T09:58:00Z'),
        lat: 55.6761,
        lng: 12.5683,
        speedKmh: null,
        heading: 90,
      },
    ]);
  });

  it('a unit that reports no location, an impossible one or no time, and an unknown unit: problems, no fixes', async () => {
    answer.body = {
      data: {
        units: [
          { unit_id: 1, last_update: '2026-06-01T09:59:55Z' },
          { unit_id: 2, lat: 'x', lng: 10, last_update: '2026-06-01T09:59:55Z' },
          { unit_id: 3, lat: 95, lng: 10, last_update: '2026-06-01T09:59:55Z' },
          { unit_id: 4, lat: 56, lng: 10 },
          { unit_id: 5, lat: 56, lng: 10, last_update: '2026-06-01T11:00:00Z' },
          { unit_id: 6, lat: 56, lng: 10, last_update: '2026-06-01T09:59:55Z' },
        ],
      },
    };
    const cars = [car(1, '1'), car(2, '2'), car(3, '3'), car(4, '4'), car(5, '5'), car(7, '7'), car(6, '6')];
    const reading = await provider().locate(cars, NOW);
    expect(reading.fixes.map((f) => f.carId)).toEqual([6]);
    expect(reading.problems).toEqual([
      { carId: 1, reason: 'MapOn unit 1 reports no location' },
      { carId: 2, reason: 'MapOn unit 2 reports no location' },
      { carId: 3, reason: 'MapOn unit 3 reports an impossible location (95, 10)' },
      { carId: 4, reason: 'MapOn unit 4 reports no time for its location' },
      { carId: 5, reason: 'MapOn unit 5 reports a location from the future (2026-06-01T11:00:00Z)' },
      { carId: 7, reason: 'MapOn unit 7 is not in the account' },
    ]);
  });

  it('a fix no newer than the car’s latest location is not reported again', async () => {
    answer.body = { data: { units: [{ unit_id: 1, lat: 56, lng: 10, last_update: '2026-06-01T09:59:55Z' }] } };
    const reading = await provider().locate([car(1, '1', '2026-06-01T09:59:55Z')], NOW);
    expect(reading).toEqual({ fixes: [], problems: [] });
  });

  it.each<[string, Answer, RegExp]>([
    ['HTTP 500', { status: 500, body: { error: 'boom' } }, /^MapOn: answered 500$/],
    ['HTTP 401', { status: 401, body: {} }, /^MapOn: answered 401$/],
    [
      'an error body',
      { body: { error: { code: 3, msg: 'Invalid API key' } } },
      /^MapOn: answered error 3 Invalid API key$/,
    ],
    ['no units list', { body: { data: {} } }, /^MapOn: answered without a units list$/],
    ['not JSON', { raw: '<html>maintenance</html>' }, /^MapOn: answered with something that is not JSON$/],
    ['no answer in time', { hang: true }, /^MapOn: request failed/],
  ])('%s: a ProviderError with a clear message, no fixes', async (_name, failing, message) => {
    answer = failing;
    const started = Date.now();
    const error = await provider(failing.hang ? 500 : 5_000)
      .locate([car(1, '1')], NOW)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(message);
    expect(Date.now() - started).toBeLessThan(failing.hang ? 4_000 : 6_000);
  });
});
