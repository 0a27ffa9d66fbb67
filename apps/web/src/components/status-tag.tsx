import { Badge } from '@mantine/core';
import { statusLabel, statusTone, TONE_COLOURS } from './status-tone';

export function StatusTag({ status }: { status: string }) {
  const tone = statusTone(status);
  return (
    <Badge color={TONE_COLOURS[tone]} variant="light" radius="sm" data-tone={tone}>
      {statusLabel(status)}
    </Badge>
  );
}
