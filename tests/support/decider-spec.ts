/**
 * The one way a decider is tested (after Emmett's DeciderSpecification): given the events a stream holds, when a
 * command is decided, then these events, nothing, or this refusal. The state is folded from the events with the
 * decider's own evolve, as the command handler folds a stream, so a test says what the stream holds, not how it got
 * there.
 *
 *   spec(orderDecider).given(placed, shipped).when(cancel).then(cancelled);
 *   spec(orderDecider).given(placed, delivered).when(toPending).thenRefuses("lifecycle.deliveredStays", { status: "pending" });
 */
import { expect } from "vitest";
import type { Decider } from "../../domain/events/decider";
import { isRuleViolation, type RefusalValues } from "../../domain/errors";
import { LANGUAGES } from "../../domain/i18n";
import { wordsRefusal } from "../../app/i18n/refusals.server";

type AnyEvent = { type: string; data: unknown };

export interface Refused {
  key: string;
  values: RefusalValues;
  status: number;
}

export interface When<State, Event extends AnyEvent> {
  /** The events decided, exactly. */
  then(expected: readonly Event[]): void;
  /** The command changes nothing: no event. */
  thenNothing(): void;
  /**
   * The command is refused with `key` (and these values and status, when given), and every language words the
   * refusal: an owner never reads a raw key.
   */
  thenRefuses(key: string, values?: RefusalValues, status?: number): Refused;
  /** The refusal, to look at more closely (its words, its values); fails the test when the command is decided. */
  refused(): Refused;
  /** The events decided, to look at more closely; fails the test when the command is refused. */
  events(): Event[];
  /** The state after the events decided. */
  state(): State;
}

export interface Given<State, Command, Event extends AnyEvent> {
  when(command: Command): When<State, Event>;
  /** The state the given events fold to. */
  state(): State;
}

export interface Spec<State, Command, Event extends AnyEvent> {
  given(...events: (Event | readonly Event[])[]): Given<State, Command, Event>;
}

/** The refusal `decide` throws; fails the test when it decides instead. */
export function refusalOf(decide: () => unknown): Refused {
  try {
    decide();
  } catch (err) {
    if (isRuleViolation(err)) return { key: err.key, values: err.values, status: err.status };
    throw err;
  }
  throw new Error("expected a refusal, but the command was decided");
}

export function spec<State, Command, Event extends AnyEvent>(decider: Decider<State, Command, Event>): Spec<State, Command, Event> {
  return {
    given(...given) {
      const history = given.flat() as Event[];
      const folded = () => history.reduce(decider.evolve, decider.initialState());
      return {
        state: folded,
        when(command) {
          const decide = () => decider.decide(command, folded());
          return {
            then(expected) {
              expect(decide()).toEqual(expected);
            },
            thenNothing() {
              expect(decide()).toEqual([]);
            },
            thenRefuses(key, values, status) {
              const refused = refusalOf(decide);
              expect(refused.key).toBe(key);
              if (values !== undefined) expect(refused.values).toEqual(values);
              if (status !== undefined) expect(refused.status).toBe(status);
              for (const lang of LANGUAGES) expect(wordsRefusal(lang, key), `${lang} words refusals:${key}`).toBe(true);
              return refused;
            },
            refused() {
              const refused = refusalOf(decide);
              for (const lang of LANGUAGES) expect(wordsRefusal(lang, refused.key), `${lang} words refusals:${refused.key}`).toBe(true);
              return refused;
            },
            events: decide,
            state() {
              return decide().reduce(decider.evolve, folded());
            },
          };
        },
      };
    },
  };
}
