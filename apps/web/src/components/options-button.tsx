import { ActionIcon, Menu } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface OptionItem {
  label: string;
  onClick: () => void;
  icon?: ReactNode;
  color?: string;
}

/** The ⋮ button that opens a row's actions; renders nothing when there are none. */
export function OptionsButton({ label, items }: { label: string; items: OptionItem[] }) {
  if (items.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label}>
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          // A coloured item (red for removing) in shade 9: Mantine's shade 6 on white is 3.3:1, under AA's 4.5:1.
          <Menu.Item
            key={item.label}
            leftSection={item.icon}
            c={item.color ? `${item.color}.9` : undefined}
            onClick={item.onClick}
          >
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
