// One dispatcher run: housekeeping, due receivers into the outbox, then claim → hand over → record until the
// outbox has nothing left this dispatcher may take. Any number may run at once (claims skip locked rows), and
// one may die at any point: a claim it never handed over is taken over when its lease ends, one it handed over
// becomes `unknown` and is never sent again.
import type { OutboxMessage, OutboxStore, SendResult } from './outbox-store.ts';

export interface RemoteSmsProvider {
  readonly name: string;
  /** One answer per message; must not throw (a failure is an outcome). */
  send(messages: OutboxMessage[]): Promise<SendResult[]>;
}

/** The local provider is the outbox itself. */
export const LOCAL_OUTBOX_PROVIDER = 'local' as const;
export type SmsProviderChoice = RemoteSmsProvider | typeof LOCAL_OUTBOX_PROVIDER;

export interface DispatchOptions {
  store: OutboxStore;
  /** The provider for a tenant's messages. */
  providerFor(tenantId: string): SmsProviderChoice | Promise<SmsProviderChoice>;
  token?: string;
  batchSize?: number;
  /** Stops after this many claim rounds (a run started by cron must end). */
  maxRounds?: number;
  /** Test and bench hook: called after each claim, before anything is handed over. */
  afterClaim?(claimed: OutboxMessage[]): Promise<void> | void;
}

export interface DispatchReport {
  enqueued: number;
  claimed: number;
  sent: number;
  failed: number;
  unknown: number;
}

export async function dispatchOnce(options: DispatchOptions): Promise<DispatchReport> {
  const { store } = options;
  const token = options.token ?? crypto.randomUUID();
  const batchSize = options.batchSize ?? 200;
  const report: DispatchReport = { enqueued: 0, claimed: 0, sent: 0, failed: 0, unknown: 0 };

  await store.expireClaims();
  report.enqueued += await store.enqueueDue(batchSize * 5);
  report.enqueued += await store.enqueueRenotify(batchSize * 5);

  for (let round = 0; round < (options.maxRounds ?? 100); round++) {
    const claimed = await store.claim(token, batchSize);
    if (claimed.length === 0) break;
    report.claimed += claimed.length;
    await options.afterClaim?.(claimed);

    const byProvider = new Map<SmsProviderChoice, OutboxMessage[]>();
    for (const message of claimed) {
      const provider = await options.providerFor(message.tenant_id);
      byProvider.set(provider, [...(byProvider.get(provider) ?? []), message]);
    }
    for (const [provider, messages] of byProvider) {
      if (provider === LOCAL_OUTBOX_PROVIDER) {
        report.sent += await store.sendLocally(
          token,
          messages.map((m) => m.id),
        );
        continue;
      }
      // The hand-over is recorded first; a row not returned was taken over by another dispatcher.
      const mine = new Set(
        await store.markSubmitted(
          token,
          messages.map((m) => m.id),
        ),
      );
      const results = await provider.send(messages.filter((m) => mine.has(m.id)));
      await store.recordResults(token, results);
      for (const result of results) report[result.outcome] += 1;
    }
  }
  return report;
}
