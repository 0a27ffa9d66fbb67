import type { AnnualReturnView } from '@levy/contracts';
import { Alert, Button, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { IconHandClick, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useDeployment } from '../../../api/deployment-api';
import { MountedModal } from '../../../components/mounted-modal';
import { formatAmount, plural } from '../../../lib/format';
import { differencesToRead, paymentCounts } from './annual-return-sections';
import { useFileAnnualReturn, type ReturnKey } from '../api/annual-returns-api';

/**
 * Submit or amend: says what will be sent, to whom and what follows, before anything is sent.
 * An amendment also asks why (the revenue service sees it).
 */
export function FileReturnDialog({
  view,
  returnKey,
  amend,
  onClose,
}: {
  view: AnnualReturnView;
  returnKey: ReturnKey;
  amend: boolean;
  onClose: () => void;
}) {
  const file = useFileAnnualReturn(returnKey);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const content = amend && view.preview ? view.preview : view.return;
  const differences = differencesToRead(content);
  const { throughLevy, outside } = paymentCounts(content);
  const nextVersion = (view.filed?.version ?? 0) + 1;
  const send = () => {
    if (amend && reason.trim() === '') {
      setReasonError('Say why you are amending the return');
      return;
    }
    file.mutate(amend ? { reason: reason.trim() } : null, { onSuccess: onClose });
  };
  const verb = amend ? 'Submit amendment' : `Submit the ${view.year} return`;
  // No online agency (manual mode): the return is recorded here and uploaded by the user on the portal.
  const isManual = useDeployment().data?.state_agency === 'manual';
  return (
    <MountedModal
      onClose={onClose}
      title={amend ? `Amend the ${view.year} annual return` : `Submit the ${view.year} annual return`}
      centered
      size="lg"
    >
      <Stack gap="md">
        {isManual ? (
          <Alert color="yellow" icon={<IconHandClick size={18} />} title="Manual step after this">
            Levy has no online connection to {view.state.revenue_service}: it records{' '}
            {amend ? `version ${nextVersion} of ` : ''}
            the employer&apos;s annual return (Form H1) for {view.year} as filed, in the name of{' '}
            <strong>{view.corporation.name}</strong> (Tax ID {view.tax_payer_number}), and gives you its schedule to
            upload on the {view.state.revenue_service} portal. You then record the acknowledgement the portal gives.
          </Alert>
        ) : (
          <Text fz="sm">
            Levy will send {amend ? `version ${nextVersion} of ` : ''}the employer&apos;s annual return (Form H1) for{' '}
            {view.year} to <strong>{view.state.revenue_service}</strong> in the name of{' '}
            <strong>{view.corporation.name}</strong> (Tax ID {view.tax_payer_number}):
          </Text>
        )}
        <List size="sm" spacing={4}>
          <List.Item>
            {content.totals.employees} {content.totals.employees === 1 ? 'employee' : 'employees'}, gross income{' '}
            {formatAmount(content.totals.gross)}
          </List.Item>
          <List.Item>
            PAYE deducted {formatAmount(content.totals.tax_deducted)}, from {plural(throughLevy, 'paid PAYE bill')}
            {outside > 0 && ` and ${plural(outside, 'month')} paid outside Levy`}
          </List.Item>
          <List.Item>
            {differences.length === 0
              ? 'No differences from the paid bills'
              : `${plural(differences.length, 'difference')} from the paid bills, as listed on this page`}
          </List.Item>
        </List>
        {!amend && view.late_filing && (
          <Text fz="sm">
            It is {view.late_filing.months_late} {view.late_filing.months_late === 1 ? 'month' : 'months'} late: the
            revenue service may assess a late-filing penalty of {formatAmount(view.late_filing.penalty)}. Submitting now
            stops it growing.
          </Text>
        )}
        <Alert color="blue" icon={<IconInfoCircle size={18} />}>
          {amend
            ? `The revenue service receives the new version as an amendment. Version ${view.filed?.version ?? 1} stays in the history, with its reference.`
            : 'Once submitted, the return is filed and read-only. To change it later you submit an amendment; the first version is kept.'}
        </Alert>
        {amend && (
          <Textarea
            label="Why are you amending it?"
            description="The revenue service and your team see this with the new version."
            required
            maxLength={500}
            autosize
            minRows={2}
            value={reason}
            error={reasonError}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(null);
            }}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button loading={file.isPending} onClick={send}>
            {verb}
          </Button>
        </Group>
      </Stack>
    </MountedModal>
  );
}
