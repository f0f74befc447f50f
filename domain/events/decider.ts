// The shape of every aggregate's rules (Emmett's decide/evolve): pure functions the one
// command handler (eventstore/command-handler.ts) loads, folds and appends around.

type AnyEvent = { type: string; data: unknown };

export interface Decider<State, Command, Event extends AnyEvent> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  /** The events a command leads to; [] when it changes nothing; throws RuleViolation when refused. */
  decide(command: Command, state: State): Event[];
}

/**
 * A stream that may grow long (a shopper's cart over years) carries its whole state every
 * `every` events as one more event; loading reads backwards to the newest one, so the
 * cost of a load does not grow with the stream (decision 093).
 */
export interface Snapshots<State, Event extends AnyEvent> {
  every: number;
  type: Event["type"];
  /** The event that holds the whole state; `evolve` of it must give back `state`. */
  take(state: State): Event;
}
