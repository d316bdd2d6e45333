// Test paths generated from a machine's graph: one to every reachable state, and one through every transition.
import {
  initialTransition,
  transition,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
import {
  getAdjacencyMap,
  getShortestPaths,
  getStateNodes,
  serializeSnapshot,
  type TraversalOptions,
} from 'xstate/graph';

export interface ModelPath<TEvent> {
  /** Readable event sequence, used as the test name. */
  name: string;
  events: TEvent[];
}

/**
 * A machine's own events plus those its actors and timers raise (`xstate.done.actor.<id>`, `xstate.after.<delay>.<id>`…),
 * which the test produces for real (settling a promise, advancing the clock).
 */
type Options<TMachine extends AnyStateMachine, TEvent extends EventObject> = TraversalOptions<
  ReturnType<TMachine['transition']>,
  TEvent,
  InputFrom<TMachine>
>;

// The graph and transition functions are typed for the machine's declared events; at run time they take any event,
// and actor and timer events are exactly what the machine receives when those settle.
type LooseOptions = TraversalOptions<AnyMachineSnapshot, AnyEventObject, unknown>;

/**
 * The shortest path to each state, extended by each event it accepts: together they reach every state and take every
 * transition. `options.serializeState` tells states apart; abstract the context when it can grow without bound.
 */
export function transitionCoveringPaths<
  TMachine extends AnyStateMachine,
  TEvent extends EventObject = EventFromLogic<TMachine>,
>(machine: TMachine, options: Options<TMachine, TEvent>): Array<ModelPath<TEvent>> {
  const serialize = options.serializeState ?? serializeSnapshot;
  // getAdjacencyMap's generics do not line up with a generic machine type; the events it returns are the
  // ones `options` produced, so reading them back as TEvent is sound.
  const adjacency = getAdjacencyMap(machine as AnyStateMachine, options as LooseOptions);
  const paths: Array<ModelPath<TEvent>> = [];
  for (const statePath of getShortestPaths(machine as AnyStateMachine, options as LooseOptions)) {
    const prefix = statePath.steps.map((step) => step.event as TEvent);
    const key = serialize(
      statePath.state as ReturnType<TMachine['transition']>,
      undefined,
      undefined,
    ) as keyof typeof adjacency;
    const outgoing = Object.values(adjacency[key]?.transitions ?? {});
    if (outgoing.length === 0) paths.push(namedPath(prefix));
    for (const { event } of outgoing) paths.push(namedPath([...prefix, event as TEvent]));
  }
  return paths;
}

function namedPath<TEvent extends { type: string }>(events: TEvent[]): ModelPath<TEvent> {
  const name = events.length === 0 ? '(initial state)' : events.map((event) => event.type).join(' → ');
  return { name, events };
}

/** What the machine itself predicts for an event sequence, computed purely (no actors run, no actions executed). */
export function predictedSnapshot<TMachine extends AnyStateMachine>(
  machine: TMachine,
  input: InputFrom<TMachine>,
  events: ReadonlyArray<EventObject>,
): SnapshotFrom<TMachine> {
  let [snapshot] = initialTransition(machine, input);
  for (const event of events) [snapshot] = transition(machine, snapshot, event as EventFromLogic<TMachine>);
  return snapshot;
}

/** Ids of every state node of the machine, e.g. `cart.signedIn.waiting`. */
export function allStateNodeIds(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root).map((node) => node.id);
}

/** Ids of the state nodes active in a state value. */
export function activeStateNodeIds(machineId: string, value: StateValue): string[] {
  if (typeof value === 'string') return [`${machineId}.${value}`];
  return Object.entries(value).flatMap(([key, child]) => [
    `${machineId}.${key}`,
    ...(child === undefined ? [] : activeStateNodeIds(`${machineId}.${key}`, child)),
  ]);
}
