import { Card, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { showSuccessToast } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { completeKyc } from '../../../api/organisation-api';
import { IdentityForm } from '../components/identity-form';

/** KYC: the business's identity and CAC certificate; submitting marks KYC completed. */
export default function OnboardingPage() {
  const navigate = useNavigate();
  const organisation = useSessionStore((state) => state.organisation);
  const setOrganisation = useSessionStore((state) => state.setOrganisation);
  const setKyc = useSessionStore((state) => state.setKyc);

  if (!organisation) return null;

  return (
    <Card withBorder shadow="sm" padding="xl" mt="md">
      <Stack gap="lg">
        <div>
          <Title order={1} fz="h2">
            Tell us about your business
          </Title>
          <Text c="dimmed">
            State revenue services need these details before Levy can file and pay on your behalf. It takes about three
            minutes.
          </Text>
        </div>
        <IdentityForm
          organisationId={organisation.id}
          submitLabel="Complete onboarding"
          showProgress
          onSaved={async () => {
            const completed = await completeKyc(organisation.id);
            setOrganisation({
              id: completed.id,
              name: completed.name,
              is_owner: completed.is_owner,
              is_kyc_completed: completed.is_kyc_completed,
            });
            setKyc({ is_completed: completed.is_kyc_completed });
            showSuccessToast('Onboarding completed');
            void navigate('/dashboard');
          }}
        />
      </Stack>
    </Card>
  );
}
