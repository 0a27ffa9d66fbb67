/**
 * A failed chunk load (usually a deploy replaced the files) raises Vite's preload-error event;
 * the app reloads once to fetch the new files, and rethrows if a reload just happened
 * (docs/product.md §8), so the error page shows instead of a reload loop.
 */
export const PRELOAD_ERROR_EVENT = 'vite:preloadError';
const RELOADED_AT_KEY = 'levy-chunk-reloaded-at';
const RELOAD_WINDOW_MS = 10_000;

export type PreloadErrorEvent = Event & { payload?: unknown };

export function installPreloadErrorReload(target: Window = window): () => void {
  const onPreloadError = (event: Event) => {
    const reloadedAt = Number(target.sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (Date.now() - reloadedAt < RELOAD_WINDOW_MS) return;
    event.preventDefault();
    target.sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    target.location.reload();
  };
  target.addEventListener(PRELOAD_ERROR_EVENT, onPreloadError);
  return () => target.removeEventListener(PRELOAD_ERROR_EVENT, onPreloadError);
}

/** Loads a lazy module; on failure raises the preload-error event and rethrows unless it was handled. */
export async function loadChunk<T>(load: () => Promise<T>, target: Window = window): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const event: PreloadErrorEvent = new Event(PRELOAD_ERROR_EVENT, { cancelable: true });
    event.payload = error;
    target.dispatchEvent(event);
    // Handled means the page is reloading: never settle, so nothing renders half-loaded.
    if (event.defaultPrevented) return new Promise<T>(() => undefined);
    throw error;
  }
}
