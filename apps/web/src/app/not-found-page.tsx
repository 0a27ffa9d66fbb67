import { ErrorMessage } from '../components/error-message';

/** Unknown paths (product-spec §2: the error route, onboarding layout). */
export default function NotFoundPage() {
  return <ErrorMessage title="Page not found" message="The page you are looking for does not exist or has moved." />;
}
