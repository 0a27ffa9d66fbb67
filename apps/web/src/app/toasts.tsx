import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/**
 * Where toasts show: loaded with their transitions when the first one is shown (providers.tsx).
 * At the bottom: at the top they covered the close button of the dialog or panel open under them
 * (a modal's and the bill panel's sit top right, and on a phone every dialog spans the screen).
 * A toast is a message, not a control: a tap on it reaches what is under it (on a phone, the
 * footer of a tall dialog, such as its Proceed button), except on its own close button (theme.ts).
 */
export default function Toasts() {
  return <Notifications position="bottom-right" limit={5} styles={{ root: { pointerEvents: 'none' } }} />;
}
