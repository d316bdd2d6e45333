import { NetworkStatus, type ApolloClient, type DocumentNode, type OperationVariables } from '@apollo/client';
import { NEVER } from 'rxjs';
import { notifyError } from '../shared/notify-error';
import { UNREACHABLE_MESSAGE } from './graphql-error';

// A first visit hydrates without Apollo Client's core (the client, its cache, links and graphql-js: about 47 KiB
// of gzip, a third of the page's JavaScript). The page was rendered by the BFF from a few query results, which
// travel in the HTML (app/server-state.ts); until the real client is needed, Apollo's own hooks read those results
// through this stand-in. Anything it cannot answer (another view, a page fetched in the browser, a mutation, a
// refetch) loads the real client, and the app then hands every hook over to it (store-client.ts): useQuery makes
// a new observable when its client changes, and the real one finds the same results, written into its cache.
// Docs: docs/decisions/017-first-visit-without-the-client.md.

/** One query the server ran to render the page, and its data. */
export interface ServerResult {
  operationName: string;
  variables: OperationVariables;
  data: Record<string, unknown>;
}

/** The part of the watch options useQuery passes that the stand-in reads. */
interface WatchOptions {
  query: DocumentNode;
  variables?: OperationVariables;
  fetchPolicy?: string;
  initialFetchPolicy?: string;
}

/** What ObservableQuery.getCurrentResult() gives, in the three states the stand-in can be in. */
type SnapshotResult = {
  data: Record<string, unknown> | undefined;
  dataState: 'complete' | 'empty';
  loading: boolean;
  networkStatus: NetworkStatus;
  partial: boolean;
};

// The same objects each time, as Apollo's own are: useQuery compares results to decide whether to render.
const WAITING: SnapshotResult = { data: undefined, dataState: 'empty', loading: true, networkStatus: NetworkStatus.loading, partial: true };
const SKIPPED: SnapshotResult = { data: undefined, dataState: 'empty', loading: false, networkStatus: NetworkStatus.ready, partial: true };

export function operationName(query: DocumentNode): string | undefined {
  // The operation is the definition with an `operation` field (the others are fragments and schema parts).
  for (const definition of query.definitions) {
    if ('operation' in definition) return definition.name?.value;
  }
  return undefined;
}

/** JSON with object keys sorted, so equal variables give one key whatever order they were built in. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonical(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  // JSON.stringify(undefined) is undefined, not text.
  return value === undefined ? 'null' : JSON.stringify(value);
}

export function resultKey(name: string, variables: OperationVariables | undefined): string {
  return `${name} ${canonical(variables ?? {})}`;
}

/** The key of the query these options watch, as the page's results are keyed; undefined for a nameless one. */
function keyOf(options: WatchOptions): string | undefined {
  const name = operationName(options.query);
  return name === undefined ? undefined : resultKey(name, options.variables);
}

/** Stands in for ApolloClient until the real one has loaded; see the top of this file. */
export class HydrationClient {
  /** Read by useQuery and useMutation (the real client's are empty too). */
  readonly defaultOptions = {};
  private readonly results = new Map<string, ServerResult>();
  /** The results a hook has read, with its document: what the real client's cache must hold for it. */
  private readonly read = new Map<string, { query: DocumentNode; result: ServerResult }>();
  private reportedLoad: Promise<ApolloClient> | undefined;

  constructor(
    results: readonly ServerResult[],
    private readonly loadClient: () => Promise<ApolloClient>,
    /** Resolves once the hooks have moved to the real client. */
    private readonly handedOver: () => Promise<ApolloClient>,
  ) {
    for (const result of results) this.results.set(resultKey(result.operationName, result.variables), result);
  }

  watchQuery(options: WatchOptions): SnapshotQuery {
    return new SnapshotQuery(this, options);
  }

  /** The result the page was rendered with for these options; a miss sends for the real client. */
  resultFor(options: WatchOptions): SnapshotResult {
    if (options.fetchPolicy === 'standby') return SKIPPED;
    const key = keyOf(options);
    const result = key === undefined ? undefined : this.results.get(key);
    if (key === undefined || result === undefined) {
      this.load();
      return WAITING;
    }
    this.read.set(key, { query: options.query, result });
    return { data: result.data, dataState: 'complete', loading: false, networkStatus: NetworkStatus.ready, partial: false };
  }

  /** Writes what the hooks have read into the real client's cache, so that they find it there when handed over. */
  primeCache(client: ApolloClient): void {
    for (const { query, result } of this.read.values()) client.writeQuery({ query, variables: result.variables, data: result.data });
  }

  /** Runs `call` on the real client's observable for `options`, once the hooks have moved to it. */
  async onRealQuery<T>(options: WatchOptions, call: (query: ReturnType<ApolloClient['watchQuery']>) => Promise<T>): Promise<T | undefined> {
    this.load();
    const client = await this.handedOver();
    const wanted = keyOf(options);
    // The hook subscribes its new observable as it renders after the handover: a frame or two later.
    for (let frame = 0; frame < 120; frame += 1) {
      const match = [...client.getObservableQueries('all')].find(
        (query) => query.queryName !== undefined && resultKey(query.queryName, query.variables) === wanted,
      );
      if (match) return call(match);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    // The component is gone (the shopper left the page): there is nothing left to do it for.
    return undefined;
  }

  // What a hook or a handler asks of the client itself is done by the real one.
  async mutate(...call: Parameters<ApolloClient['mutate']>): Promise<unknown> {
    return (await this.loadClient()).mutate(...call);
  }
  async query(...call: Parameters<ApolloClient['query']>): Promise<unknown> {
    return (await this.loadClient()).query(...call);
  }
  async resetStore(): Promise<unknown> {
    return (await this.loadClient()).resetStore();
  }
  async clearStore(): Promise<unknown> {
    return (await this.loadClient()).clearStore();
  }

  /** The load a hook or a handover waits on. */
  private load(): void {
    // Nobody else tells the shopper that a hook is waiting in vain: the stand-in does, once per attempt (several
    // hooks can wait on the same one), and the next need tries again.
    const attempt = this.loadClient();
    if (attempt === this.reportedLoad) return;
    this.reportedLoad = attempt;
    attempt.catch((error: unknown) => notifyError(new Error(UNREACHABLE_MESSAGE, { cause: error }), 'loading the store client'));
  }
}

/** What useQuery asks of the observable its client's watchQuery returns, answered from the server's results. */
export class SnapshotQuery {
  options: WatchOptions & { initialFetchPolicy: string };
  private result: SnapshotResult;

  constructor(
    private readonly client: HydrationClient,
    options: WatchOptions,
  ) {
    // As Apollo's ObservableQuery: a query that starts skipped ('standby') fetches with the default once asked.
    const initialFetchPolicy = options.initialFetchPolicy ?? (options.fetchPolicy === 'standby' ? undefined : options.fetchPolicy);
    this.options = { ...options, initialFetchPolicy: initialFetchPolicy ?? 'cache-first' };
    this.result = client.resultFor(this.options);
  }

  get variables(): OperationVariables {
    return this.options.variables ?? {};
  }

  getCurrentResult(): SnapshotResult {
    return this.result;
  }

  /** The stand-in never changes on its own: new options come through reobserve, the real client by handover. */
  readonly pipe = NEVER.pipe.bind(NEVER);

  applyOptions(options: WatchOptions): void {
    this.options = { ...this.options, ...options };
    this.result = this.client.resultFor(this.options);
  }

  reobserve(options: WatchOptions): Promise<SnapshotResult> {
    this.applyOptions(options);
    return Promise.resolve(this.result);
  }

  refetch(variables?: OperationVariables): Promise<unknown> {
    return this.client.onRealQuery(this.options, (query) => query.refetch(variables));
  }

  fetchMore(options: Parameters<ReturnType<ApolloClient['watchQuery']>['fetchMore']>[0]): Promise<unknown> {
    return this.client.onRealQuery(this.options, (query) => query.fetchMore(options));
  }

  // useQuery binds these; the store's pages do not use them.
  updateQuery(): never {
    throw new Error('updateQuery needs the store’s client, which has not loaded yet.');
  }
  startPolling(): never {
    throw new Error('Polling needs the store’s client, which has not loaded yet.');
  }
  stopPolling(): void {
    // Nothing polls before the real client.
  }
  subscribeToMore(): () => void {
    throw new Error('subscribeToMore needs the store’s client, which has not loaded yet.');
  }
}
