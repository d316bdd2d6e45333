import { createServer } from 'node:net';
import { WebSocket } from 'undici';

// What a process really keeps, as opposed to garbage it has not collected yet: its inspector (started with
// `--inspect=127.0.0.1:<port>`) runs a full collection, then tells the heap's size. Resident memory alone counts
// garbage V8 has not bothered to collect on a machine with plenty of memory.

/** A free loopback port for a child's inspector. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address !== null
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export interface Inspector {
  /** A full collection, then the heap's used bytes plus memory held outside it (buffers), in MiB. */
  retainedMiB(): Promise<number>;
  close(): void;
}

export async function connectInspector(port: number): Promise<Inspector> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{
    webSocketDebuggerUrl: string;
  }>;
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let nextId = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve) => {
      nextId += 1;
      waiting.set(nextId, resolve);
      socket.send(JSON.stringify({ id: nextId, method, params }));
    });
  const evaluate = async (expression: string) =>
    ((await send('Runtime.evaluate', { expression, returnByValue: true })) as { result: { value: number } })
      .result.value;
  return {
    async retainedMiB() {
      await send('HeapProfiler.collectGarbage');
      await send('HeapProfiler.collectGarbage');
      const used = await evaluate(
        '(() => { const m = process.memoryUsage(); return m.heapUsed + m.external; })()',
      );
      return used / 1024 / 1024;
    },
    close: () => socket.close(),
  };
}
