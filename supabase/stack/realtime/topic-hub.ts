import { TextFrame, type Vsn, type WireFrame } from './serializer.ts';

/** One joined channel, as the fan-out sees it. */
export interface Subscriber {
  readonly vsn: Vsn;
  /** `realtime:<name>`: every subscriber of a topic key shares it, so a frame fits them all. */
  readonly joinTopic: string;
  receivesBroadcast(): boolean;
  receivesPresence(): boolean;
  deliver(frame: WireFrame): void;
}

/** Public and private channels of the same name never see each other's messages. */
export function topicKey(subTopic: string, isPrivate: boolean): string {
  return `${isPrivate ? 'private' : 'public'}:${subTopic}`;
}

/**
 * A message encoded at most once per protocol version, however many subscribers get it. Text is
 * turned into bytes once too, so a fan-out to 1,000 sockets does not UTF-8-encode it 1,000 times.
 */
export class SharedFrame {
  private readonly encoded = new Map<Vsn, Buffer | TextFrame | null>();

  constructor(private readonly encode: (vsn: Vsn, joinTopic: string) => string | Buffer | null) {}

  for(subscriber: Subscriber): Buffer | TextFrame | null {
    let frame = this.encoded.get(subscriber.vsn);
    if (frame === undefined) {
      const encoded = this.encode(subscriber.vsn, subscriber.joinTopic);
      frame = typeof encoded === 'string' ? new TextFrame(Buffer.from(encoded, 'utf8')) : encoded;
      this.encoded.set(subscriber.vsn, frame);
    }
    return frame;
  }
}

export class TopicHub {
  private readonly topics = new Map<string, Set<Subscriber>>();

  add(key: string, subscriber: Subscriber): void {
    let subscribers = this.topics.get(key);
    if (!subscribers) {
      subscribers = new Set();
      this.topics.set(key, subscribers);
    }
    subscribers.add(subscriber);
  }

  remove(key: string, subscriber: Subscriber): void {
    const subscribers = this.topics.get(key);
    if (!subscribers) return;
    subscribers.delete(subscriber);
    if (subscribers.size === 0) this.topics.delete(key);
  }

  /** Sends a broadcast to every reader of the topic, except `sender` (when self is off). */
  broadcast(key: string, frame: SharedFrame, sender?: Subscriber): number {
    return this.fanOut(key, frame, sender, (subscriber) => subscriber.receivesBroadcast());
  }

  presenceDiff(key: string, frame: SharedFrame): number {
    return this.fanOut(key, frame, undefined, (subscriber) => subscriber.receivesPresence());
  }

  private fanOut(
    key: string,
    frame: SharedFrame,
    sender: Subscriber | undefined,
    accepts: (s: Subscriber) => boolean,
  ): number {
    const subscribers = this.topics.get(key);
    if (!subscribers) return 0;
    let delivered = 0;
    for (const subscriber of subscribers) {
      if (subscriber === sender || !accepts(subscriber)) continue;
      const encoded = frame.for(subscriber);
      if (encoded === null) continue;
      subscriber.deliver(encoded);
      delivered += 1;
    }
    return delivered;
  }
}
