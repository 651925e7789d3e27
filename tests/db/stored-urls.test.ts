import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toFormErrors } from '@/shared/errors/form-errors';
import { asPostgres } from '../support/clients.ts';
import { stackInfo } from '../support/stack-info.ts';
import { demoMember, type DemoMember } from './roles.ts';

// Every URL a person can store is a web address, checked where it is stored (issue 24, item 1; migration
// 20261202020000_stored_web_urls.sql). A tenant's homepage reaches an <a href> and location.assign on the origin
// that every tenant's staff and customers share: a `javascript:` value there ran script as whoever clicked it.

/**
 * Columns whose name says URL but that hold no address a person stores for a page to follow, each with why.
 * A new entry here is a reviewed decision.
 */
const NOT_STORED_LINKS: Record<string, string> = {
  // The request audit: the path a staff request named ('/rest/v1/cars?id=eq.1'), written by the audit trigger and
  // shown as text on the audit screens, never as a link.
  'public.user_http_requests.url': 'audit record of a request path, shown as text',
};

// A name that says URL: *_url, *_uri, *_link, *_href, url, link, href, homepage, website.
const URL_NAME = `(^|_)(url|uri|link|href|homepage|website)$`;

let db: pg.Client;
let admin: DemoMember;
let homepageBefore: string | null;

beforeAll(async () => {
  db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
  await db.connect();
  // Romania: a tenant whose public pages no other test reads the homepage of.
  admin = await demoMember('romania', 'admin');
  homepageBefore = (
    await db.query<{ url: string | null }>('select brand_homepage_url as url from public.tenants where id = $1', [
      admin.tenantId,
    ])
  ).rows[0].url;
});

afterAll(async () => {
  await db.query('update public.tenants set brand_homepage_url = $2 where id = $1', [admin.tenantId, homepageBefore]);
  await db.end();
});

const homepage = async () =>
  (
    await db.query<{ url: string | null }>('select brand_homepage_url as url from public.tenants where id = $1', [
      admin.tenantId,
    ])
  ).rows[0].url;

describe('stored URLs', () => {
  it('checks every URL column of the schema with app_private.is_web_url', async () => {
    const { rows } = await db.query<{ col: string }>(
      `select format('%s.%s.%s', n.nspname, c.relname, a.attname) as col
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid and c.relkind in ('r', 'p')
       join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in ('public', 'app_private') and a.attnum > 0 and not a.attisdropped
         and a.attname ~ $1
         and not exists (
           select 1 from pg_constraint k
           where k.conrelid = c.oid and k.contype = 'c' and k.convalidated and k.conkey = array[a.attnum]
             and pg_get_constraintdef(k.oid) like '%app_private.is_web_url(' || quote_ident(a.attname) || ')%')
       order by 1`,
      [URL_NAME],
    );
    expect(rows.map((r) => r.col).filter((col) => !(col in NOT_STORED_LINKS))).toEqual([]);
  });

  it('lists only exemptions that still exist', async () => {
    const { rows } = await db.query<{ col: string }>(
      `select format('%s.%s.%s', n.nspname, c.relname, a.attname) as col
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       where format('%s.%s.%s', n.nspname, c.relname, a.attname) = any($1) and not a.attisdropped`,
      [Object.keys(NOT_STORED_LINKS)],
    );
    expect(rows.map((r) => r.col).sort()).toEqual(Object.keys(NOT_STORED_LINKS).sort());
  });

  for (const refused of [
    'javascript:alert(document.domain)',
    'JavaScript:alert(1)',
    ' JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example',
    '/relative',
    'https://',
    'https://example.dk/a b',
    'https://example.dk/\njavascript:alert(1)',
    'https://bank.example@evil.example',
    `https://example.dk/${'a'.repeat(500)}`,
  ]) {
    it(`refuses an admin's PATCH of the homepage to ${JSON.stringify(refused.slice(0, 40))}, naming the field`, async () => {
      const before = await homepage();
      const { error, status } = await admin.client
        .from('tenants')
        .update({ brand_homepage_url: refused })
        .eq('id', admin.tenantId)
        .select('brand_homepage_url');
      expect(status).toBe(400);
      expect(error?.code).toBe('23514');
      // What a tenant settings form would show (the app's error mapping): the field, in words, no SQL.
      expect(toFormErrors(error)).toEqual({
        errors: { brand_homepage_url: ['is invalid'] },
        full_errors: ['Brand homepage url is invalid'],
      });
      expect(await homepage()).toBe(before);
    });
  }

  it("accepts an admin's http(s) homepage and clearing it", async () => {
    for (const accepted of ['https://example.dk', 'http://example.dk/is?kampagne=sommer#top', null]) {
      const { data, error, status } = await admin.client
        .from('tenants')
        .update({ brand_homepage_url: accepted })
        .eq('id', admin.tenantId)
        .select('brand_homepage_url');
      expect(error).toBeNull();
      expect(status).toBe(200);
      expect(data).toEqual([{ brand_homepage_url: accepted }]);
    }
  });

  it('holds for every writer and every URL column, the owner included', async () => {
    for (const statement of [
      `update public.tenants set brand_homepage_url = 'javascript:alert(1)' where slug = 'romania'`,
      `update public.tenants set brand_logo_url = 'data:image/svg+xml,<svg onload=alert(1)>' where slug = 'romania'`,
      `update app_private.sms_settings set public_site_url = 'javascript:alert(1)//'`,
    ]) {
      // In a transaction rolled back, so a database without the check is left as it was.
      const attempt = asPostgres(async (owner) => {
        await owner.query('begin');
        try {
          await owner.query(statement);
        } finally {
          await owner.query('rollback');
        }
      });
      await expect(attempt).rejects.toThrow(/violates check constraint/);
    }
  });
});
