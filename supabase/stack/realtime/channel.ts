import { randomUUID } from 'node:crypto';
import type { AuthorizationContext, Extension, Policies } from './authorize-private.ts';
import { MAX_CHANNELS_PER_SOCKET, type RealtimeContext } from './context.ts';
import { parseJoinPayload, type JoinRequest } from './join-payload.ts';
import {
  CLIENT_PRESENCE_MAX_CALLS,
  CLIENT_PRESENCE_RATE_LIMITED,
  CLIENT_PRESENCE_WINDOW_MS,
  MAX_PAYLOAD_BYTES,
  MAX_PRESENCE_BYTES_PER_SOCKET,
  PAYLOAD_SIZE_EXCEEDED,
  TRACK_TOO_LARGE,
  WindowCounter,
} from './limits.ts';
import { secondsToExpiry, type RealtimeClaims } from './jwt.ts';
import type { PostgresChangesBinding, PostgresChangesSubscriber } from './postgres-changes/postgres-changes.ts';
import type { PresenceDiff } from './presence.ts';
import { readReplay } from './replay.ts';
import {
  encodeMessage,
  encodeReply,
  encodeUserBroadcast,
  isJsonObject,
  type InboundFrame,
  type JsonObject,
  type UserBroadcast,
  type Vsn,
  type WireFrame,
} from './serializer.ts';
import { SharedFrame, topicKey, type Subscriber } from './topic-hub.ts';

/** What a channel needs from the websocket it lives on. */
export interface ChannelHost {
  readonly vsn: Vsn;
  /** The token the socket connected with (its apikey); joins without access_token use it. */
  readonly socketToken: string;
  readonly headers: Record<string, string>;
  /** Bytes of presence the socket's channels hold (its per-socket budget); channels keep it current. */
  presenceBytes: number;
  isOpen(): boolean;
  send(frame: WireFrame): void;
  /** The channel closed itself (leave or shutdown): the socket forgets it. */
  forget(channel: RealtimeChannel): void;
}

const CONFIRM_TOKEN_INTERVAL_MS = 5 * 60 * 1000;
const REPLICATION_READY_TIMEOUT_MS = 10_000;
const UNREACHABLE_DB = 'Realtime was unable to connect to the project database';

/** One joined `realtime:<name>` topic on one socket: the Phoenix channel of hosted Realtime. */
export class RealtimeChannel implements Subscriber, PostgresChangesSubscriber {
  readonly vsn: Vsn;
  readonly subTopic: string;
  private request!: JoinRequest;
  private key = '';
  private accessToken = '';
  claims!: RealtimeClaims;
  private policies: Policies = {};
  private presenceKey = '';
  private presenceRef: string | undefined;
  private presencePayloadJson: string | undefined;
  /** Bytes of the entry this channel tracks (0 when none). */
  private presenceBytes = 0;
  private presenceEnabled = false;
  private readonly presenceCalls = new WindowCounter(CLIENT_PRESENCE_MAX_CALLS, CLIENT_PRESENCE_WINDOW_MS);
  bindings: PostgresChangesBinding[] = [];
  private confirmTimer: NodeJS.Timeout | undefined;
  private joined = false;
  private closed = false;

  constructor(
    private readonly host: ChannelHost,
    private readonly context: RealtimeContext,
    readonly joinTopic: string,
    readonly joinRef: string | null,
  ) {
    this.vsn = host.vsn;
    this.subTopic = joinTopic.slice('realtime:'.length);
  }

  // ---- Subscriber (fan-out) ------------------------------------------------------------------

  receivesBroadcast(): boolean {
    return !this.request.isPrivate || this.policies.broadcastRead === true;
  }

  receivesPresence(): boolean {
    return !this.request.isPrivate || this.policies.presenceRead === true;
  }

  deliver(frame: WireFrame): void {
    if (!this.closed) this.host.send(frame);
  }

  /** A joined private channel of this user (any user's when `userId` is undefined). */
  isPrivateFor(userId: string | undefined): boolean {
    return (
      this.joined && !this.closed && this.request.isPrivate && (userId === undefined || this.claims.sub === userId)
    );
  }

  // ---- join --------------------------------------------------------------------------------

  /** Runs the join checks in hosted Realtime's order; replies and returns whether it joined. */
  async join(frame: InboundFrame, otherChannels: number): Promise<boolean> {
    this.request = parseJoinPayload(frame.payload);
    const request = this.request;
    const fail = (reason: string): false => {
      this.reply(frame.ref, 'error', { reason });
      return false;
    };

    if (this.subTopic === '') return fail('TopicNameRequired: You must provide a topic name');
    if (otherChannels >= MAX_CHANNELS_PER_SOCKET) return fail('ChannelRateLimitReached: Too many channels');

    const token = request.accessToken;
    this.accessToken = token === undefined || token.startsWith('sb_') ? this.host.socketToken : token;
    const checked = await this.context.verifier.verify(this.accessToken);
    if (!checked.ok) return fail(checked.error.reason);
    this.claims = checked.claims;
    this.presenceEnabled = request.presenceEnabled;

    if (request.isPrivate) {
      const read = await this.authorizeRead(this.policies);
      if (read === 'denied') return fail(this.unauthorizedReason());
      if (read === 'unavailable') return fail(`UnableToConnectToProject: ${UNREACHABLE_DB}`);
    }

    let replayed: UserBroadcast[] = [];
    if (request.replay) {
      if (!request.isPrivate) return fail('UnableToReplayMessages: Replay is not allowed for public channels');
      if (this.policies.broadcastRead === false) return fail(this.unauthorizedReason());
      const result = await readReplay(this.context.pool, this.subTopic, request.replay.since, request.replay.limit);
      if (!result.ok) return fail(result.reason);
      replayed = result.messages;
    }

    // The socket may have gone, or this join been superseded, while the checks ran.
    if (!this.host.isOpen() || this.closed) return false;

    this.key = topicKey(this.subTopic, request.isPrivate);
    this.presenceKey = request.presenceKey === '' ? randomUUID() : request.presenceKey;
    this.bindings = request.postgresChanges.map((params) => ({ params, id: bindingId(params) }));
    this.context.hub.add(this.key, this);
    this.joined = true;
    this.scheduleTokenCheck();

    this.reply(frame.ref, 'ok', { postgres_changes: this.bindings.map(({ params, id }) => ({ ...params, id })) });

    // What hosted Realtime sends itself right after the join reply.
    for (const message of replayed) this.sendUserBroadcast(message);
    if (this.bindings.length > 0) void this.subscribePostgresChanges();
    if (this.presenceEnabled && this.receivesPresence()) {
      this.push('presence_state', this.context.presence.state(this.key));
    }
    if (request.replicationReady) void this.notifyReplicationReady(Date.now() + REPLICATION_READY_TIMEOUT_MS);
    return true;
  }

  // ---- inbound events ------------------------------------------------------------------------

  /** Everything but phx_join, which the socket handles. May return a promise (private checks). */
  handle(frame: InboundFrame): void | Promise<void> {
    if (this.closed) return;
    switch (frame.event) {
      case 'broadcast':
        return this.handleBroadcast(frame);
      case 'presence':
        return this.handlePresence(frame);
      case 'access_token':
        return this.handleAccessToken(frame);
      case 'phx_leave':
        this.reply(frame.ref, 'ok', {});
        this.push('phx_close', {}, this.joinRef);
        this.close();
        return;
      default:
        // Hosted Realtime ignores unknown events on a joined channel.
        return;
    }
  }

  private async handleBroadcast(frame: InboundFrame): Promise<void> {
    if (this.request.isPrivate) {
      if (this.policies.broadcastWrite === undefined && !(await this.authorizeWrite())) return;
      // Without write permission the message is dropped silently: the client sees no ack.
      if (this.policies.broadcastWrite !== true || this.closed) return;
    }
    if (frame.size > MAX_PAYLOAD_BYTES) {
      // Not relayed; only a sender that asked for acks hears why.
      if (this.request.ackBroadcast) this.reply(frame.ref, 'error', PAYLOAD_SIZE_EXCEEDED);
      return;
    }
    // Hosted Realtime drops the metadata of client pushes; only database broadcasts carry meta.
    const message = frame.userBroadcast ? { ...frame.userBroadcast, meta: '' } : undefined;
    let shared: SharedFrame | null;
    if (message) {
      shared = message.encoding === 'json' && !isJsonText(message.body) ? null : userBroadcastFrame(message);
    } else {
      const payload = frame.payload;
      shared = isJsonObject(payload)
        ? new SharedFrame((vsn, topic) => encodeMessage(vsn, null, null, topic, 'broadcast', payload))
        : null;
    }
    if (shared) this.context.hub.broadcast(this.key, shared, this.request.selfBroadcast ? undefined : this);
    if (this.request.ackBroadcast) this.reply(frame.ref, 'ok', {});
  }

  private async handlePresence(frame: InboundFrame): Promise<void> {
    const payload = isJsonObject(frame.payload) ? frame.payload : {};
    if (typeof payload.event !== 'string') {
      this.reply(frame.ref, 'ok', {});
      return;
    }
    // Every presence event counts against the channel's client rate limit, as in hosted Realtime.
    if (!this.presenceCalls.take()) return this.shutdown(CLIENT_PRESENCE_RATE_LIMITED);
    const event = payload.event.toLowerCase();
    if (event === 'untrack') {
      this.untrack();
      this.reply(frame.ref, 'ok', {});
      return;
    }
    if (event !== 'track') {
      this.reply(frame.ref, 'error', {});
      return;
    }
    if (this.request.isPrivate && this.policies.presenceWrite === undefined) {
      // Presence may be switched on by this track: authorise presence read now if the join skipped it.
      if (
        this.policies.presenceRead === undefined &&
        (await this.authorizeRead(this.policies, ['presence'], false)) !== 'ok'
      ) {
        this.reply(frame.ref, 'error', {});
        return;
      }
      if (!(await this.authorizeWrite())) {
        this.reply(frame.ref, 'error', {});
        return;
      }
    }
    if (this.closed) return;
    if (this.request.isPrivate && this.policies.presenceWrite !== true) {
      this.reply(frame.ref, 'error', {});
      return;
    }
    const meta = payload.payload === undefined ? {} : payload.payload;
    if (!isJsonObject(meta)) {
      this.reply(frame.ref, 'error', { reason: 'Presence track payload must be a map' });
      return;
    }
    this.presenceEnabled = true;
    const metaJson = JSON.stringify(meta);
    if (metaJson !== this.presencePayloadJson) {
      const bytes = Buffer.byteLength(metaJson);
      if (!this.presenceFits(bytes)) return this.shutdown(TRACK_TOO_LARGE);
      const { ref, diff } = this.context.presence.track(this.key, this.presenceKey, this.presenceRef, meta, bytes);
      this.presenceRef = ref;
      this.presencePayloadJson = metaJson;
      this.host.presenceBytes += bytes - this.presenceBytes;
      this.presenceBytes = bytes;
      this.fanOutPresenceDiff(diff);
    }
    this.reply(frame.ref, 'ok', {});
  }

  /**
   * A track within every budget: the message (hosted Realtime's payload limit), the socket, the topic
   * and the process. Over any of them, hosted Realtime's reply for an oversized track is given.
   */
  private presenceFits(bytes: number): boolean {
    if (bytes > MAX_PAYLOAD_BYTES) return false;
    if (this.host.presenceBytes - this.presenceBytes + bytes > MAX_PRESENCE_BYTES_PER_SOCKET) return false;
    return this.context.presence.fits(this.key, this.presenceRef, bytes);
  }

  /**
   * The user's access may have changed in the database (membership deactivated, role or depos changed):
   * read access is evaluated again and a channel the user may no longer read is shut down, as a token
   * change that revokes access does. Write access is re-evaluated lazily on the next send or track.
   */
  async recheckAccess(): Promise<void> {
    if (this.closed || !this.joined || !this.request.isPrivate) return;
    const previous = this.policies;
    const read = await this.authorizeRead({});
    if (read === 'denied')
      return this.shutdown(`You do not have permissions to read from this Channel topic: ${this.subTopic}`);
    // Database unreachable: the channel keeps what it had; the next change or token re-checks it.
    if (read === 'ok' && readRevoked(previous, this.policies)) return this.shutdown(this.revokedReason());
  }

  private async handleAccessToken(frame: InboundFrame): Promise<void> {
    const token = isJsonObject(frame.payload) ? frame.payload.access_token : undefined;
    // Publishable/secret keys, an unchanged token and null are ignored, as hosted Realtime does.
    if (typeof token !== 'string' || token.startsWith('sb_') || token === this.accessToken) return;
    this.accessToken = token;

    const checked = await this.context.verifier.verify(token);
    if (!checked.ok) return this.shutdown(checked.error.message);
    this.claims = checked.claims;
    this.scheduleTokenCheck();

    if (this.request.isPrivate) {
      const previous = this.policies;
      // Write permissions are re-evaluated lazily on the next send or track.
      const read = await this.authorizeRead({});
      if (read === 'denied')
        return this.shutdown(`You do not have permissions to read from this Channel topic: ${this.subTopic}`);
      if (read === 'unavailable') return this.shutdown(UNREACHABLE_DB);
      if (readRevoked(previous, this.policies)) return this.shutdown(this.revokedReason());
    }
    if (this.bindings.length > 0) this.context.postgresChanges.update(this);
  }

  // ---- private-channel authorisation ---------------------------------------------------------

  private authorizationContext(): AuthorizationContext {
    return { topic: this.subTopic, claims: this.claims, headers: this.host.headers };
  }

  private revokedReason(): string {
    return `You no longer have permission to read from this Channel topic: ${this.subTopic}`;
  }

  private unauthorizedReason(): string {
    return `Unauthorized: You do not have permissions to read from this Channel topic: ${this.subTopic}`;
  }

  /**
   * Read check (join, token change, first track); broadcast or presence read is enough to join.
   * A policy that raises counts as denied, as in hosted Realtime.
   */
  private async authorizeRead(
    base: Policies,
    only?: Extension[],
    requireRead = true,
  ): Promise<'ok' | 'denied' | 'unavailable'> {
    const extensions: Extension[] = only ?? (this.presenceEnabled ? ['broadcast', 'presence'] : ['broadcast']);
    const result = await this.context.authorizer.read(this.authorizationContext(), extensions, base);
    if (!result.ok) {
      this.context.log(`read authorisation for ${this.subTopic} failed`, result.error);
      return result.kind === 'policy_error' ? 'denied' : 'unavailable';
    }
    this.policies = result.policies;
    if (requireRead && !result.policies.broadcastRead && !result.policies.presenceRead) return 'denied';
    return 'ok';
  }

  /** Write check, once per token: broadcast and presence together. False when it could not run. */
  private async authorizeWrite(): Promise<boolean> {
    const result = await this.context.authorizer.write(
      this.authorizationContext(),
      ['broadcast', 'presence'],
      this.policies,
    );
    if (!result.ok) {
      this.context.log(`write authorisation for ${this.subTopic} failed`, result.error);
      return false;
    }
    this.policies = result.policies;
    return true;
  }

  // ---- token expiry ----------------------------------------------------------------------------

  /** Hosted Realtime re-checks the token every 5 minutes and when it expires. */
  private scheduleTokenCheck(): void {
    clearTimeout(this.confirmTimer);
    const delay = Math.min(CONFIRM_TOKEN_INTERVAL_MS, secondsToExpiry(this.claims) * 1000);
    this.confirmTimer = setTimeout(() => void this.confirmToken(), delay);
    this.confirmTimer.unref();
  }

  private async confirmToken(): Promise<void> {
    if (this.closed) return;
    const checked = await this.context.verifier.verify(this.accessToken);
    if (!checked.ok) return this.shutdown(checked.error.message);
    this.claims = checked.claims;
    this.scheduleTokenCheck();
  }

  // ---- extras after join -----------------------------------------------------------------------

  private async subscribePostgresChanges(): Promise<void> {
    const error = await this.context.postgresChanges.subscribe(this);
    if (this.closed) {
      this.context.postgresChanges.unsubscribe(this);
      return;
    }
    if (error === null) {
      this.systemMessage('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    } else {
      this.systemMessage('postgres_changes', 'error', error);
    }
  }

  private async notifyReplicationReady(deadline: number): Promise<void> {
    while (!this.closed && !this.context.databaseListenerReady()) {
      if (Date.now() >= deadline) return this.shutdown('Replication connection was not established in time');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (!this.closed) this.systemMessage('system', 'ok', 'Replication connection established');
  }

  // ---- outbound helpers ------------------------------------------------------------------------

  private reply(ref: string | null, status: 'ok' | 'error', response: JsonObject | string): void {
    if (this.host.isOpen()) this.host.send(encodeReply(this.vsn, this.joinRef, ref, this.joinTopic, status, response));
  }

  private push(event: string, payload: unknown, ref: string | null = null): void {
    if (this.host.isOpen()) this.host.send(encodeMessage(this.vsn, this.joinRef, ref, this.joinTopic, event, payload));
  }

  private systemMessage(extension: string, status: 'ok' | 'error', message: string): void {
    this.push('system', { extension, status, message, channel: this.subTopic });
  }

  private sendUserBroadcast(message: UserBroadcast): void {
    const frame = encodeUserBroadcast(this.vsn, this.joinTopic, message);
    if (frame !== null) this.host.send(frame);
  }

  private fanOutPresenceDiff(diff: PresenceDiff): void {
    const frame = new SharedFrame((vsn, topic) => encodeMessage(vsn, null, null, topic, 'presence_diff', diff));
    this.context.hub.presenceDiff(this.key, frame);
  }

  private untrack(): void {
    if (this.presenceRef === undefined) return;
    const diff = this.context.presence.untrack(this.key, this.presenceKey, this.presenceRef);
    this.presenceRef = undefined;
    this.presencePayloadJson = undefined;
    this.host.presenceBytes -= this.presenceBytes;
    this.presenceBytes = 0;
    if (diff) this.fanOutPresenceDiff(diff);
  }

  // ---- closing ---------------------------------------------------------------------------------

  /** Server-side stop (expired token, revoked access): tell the client why, then phx_close. */
  private shutdown(message: string): void {
    if (this.closed) return;
    this.systemMessage('system', 'error', message);
    this.push('phx_close', {}, this.joinRef);
    this.close();
  }

  /** Releases everything this channel holds; sends nothing. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.confirmTimer);
    if (this.joined) {
      this.context.hub.remove(this.key, this);
      this.untrack();
      if (this.bindings.length > 0) this.context.postgresChanges.unsubscribe(this);
    }
    this.host.forget(this);
  }
}

/** A read permission the channel had and has no more (hosted Realtime's check_read_permissions_revoked). */
function readRevoked(previous: Policies, current: Policies): boolean {
  return (
    (previous.broadcastRead === true && current.broadcastRead === false) ||
    (previous.presenceRead === true && current.presenceRead === false)
  );
}

function isJsonText(body: Buffer): boolean {
  try {
    JSON.parse(body.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}

function userBroadcastFrame(message: UserBroadcast): SharedFrame {
  return new SharedFrame((vsn, topic) => encodeUserBroadcast(vsn, topic, message));
}

/** Hosted Realtime answers each binding with :erlang.phash2(params): a stable integer per binding. */
function bindingId(params: JsonObject): number {
  const text = JSON.stringify(params, Object.keys(params).sort());
  let hash = 2166136261;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  return (hash >>> 0) % 134217728;
}
