import { Alert } from '@mantine/core';

/** Whether the inputs are still those the figures shown were calculated for. */
export function sameRequest(a: object, b: object): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Said over figures whose inputs have changed since they were calculated. */
export function StaleNotice({ what }: { what: string }) {
  return (
    <Alert color="yellow" variant="light" p="sm" data-testid="stale-notice">
      You have changed the inputs. These figures are for the inputs as they were: press Calculate {what} to update them.
      Share saves the figures shown.
    </Alert>
  );
}
