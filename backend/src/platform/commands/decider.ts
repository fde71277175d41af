/** An event as a decider sees it: plain typed data, no storage details. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/**
 * Pure domain logic of one stream. `decide` never reads the clock or makes ids: they come in with
 * the command. It throws a DomainError when the command is not allowed in the state.
 */
// Function-typed properties, not methods: deciders hold no `this`, so evolve can go straight to reduce().
export interface Decider<State, Command, Event extends DomainEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}

export function fold<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}
