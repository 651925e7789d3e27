import type { IncomingMessage } from 'node:http';

/**
 * Reads an upstream answer whole when it ends within `limit` bytes (`whole` gets the body); past that, stops
 * reading and hands over what came so far (`overflow` pipes the rest on). A failed answer calls `error`.
 */
export function readUpTo(
  answer: IncomingMessage,
  limit: number,
  on: { whole: (body: Buffer) => void; overflow: (early: Buffer[]) => void; error: () => void },
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const collect = (chunk: Buffer): void => {
    chunks.push(chunk);
    size += chunk.length;
    if (size <= limit) return;
    answer.off('data', collect);
    answer.off('end', settle);
    on.overflow(chunks);
  };
  const settle = (): void => on.whole(Buffer.concat(chunks));
  answer.on('data', collect);
  answer.on('end', settle);
  answer.on('error', on.error);
}
