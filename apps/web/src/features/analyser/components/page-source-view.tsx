import type { StatementExtraction } from '@levy/contracts';
import { Box, ScrollArea, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { pageWidthOf } from '../model/extraction';

const LINE_HEIGHT = 20;

/**
 * The page as it was read: each text line with its cells where they sat across the page, the
 * selected row's source lines highlighted and scrolled into view.
 */
export function PageSourceView({
  extraction,
  highlighted,
}: {
  extraction: StatementExtraction;
  highlighted: Set<number>;
}) {
  const width = pageWidthOf(extraction.lines);
  const viewport = useRef<HTMLDivElement>(null);
  const firstHighlighted = Math.min(...highlighted);

  useEffect(() => {
    if (!Number.isFinite(firstHighlighted)) return;
    viewport.current
      ?.querySelector(`[data-line="${firstHighlighted}"]`)
      ?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [firstHighlighted, extraction.page]);

  return (
    <ScrollArea
      h={620}
      type="auto"
      viewportRef={viewport}
      viewportProps={{ tabIndex: 0 }}
      role="region"
      aria-label={`Page ${extraction.page} as read`}
      style={{
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-md)',
        background: 'white',
      }}
    >
      <Box miw={640} py="xs">
        {extraction.lines.map((line, index) => {
          const isHighlighted = highlighted.has(index);
          return (
            <Box
              key={`${line.y}-${index}`}
              data-line={index}
              data-highlighted={isHighlighted || undefined}
              pos="relative"
              h={LINE_HEIGHT}
              mx="xs"
              style={{
                background: isHighlighted ? 'var(--mantine-color-yellow-2)' : undefined,
                borderLeft: isHighlighted ? '3px solid var(--mantine-color-yellow-7)' : '3px solid transparent',
              }}
            >
              {line.cells.map((cell, cellIndex) => (
                <Text
                  key={cellIndex}
                  span
                  fz={10}
                  lh={`${LINE_HEIGHT}px`}
                  pos="absolute"
                  top={0}
                  truncate
                  title={cell.text}
                  style={{
                    left: `calc(${(cell.x / width) * 100}% + 6px)`,
                    maxWidth: `${(cell.width / width) * 100 + 3}%`,
                  }}
                >
                  {cell.text}
                </Text>
              ))}
            </Box>
          );
        })}
      </Box>
    </ScrollArea>
  );
}
