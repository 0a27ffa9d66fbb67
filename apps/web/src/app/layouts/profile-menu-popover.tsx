import { Anchor, Divider, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { UserAvatar } from '../../components/user-avatar';
import { useSignOut } from '../../api/session-api';
import { fullName } from '../../lib/format';
import { useSessionStore } from '../../lib/session-store';

/**
 * Profile popover: initial avatar, name, email, Profile, Organisation, Help Center, Sign Out. Loaded
 * when the avatar is first pressed (profile-menu.tsx), so it opens at once.
 */
export function ProfileMenuPopover() {
  const [opened, setOpened] = useState(true);
  const user = useSessionStore((state) => state.user);
  const signOut = useSignOut();
  const name = user ? fullName(user) : '';
  const close = () => setOpened(false);

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={260} shadow="md" trapFocus>
      <Popover.Target>
        <UnstyledButton
          onClick={() => setOpened((open) => !open)}
          aria-label="Open profile menu"
          aria-expanded={opened}
        >
          <UserAvatar name={user?.first_name} email={user?.email} />
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown p="md">
        <Stack gap="xs">
          <div>
            <Text fw={700}>{name}</Text>
            <Text fz="sm" c="dimmed">
              {user?.email}
            </Text>
          </div>
          <Divider />
          <Anchor component={Link} to="/settings/profile" onClick={close}>
            Profile
          </Anchor>
          <Anchor component={Link} to="/settings/organisation" onClick={close}>
            Organisation
          </Anchor>
          {/* The root path is the help centre; a new tab opens it signed out, as visitors see it. */}
          <Anchor href="/#help" target="_blank" rel="noopener" onClick={close}>
            Help Center
          </Anchor>
          <Divider />
          <Anchor component="button" type="button" c="red" ta="left" onClick={signOut}>
            Sign Out
          </Anchor>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
