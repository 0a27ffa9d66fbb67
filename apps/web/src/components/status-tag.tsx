import { Badge } from '@mantine/core';
import { statusLabel, statusTone, TONE_COLOURS } from './status-tone';

/**
 * A status as a coloured tag. It never shrinks below its words: a badge clips its label with an
 * ellipsis, and a table short of room would otherwise narrow its column until "NOT REQUESTED"
 * reads "NOT REQUES…".
 */
export function StatusTag({ status }: { status: string }) {
  const tone = statusTone(status);
  return (
    <Badge color={TONE_COLOURS[tone]} variant="light" radius="sm" data-tone={tone} miw="max-content">
      {statusLabel(status)}
    </Badge>
  );
}
