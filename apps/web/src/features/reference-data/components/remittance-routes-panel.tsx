import { addRemittanceRouteBody, type RemittanceRoute } from '@levy/contracts';
import {
  Alert,
  Badge,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ContentCard } from '../../../components/content-card';
import { EmptyState } from '../../../components/empty-state';
import { ApiError } from '../../../lib/api-client';
import { formatLagosDateTime, formatPeriod } from '../../../lib/format';
import { useAddRemittanceRoute } from '../api/reference-data-api';
import classes from '../pages/reference-data-page.module.css';

const TAXES = [
  { value: 'paye', label: 'PAYE' },
  { value: 'wht', label: 'Withholding Tax' },
];

/** Staff name where each collector's tax is remitted on the gateway; a bill of a collector with no route is refused before Pay. */
function AddRouteForm() {
  const add = useAddRemittanceRoute();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<Record<string, string>>({
    initialValues: {
      collector: '',
      tax: 'paye',
      gateway: 'remita',
      biller_id: '',
      service_type_id: '',
      from: '',
      source: '',
    },
    validate: schemaResolver(addRemittanceRouteBody, { sync: true }),
  });
  const submit = form.onSubmit(async (values) => {
    setRefusal(null);
    try {
      await add.mutateAsync(addRemittanceRouteBody.parse(values));
      form.reset();
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.code === 'INVALID_INPUT') form.setErrors(error.fieldErrors);
      else setRefusal(error.message);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Add a remittance route">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Collector"
            description="A state's code (LA, FC …) or NRS"
            placeholder="LA"
            required
            {...form.getInputProps('collector')}
          />
          <Select
            label="Tax"
            description="The NRS collects WHT only"
            data={TAXES}
            allowDeselect={false}
            required
            {...form.getInputProps('tax')}
          />
          <Select
            label="Gateway"
            description="Remita's biller interface"
            data={[{ value: 'remita', label: 'Remita' }]}
            allowDeselect={false}
            required
            {...form.getInputProps('gateway')}
          />
          <TextInput
            label="From (tax month)"
            description="YYYY-MM: bills of that month on"
            placeholder="2026-12"
            required
            {...form.getInputProps('from')}
          />
          <TextInput
            label="Biller id"
            description="The collector on the gateway (Remita's biller list)"
            required
            {...form.getInputProps('biller_id')}
          />
          <TextInput
            label="Service type id"
            description="The biller's product for this tax"
            required
            {...form.getInputProps('service_type_id')}
          />
        </SimpleGrid>
        <Textarea
          label="Source"
          description='Where the ids were read, with its date, e.g. "Remita biller list, read 26 Nov 2026"'
          required
          rows={2}
          {...form.getInputProps('source')}
        />
        {refusal && (
          <Alert color="red" title="Not added" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconPlus size={16} />} loading={add.isPending}>
            Add route
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RoutesTable({ routes }: { routes: RemittanceRoute[] }) {
  if (routes.length === 0)
    return (
      <EmptyState
        message="No remittance routes"
        hint="Until a collector's tax has a route, its bills are refused before Pay."
      />
    );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" aria-label="Remittance routes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Collector and tax</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>On Remita</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Added by</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {routes.map((route) => (
            <Table.Tr
              key={`${route.collector}-${route.tax}-${route.from}-${route.service_type_id}-${route.added_at ?? 'seed'}`}
            >
              <Table.Td>
                <Group gap="xs" wrap="nowrap" className={classes.value}>
                  <Text size="sm" fw={route.in_force ? 600 : undefined}>
                    {route.collector_name} · {route.tax === 'paye' ? 'PAYE' : 'WHT'}
                  </Text>
                  {route.in_force && (
                    <Badge color="green" variant="light" className={classes.badge}>
                      In force
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPeriod(route.from)}</Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  Biller {route.biller_id}
                </Text>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  Service type {route.service_type_id}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{route.source}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {route.added_by ? `${route.added_by}, ${formatLagosDateTime(route.added_at)}` : 'Sandbox'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function RemittanceRoutesPanel({ routes }: { routes: RemittanceRoute[] }) {
  return (
    <Stack gap="lg">
      <Text>
        Each collector&apos;s PAYE and WHT is paid through the route in force for the bill&apos;s tax month: Remita
        validates the payment and issues its RRR before the wallet is debited. Staff read the biller and service type
        ids from Remita&apos;s biller list.
      </Text>
      <ContentCard title="Add route">
        <AddRouteForm />
      </ContentCard>
      <ContentCard title="Routes and history">
        <RoutesTable routes={routes} />
      </ContentCard>
    </Stack>
  );
}
