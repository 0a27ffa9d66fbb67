import type { ListFilter } from '@levy/contracts';
import { Button, Group, Menu, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconArrowsSort, IconCheck, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { RefreshButton } from '../refresh-button';
import { FilterPopover, type FilterField } from './filter-popover';
import {
  defaultQueryState,
  isDefaultSort,
  SORT_KEYS,
  sortDirectionLabel,
  type QueryState,
  type SortDirection,
  type SortKey,
} from './query-state';
import { SortLabelChip } from './sort-label-chip';

export const SEARCH_DEBOUNCE_MS = 1500;
export const SEARCH_WIDTH = 164;

export interface QueryBarProps {
  value: QueryState;
  onChange: (state: QueryState) => void;
  sortKeys?: SortKey[];
  filterFields?: FilterField[];
  /** The search box's accessible name, e.g. 'Search members'. */
  searchLabel?: string;
  onRefresh?: () => void;
  refreshing?: boolean;
  /** The list's own default sort, when it is not newest first: the sort chip hides for it and its reset restores it. */
  defaultSort?: QueryState['sort'];
}

/** Search (debounced 1500 ms), sort, filter and refresh above a table (docs/product.md §2, §7). */
export function QueryBar({
  value,
  onChange,
  sortKeys = ['created_at', 'name'],
  filterFields,
  searchLabel = 'Search',
  onRefresh,
  refreshing,
  defaultSort = defaultQueryState().sort,
}: QueryBarProps) {
  const [searchText, setSearchText] = useState(value.search.value);

  const emitSearch = useDebouncedCallback((text: string) => {
    onChange({ ...value, search: { ...value.search, value: text } });
  }, SEARCH_DEBOUNCE_MS);

  const changeSort = (key: SortKey, direction: SortDirection) => {
    onChange({ ...value, sort: { key, direction } });
  };

  const applyFilters = (filters: ListFilter[]) => {
    onChange({ ...value, filters });
  };

  return (
    <Group justify="space-between" mb="md" gap="sm" wrap="wrap">
      <Group gap="sm" wrap="wrap">
        <TextInput
          aria-label={searchLabel}
          placeholder="Search"
          leftSection={<IconSearch size={16} />}
          w={SEARCH_WIDTH}
          value={searchText}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            emitSearch(event.currentTarget.value);
          }}
        />
        {!isDefaultSort(value.sort, defaultSort) && (
          <SortLabelChip sort={value.sort} onReset={() => changeSort(defaultSort.key, defaultSort.direction)} />
        )}
      </Group>
      <Group gap="sm">
        <Menu position="bottom-end" shadow="md">
          <Menu.Target>
            <Button variant="default" leftSection={<IconArrowsSort size={16} />}>
              Sort
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {sortKeys.map((key) => (
              <div key={key}>
                <Menu.Label>{SORT_KEYS[key].label}</Menu.Label>
                {(['desc', 'asc'] as const).map((direction) => {
                  const isCurrent = value.sort.key === key && value.sort.direction === direction;
                  return (
                    <Menu.Item
                      key={direction}
                      onClick={() => changeSort(key, direction)}
                      rightSection={isCurrent ? <IconCheck size={14} /> : null}
                    >
                      {sortDirectionLabel(key, direction)}
                    </Menu.Item>
                  );
                })}
              </div>
            ))}
          </Menu.Dropdown>
        </Menu>
        {filterFields && filterFields.length > 0 && (
          <FilterPopover fields={filterFields} activeCount={value.filters.length} onApply={applyFilters} />
        )}
        {onRefresh && <RefreshButton onRefresh={onRefresh} loading={refreshing} />}
      </Group>
    </Group>
  );
}
