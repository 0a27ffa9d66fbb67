/**
 * Product analytics events. There is no analytics backend yet, so events are logged in
 * development and otherwise handed to listeners (tests, a future tracker).
 */
export interface AnalyticsEvent {
  name: string;
  properties?: Record<string, unknown>;
}

type Listener = (event: AnalyticsEvent) => void;

const listeners = new Set<Listener>();

export function onAnalyticsEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function trackEvent(name: string, properties?: Record<string, unknown>): void {
  const event = { name, properties };
  if (import.meta.env.DEV) console.debug('[analytics]', name, properties ?? {});
  for (const listener of listeners) listener(event);
}
