import { loadBffConfig } from './config.js';
import { buildBff } from './server.js';

const config = loadBffConfig();
const { app } = await buildBff(config);
const address = await app.listen({ host: config.BFF_HOST, port: config.BFF_PORT });
// One line the start script and the tests read to find the port.
console.log(`Store BFF listening at ${address}`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    void app.close().finally(() => process.exit(0));
  });
}
