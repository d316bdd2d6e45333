import { closeWithin } from '../../lib/close-within.js';
import { loadBffConfig } from './config.js';
import { buildBff } from './server.js';

const config = loadBffConfig();
const { app } = await buildBff(config);
const address = await app.listen({ host: config.BFF_HOST, port: config.BFF_PORT });
// One line the start script and the tests read to find the port.
console.log(`Store BFF listening at ${address}`);

let closing = false;
function shutdown(): void {
  if (closing) return;
  closing = true;
  void closeWithin(app).finally(() => process.exit(0));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, shutdown);
if (config.EXIT_WITH_PARENT) {
  // A parent killed with -9 cannot stop its children; re-parenting is how the orphan finds out.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) shutdown();
  }, 1000).unref();
}
