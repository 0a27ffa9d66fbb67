import { afterEach, describe, expect, it, vi } from 'vitest';
import { installPreloadErrorReload, loadChunk, PRELOAD_ERROR_EVENT, type PreloadErrorEvent } from './lazy-page';

describe('failed chunk loads (docs/product.md §8)', () => {
  const uninstalls: Array<() => void> = [];
  afterEach(() => {
    uninstalls.splice(0).forEach((uninstall) => uninstall());
    vi.restoreAllMocks();
  });

  it('passes a loaded module through', async () => {
    await expect(loadChunk(async () => ({ default: 'page' }))).resolves.toEqual({ default: 'page' });
  });

  it('raises the preload-error event with the error and rethrows when nobody handles it', async () => {
    const seen: PreloadErrorEvent[] = [];
    const listener = (event: PreloadErrorEvent) => seen.push(event);
    window.addEventListener(PRELOAD_ERROR_EVENT, listener);
    const failure = new TypeError('Failed to fetch dynamically imported module');
    await expect(loadChunk(() => Promise.reject(failure))).rejects.toBe(failure);
    window.removeEventListener(PRELOAD_ERROR_EVENT, listener);
    expect(seen).toHaveLength(1);
    expect(seen[0].payload).toBe(failure);
  });

  it('reloads once, then lets the error through', async () => {
    const reload = vi.fn();
    const target = {
      sessionStorage,
      location: { reload },
      addEventListener: window.addEventListener.bind(window),
      removeEventListener: window.removeEventListener.bind(window),
      dispatchEvent: window.dispatchEvent.bind(window),
    } as unknown as Window;
    uninstalls.push(installPreloadErrorReload(target));

    const first = loadChunk(() => Promise.reject(new Error('chunk gone')), target);
    await Promise.resolve();
    await Promise.resolve();
    expect(reload).toHaveBeenCalledTimes(1);

    await expect(loadChunk(() => Promise.reject(new Error('still gone')), target)).rejects.toThrow('still gone');
    expect(reload).toHaveBeenCalledTimes(1);
    void first;
  });
});
