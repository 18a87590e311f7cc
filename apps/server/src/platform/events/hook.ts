/**
 * An extension point that a lower module announces and a higher one fills, so that the call runs downwards in
 * the import graph while the work is done by the module that owns it (orders settle, copy trading records the
 * settlement). The higher module registers its listener when its face (index.ts) is loaded, which the app, the
 * jobs and the command line all do before any request or job runs.
 *
 * A required hook refuses to fire with no listener: work that the owner must do (a copy task, a login record)
 * is never skipped silently because a module was not loaded.
 */
export class Hook<Args extends unknown[], Result = void> {
  readonly #listeners: Array<(...args: Args) => Promise<Result> | Result> = [];

  constructor(
    readonly name: string,
    private readonly options: { required: boolean } = { required: true },
  ) {}

  /** Adds a listener; listeners run in the order they were added. Returns its removal. */
  on(listener: (...args: Args) => Promise<Result> | Result): () => void {
    this.#listeners.push(listener);
    return () => {
      const at = this.#listeners.indexOf(listener);
      if (at >= 0) this.#listeners.splice(at, 1);
    };
  }

  /** Runs every listener in turn, each awaited before the next, and returns their results. */
  async emit(...args: Args): Promise<Result[]> {
    if (this.options.required && this.#listeners.length === 0)
      throw new Error(`no listener for the required hook "${this.name}": load the module that owns it`);
    const results: Result[] = [];
    for (const listener of this.#listeners) results.push(await listener(...args));
    return results;
  }
}
