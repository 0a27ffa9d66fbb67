import type { ReceiptFacts } from '@levy/contracts';
import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockPause, IconShieldX } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { StatusTag } from '../../../components/status-tag';
import { formatAmount, formatDate, formatLagosDateTime, formatPeriod } from '../../../lib/format';
import { PublicHeader } from '../../../components/public-header';
import { useReceiptVerification, verificationFailure } from '../api/verify-api';

/** A code as the receipt prints it: upper case, in groups of six. */
function printedCode(code: string): string {
  const plain = code.replace(/[\s-]/g, '').toUpperCase();
  return plain.match(/.{1,6}/g)?.join('-') ?? plain;
}

function periodOf(facts: ReceiptFacts): string {
  return facts.period_start.slice(0, 7) === facts.period_end.slice(0, 7)
    ? formatPeriod(facts.period_start)
    : `${formatDate(facts.period_start)} to ${formatDate(facts.period_end)}`;
}

function Facts({ facts }: { facts: ReceiptFacts }) {
  const rows: Array<[string, ReactNode]> = [
    ['Payer', facts.payer],
    ['Tax ID', facts.tax_payer_number],
    ['Paid to', facts.revenue_service],
    ['Tax', facts.tax],
    ['Period', periodOf(facts)],
    ['Amount remitted', formatAmount(facts.amount)],
    ['RRR (Remita)', facts.agency_reference ?? '—'],
    ['Remita payment reference', facts.payment_reference ?? '—'],
    ['Status', <StatusTag key="status" status={facts.status} />],
    ['Paid at', formatLagosDateTime(facts.paid_at)],
    // What Remita last said, in its words: "Confirmed by Remita on …" only when it confirmed the payment.
    ['Remita', facts.remittance_check ?? 'Paid before Levy checked payments with Remita'],
  ];
  return (
    <Card withBorder radius="md" padding={0}>
      <Table
        variant="vertical"
        layout="fixed"
        verticalSpacing="sm"
        horizontalSpacing="md"
        aria-label="The receipt as Levy recorded it"
      >
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w="38%" fw={500} c="dimmed" style={{ verticalAlign: 'top' }}>
                {label}
              </Table.Th>
              <Table.Td
                fw={label === 'Amount remitted' ? 700 : undefined}
                style={{ overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' }}
              >
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** Checks another code: typed from a printed receipt, dashes and case as they come. */
function CodeForm() {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const plain = code.replace(/[\s-]/g, '');
    if (!plain) {
      setError('Enter the verification code printed on the receipt');
      return;
    }
    setError(null);
    void navigate(`/verify/${encodeURIComponent(plain.toUpperCase())}`);
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Check a verification code">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Verification code"
          description="As printed under the QR code on the receipt"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={error}
          autoComplete="off"
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          style={{ flex: '1 1 260px' }}
        />
        <Button type="submit" variant="default">
          Check
        </Button>
      </Group>
    </Box>
  );
}

/**
 * `/verify/{code}`, public: whoever holds a Levy receipt — an auditor, a revenue
 * officer, a lender — checks that Levy recorded the payment it shows. A genuine code shows the
 * receipt's facts and nothing else; any other code says no receipt matches.
 */
export default function VerifyPage() {
  const { code = '' } = useParams<{ code: string }>();
  const verification = useReceiptVerification(code);
  const failure = verification.isError ? verificationFailure(verification.error) : null;

  return (
    <Box mih="100vh" bg="gray.0">
      <PublicHeader />
      <Container component="main" size={680} py="xl" px="md">
        <Stack gap="lg">
          <div>
            <Title order={1}>Verify a receipt</Title>
            <Text c="dimmed" mt={4}>
              Every Levy tax payment receipt carries a verification code and a QR code. This page shows the payment the
              code belongs to, as Levy recorded it.
            </Text>
          </div>

          {verification.isPending ? (
            <Center py="xl">
              <Loader aria-label="Checking the code" />
            </Center>
          ) : verification.data ? (
            <>
              <Alert
                color="green"
                variant="light"
                icon={<IconCircleCheck size={22} />}
                title="This receipt is genuine"
                data-testid="receipt-genuine"
              >
                Levy recorded this payment. Compare it with the receipt you hold: if any figure or reference differs,
                that receipt has been altered.
              </Alert>
              <Facts facts={verification.data} />
            </>
          ) : failure === 'not-found' ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconShieldX size={22} />}
              title="No receipt matches this code"
              data-testid="receipt-not-found"
            >
              Check the code against the one printed under the QR code (letters and digits; dashes do not matter). If it
              matches and this page still finds nothing, the receipt was not issued by Levy or has been altered.
            </Alert>
          ) : failure === 'rate-limited' ? (
            <Alert color="yellow" variant="light" icon={<IconClockPause size={22} />} title="Too many codes checked">
              Too many receipt codes were checked from your network in the last few minutes. Wait ten minutes, then open
              the link again.
            </Alert>
          ) : (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconAlertTriangle size={22} />}
              title="The code could not be checked"
            >
              Levy could not be reached just now. Try the link again in a moment.
            </Alert>
          )}

          <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Code checked:{' '}
            <Text span ff="monospace" c="dark">
              {printedCode(code)}
            </Text>
          </Text>
          <Stack gap="xs">
            <Title order={2} fz="h4">
              Check another receipt
            </Title>
            <CodeForm key={code} />
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
