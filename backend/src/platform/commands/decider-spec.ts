import { fold, type Decider, type DomainEvent } from './decider.js';

/**
 * Given/when/then for decider specs: `given(events)` is the state those events fold into,
 * `when(events, command)` is what the decider decides in that state (its events, or the error it throws).
 */
export function deciderSpec<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
  const given = (events: readonly Event[]): State => fold(decider, events);
  const when = (events: readonly Event[], command: Command): Event[] => decider.decide(command, given(events));
  return { given, when };
}
