/**
 * Every processor of an instance follows the same log: woken by the same append, they all ask at
 * once the same question (the events after a position, whether any are held back there). The first
 * asks the database and the others share its answer while it is in flight. Nothing is kept after:
 * a later caller may get another answer.
 */
export class SingleFlight<T> {
  private readonly inFlight = new Map<string, Promise<T>>();

  run(key: string, ask: () => Promise<T>): Promise<T> {
    const shared = this.inFlight.get(key);
    if (shared) return shared;
    const answer = ask().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, answer);
    return answer;
  }
}
