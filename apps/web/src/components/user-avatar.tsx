import { Avatar, type MantineSize } from '@mantine/core';
import { initialOf } from '../lib/format';

/** An initial avatar: the first letter of the name, else of the email. */
export function UserAvatar({
  name,
  email,
  size = 'md',
}: {
  name?: string | null;
  email?: string | null;
  size?: MantineSize;
}) {
  return (
    <Avatar color="levy" radius="xl" size={size} alt={name || email || 'User'}>
      {initialOf(name, initialOf(email))}
    </Avatar>
  );
}
