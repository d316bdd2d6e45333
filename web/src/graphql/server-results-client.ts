import { NetworkStatus, type ApolloClient, type DocumentNode, type OperationVariables } from '@apollo/client';
import { NEVER } from 'rxjs';
import { notifyError } from '../shared/notify-error';
import { UNREACHABLE_MESSAGE } from './graphql-error';
import { operationName, resultKey } from './operation-key';
import { lacksNothing } from './stand-in-guard';

// Stands in for ApolloClient with the results the server rendered the page from, so a first visit runs
// without Apollo Client's core (about 47 KiB gzip); anything else loads the real client (store-client.ts).
// What useQuery calls is no Apollo API: a test fails when @apollo/client changes (decision 017).

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
const WAITING: SnapshotResult = {
  data: undefined,
  dataState: 'empty',
  loading: true,
  networkStatus: NetworkStatus.loading,
  partial: true,
};
const SKIPPED: SnapshotResult = {
  data: undefined,
  dataState: 'empty',
  loading: false,
  networkStatus: NetworkStatus.ready,
  partial: true,
};

/** The key of the query these options watch, as the page's results are keyed; undefined if nameless. */
function keyOf(options: WatchOptions): string | undefined {
  const name = operationName(options.query);
  return name === undefined ? undefined : resultKey(name, options.variables);
}

/** Stands in for ApolloClient until the real one has loaded; see the top of this file. */
export class ServerResultsClient {
  /** Read by useQuery and useMutation (the real client's are empty too). */
  readonly defaultOptions = {};
  /** Where Apollo's hooks look for hook wrappers (wrapHook); the stand-in has none. */
  readonly queryManager = undefined;
  private readonly results = new Map<string, ServerResult>();
  /** The results a hook has read, with its document: what the real client's cache must hold for it. */
  private readonly read = new Map<string, { query: DocumentNode; result: ServerResult }>();
  private reportedLoad: Promise<ApolloClient> | undefined;

  constructor(
    results: readonly ServerResult[],
    private readonly loadClient: () => Promise<ApolloClient>,
    /** Resolves once the hooks are on the real client and have subscribed their observables to it. */
    private readonly handedOver: () => Promise<ApolloClient>,
  ) {
    for (const result of results) this.results.set(resultKey(result.operationName, result.variables), result);
  }

  watchQuery(options: WatchOptions): ServerResultQuery {
    return lacksNothing(new ServerResultQuery(this, options), 'ObservableQuery');
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
    return {
      data: result.data,
      dataState: 'complete',
      loading: false,
      networkStatus: NetworkStatus.ready,
      partial: false,
    };
  }

  /** Writes what the hooks have read into the real client's cache, for them to find when handed over. */
  primeCache(client: ApolloClient): void {
    for (const { query, result } of this.read.values())
      client.writeQuery({ query, variables: result.variables, data: result.data });
  }

  /** Runs `call` on the real client's observable for `options`, once the hooks have moved to it. */
  async onRealQuery<T>(
    options: WatchOptions,
    call: (query: ReturnType<ApolloClient['watchQuery']>) => Promise<T>,
  ): Promise<T | undefined> {
    this.load();
    const client = await this.handedOver();
    const wanted = keyOf(options);
    const match = [...client.getObservableQueries('all')].find(
      (query) => query.queryName !== undefined && resultKey(query.queryName, query.variables) === wanted,
    );
    // None: the component is gone (the shopper left the page), there is nothing left to do it for.
    return match ? call(match) : undefined;
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

  private load(): void {
    // Nobody else tells the shopper that a hook is waiting in vain: the stand-in does, once per attempt
    // (several hooks can wait on the same one), and the next need tries again.
    const attempt = this.loadClient();
    if (attempt === this.reportedLoad) return;
    this.reportedLoad = attempt;
    attempt.catch((error: unknown) =>
      notifyError(new Error(UNREACHABLE_MESSAGE, { cause: error }), 'loading the store client'),
    );
  }
}

/** What useQuery asks of the observable watchQuery returns, answered from the server's results. */
export class ServerResultQuery {
  options: WatchOptions & { initialFetchPolicy: string };
  private result: SnapshotResult;

  constructor(
    private readonly client: ServerResultsClient,
    options: WatchOptions,
  ) {
    // As Apollo's ObservableQuery: a query that starts skipped ('standby') fetches with the default.
    const initialFetchPolicy =
      options.initialFetchPolicy ?? (options.fetchPolicy === 'standby' ? undefined : options.fetchPolicy);
    this.options = { ...options, initialFetchPolicy: initialFetchPolicy ?? 'cache-first' };
    this.result = client.resultFor(this.options);
  }

  get variables(): OperationVariables {
    return this.options.variables ?? {};
  }

  getCurrentResult(): SnapshotResult {
    return this.result;
  }

  /** Never changes on its own: new options come through reobserve, the real client by handover. */
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
