import { ErrorMessage } from '../components/error-message';
import { useSessionStore } from '../lib/session-store';
import { AppFrame } from './layouts/app-layout';
import { OnboardingFrame } from './layouts/onboarding-layout';

/**
 * Unknown paths (docs/product.md §2: the error route, onboarding layout). A signed-in member of an
 * organisation keeps the app layout, so the side navigation is still there to go on from.
 */
export default function NotFoundPage() {
  const isInApp = useSessionStore((state) => Boolean(state.token && state.organisation));
  const message = (
    <ErrorMessage title="Page not found" message="The page you are looking for does not exist or has moved." />
  );
  return isInApp ? <AppFrame>{message}</AppFrame> : <OnboardingFrame showLogout={false}>{message}</OnboardingFrame>;
}
