import { Component, type ComponentChildren } from 'preact';
import { Suspense } from 'preact/compat';
import { nextTask } from './next-task';

/**
 * Taking over the server's markup in parts. A page's sections below the first screen (and
 * the footer) are wrapped in `HydrateLater`: the first hydration leaves their markup on
 * screen as the server sent it, untouched, and each is hydrated afterwards in a task of its
 * own, so no single task holds the main thread for the whole page.
 *
 * How: while `hydrateInParts` runs the first hydration, each `HydrateLater` suspends (Preact
 * keeps a suspended part's server markup during hydration and resumes it, on the same nodes,
 * when its promise settles). Outside it (the server's render, every later render in the
 * browser) it is nothing but its children.
 *
 * What it wraps must render exactly one element at its root (a `<section>`): Preact keeps
 * one node for a part that suspends while hydrating.
 */
export function HydrateLater({ children }: { children: ComponentChildren }) {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}

/** The opening of each part waiting to be hydrated, in page order; null outside the first hydration. */
let waiting: (() => void)[] | null = null;

class Gate extends Component<{ children: ComponentChildren }> {
  /** Set while the part waits (made once, in the first hydration). */
  private wait: Promise<void> | null = null;

  constructor(props: { children: ComponentChildren }) {
    super(props);
    const queue = waiting;
    if (queue) {
      this.wait = new Promise<void>((open) => queue.push(open)).then(() => {
        this.wait = null;
      });
    }
  }

  render() {
    if (this.wait) throw this.wait;
    return <>{this.props.children}</>;
  }
}

/**
 * Runs `hydrate` (the app's first hydration), then hydrates each part it left waiting, one
 * task each, in page order. Resolves once all are.
 */
export async function hydrateInParts(hydrate: () => void): Promise<void> {
  const queue: (() => void)[] = [];
  waiting = queue;
  try {
    hydrate();
  } finally {
    waiting = null;
  }
  for (const open of queue) {
    await nextTask();
    open();
  }
  // The last part's render runs after its opening: one more task and it is done.
  await nextTask();
}
