// The dispatcher's view of the outbox: the service-role SQL functions of migration ..._sms_dispatch.sql,
// reached through any RPC caller (supabase-js in the edge function, in tests and in the bench). This file stays
// free of Deno and npm: imports, so the dispatcher runs in Node too.

export interface OutboxMessage {
  id: number;
  tenant_id: string;
  phone: string;
  text: string;
}

export type SendOutcome = 'sent' | 'failed' | 'unknown';

export interface SendResult {
  id: number;
  outcome: SendOutcome;
  provider: string;
  provider_message_id?: string | null;
  error?: string | null;
}

export interface OutboxStore {
  expireClaims(): Promise<number>;
  enqueueDue(maxRows: number): Promise<number>;
  enqueueRenotify(maxRows: number): Promise<number>;
  claim(token: string, maxRows: number): Promise<OutboxMessage[]>;
  /** The claims still held, now marked as handed to the provider: only these may be sent. */
  markSubmitted(token: string, ids: number[]): Promise<number[]>;
  recordResults(token: string, results: SendResult[]): Promise<number>;
  /** The local provider: hand over and record as sent in one step. */
  sendLocally(token: string, ids: number[]): Promise<number>;
}

export type Rpc = (
  fn: string,
  args: Record<string, unknown>,
) => PromiseLike<{ data: unknown; error: { message: string } | null }>;

async function call(rpc: Rpc, fn: string, args: Record<string, unknown>): Promise<unknown> {
  const { data, error } = await rpc(fn, args);
  if (error) throw new Error(`${fn}: ${error.message}`, { cause: error });
  return data;
}

const asNumber = (value: unknown): number => Number(value ?? 0);

export function rpcOutboxStore(rpc: Rpc): OutboxStore {
  return {
    expireClaims: async () => asNumber(await call(rpc, 'sms_expire_claims', {})),
    enqueueDue: async (maxRows) => asNumber(await call(rpc, 'sms_enqueue_due', { max_rows: maxRows })),
    enqueueRenotify: async (maxRows) => asNumber(await call(rpc, 'sms_enqueue_renotify', { max_rows: maxRows })),
    claim: async (token, maxRows) => {
      const rows = (await call(rpc, 'sms_claim', { token, max_rows: maxRows })) as Array<
        Record<string, unknown>
      > | null;
      return (rows ?? []).map((row) => ({
        id: Number(row.id),
        tenant_id: String(row.tenant_id),
        phone: String(row.phone),
        text: String(row.text),
      }));
    },
    markSubmitted: async (token, ids) => {
      const rows = (await call(rpc, 'sms_mark_submitted', { token, ids })) as unknown[] | null;
      return (rows ?? []).map(Number);
    },
    recordResults: async (token, results) => asNumber(await call(rpc, 'sms_record_results', { token, results })),
    sendLocally: async (token, ids) => asNumber(await call(rpc, 'sms_local_provider_send', { token, ids })),
  };
}
