import {
  CONTROL_PREFIX,
  type CartData,
  type LineageOrder,
  type LineageUser,
  type LoggedRequest,
} from './lineage-backend.js';

// The lineage stand-in's test controls for a test in another process than the stand-in (a vitest worker
// driving a stand-in a global setup or a shell started): each is one `POST /__stand-in/<control>`.

export interface RemoteLineageControls {
  loseNextAnswer(path: string): Promise<void>;
  delayNext(path: string, ms: number): Promise<void>;
  orders(): Promise<LineageOrder[]>;
  ordersOf(email: string): Promise<LineageOrder[]>;
  cartOf(email: string): Promise<CartData | undefined>;
  users(): Promise<LineageUser[]>;
  requests(): Promise<LoggedRequest[]>;
  clearRequests(): Promise<void>;
  reset(): Promise<void>;
}

export function remoteLineageControls(url: string): RemoteLineageControls {
  async function control<T>(name: string, input: Record<string, unknown> = {}): Promise<T> {
    const response = await fetch(new URL(CONTROL_PREFIX + name, url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    const body = (await response.json()) as T & { message?: string };
    if (!response.ok) throw new Error(`Stand-in control ${name} failed: ${body.message ?? response.status}`);
    return body;
  }
  return {
    loseNextAnswer: async (path) => {
      await control('loseNextAnswer', { path });
    },
    delayNext: async (path, ms) => {
      await control('delayNext', { path, ms });
    },
    orders: async () => (await control<{ orders: LineageOrder[] }>('orders')).orders,
    ordersOf: async (email) => (await control<{ orders: LineageOrder[] }>('ordersOf', { email })).orders,
    cartOf: async (email) =>
      (await control<{ cartData: CartData | null }>('cartOf', { email })).cartData ?? undefined,
    users: async () => (await control<{ users: LineageUser[] }>('users')).users,
    requests: async () => (await control<{ requests: LoggedRequest[] }>('requests')).requests,
    clearRequests: async () => {
      await control('clearRequests');
    },
    reset: async () => {
      await control('reset');
    },
  };
}
