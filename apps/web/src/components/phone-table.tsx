import { Table, Text, type TableScrollContainerProps } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './phone-table.module.css';

/*
 * Tables on a phone (below Mantine's `sm`): rather than scroll sideways, a table keeps its main
 * columns. Secondary columns carry `visibleFrom="sm"`, and what they say comes under the row's
 * main cell as `PhoneDetails`.
 */

/** Scrolls sideways from `sm` up when the card is narrower than `minWidth`; on a phone the table fits the card. */
export function PhoneFitScrollContainer(props: TableScrollContainerProps) {
  return <Table.ScrollContainer classNames={{ scrollContainerInner: classes.fitOnPhone }} {...props} />;
}

/** What a row's secondary columns say, as one dimmed line under its main cell, on a phone only. */
export function PhoneDetails({ children }: { children: ReactNode }) {
  return (
    <Text fz="xs" c="dimmed" hiddenFrom="sm">
      {children}
    </Text>
  );
}

/** Names what a cell holds on a phone, where the cell goes under its row and its column's header is not shown. */
export function PhoneLabel({ children }: { children: ReactNode }) {
  return (
    <Text fz="xs" c="dimmed" hiddenFrom="sm">
      {children}
    </Text>
  );
}

/**
 * For a table whose rows are too wide for a phone even without their secondary columns: on a
 * phone each row takes two lines, the cell marked `data-phone-line="below"` (a status, a form
 * field) going under the others across the row.
 */
export const ROWS_IN_TWO_LINES = classes.rowsInTwoLines;

/**
 * For a table whose row is a small record (a bill, a payment, a deadline): on a phone each row is a
 * card, the cell marked `data-phone-line="title"` across the top (with the secondary columns'
 * `PhoneDetails` under it), then the others side by side, the one marked `data-phone-line="end"`
 * (the amount) at the right, and each marked `data-phone-line="below"` on a line of its own under
 * them. The header row stays for screen readers.
 */
export const ROWS_AS_CARDS = classes.rowsAsCards;
