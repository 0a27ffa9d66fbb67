import { Alert, Anchor, Box, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLink } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PublicHeader } from '../../../components/public-header';
import { formatDate } from '../../../lib/format';
import { isMissingShare, useSharedCalculation } from '../api/calculator-api';
import { TaxCalculator } from '../components/tax-calculator';

/** `/calculator/{token}`, titled Tax Calculator: reopens a shared calculation (docs/product.md §2). */
export default function CalculatorPage() {
  const { token } = useParams<{ token: string }>();
  const shared = useSharedCalculation(token);

  return (
    <Box mih="100vh" bg="gray.0">
      <PublicHeader />

      <Container size="lg" py="xl">
        <Stack gap="lg">
          <div>
            <Title order={1}>Tax Calculator</Title>
            <Text c="dimmed">
              PAYE and withholding tax under the rules in force for the month you pick.{' '}
              <Anchor component={Link} to="/">
                About Levy
              </Anchor>
            </Text>
          </div>

          {shared.isPending && token ? (
            <Center py="xl">
              <Loader aria-label="Opening the shared calculation" />
            </Center>
          ) : shared.isError ? (
            <>
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertTriangle size={20} />}
                title={
                  isMissingShare(shared.error)
                    ? 'This shared calculation was not found'
                    : 'The shared calculation could not be opened'
                }
                data-testid="share-missing"
              >
                {isMissingShare(shared.error)
                  ? 'The link may be mistyped or incomplete. Ask for the link again, or start a new calculation below.'
                  : 'It could not be opened just now. Try the link again in a moment, or start a new calculation below.'}
              </Alert>
              <TaxCalculator heading={null} />
            </>
          ) : (
            <>
              {shared.data && (
                <Alert color="levy" variant="light" icon={<IconLink size={20} />} data-testid="share-opened">
                  A calculation shared on {formatDate(shared.data.created_at)}. Change any figure and calculate again;
                  the link keeps the original figures.
                </Alert>
              )}
              <TaxCalculator key={token} heading={null} shared={shared.data ?? null} />
            </>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
