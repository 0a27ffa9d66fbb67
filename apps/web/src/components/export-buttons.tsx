import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';

export type ExportFormat = 'csv' | 'xlsx';

/** Export CSV / Export XLSX for a list: the pressed button spins until its download is done (or failed). */
export function ExportButtons({ onExport }: { onExport: (format: ExportFormat) => Promise<unknown> }) {
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const exportAs = async (format: ExportFormat) => {
    setExporting(format);
    try {
      await onExport(format);
    } finally {
      setExporting(null);
    }
  };
  return (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        loading={exporting === 'csv'}
        onClick={() => void exportAs('csv')}
      >
        Export CSV
      </Button>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        loading={exporting === 'xlsx'}
        onClick={() => void exportAs('xlsx')}
      >
        Export XLSX
      </Button>
    </Group>
  );
}
