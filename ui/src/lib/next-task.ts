/**
 * Runs `work` in a task of its own, after the current one. The first load's work (taking over
 * the server's markup, then the effects that follow it) is split so, so no one task holds the
 * main thread long: a tap in between is answered sooner, and Lighthouse counts each task
 * over 50 ms as blocking time.
 */
export function inTaskOfItsOwn(work: () => void): void {
  setTimeout(work, 0);
}

/** Resolves in the next task: `await nextTask()` ends the current one first. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => inTaskOfItsOwn(resolve));
}
