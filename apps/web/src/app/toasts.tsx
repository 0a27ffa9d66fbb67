import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Where toasts show: loaded with their transitions when the first one is shown (providers.tsx). */
export default function Toasts() {
  return <Notifications position="top-right" limit={5} />;
}
