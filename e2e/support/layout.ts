import { expect, type Locator, type Page } from '@playwright/test';

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

/** Columns a table may never drop on a phone: what a row costs and where it stands. */
const KEY_COLUMN = /^(total|amount|status|tax payable)\b/i;

/**
 * The screen as a phone shows it, failing on anything off to the side: the top bar's
 * actions (the alerts bell, the profile menu) lie within the screen; the page does not scroll
 * sideways; every open menu, popover, list of options, dialog and toast lies within the screen;
 * every table on show fits the box it would scroll in (a row too wide becomes a card), with its
 * key columns (amount, total, status) on show; and nothing is cut off at the side of the card,
 * dialog or control around it.
 */
export async function expectPhoneLayout(page: Page): Promise<void> {
  await expect(page.getByRole('banner').getByRole('button', { name: 'Open profile menu' })).toBeVisible();
  // Whatever is still sliding in or out is not where it will stay.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
  const problems = await page.evaluate((keyColumnSource) => {
    const keyColumn = new RegExp(keyColumnSource, 'i');
    const found: string[] = [];
    const width = window.innerWidth;
    const height = window.innerHeight;
    const shown = (element: Element) =>
      element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
    const name = (element: Element) => {
      const words = (element.getAttribute('aria-label') ?? element.textContent ?? '')
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 60);
      const role = element.getAttribute('role');
      return `${element.tagName.toLowerCase()}${role ? `[role=${role}]` : ''}${words ? ` “${words}”` : `.${Array.from(element.classList).join('.')}`}`;
    };
    // Layout is in fractions of a pixel: half a pixel over is rounding, not off the screen.
    const within = (element: Element, what: string, vertically: boolean) => {
      const box = element.getBoundingClientRect();
      if (box.left < -0.5 || box.right > width + 0.5)
        found.push(
          `${what} ${name(element)} runs off the screen sideways (${Math.round(box.left)}–${Math.round(box.right)} of ${width} px)`,
        );
      if (vertically && (box.top < -0.5 || box.bottom > height + 0.5))
        found.push(
          `${what} ${name(element)} runs off the screen (${Math.round(box.top)}–${Math.round(box.bottom)} of ${height} px high)`,
        );
    };

    const banner = document.querySelector('header');
    if (!banner) found.push('no top bar');
    for (const action of Array.from(banner?.querySelectorAll('button, a[href]') ?? []))
      if (shown(action)) within(action, 'top bar action', true);

    const page = document.documentElement;
    if (page.scrollWidth > page.clientWidth)
      found.push(`the page scrolls sideways (${page.scrollWidth} px wide on a ${page.clientWidth} px screen)`);

    const floating = document.querySelectorAll(
      '[role="menu"], [role="listbox"], [role="tooltip"], .mantine-Popover-dropdown, .mantine-Combobox-dropdown',
    );
    for (const element of Array.from(floating)) if (shown(element)) within(element, 'open menu', true);
    // Dialogs may be taller than the screen (they scroll), never wider.
    for (const element of Array.from(document.querySelectorAll('[role="dialog"], [role="alert"]')))
      if (shown(element)) within(element, element.getAttribute('role') === 'alert' ? 'toast' : 'dialog', false);

    for (const table of Array.from(document.querySelectorAll('table'))) {
      if (!shown(table)) continue;
      const label = table.getAttribute('aria-label') ?? table.querySelector('th')?.textContent ?? 'a table';
      let box = table.parentElement;
      while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
      const room = (box ?? page).clientWidth;
      if (table.getBoundingClientRect().width >= room + 1)
        found.push(
          `table “${label}” is wider than its box (${Math.round(table.getBoundingClientRect().width)} px in ${room} px): it scrolls sideways`,
        );
      // A key column may lose its header on a phone (its cells then go under the row's others, as
      // on a card), never its cells: the first row's cell under it shows.
      const firstRow = table.tBodies[0]?.rows[0];
      Array.from(table.tHead?.rows[0]?.cells ?? []).forEach((header, index) => {
        const text = (header.textContent ?? '').trim();
        const cell = firstRow?.cells[index];
        if (keyColumn.test(text) && cell && !shown(cell)) found.push(`table “${label}” hides its key column “${text}”`);
      });
    }

    // Nothing is cut off at the side of a box that hides what overflows it (a card, a dialog, a
    // control), as a label wider than its dialog would be; what scrolls sideways in a box is the
    // tables' check above. Only the outermost element cut off is named.
    const cut = new Map<Element, Element>();
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (!(element instanceof HTMLElement) || !shown(element)) continue;
      // What a reader could miss: words, or a control (an empty part of a widget, such as a switch's sliding label, is neither).
      if (!element.textContent?.trim() && !element.matches('a, button, input, select, textarea')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0) continue;
      for (let frame = element.parentElement; frame && frame !== document.body; frame = frame.parentElement) {
        const overflow = getComputedStyle(frame).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') break;
        if (overflow === 'hidden' || overflow === 'clip') {
          const edge = frame.getBoundingClientRect();
          // A box of a pixel hides its content on purpose: it is for screen readers only.
          if (edge.width > 1 && (box.left < edge.left - 1 || box.right > edge.right + 1)) cut.set(element, frame);
          break;
        }
      }
    }
    for (const [element, frame] of cut) {
      let outer = element.parentElement;
      while (outer && !cut.has(outer)) outer = outer.parentElement;
      if (!outer) found.push(`${name(element)} is cut off at the side of ${name(frame)}`);
    }
    return found;
  }, KEY_COLUMN.source);
  // Soft: the journey goes on, so one run lists the problems of every screen it shows.
  expect.soft(problems, `the phone layout of ${page.url()}`).toEqual([]);
}

/** The element shows within the screen's width: further down the page perhaps, never off to the side. */
export async function expectWithinScreenWidth(element: Locator): Promise<void> {
  await expect(element).toBeVisible();
  const [box, width] = await Promise.all([element.boundingBox(), element.evaluate(() => window.innerWidth)]);
  expect(box, 'the element has a box on the screen').toBeTruthy();
  expect(box!.x, `${await element.textContent()} starts off the screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${await element.textContent()} runs off the screen`).toBeLessThanOrEqual(width + 0.5);
}

/**
 * The element is in sight and within reach: no toast lies over any part of it, and a click at its
 * centre reaches it (nothing else is on top there).
 */
export async function expectUncovered(element: Locator): Promise<void> {
  await expect(element).toBeVisible();
  const covers = await element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    // Toasts are the alerts outside any dialog; they let clicks through, so only their boxes tell.
    const toasts = Array.from(document.querySelectorAll('[role="alert"]')).filter(
      (toast) => !toast.closest('[role="dialog"]'),
    );
    const over = toasts.find((toast) => {
      const edge = toast.getBoundingClientRect();
      return (
        edge.width > 0 &&
        edge.left < box.right &&
        edge.right > box.left &&
        edge.top < box.bottom &&
        edge.bottom > box.top
      );
    });
    if (over) return `a toast, “${(over.textContent ?? '').trim().slice(0, 80)}”`;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit && node.contains(hit)
      ? null
      : (hit?.closest('[role]')?.textContent ?? hit?.textContent ?? 'nothing').trim().slice(0, 80);
  });
  expect(covers, `${await element.getAttribute('aria-label')} is covered`).toBeNull();
}
