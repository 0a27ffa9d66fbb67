import type { Window as HappyDomWindow } from 'happy-dom';

/** The window happy-dom starts with; its media queries (Mantine's `visibleFrom`, `hiddenFrom`) follow the window's width. */
export const DEFAULT_VIEWPORT = { width: 1024, height: 768 };

/** Lays the page out at this width, as a phone (390) or a desktop (1280) would. */
export function setViewportWidth(width: number): void {
  (window as unknown as HappyDomWindow).happyDOM.setViewport({ width, height: DEFAULT_VIEWPORT.height });
}
