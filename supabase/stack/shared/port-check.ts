import net from 'node:net';

/** Fails with a message a person can act on when another program already listens on a port the stack needs. */
export async function assertPortFree(port: number, what: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new Error(
            `Port ${port} (${what}) is already in use: another stack or program is running there. ` +
              `Stop it, or start on other ports with STACK_PORT=<port> (the stack uses that port and the next three).`,
          ),
        );
      } else reject(error);
    });
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}
