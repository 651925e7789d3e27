import WebSocket from 'ws';
import { RealtimeChannel, type ChannelHost } from './channel.ts';
import type { RealtimeContext } from './context.ts';
import {
  decodeBinary,
  decodeText,
  encodeMessage,
  encodeReply,
  TextFrame,
  type InboundFrame,
  type Vsn,
  type WireFrame,
} from './serializer.ts';

/** Phoenix closes sockets that stay silent this long; clients heartbeat every 25 s. */
const IDLE_TIMEOUT_MS = 120_000;
/** A client this far behind on reading is dropped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;

/** One websocket: routes frames to its channels, as Phoenix.Socket does. */
export class SocketSession implements ChannelHost {
  private readonly channels = new Map<string, RealtimeChannel>();
  /** Per-topic work queues: a topic's frames are handled in order, topics independently. */
  private readonly queues = new Map<string, Promise<void>>();
  private readonly joining = new Set<string>();
  private idleTimer: NodeJS.Timeout;
  private open = true;
  /** Bytes of presence this socket's channels hold, against the per-socket budget. */
  presenceBytes = 0;

  constructor(
    private readonly ws: WebSocket,
    private readonly context: RealtimeContext,
    readonly vsn: Vsn,
    readonly socketToken: string,
    readonly headers: Record<string, string>,
    private readonly onClosed: (session: SocketSession) => void,
  ) {
    this.idleTimer = this.startIdleTimer();
    ws.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    ws.on('close', () => this.onClose());
    ws.on('error', (error) => context.log('websocket error', error));
  }

  isOpen(): boolean {
    return this.open && this.ws.readyState === WebSocket.OPEN;
  }

  send(frame: WireFrame): void {
    if (!this.isOpen()) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.terminate();
      return;
    }
    if (frame instanceof TextFrame) this.ws.send(frame.bytes, { binary: false });
    else this.ws.send(frame);
  }

  forget(channel: RealtimeChannel): void {
    if (this.channels.get(channel.joinTopic) === channel) this.channels.delete(channel.joinTopic);
  }

  /** Server shutdown: close the socket; channels are released by the close handler. */
  terminate(): void {
    this.ws.close(1001, 'server shutting down');
  }

  private startIdleTimer(): NodeJS.Timeout {
    const timer = setTimeout(() => this.ws.terminate(), IDLE_TIMEOUT_MS);
    timer.unref();
    return timer;
  }

  private onMessage(data: WebSocket.RawData, isBinary: boolean): void {
    this.idleTimer.refresh();
    const buffer = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    // Garbage (bad JSON, unknown shapes, unknown binary kinds) is ignored; the socket stays usable.
    const frame = isBinary ? decodeBinary(buffer) : decodeText(this.vsn, buffer.toString('utf8'));
    if (frame) this.route(frame);
  }

  /**
   * Access of `userId` may have changed (the database said so): their private channels re-check read
   * access, in order with the frames of each topic. Without a user, every private channel re-checks.
   */
  recheckAccess(userId?: string): void {
    for (const channel of this.channels.values()) {
      if (channel.isPrivateFor(userId)) this.enqueue(channel.joinTopic, () => channel.recheckAccess());
    }
  }

  private route(frame: InboundFrame): void {
    if (frame.invalid !== undefined) {
      // Answered, never handled: nothing downstream sees a payload it cannot walk safely.
      this.send(encodeReply(this.vsn, frame.joinRef, frame.ref, frame.topic, 'error', { reason: frame.invalid }));
      return;
    }
    if (frame.topic === 'phoenix' && frame.event === 'heartbeat') {
      this.send(encodeReply(this.vsn, null, frame.ref, 'phoenix', 'ok', {}));
      return;
    }
    if (frame.event === 'phx_join') {
      if (!frame.topic.startsWith('realtime:')) {
        this.replyUnmatched(frame);
        return;
      }
      this.enqueue(frame.topic, () => this.join(frame));
      return;
    }
    this.enqueue(frame.topic, () => {
      const channel = this.channels.get(frame.topic);
      if (!channel) {
        // Phoenix acknowledges a leave of a topic it does not know; anything else is unmatched.
        if (frame.event === 'phx_leave')
          this.send(encodeReply(this.vsn, frame.joinRef, frame.ref, frame.topic, 'ok', {}));
        else this.replyUnmatched(frame);
        return;
      }
      // Frames addressed to an earlier join of this topic are stale: Phoenix drops them.
      if (frame.joinRef !== null && frame.joinRef !== channel.joinRef) return;
      return channel.handle(frame);
    });
  }

  private async join(frame: InboundFrame): Promise<void> {
    const existing = this.channels.get(frame.topic);
    if (existing) {
      // A second join of a joined topic replaces the first, which the client hears closing.
      this.send(encodeMessage(this.vsn, existing.joinRef, existing.joinRef, frame.topic, 'phx_close', {}));
      existing.close();
    }
    const others = this.channels.size + [...this.joining].filter((topic) => topic !== frame.topic).length;
    const channel = new RealtimeChannel(this, this.context, frame.topic, frame.joinRef);
    this.joining.add(frame.topic);
    try {
      const joined = await channel.join(frame, others);
      if (joined && this.open) this.channels.set(frame.topic, channel);
      else channel.close();
    } finally {
      this.joining.delete(frame.topic);
    }
  }

  private replyUnmatched(frame: InboundFrame): void {
    this.send(encodeReply(this.vsn, null, frame.ref, frame.topic, 'error', { reason: 'unmatched topic' }));
  }

  /** Runs a topic's work after the work already queued for it; synchronous work runs at once. */
  private enqueue(topic: string, task: () => void | Promise<void>): void {
    const pending = this.queues.get(topic);
    if (!pending) {
      try {
        const result = task();
        if (result instanceof Promise) this.trackQueue(topic, result);
      } catch (error) {
        this.context.log(`error handling a frame on ${topic}`, error);
      }
      return;
    }
    this.trackQueue(topic, pending.then(task));
  }

  private trackQueue(topic: string, work: Promise<void>): void {
    const guarded = work.catch((error: unknown) => this.context.log(`error handling a frame on ${topic}`, error));
    this.queues.set(topic, guarded);
    void guarded.then(() => {
      if (this.queues.get(topic) === guarded) this.queues.delete(topic);
    });
  }

  private onClose(): void {
    if (!this.open) return;
    this.open = false;
    clearTimeout(this.idleTimer);
    for (const channel of [...this.channels.values()]) channel.close();
    this.channels.clear();
    this.onClosed(this);
  }
}
