import { expect, type Locator } from '@playwright/test';

/** The element shows all of its text: nothing overflows its box (no clipping, no ellipsis). */
export async function expectNotClipped(element: Locator): Promise<void> {
  const overflow = await element.evaluate((node) => ({ scroll: node.scrollWidth, client: node.clientWidth }));
  expect(overflow.scroll, `${await element.textContent()} overflows its box`).toBeLessThanOrEqual(overflow.client);
}

/** `inner` lies wholly inside `outer` on screen. */
export async function expectInside(inner: Locator, outer: Locator): Promise<void> {
  const [box, frame] = await Promise.all([inner.boundingBox(), outer.boundingBox()]);
  expect(box && frame).toBeTruthy();
  expect(box!.x).toBeGreaterThanOrEqual(frame!.x);
  expect(box!.x + box!.width).toBeLessThanOrEqual(frame!.x + frame!.width);
}

/** The table fits the box it would scroll in (its scroll container, else the page): nothing hides off to the side. */
export async function expectFitsWithoutSidewaysScroll(table: Locator): Promise<void> {
  const widths = await table.evaluate((node) => {
    let box = node.parentElement;
    while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
    return { table: node.getBoundingClientRect().width, box: (box ?? document.documentElement).clientWidth };
  });
  // clientWidth is whole pixels and layout is not: a fraction of a pixel over is rounding, not a scroll.
  expect(widths.table, `${await table.getAttribute('aria-label')} is wider than its box`).toBeLessThan(widths.box + 1);
}
