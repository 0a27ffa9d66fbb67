import { hasPermission } from '@levy/contracts';
import { Badge, Divider, Group, Stack, Stepper, Text } from '@mantine/core';
import { useState } from 'react';
import { MountedModal } from '../mounted-modal';
import { useSessionStore } from '../../lib/session-store';
import type { ConsentRequest, CorporationState } from '../../api/corporations-api';
import { initialPayrollView, payrollStepIndex, type PayrollView } from './payroll-dialog';
import { PAYROLL_PERMISSIONS } from './payroll-permissions';
import { useDeployment } from '../../api/deployment-api';
import { ConsentAttestStep, ConsentCodeStep, ConsentRequestStep } from './consent-steps';
import { PayrollEmployees } from './payroll-employees';
import { PayrollUpload } from './payroll-upload';

/**
 * Manage Payroll (docs/product.md §4): with consent already given, the upload view and the
 * employees; otherwise consent step 1 (Proceed or Decline), step 2 (the mailed code), then the
 * upload view.
 */
export function ManagePayrollDialog({
  corporationId,
  corporationName,
  registration,
  onClose,
}: {
  corporationId: string;
  corporationName: string;
  registration: CorporationState;
  onClose: () => void;
}) {
  const permissions = useSessionStore((state) => state.permissions);
  const [startedWithConsent] = useState(registration.is_control_consent_given);
  const [view, setView] = useState<PayrollView>(() => initialPayrollView(registration));
  const [consentRequest, setConsentRequest] = useState<ConsentRequest | null>(null);

  const can = (permission: string) => hasPermission(permissions, permission);
  // No online agency (manual mode): consent is attested, with no code to verify.
  const isManual = useDeployment().data?.state_agency === 'manual';

  return (
    <MountedModal onClose={onClose} title="Manage Payroll" centered size={view === 'upload' ? 'xl' : 'lg'}>
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Text fw={700}>
              {corporationName} · {registration.state.name}
            </Text>
            <Text fz="sm" c="dimmed">
              {registration.tax_payer_name} · {registration.tax_payer_number}
            </Text>
          </div>
          {view === 'upload' && (
            <Badge color="green" variant="light">
              Consent given
            </Badge>
          )}
        </Group>

        {!startedWithConsent &&
          (isManual ? (
            <Stepper active={view === 'upload' ? 1 : 0} size="sm" allowNextStepsSelect={false}>
              <Stepper.Step label="Consent" description="Manual" />
              <Stepper.Step label="Payroll" />
            </Stepper>
          ) : (
            <Stepper active={payrollStepIndex(view)} size="sm" allowNextStepsSelect={false}>
              <Stepper.Step label="Consent" />
              <Stepper.Step label="Verify code" />
              <Stepper.Step label="Payroll" />
            </Stepper>
          ))}

        {view === 'consent' && isManual && (
          <ConsentAttestStep
            corporationId={corporationId}
            registration={registration}
            canAttest={can(PAYROLL_PERMISSIONS.attestConsent)}
            onAttested={() => setView('upload')}
            onDecline={onClose}
          />
        )}

        {view === 'consent' && !isManual && (
          <ConsentRequestStep
            corporationId={corporationId}
            registration={registration}
            canProceed={can(PAYROLL_PERMISSIONS.sendConsentOtp)}
            onRequested={(request) => {
              setConsentRequest(request);
              setView('code');
            }}
            onDecline={onClose}
          />
        )}

        {view === 'code' && consentRequest && (
          <ConsentCodeStep
            corporationId={corporationId}
            registration={registration}
            request={consentRequest}
            canVerify={can(PAYROLL_PERMISSIONS.verifyConsent)}
            canRequest={can(PAYROLL_PERMISSIONS.sendConsentOtp)}
            onResend={setConsentRequest}
            onVerified={() => setView('upload')}
            onCancel={onClose}
          />
        )}

        {view === 'upload' && (
          <>
            <PayrollUpload
              corporationId={corporationId}
              registration={registration}
              canUpload={can(PAYROLL_PERMISSIONS.uploadPayroll)}
            />
            <Divider />
            {can(PAYROLL_PERMISSIONS.getEmployees) ? (
              <PayrollEmployees corporationId={corporationId} stateCode={registration.state.code} />
            ) : (
              <Text fz="sm" c="dimmed">
                You do not have permission to see the employees.
              </Text>
            )}
          </>
        )}
      </Stack>
    </MountedModal>
  );
}
