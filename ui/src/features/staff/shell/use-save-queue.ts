import { useRef } from 'preact/hooks';

/**
 * One save at a time for an editor that saves by hand and by itself (a story, a page): each
 * save runs after every save queued before it, so it names the revision the last one
 * answered, and two tabs still meet the conflict answer while one tab never meets itself.
 */
export function useSaveQueue() {
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  /** Runs `save` after every save queued before it. */
  return <T>(save: () => Promise<T>): Promise<T> => {
    const next = queue.current.then(save, save);
    queue.current = next.catch(() => {});
    return next;
  };
}
