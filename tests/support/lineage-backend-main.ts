import { startLineageBackend } from './lineage-backend.js';

// Starts the lineage stand-in by hand, so the BFF (API_URL) or the section 7 contract suite (CONTRACT_URL) can
// be pointed at it:  PORT=4100 npx tsx tests/support/lineage-backend-main.ts
// PORT and IMAGES_PORT default to 0 (any free port); PROFILE=true adds GET /api/user/profile.
const backend = await startLineageBackend({
  port: Number(process.env.PORT ?? 0),
  imagesPort: Number(process.env.IMAGES_PORT ?? 0),
  profile: process.env.PROFILE === 'true',
});
console.log(`Lineage stand-in listening at ${backend.url}`);
console.log(`images at ${backend.imagesUrl}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void backend.stop().then(() => process.exit(0));
  });
}
