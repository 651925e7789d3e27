import WebSocket from 'ws';

/**
 * A bare Phoenix (vsn 2.0.0, text frames) realtime client: a thousand supabase-js clients would measure
 * supabase-js; this measures the server.
 */
export class PhoenixClient {
  private ref = 0;
  private readonly replies = new Map<string, (payload: { status: string; response: unknown }) => void>();
  private heartbeat: NodeJS.Timeout | undefined;
  onBroadcast: (event: string, payload: Record<string, unknown>, receivedAt: number, topic: string) => void = () => {};
  /** Any other server push (presence_state, presence_diff, phx_error, system...), by event name. */
  onOther: (event: string, topic: string) => void = () => {};
  onClose: () => void = () => {};

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      const [, ref, topic, event, payload] = JSON.parse(String(data)) as [
        string | null,
        string | null,
        string,
        string,
        Record<string, unknown>,
      ];
      if (event === 'phx_reply' && ref) {
        this.replies.get(ref)?.(payload as { status: string; response: unknown });
        this.replies.delete(ref);
      } else if (event === 'broadcast') {
        const message = payload as { event: string; payload: Record<string, unknown> };
        this.onBroadcast(
          message.event,
          message.payload,
          performance.timeOrigin + performance.now(),
          topic.replace(/^realtime:/, ''),
        );
      } else this.onOther(event, topic.replace(/^realtime:/, ''));
    });
    socket.on('close', () => this.onClose());
    this.heartbeat = setInterval(() => this.push('phoenix', 'heartbeat', {}), 20_000);
  }

  static connect(apiUrl: string, apiKey: string): Promise<PhoenixClient> {
    const url = `${apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${apiKey}&vsn=2.0.0`;
    const socket = new WebSocket(url);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new PhoenixClient(socket)));
      socket.once('error', reject);
    });
  }

  push(
    topic: string,
    event: string,
    payload: unknown,
    joinRef: string | null = null,
  ): Promise<{ status: string; response: unknown }> {
    this.ref += 1;
    const ref = String(this.ref);
    const reply = new Promise<{ status: string; response: unknown }>((resolve) => this.replies.set(ref, resolve));
    this.socket.send(JSON.stringify([joinRef, ref, topic, event, payload]));
    return reply;
  }

  async join(
    channel: string,
    options: { private?: boolean; accessToken?: string; presenceKey?: string } = {},
  ): Promise<void> {
    const presence =
      options.presenceKey === undefined ? { key: '', enabled: false } : { key: options.presenceKey, enabled: true };
    const payload = {
      config: {
        broadcast: { ack: false, self: false },
        presence,
        postgres_changes: [],
        private: options.private ?? false,
      },
      ...(options.accessToken ? { access_token: options.accessToken } : {}),
    };
    const reply = await this.push(`realtime:${channel}`, 'phx_join', payload, String(this.ref + 1));
    if (reply.status !== 'ok') throw new Error(`join ${channel} refused: ${JSON.stringify(reply.response)}`);
  }

  /** Fire-and-forget broadcast on a joined channel (no ack, as a busy client would send). */
  broadcast(channel: string, event: string, payload: Record<string, unknown>): void {
    this.ref += 1;
    this.socket.send(
      JSON.stringify([
        null,
        String(this.ref),
        `realtime:${channel}`,
        'broadcast',
        { type: 'broadcast', event, payload },
      ]),
    );
  }

  /** Presence track on a joined channel (as supabase-js's channel.track). */
  async track(channel: string, meta: Record<string, unknown>): Promise<string> {
    const reply = await this.push(`realtime:${channel}`, 'presence', {
      type: 'presence',
      event: 'track',
      payload: meta,
    });
    return reply.status;
  }

  close(): void {
    clearInterval(this.heartbeat);
    this.socket.close();
  }
}

export const now = () => performance.timeOrigin + performance.now();
