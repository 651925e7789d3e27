import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/shared/config/parse-env.ts';

const ORIGIN = 'http://127.0.0.1:57321';

describe('parseEnv', () => {
  it('talks to the page origin when no Supabase URL is built in', () => {
    expect(parseEnv({ VITE_SUPABASE_ANON_KEY: 'anon' }, ORIGIN)).toEqual({
      supabaseUrl: ORIGIN,
      supabaseAnonKey: 'anon',
    });
  });

  it('treats an empty Supabase URL as unset', () => {
    expect(parseEnv({ VITE_SUPABASE_URL: '', VITE_SUPABASE_ANON_KEY: 'anon' }, ORIGIN).supabaseUrl).toBe(ORIGIN);
  });

  it('uses a configured Supabase URL without its trailing slash', () => {
    const env = parseEnv({ VITE_SUPABASE_URL: 'https://api.example.com/', VITE_SUPABASE_ANON_KEY: 'anon' }, ORIGIN);
    expect(env.supabaseUrl).toBe('https://api.example.com');
  });

  it('rejects a build without the anon key', () => {
    expect(() => parseEnv({}, ORIGIN)).toThrow(/VITE_SUPABASE_ANON_KEY/);
    expect(() => parseEnv({ VITE_SUPABASE_ANON_KEY: '' }, ORIGIN)).toThrow(/VITE_SUPABASE_ANON_KEY must be set/);
  });

  it('rejects a Supabase URL that is not http(s)', () => {
    expect(() => parseEnv({ VITE_SUPABASE_URL: 'ftp://example.com', VITE_SUPABASE_ANON_KEY: 'anon' }, ORIGIN)).toThrow(
      /VITE_SUPABASE_URL/,
    );
  });
});
