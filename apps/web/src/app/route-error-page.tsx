import { isRouteErrorResponse, useRouteError } from 'react-router';
import { OnboardingFrame } from './layouts/onboarding-layout';
import { ErrorMessage } from '../components/error-message';

/** What shows when a page fails to load or render: the error page in the onboarding layout. */
export function RouteErrorPage() {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <OnboardingFrame showLogout={false}>
      {isNotFound ? (
        <ErrorMessage title="Page not found" message="The page you are looking for does not exist or has moved." />
      ) : (
        <ErrorMessage
          title="Something went wrong"
          message="This page could not be loaded. Reload the page, or go back home and try again."
        />
      )}
    </OnboardingFrame>
  );
}
