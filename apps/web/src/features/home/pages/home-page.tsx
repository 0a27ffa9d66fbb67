import {
  Accordion,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconCalendarDue,
  IconFileSpreadsheet,
  IconReceiptTax,
  IconReportAnalytics,
  IconUsersGroup,
  IconBuildingBank,
  IconLogin,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PublicHeader } from '../../../components/public-header';
import { NEXT_PARAM, returnPathOf, withReturnPath } from '../../../lib/routes';

const FEATURES = [
  {
    icon: IconReceiptTax,
    title: 'PAYE for every state',
    text: 'Upload your payroll in the PAYE template, check each line against the current tax bands, and pay the State Internal Revenue Service in one step.',
  },
  {
    icon: IconFileSpreadsheet,
    title: 'Withholding tax, single or bulk',
    text: 'Deduct WHT on vendor payments at the right rate for the transaction, one payee or hundreds from a CSV.',
  },
  {
    icon: IconCalendarDue,
    title: 'Deadlines you will not miss',
    text: 'Alerts for every month and state without a paid bill: PAYE by the 10th, state WHT by the 30th of the following month.',
  },
  {
    icon: IconBuildingBank,
    title: 'Wallet and receipts',
    text: 'Fund a wallet by bank transfer, pay bills from it, and keep every receipt and schedule for your auditors.',
  },
  {
    icon: IconUsersGroup,
    title: 'Your whole team',
    text: 'Invite colleagues as admins or members; every company in your group and every state in one place.',
  },
  {
    icon: IconReportAnalytics,
    title: 'Bank statement analyser',
    text: 'Read cash flow from bank statements, check their authenticity and spot payments that may be owed WHT.',
  },
] as const;

/** Answers shown in the help centre; / is also the Help Center link (docs/product.md §2). */
const HELP_TOPICS = [
  {
    question: 'What is PAYE and when is it due?',
    answer:
      'Pay As You Earn is the personal income tax an employer deducts from salaries and remits to the State Internal Revenue Service where each ' +
      'employee lives. It is due by the 10th of the month after the salaries were paid. From 1 January 2026 the Nigeria Tax Act 2025 applies: the first ' +
      '₦800,000 of annual chargeable income is taxed at 0%, then rates rise from 15% to 25%.',
  },
  {
    question: 'What is withholding tax (WHT)?',
    answer:
      'WHT is deducted at source when you pay for goods, services, rent, interest and similar transactions, and remitted on behalf of the payee. WHT ' +
      'deducted from payments to individuals and unincorporated businesses goes to the state of the payee’s residence by the 30th of the following month. ' +
      'Rates depend on the transaction; they double when the payee has no Tax ID.',
  },
  {
    question: 'What happens if I remit late?',
    answer:
      'Late remittance attracts the unpaid tax plus a 10% yearly administrative penalty and interest at the Central Bank’s Monetary Policy Rate ' +
      '(Nigeria Tax Administration Act 2025, s.107). Failing to deduct at all costs 40% of the amount not deducted.',
  },
  {
    question: 'What is a Tax ID?',
    answer:
      'State tax IDs begin with N (individuals) or C (companies), an optional dash and digits, for example N-1234567 or C-0012345. You register each ' +
      'company with each state using its Tax ID before you file.',
  },
  {
    question: 'How do I prepare my payroll or WHT file?',
    answer:
      'Download a template below and fill one row per employee or payee. Keep the header row exactly as it is; amounts in naira without the ₦ sign. ' +
      'Levy checks the headers, the columns and that every amount is a non-zero number before it accepts a file.',
  },
] as const;

const TEMPLATES = [
  {
    href: '/templates/payroll_template.csv',
    label: 'PAYE payroll template',
    detail: 'Tax ID, name, nationality, designation, gross income, tax payable and each allowance.',
  },
  {
    href: '/templates/wht_template_auto.csv',
    label: 'WHT template (auto calculate)',
    detail: 'Tax ID, name and amount paid; Levy computes the WHT.',
  },
  {
    href: '/templates/wht_template_manual.csv',
    label: 'WHT template (manual)',
    detail: 'Tax ID, name and the tax payable you computed.',
  },
] as const;

/** The public home: what Levy does, sign-up and log-in, the calculator given, the help centre and the CSV templates. */
export function HomePage({ calculator }: { calculator: ReactNode }) {
  // A page opened signed out (a link in a mail) came here with `next`: Log in opens it after sign-in.
  const [searchParams] = useSearchParams();
  const returnPath = returnPathOf(searchParams.get(NEXT_PARAM));
  const loginPath = withReturnPath('/login', returnPath);
  return (
    <Box>
      <PublicHeader isHome />

      <Box component="main">
        <Box py={72} style={{ background: 'linear-gradient(180deg, var(--mantine-color-levy-0) 0%, #fff 100%)' }}>
          <Container size="lg">
            {returnPath && (
              <Alert
                color="blue"
                icon={<IconLogin size={18} />}
                title="Log in to open the page you followed"
                mb="xl"
                maw={680}
                data-testid="return-after-login"
              >
                <Text fz="sm" mb="sm">
                  The link you opened is inside Levy. Log in and it opens straight after.
                </Text>
                <Button component={Link} to={loginPath} size="sm">
                  Log in
                </Button>
              </Alert>
            )}
            <Stack gap="lg" maw={680}>
              <Badge variant="light" size="lg" w="fit-content">
                PAYE · Withholding tax · State revenue services
              </Badge>
              <Title order={1} fz={{ base: 34, sm: 46 }} lh={1.15}>
                Tax compliance for Nigerian businesses, done on time.
              </Title>
              <Text fz="lg" c="dimmed">
                Levy computes, files and pays your PAYE and withholding tax to every State Internal Revenue Service, for
                every company in your group, and keeps the receipts your auditors ask for.
              </Text>
              <Group>
                <Button component={Link} to="/register" size="md">
                  Create a free account
                </Button>
                <Button component="a" href="#calculator" size="md" variant="default">
                  Calculate your PAYE
                </Button>
              </Group>
            </Stack>
          </Container>
        </Box>

        <Box py={56} component="section" id="calculator" aria-label="Tax calculator" style={{ scrollMarginTop: 16 }}>
          <Container size="lg">{calculator}</Container>
        </Box>

        <Container size="lg" py={56} component="section" aria-labelledby="features-heading">
          <Title order={2} id="features-heading" mb="lg">
            What Levy does
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <Card key={title} withBorder padding="lg">
                <ThemeIcon size={40} variant="light" mb="md" aria-hidden="true">
                  <Icon size={22} />
                </ThemeIcon>
                <Text fw={700} mb={6}>
                  {title}
                </Text>
                <Text c="dimmed" fz="sm">
                  {text}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Container>

        <Box bg="gray.0" py={56} component="section" id="help" aria-labelledby="help-heading">
          <Container size="lg">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
              <Stack gap="md">
                <Title order={2} id="help-heading">
                  Help Center
                </Title>
                <Text c="dimmed">Straight answers about PAYE, withholding tax, deadlines and the file templates.</Text>
                <Accordion variant="separated" radius="md">
                  {HELP_TOPICS.map((topic) => (
                    <Accordion.Item key={topic.question} value={topic.question}>
                      <Accordion.Control>{topic.question}</Accordion.Control>
                      <Accordion.Panel>
                        <Text fz="sm">{topic.answer}</Text>
                      </Accordion.Panel>
                    </Accordion.Item>
                  ))}
                </Accordion>
              </Stack>
              <Stack gap="md" id="templates">
                <Title order={3}>File templates</Title>
                <Text c="dimmed" fz="sm">
                  CSV files with the exact column order Levy expects.
                </Text>
                <List spacing="md" listStyleType="none" p={0}>
                  {TEMPLATES.map((template) => (
                    <List.Item key={template.href}>
                      <Card withBorder padding="md">
                        <Anchor href={template.href} download fw={600}>
                          {template.label}
                        </Anchor>
                        <Text fz="sm" c="dimmed">
                          {template.detail}
                        </Text>
                      </Card>
                    </List.Item>
                  ))}
                </List>
              </Stack>
            </SimpleGrid>
          </Container>
        </Box>
      </Box>

      <Box component="footer" py="lg">
        <Container size="lg">
          <Group justify="space-between">
            <Text fz="sm" c="dimmed">
              © {new Date().getFullYear()} Levy. Rates follow the Nigeria Tax Act 2025 and the Withholding Regulations
              2024.
            </Text>
            <Group gap="md">
              <Anchor component={Link} to={loginPath} fz="sm">
                Log in
              </Anchor>
              <Anchor component={Link} to="/register" fz="sm">
                Sign up
              </Anchor>
            </Group>
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
