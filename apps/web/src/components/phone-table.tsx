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

/**
 * For a table whose rows are too wide for a phone even without their secondary columns: on a
 * phone each row takes two lines, the cell marked `data-phone-line="below"` (a status, a form
 * field) going under the others across the row.
 */
export const ROWS_IN_TWO_LINES = classes.rowsInTwoLines;
