import { APPLICATION_STATUSES, type ApplicationStatus } from '@tallyline/contracts';
import { Box, Tab, Tabs } from '@mui/material';
import { Count, useListContext, useTranslate } from 'react-admin';

type TabValue = ApplicationStatus | 'all';
// The queue opens on All; every tab shows how many applications it holds.
const TABS: readonly TabValue[] = ['all', ...APPLICATION_STATUSES];
// The API accepts only its own sort fields; Count would otherwise ask for react-admin's default, id.
export const COUNT_SORT = { field: 'createdAt', order: 'DESC' } as const;

/** Review queues per status (react-admin demo's order tabs): each tab sets the status filter and shows its count. */
export function StatusTabs() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const translate = useTranslate();
  const { status, ...otherFilters } = filterValues as { status?: ApplicationStatus } & Record<string, unknown>;
  const current: TabValue = status ?? 'all';

  const select = (value: TabValue) =>
    setFilters(value === 'all' ? otherFilters : { ...otherFilters, status: value }, displayedFilters);

  return (
    <Tabs
      value={current}
      onChange={(_event, value: TabValue) => select(value)}
      aria-label={translate('resources.applications.columns.status')}
      variant="scrollable"
      // Arrows on a phone too (MUI hides them there): a tab cut off at the edge looked like the last one.
      scrollButtons="auto"
      allowScrollButtonsMobile
      // No width of its own (it scrolls instead): five tabs once widened the whole page on a phone.
      sx={{ borderBottom: 1, borderColor: 'divider', px: 1, width: 0, minWidth: '100%' }}
    >
      {TABS.map((tab) => (
        <Tab
          key={tab}
          value={tab}
          label={
            <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
              {translate(tab === 'all' ? 'resources.applications.tabs.all' : `resources.applications.status.${tab}`)}
              <Count
                resource="applications"
                filter={tab === 'all' ? otherFilters : { ...otherFilters, status: tab }}
                sort={COUNT_SORT}
                sx={{ color: 'text.secondary' }}
              />
            </Box>
          }
        />
      ))}
    </Tabs>
  );
}
