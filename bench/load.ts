import autocannon from 'autocannon';

export interface Figures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** One autocannon run on loopback, reduced to the figures docs/measured-figures.md records. */
export async function measure(name: string, options: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections: 20, duration: 8, ...options });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export function printTable(rows: readonly Figures[]): void {
  console.log('\n| case | req/s | p50 ms | p99 ms | non-2xx | errors |\n|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(`| ${r.name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} |`);
}
