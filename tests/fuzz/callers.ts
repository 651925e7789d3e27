import { stackInfo } from '../support/stack-info.ts';

export type CallerName = 'anon' | 'admin' | 'depo_admin' | 'support' | 'driver' | 'service_role';

export interface Caller {
  name: CallerName;
  apiKey: string;
  /** The bearer token: the key itself, or a staff member's access token. */
  token: string;
}

const LOGIN_PREFIX = { admin: 'admin', depo_admin: 'depo-admin', support: 'support', driver: 'driver' } as const;

/** The home tenant whose staff call: every other tenant's rows must stay as they were whatever they send. */
export const HOME_TENANT = 'hjem-is';

async function staffToken(role: keyof typeof LOGIN_PREFIX): Promise<string> {
  const info = stackInfo();
  const response = await fetch(`${info.apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: info.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${LOGIN_PREFIX[role]}@${HOME_TENANT}.test`, password: info.demoPassword }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in as ${role} failed: ${response.status}`);
  return body.access_token;
}

/** Anon, the four staff roles of the home tenant and the service role, as the API sees them. */
export async function allCallers(): Promise<Caller[]> {
  const info = stackInfo();
  const staff = await Promise.all(
    (['admin', 'depo_admin', 'support', 'driver'] as const).map(async (name) => ({
      name,
      apiKey: info.anonKey,
      token: await staffToken(name),
    })),
  );
  return [
    { name: 'anon', apiKey: info.anonKey, token: info.anonKey },
    ...staff,
    { name: 'service_role', apiKey: info.serviceRoleKey, token: info.serviceRoleKey },
  ];
}
