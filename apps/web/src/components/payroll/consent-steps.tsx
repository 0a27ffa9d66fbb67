import { CONSENT_RULES } from '@levy/contracts';
import { Alert, Anchor, Button, Checkbox, Group, Input, PinInput, Stack, Text } from '@mantine/core';
import { IconHandClick, IconMailCheck, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import {
  useAttestConsent,
  useRequestConsent,
  useVerifyConsent,
  type ConsentRequest,
  type CorporationState,
} from '../../api/corporations-api';

/** The code is complete when it has the six digits the agency sends. */
export function isCompleteCode(code: string): boolean {
  return code.length === CONSENT_RULES.digits && /^\d+$/.test(code);
}

/** Consent step 1: what the taxpayer agrees to, and who receives the code. Proceed or Decline. */
export function ConsentRequestStep({
  corporationId,
  registration,
  canProceed,
  onRequested,
  onDecline,
}: {
  corporationId: string;
  registration: CorporationState;
  canProceed: boolean;
  onRequested: (request: ConsentRequest) => void;
  onDecline: () => void;
}) {
  const request = useRequestConsent(corporationId, registration.state.code);
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconShieldCheck
          size={28}
          stroke={1.5}
          color="var(--mantine-color-levy-7)"
          aria-hidden="true"
          style={{ flexShrink: 0 }}
        />
        <Stack gap={6}>
          <Text fw={600}>Consent to manage payroll with {registration.state.revenue_service}</Text>
          <Text fz="sm">
            {registration.tax_payer_name} ({registration.tax_payer_number}) authorises Levy to submit its payroll to{' '}
            {registration.state.revenue_service} and to file PAYE on its behalf.
          </Text>
          <Text fz="sm" c="dimmed">
            When you proceed, the revenue service emails a {CONSENT_RULES.digits}-digit code to the taxpayer&apos;s
            registered email address. The code works once, for {CONSENT_RULES.expiryMinutes} minutes.
          </Text>
        </Stack>
      </Group>
      {!canProceed && (
        <Alert color="gray">
          You do not have permission to request consent. Ask an administrator of your organisation.
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDecline}>
          Decline
        </Button>
        <Button
          disabled={!canProceed}
          loading={request.isPending}
          onClick={() => request.mutate(undefined, { onSuccess: onRequested })}
          data-autofocus
        >
          Proceed
        </Button>
      </Group>
    </Stack>
  );
}

/** Consent step 2: the 6-digit code (digits only) mailed to the masked address. */
export function ConsentCodeStep({
  corporationId,
  registration,
  request,
  canVerify,
  canRequest,
  onResend,
  onVerified,
  onCancel,
}: {
  corporationId: string;
  registration: CorporationState;
  request: ConsentRequest;
  canVerify: boolean;
  canRequest: boolean;
  onResend: (request: ConsentRequest) => void;
  onVerified: () => void;
  onCancel: () => void;
}) {
  const verify = useVerifyConsent(corporationId, registration.state.code);
  const resend = useRequestConsent(corporationId, registration.state.code);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!isCompleteCode(code)) {
      setError(`Enter the ${CONSENT_RULES.digits}-digit code`);
      return;
    }
    try {
      await verify.mutateAsync({ pin: code, token: request.token });
      onVerified();
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setError(failure.fieldErrors.pin ?? failure.fieldErrors.token ?? failure.message);
      setCode('');
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconMailCheck
            size={28}
            stroke={1.5}
            color="var(--mantine-color-levy-7)"
            aria-hidden="true"
            style={{ flexShrink: 0 }}
          />
          <Text fz="sm">
            {registration.state.revenue_service} sent a {CONSENT_RULES.digits}-digit code to{' '}
            <strong data-testid="consent-email">{request.email}</strong>. Enter it below.
          </Text>
        </Group>
        <Input.Wrapper label="Consent code" error={error} required id="consent-code">
          <PinInput
            mt={6}
            length={CONSENT_RULES.digits}
            type="number"
            inputMode="numeric"
            oneTimeCode
            value={code}
            onChange={(value) => {
              setCode(value);
              setError(null);
            }}
            error={Boolean(error)}
            autoFocus
            getInputProps={(index) => ({ 'aria-label': `Consent code digit ${index + 1} of ${CONSENT_RULES.digits}` })}
          />
        </Input.Wrapper>
        <Text fz="sm" c="dimmed">
          No email?{' '}
          <Anchor
            component="button"
            type="button"
            fz="sm"
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: (next) => {
                  setCode('');
                  setError(null);
                  onResend(next);
                },
              })
            }
            disabled={resend.isPending || !canRequest}
          >
            Send a new code
          </Anchor>
          {resend.isSuccess && ' — a new code is on its way.'}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={verify.isPending} disabled={!canVerify}>
            Verify code
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Consent where Levy does not reach the revenue service online (manual mode, docs/decisions/0045):
 * no code is sent; the user attests that the taxpayer consents, and Levy records who did.
 */
export function ConsentAttestStep({
  corporationId,
  registration,
  canAttest,
  onAttested,
  onDecline,
}: {
  corporationId: string;
  registration: CorporationState;
  canAttest: boolean;
  onAttested: () => void;
  onDecline: () => void;
}) {
  const attest = useAttestConsent(corporationId, registration.state.code);
  const [isAttested, setIsAttested] = useState(false);
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconShieldCheck
          size={28}
          stroke={1.5}
          color="var(--mantine-color-levy-7)"
          aria-hidden="true"
          style={{ flexShrink: 0 }}
        />
        <Stack gap={6}>
          <Text fw={600}>Consent to manage payroll with {registration.state.revenue_service}</Text>
          <Text fz="sm">
            {registration.tax_payer_name} ({registration.tax_payer_number}) authorises Levy to prepare its payroll for{' '}
            {registration.state.revenue_service} and to pay PAYE on its behalf.
          </Text>
        </Stack>
      </Group>
      <Alert color="yellow" icon={<IconHandClick size={18} />} title="Manual step: no consent code">
        Levy has no online connection to {registration.state.revenue_service}, so no code is sent to the taxpayer. Your
        confirmation below stands in for it, and Levy records that you gave it.
      </Alert>
      <Checkbox
        label={
          `I confirm that ${registration.tax_payer_name} consents to Levy managing its payroll with ${registration.state.revenue_service}, and ` +
          `that I may give this consent for it.`
        }
        checked={isAttested}
        onChange={(event) => setIsAttested(event.currentTarget.checked)}
        disabled={!canAttest}
      />
      {!canAttest && (
        <Alert color="gray">
          You do not have permission to give consent. Ask an administrator of your organisation.
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDecline}>
          Decline
        </Button>
        <Button
          disabled={!canAttest || !isAttested}
          loading={attest.isPending}
          onClick={() => attest.mutate(undefined, { onSuccess: onAttested })}
        >
          Record consent
        </Button>
      </Group>
    </Stack>
  );
}
