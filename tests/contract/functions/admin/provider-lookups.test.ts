import { FunctionsHttpError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { demoMember } from '../../../db/roles.ts';
import { client } from '../../../support/clients.ts';

// The lookups of the user form with the local stand-ins (no provider configured for the demo tenants);
// the real HTTP adapters are covered against fake providers in real-providers.test.ts.

async function statusOf(result: { error: unknown }): Promise<number> {
  expect(result.error).toBeInstanceOf(FunctionsHttpError);
  return ((result.error as FunctionsHttpError).context as Response).status;
}

describe('wallmob-users', () => {
  it('finds till users by name for a non-empty q, and nothing for an empty one', async () => {
    const admin = await demoMember('hjem-is', 'admin');
    const lookup = (q: string) =>
      admin.client.functions.invoke<{ id: string; full_name: string }[]>(
        `wallmob-users?tenant=hjem-is&q=${encodeURIComponent(q)}`,
        { method: 'GET' },
      );
    expect((await lookup('dan')).data).toEqual([{ id: 'wm-hjem-1001', full_name: 'Daniel Hjem' }]);
    expect((await lookup('DRIVER')).data?.map((u) => u.full_name)).toEqual([
      'Mads Driver 2',
      'Ole Driver 3',
      'Lars Driver 4',
      'Jonas Driver 5',
    ]);
    expect((await lookup('')).data).toEqual([]);
    expect((await lookup('   ')).data).toEqual([]);
    expect((await lookup('nobody-by-that-name')).data).toEqual([]);

    // Each tenant has its own till users.
    const norway = await demoMember('den-norske-isbilen', 'depo_admin');
    const { data } = await norway.client.functions.invoke('wallmob-users?tenant=den-norske-isbilen&q=dan', {
      method: 'GET',
    });
    expect(data).toEqual([{ id: 'wm-isb-2001', full_name: 'Daniel Den' }]);
  });

  it('is for admins and depo admins of a tenant that uses Wallmob', async () => {
    const path = 'wallmob-users?tenant=hjem-is&q=dan';
    expect(await statusOf(await client().functions.invoke(path, { method: 'GET' }))).toBe(401);
    expect(
      await statusOf(await (await demoMember('hjem-is', 'support')).client.functions.invoke(path, { method: 'GET' })),
    ).toBe(403);
    expect(
      await statusOf(await (await demoMember('romania', 'admin')).client.functions.invoke(path, { method: 'GET' })),
    ).toBe(403);
    expect(
      await statusOf(
        await (
          await demoMember('romania', 'admin')
        ).client.functions.invoke('wallmob-users?tenant=romania&q=dan', { method: 'GET' }),
      ),
    ).toBe(404);
  });
});

describe('lakrids-drivers', () => {
  it('finds drivers by name as { data: [{ driver_number, name }] }', async () => {
    const admin = await demoMember('den-norske-isbilen', 'admin');
    const search = (name: string) =>
      admin.client.functions.invoke(
        `lakrids-drivers?tenant=den-norske-isbilen&driver_name=${encodeURIComponent(name)}`,
        { method: 'GET' },
      );
    expect((await search('nordmann')).data).toEqual({
      data: [
        { driver_number: '4104', name: 'Kari Nordmann' },
        { driver_number: '4105', name: 'Ola Nordmann' },
      ],
    });
    expect((await search('')).data).toEqual({ data: [] });
    const romania = await demoMember('romania', 'depo_admin');
    const { data } = await romania.client.functions.invoke('lakrids-drivers?tenant=romania&driver_name=ioana', {
      method: 'GET',
    });
    expect(data).toEqual({ data: [{ driver_number: '7103', name: 'Ioana Popescu' }] });
  });

  it('is only for tenants with lakrids, and only for admins and depo admins', async () => {
    const hjemIs = await demoMember('hjem-is', 'admin');
    expect(
      await statusOf(
        await hjemIs.client.functions.invoke('lakrids-drivers?tenant=hjem-is&driver_name=dan', { method: 'GET' }),
      ),
    ).toBe(404);
    const driver = await demoMember('den-norske-isbilen', 'driver');
    expect(
      await statusOf(
        await driver.client.functions.invoke('lakrids-drivers?tenant=den-norske-isbilen&driver_name=dan', {
          method: 'GET',
        }),
      ),
    ).toBe(403);
    expect(
      await statusOf(
        await hjemIs.client.functions.invoke('lakrids-drivers?tenant=den-norske-isbilen&driver_name=dan', {
          method: 'GET',
        }),
      ),
    ).toBe(403);
  });
});
