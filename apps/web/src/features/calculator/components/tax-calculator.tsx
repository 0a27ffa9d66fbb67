import {
  ActionIcon,
  Button,
  Card,
  Center,
  CopyButton,
  Grid,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { CalculatePaye, CalculateWht, PayeCalculation, SharedCalculation, WhtCalculation } from '@levy/contracts';
import { IconCheck, IconCopy, IconShare } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { Hint } from '../../../components/hint';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { ApiError, showSuccessToast } from '../../../lib/api-client';
import { loadChunk } from '../../../lib/lazy-page';
import { usePayeCalculation, useShareCalculation, useWhtCalculation } from '../api/calculator-api';
import {
  emptyPayeForm,
  emptyWhtForm,
  formErrorsOf,
  PAYE_FIELD_OF_API,
  payeFormFromShared,
  toPayeRequest,
  toWhtRequest,
  WHT_FIELD_OF_API,
  whtFormFromShared,
  type PayeFormValues,
  type WhtFormValues,
} from '../model/calculator-form';
import { PayeForm, type PayeFormErrors } from './paye-form';
import type { WhtFormErrors } from './wht-calculator';
import { sameRequest, StaleNotice } from './stale-notice';

type CalculatorTab = 'paye' | 'wht';

// The results hold the chart library, the largest part of the calculator: they load on their own
// when a calculation starts, so the home page's first load carries the form only.
const loadPayeResults = () => import('./paye-results');
const PayeResults = lazy(async () => ({ default: (await loadChunk(loadPayeResults)).PayeResults }));
// The WHT calculator and its rate table load when its tab is first opened.
const WhtCalculator = lazy(async () => ({
  default: (await loadChunk(() => import('./wht-calculator'))).WhtCalculator,
}));

interface TaxCalculatorProps {
  /** Inputs of a shared calculation: filled in and calculated on first render. */
  shared?: SharedCalculation | null;
  /** The section heading; null when the page's own title says it. */
  heading?: string | null;
  /** A line under the heading. */
  description?: ReactNode;
}

/** The link a share opens: `/calculator/{token}` on this site. */
export function shareLinkFor(token: string, origin = window.location.origin): string {
  return `${origin}/calculator/${token}`;
}

async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard permission (an embedded or insecure page): the link stays on screen to copy.
    return false;
  }
}

/** PAYE and WHT calculators with a Share button (docs/product.md "Public calculator"). */
export function TaxCalculator({ shared = null, heading = 'Tax calculator', description }: TaxCalculatorProps) {
  const [today] = useState(() => new Date());
  const [tab, setTab] = useState<CalculatorTab>(shared && !shared.paye && shared.wht ? 'wht' : 'paye');
  // Once opened, a tab stays mounted (keepMounted): its inputs survive switching back and forth.
  const [isWhtOpened, setWhtOpened] = useState(tab === 'wht');
  if (tab === 'wht' && !isWhtOpened) setWhtOpened(true);

  const [payeValues, setPayeValues] = useState<PayeFormValues>(() =>
    shared?.paye ? payeFormFromShared(shared.paye, today) : emptyPayeForm(today),
  );
  const [payeErrors, setPayeErrors] = useState<PayeFormErrors>({});
  const [payeResult, setPayeResult] = useState<{ request: CalculatePaye; result: PayeCalculation } | null>(null);

  const [whtValues, setWhtValues] = useState<WhtFormValues>(() =>
    shared?.wht ? whtFormFromShared(shared.wht) : emptyWhtForm(today),
  );
  const [whtErrors, setWhtErrors] = useState<WhtFormErrors>({});
  const [whtResult, setWhtResult] = useState<{ request: CalculateWht; result: WhtCalculation } | null>(null);

  const [shareLink, setShareLink] = useState<string | null>(null);

  const paye = usePayeCalculation();
  const wht = useWhtCalculation();
  const share = useShareCalculation();

  function runPaye(values: PayeFormValues) {
    const request = toPayeRequest(values);
    setPayeErrors({});
    // The results and their chart load while the server computes, not on the first visit.
    // A failed load shows up when the results first render (loadChunk reports it there).
    loadPayeResults().catch(() => undefined);
    paye.mutate(request, {
      onSuccess: (result) => {
        setPayeResult({ request, result });
        setShareLink(null);
      },
      onError: (error) => {
        if (error instanceof ApiError) setPayeErrors(formErrorsOf(error.fieldErrors, PAYE_FIELD_OF_API));
      },
    });
  }

  function runWht(values: WhtFormValues) {
    const request = toWhtRequest(values);
    setWhtErrors({});
    wht.mutate(request, {
      onSuccess: (result) => {
        setWhtResult({ request, result });
        setShareLink(null);
      },
      onError: (error) => {
        if (error instanceof ApiError) setWhtErrors(formErrorsOf(error.fieldErrors, WHT_FIELD_OF_API));
      },
    });
  }

  // A shared link opens with its figures already worked out (once, even under StrictMode's re-run).
  const calculatedShared = useRef<SharedCalculation | null>(null);
  const calculateShared = useEffectEvent((inputs: SharedCalculation) => {
    if (calculatedShared.current === inputs) return;
    calculatedShared.current = inputs;
    if (inputs.paye) runPaye(payeFormFromShared(inputs.paye, today));
    if (inputs.wht) runWht(whtFormFromShared(inputs.wht));
  });
  useEffect(() => {
    if (shared) calculateShared(shared);
  }, [shared]);

  function shareCalculation() {
    share.mutate(
      { paye: payeResult?.request, wht: whtResult?.request },
      {
        onSuccess: ({ token }) => {
          const link = shareLinkFor(token);
          setShareLink(link);
          void copyToClipboard(link).then((copied) =>
            showSuccessToast(
              copied ? 'Link copied. Anyone with it can open this calculation.' : 'Link ready: copy it below.',
            ),
          );
        },
      },
    );
  }

  const canShare = payeResult !== null || whtResult !== null;
  // Figures on screen must never be mistaken for the inputs as edited since.
  const isPayeStale = payeResult !== null && !sameRequest(toPayeRequest(payeValues), payeResult.request);
  const isWhtStale = whtResult !== null && !sameRequest(toWhtRequest(whtValues), whtResult.request);

  return (
    <Stack gap="md">
      <Group justify={heading ? 'space-between' : 'flex-end'} align="flex-end" wrap="nowrap">
        {heading && (
          <div>
            <Title order={2}>{heading}</Title>
            {description && (
              <Text c="dimmed" mt={4} maw={720}>
                {description}
              </Text>
            )}
          </div>
        )}
        <Hint label="Calculate first, then share the figures" disabled={canShare}>
          <Button
            variant="light"
            leftSection={<IconShare size={18} />}
            onClick={shareCalculation}
            loading={share.isPending}
            disabled={!canShare}
          >
            Share
          </Button>
        </Hint>
      </Group>

      {shareLink && (
        <Paper withBorder p="sm" radius="md" bg="levy.0">
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label="Link to this calculation"
              value={shareLink}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1 }}
              data-testid="share-link"
            />
            <CopyButton value={shareLink}>
              {({ copied, copy }) => (
                <Hint label={copied ? 'Copied' : 'Copy link'}>
                  <ActionIcon size={36} variant="filled" onClick={copy} aria-label="Copy link">
                    {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                  </ActionIcon>
                </Hint>
              )}
            </CopyButton>
          </Group>
        </Paper>
      )}

      <Tabs value={tab} onChange={(value) => value && setTab(value as CalculatorTab)} keepMounted>
        <Tabs.List>
          <Tabs.Tab value="paye">PAYE on salary</Tabs.Tab>
          <Tabs.Tab value="wht">Withholding tax (WHT)</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="paye" pt="md">
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Card withBorder radius="md" p="lg">
                <PayeForm
                  values={payeValues}
                  onChange={setPayeValues}
                  errors={payeErrors}
                  onSubmit={() => runPaye(payeValues)}
                  isCalculating={paye.isPending}
                />
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              {payeResult ? (
                <Suspense
                  fallback={
                    <Center py="xl">
                      <Loader aria-label="Loading the results" />
                    </Center>
                  }
                >
                  <Stack gap="sm">
                    {isPayeStale && <StaleNotice what="PAYE" />}
                    <PayeResults result={payeResult.result} />
                  </Stack>
                </Suspense>
              ) : (
                <Paper withBorder radius="md" p="xl" bg="gray.0">
                  <Stack gap="xs">
                    <Text fw={700}>Your PAYE, worked out under both regimes</Text>
                    <Text size="sm" c="dimmed">
                      Pick the month, enter gross pay and any deductions, then press Calculate PAYE. You will see:
                    </Text>
                    <List size="sm" c="dimmed" spacing={4}>
                      <List.Item>PAYE a month and a year, the effective rate and net pay;</List.Item>
                      <List.Item>the Nigeria Tax Act 2025 and the Personal Income Tax Act side by side;</List.Item>
                      <List.Item>the tax in each band, as a table and a chart.</List.Item>
                    </List>
                    <Text size="sm" c="dimmed">
                      The month decides the rules: the Nigeria Tax Act 2025 from January 2026, the Personal Income Tax
                      Act before.
                    </Text>
                  </Stack>
                </Paper>
              )}
            </Grid.Col>
          </Grid>
        </Tabs.Panel>

        <Tabs.Panel value="wht" pt="md">
          {isWhtOpened && (
            <Suspense fallback={<LoadingPlaceholder height={320} label="Loading the WHT calculator" />}>
              <WhtCalculator
                values={whtValues}
                onChange={setWhtValues}
                errors={whtErrors}
                onSubmit={() => runWht(whtValues)}
                isCalculating={wht.isPending}
                result={whtResult?.result ?? null}
                staleNotice={isWhtStale ? <StaleNotice what="WHT" /> : null}
              />
            </Suspense>
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
