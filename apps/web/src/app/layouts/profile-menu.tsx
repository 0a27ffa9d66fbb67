import { UnstyledButton } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { UserAvatar } from '../../components/user-avatar';
import { loadChunk } from '../../lib/lazy-page';
import { useSessionStore } from '../../lib/session-store';

// The menu is a popover: it, and the positioning library under it (about 20 KB gzipped with the
// alerts bell's), loads when the avatar is first pressed, not with every signed-in page.
const loadPopover = () => import('./profile-menu-popover');
const ProfileMenuPopover = lazy(async () => ({ default: (await loadChunk(loadPopover)).ProfileMenuPopover }));

/** The avatar that opens the profile menu; until first pressed it looks and reads as the popover's target. */
export function ProfileMenu() {
  const user = useSessionStore((state) => state.user);
  const [isPressed, setPressed] = useState(false);
  const avatar = (
    <UnstyledButton
      onClick={() => setPressed(true)}
      onPointerEnter={() => void loadPopover().catch(() => undefined)}
      aria-label="Open profile menu"
      aria-haspopup="dialog"
      aria-expanded={false}
    >
      <UserAvatar name={user?.first_name} email={user?.email} />
    </UnstyledButton>
  );
  if (!isPressed) return avatar;
  return (
    <Suspense fallback={avatar}>
      <ProfileMenuPopover />
    </Suspense>
  );
}
