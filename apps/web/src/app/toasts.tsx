import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/**
 * Where toasts show: loaded with their transitions when the first one is shown (providers.tsx).
 * At the bottom: at the top they covered the close button of the dialog or panel open under them
 * (a modal's and the bill panel's sit top right, and on a phone every dialog spans the screen).
 */
export default function Toasts() {
  return <Notifications position="bottom-right" limit={5} />;
}
