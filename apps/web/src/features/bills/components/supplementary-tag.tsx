import { Badge } from '@mantine/core';

/** Marks an additional payment for a month already paid or under way, wherever the bill is shown. */
export function SupplementaryTag() {
  return (
    <Badge color="orange" variant="light" size="sm" radius="sm">
      Supplementary
    </Badge>
  );
}
