import { hasPermission, type BillDetail, type BillTypeCode } from '@levy/contracts';
import { Button, Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconReceiptTax, IconUsers } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { MountedModal } from '../../../components/mounted-modal';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { loadChunk } from '../../../lib/lazy-page';
import { useSessionStore } from '../../../lib/session-store';
import { useBillTypes } from '../api/bills-api';
import { billPath } from '../../../lib/routes';
import { readPayRequest, withoutPayRequest, type BillPrefill } from '../model/bill-routes';
import * as calls from '@levy/contracts/calls';
import * as PERMISSIONS from '@levy/contracts/permission-catalogue';

// The bill dialogs (CSV checks, date pickers, upload) load when one is opened, not with every page
// of the app.
const PayeBillDialog = lazy(async () => ({
  default: (await loadChunk(() => import('./paye-bill-dialog'))).PayeBillDialog,
}));
const WhtBillDialog = lazy(async () => ({
  default: (await loadChunk(() => import('./wht-bill-dialog'))).WhtBillDialog,
}));

/** Pay Taxes needs both permissions (docs/product.md §6); WHT bills need their own. */
export const PAY_TAXES_PERMISSIONS = [calls.createPayeBill.permission, calls.calculateBillCharge.permission] as const;
export const WHT_BILL_PERMISSION = PERMISSIONS.createWhtBill;

export function canPayTaxes(permissions: Parameters<typeof hasPermission>[0]): boolean {
  return PAY_TAXES_PERMISSIONS.every((permission) => hasPermission(permissions, permission));
}

const ICONS: Record<BillTypeCode, typeof IconUsers> = { paye: IconUsers, wht: IconReceiptTax };

/** The Pay Taxes type chooser: PAYE or Withholding Tax, with their descriptions. */
function TypeChooser({ onChoose, onClose }: { onChoose: (type: BillTypeCode) => void; onClose: () => void }) {
  const types = useBillTypes();
  const permissions = useSessionStore((state) => state.permissions);
  return (
    <MountedModal onClose={onClose} title="Pay Taxes" centered size="md">
      <Text fz="sm" c="dimmed" mb="md">
        Which tax are you paying?
      </Text>
      {types.isPending ? (
        <LoadingPlaceholder label="Loading bill types" />
      ) : (
        <Stack gap="sm">
          {(types.data ?? []).map((type) => {
            const Icon = ICONS[type.code];
            const allowed = type.code !== 'wht' || hasPermission(permissions, WHT_BILL_PERMISSION);
            return (
              <UnstyledButton
                key={type.id}
                onClick={() => onChoose(type.code)}
                disabled={!allowed}
                p="md"
                style={{
                  border: '1px solid var(--mantine-color-gray-3)',
                  borderRadius: 'var(--mantine-radius-md)',
                  opacity: allowed ? 1 : 0.55,
                }}
              >
                <Group wrap="nowrap" gap="md">
                  <ThemeIcon variant="light" size={40} radius="md" aria-hidden="true">
                    <Icon size={22} />
                  </ThemeIcon>
                  <Stack gap={2} style={{ flex: 1 }}>
                    <Text fw={700}>{type.name}</Text>
                    <Text fz="sm" c="dimmed">
                      {allowed ? type.description : 'You do not have permission to generate Withholding Tax bills.'}
                    </Text>
                  </Stack>
                  <IconChevronRight size={18} aria-hidden="true" />
                </Group>
              </UnstyledButton>
            );
          })}
        </Stack>
      )}
    </MountedModal>
  );
}

type Open = 'chooser' | BillTypeCode | null;

/**
 * The top bar's Pay Taxes: the type chooser, then the PAYE or the WHT dialog; the new bill opens
 * in the list. An alert's link (`/bills?pay=paye&corporation=…&state=…&month=…`) opens the dialog
 * of its tax with the corporation, state and month filled in.
 */
export function PayTaxesButton() {
  const [open, setOpen] = useState<Open>(null);
  const [prefill, setPrefill] = useState<{ key: string; values: BillPrefill } | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const permissions = useSessionStore((state) => state.permissions);
  const close = () => {
    setOpen(null);
    setPrefill(null);
  };
  const showBill = (bill: BillDetail) => void navigate(billPath(bill.id));
  const { pathname } = useLocation();

  // A link followed from a dialog (to register a state, say) leaves the dialog behind. Declared before
  // the pay request below, so a link that opens a dialog on another page still opens it.
  useEffect(() => {
    setOpen(null);
    setPrefill(null);
  }, [pathname]);

  useEffect(() => {
    const request = readPayRequest(searchParams);
    if (!request) return;
    setOpen(request.type === 'wht' && !hasPermission(permissions, WHT_BILL_PERMISSION) ? 'chooser' : request.type);
    // A new key per link: following another alert while a dialog is open starts it afresh.
    setPrefill({ key: searchParams.toString(), values: request.prefill });
    setSearchParams(withoutPayRequest(searchParams), { replace: true });
  }, [searchParams, setSearchParams, permissions]);

  return (
    <>
      <Button leftSection={<IconReceiptTax size={16} />} onClick={() => setOpen('chooser')}>
        Pay Taxes
      </Button>
      {open === 'chooser' && <TypeChooser onChoose={setOpen} onClose={close} />}
      <Suspense fallback={null}>
        {open === 'paye' && (
          <PayeBillDialog key={prefill?.key} prefill={prefill?.values} onClose={close} onCreated={showBill} />
        )}
        {open === 'wht' && (
          <WhtBillDialog key={prefill?.key} prefill={prefill?.values} onClose={close} onCreated={showBill} />
        )}
      </Suspense>
    </>
  );
}
