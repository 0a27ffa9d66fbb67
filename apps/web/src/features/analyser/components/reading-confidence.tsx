import type { StatementConfidenceData, StatementNoteData } from '@levy/contracts';
import { Anchor, Badge, Button, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ContentCard } from '../../../components/content-card';
import {
  balanceSentences,
  COLUMNS_FROM_WORDS,
  confidenceLevel,
  formatShare,
  LEVEL_DISPLAY,
  noteLocation,
  reconciledSentence,
} from '../model/reading-confidence';

/** Notes shown before "Show all": a statement the balance corrected often can carry hundreds. */
const FIRST_NOTES = 8;

function Fact({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap={4}>
      <Text fz="xs" fw={700} c="dimmed" tt="uppercase">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * Lines holding a row's figures or date that went into no transaction, each with its page (or
 * sheet) and line: the reading's gaps, kept apart from the verdict, which does not count them as
 * edits.
 */
function UnplacedLines({
  confidence,
  sourceName,
}: {
  confidence: StatementConfidenceData;
  sourceName: 'Page' | 'Sheet';
}) {
  const [showsAll, setShowsAll] = useState(false);
  const count = confidence.unplaced_count;
  if (count === 0) {
    return (
      <Text fz="sm" data-testid="unplaced-lines">
        Every line with a row’s figures or date was read into a transaction.
      </Text>
    );
  }
  const listed = confidence.unplaced_lines;
  const shown = showsAll ? listed : listed.slice(0, FIRST_NOTES);
  return (
    <Stack gap="xs" data-testid="unplaced-lines">
      <Text fz="sm" fw={600}>
        {count === 1
          ? '1 line could not be read into a transaction'
          : `${count.toLocaleString('en-NG')} lines could not be read into a transaction`}
      </Text>
      <Text fz="sm" c="dimmed">
        These are gaps in the reading, not signs of editing: a break in the balance they cause is not held against the
        statement. Check them against the file.
      </Text>
      <List size="sm" spacing={6} aria-label="Lines not read">
        {shown.map((line) => (
          <List.Item key={`${line.page}-${line.line}`}>
            <Text span fz="sm" fw={600}>
              {`${sourceName} ${line.page}, line ${line.line}`}
            </Text>
            <Text span fz="sm">
              {`: ${line.text} (${line.reason})`}
            </Text>
          </List.Item>
        ))}
      </List>
      {listed.length > FIRST_NOTES && (
        <Button variant="subtle" size="compact-sm" w="fit-content" onClick={() => setShowsAll((value) => !value)}>
          {showsAll ? 'Show fewer lines' : `Show all ${listed.length} lines`}
        </Button>
      )}
      {count > listed.length && (
        <Text fz="sm" c="dimmed">
          {`The first ${listed.length} are listed.`}
        </Text>
      )}
    </Stack>
  );
}

/**
 * How sure the engine is of its reading: the share of rows the running balance bears out, how
 * the columns were placed, what the balance decided, the lines it could not read, and the notes
 * with their rows. A note's row opens its page with the row chosen. The verdict is shown apart.
 */
export function ReadingConfidence({
  confidence,
  notes,
  sourceName,
  onShowRow,
}: {
  confidence: StatementConfidenceData | null;
  notes: StatementNoteData[];
  sourceName: 'Page' | 'Sheet';
  onShowRow: (row: number, page: number) => void;
}) {
  const [showsAll, setShowsAll] = useState(false);
  if (!confidence) return null;
  const level = LEVEL_DISPLAY[confidenceLevel(confidence)];
  const columns = COLUMNS_FROM_WORDS[confidence.columns_from];
  const shown = showsAll ? notes : notes.slice(0, FIRST_NOTES);
  return (
    <ContentCard title="How this statement was read">
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          <Fact title="Rows that reconcile">
            <Group gap="sm" align="center">
              <Text fz={28} fw={700} lh={1} data-testid="reconciled-share">
                {confidence.reconciled_share === null ? 'Not checked' : formatShare(confidence.reconciled_share)}
              </Text>
              {confidence.reconciled_share !== null && (
                <Badge color={level.color} variant="light" radius="sm" tt="none">
                  {level.label}
                </Badge>
              )}
            </Group>
            <Text fz="sm" c="dimmed">
              {reconciledSentence(confidence)}
            </Text>
          </Fact>
          <Fact title="Columns placed">
            <Text fz="sm" fw={600}>
              {columns.label}
            </Text>
            <Text fz="sm" c="dimmed">
              {columns.detail}
            </Text>
          </Fact>
          <Fact title="Running balance">
            {balanceSentences(confidence).map((sentence) => (
              <Text key={sentence} fz="sm" c="dimmed">
                {sentence}
              </Text>
            ))}
            {confidence.reconciled_share === null && (
              <Text fz="sm" c="dimmed">
                Check the amounts against the file by eye.
              </Text>
            )}
          </Fact>
        </SimpleGrid>
        <Fact title="Lines not read">
          <UnplacedLines confidence={confidence} sourceName={sourceName} />
        </Fact>
        <Stack gap="xs">
          <Text fz="sm" fw={600}>
            {notes.length === 0 ? 'No notes: nothing was decided or adjusted on any row.' : `Notes (${notes.length})`}
          </Text>
          {notes.length > 0 && (
            <List size="sm" spacing={6} aria-label="Notes on the reading">
              {shown.map((note, position) => (
                <List.Item key={`${note.row ?? 'statement'}-${position}`}>
                  {note.row !== null && note.page !== null ? (
                    <Anchor
                      component="button"
                      type="button"
                      fz="sm"
                      fw={600}
                      onClick={() => onShowRow(note.row!, note.page!)}
                    >
                      {noteLocation(note, sourceName)}
                    </Anchor>
                  ) : (
                    <Text span fz="sm" fw={600}>
                      {noteLocation(note, sourceName)}
                    </Text>
                  )}
                  <Text span fz="sm">
                    {': '}
                    {note.message}
                  </Text>
                </List.Item>
              ))}
            </List>
          )}
          {notes.length > FIRST_NOTES && (
            <Button variant="subtle" size="compact-sm" w="fit-content" onClick={() => setShowsAll((value) => !value)}>
              {showsAll ? 'Show fewer notes' : `Show all ${notes.length} notes`}
            </Button>
          )}
        </Stack>
      </Stack>
    </ContentCard>
  );
}
