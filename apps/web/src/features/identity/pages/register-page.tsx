import { Anchor, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDevelopmentMailbox } from '../../../api/mailbox-api';
import { RegisterForm } from '../components/register-form';

export default function RegisterPage() {
  const [verificationSentTo, setVerificationSentTo] = useState<string | null>(null);
  // In development the mail is not sent anywhere; point to where it can be read.
  const isMailboxAvailable = useDevelopmentMailbox().isSuccess;

  if (verificationSentTo) {
    return (
      <Card withBorder shadow="sm" padding="xl" maw={520} mx="auto" mt="xl">
        <Stack gap="md" align="center" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
            <IconMailCheck size={30} />
          </ThemeIcon>
          <Title order={1} fz="h2">
            Check your email
          </Title>
          <Text>
            We have sent a verification link to <strong>{verificationSentTo}</strong>. Open it to confirm your address
            and continue setting up your organisation. The link expires in 48 hours.
          </Text>
          {isMailboxAvailable && (
            <Text fz="sm" c="dimmed">
              No mail server is set up here: the message is in the{' '}
              <Anchor component={Link} to="/dev/mailbox" inherit>
                development mailbox
              </Anchor>
              .
            </Text>
          )}
          <Anchor component={Link} to="/login" inherit>
            Back to log in
          </Anchor>
        </Stack>
      </Card>
    );
  }

  return (
    <Card withBorder shadow="sm" padding="xl" maw={560} mx="auto" mt="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} fz="h2">
            Create your Levy account
          </Title>
          <Text c="dimmed">File and pay PAYE and withholding tax for every company in your group.</Text>
        </div>
        <RegisterForm onRegistered={(result) => setVerificationSentTo(result.email)} />
        <Text fz="sm" ta="center">
          Already have an account?{' '}
          <Anchor component={Link} to="/login" inherit>
            Log in
          </Anchor>
        </Text>
      </Stack>
    </Card>
  );
}
