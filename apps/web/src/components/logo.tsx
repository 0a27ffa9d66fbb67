import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';

/** The Levy mark and word, linking home. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <Group
      gap={8}
      renderRoot={(props) => <Link to="/" {...props} />}
      style={{ textDecoration: 'none', color: 'inherit' }}
      aria-label="Levy home"
    >
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--mantine-color-levy-7)" />
        <path d="M10 8h4v13h8v3H10z" fill="#fff" />
      </svg>
      <Text fw={800} fz={size * 0.72} lh={1} c="levy.9">
        Levy
      </Text>
    </Group>
  );
}
