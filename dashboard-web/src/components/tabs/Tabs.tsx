import { useRef, type FocusEventHandler, type KeyboardEvent, type PointerEventHandler } from 'react';
import { Box, ButtonBase } from '@mui/material';
import { tabProps } from './TabPanel';

export interface TabItem<T extends string> {
  value: T;
  label: string;
}

interface TabsProps<T extends string> {
  /** Ties each tab to its `<TabPanel group>`: ids `<group>-tab-<value>` and `<group>-panel-<value>`. */
  group: string;
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  onPointerOver?: PointerEventHandler<HTMLDivElement>;
  onFocus?: FocusEventHandler<HTMLDivElement>;
}

// As MUI's Tab, with the casing and weight every tab list of this app gave it (textTransform none, weight 600).
const tabSx = {
  typography: 'button',
  textTransform: 'none',
  fontWeight: 600,
  lineHeight: 1.25,
  minWidth: 90,
  maxWidth: 360,
  minHeight: 48,
  flexShrink: 0,
  position: 'relative',
  overflow: 'hidden',
  whiteSpace: 'normal',
  textAlign: 'center',
  padding: '12px 16px',
  color: 'text.secondary',
  '&[aria-selected="true"]': {
    color: 'primary.main',
    // MUI's indicator: a 2px line in the primary colour along the selected tab's bottom edge.
    '&::after': { content: '""', position: 'absolute', left: 0, right: 0, bottom: 0, height: 2, bgcolor: 'primary.main' },
  },
} as const;

/**
 * A WAI-ARIA tab list that looks like MUI's Tabs (as this app styles them) without them (Tabs, Tab, their
 * scroll buttons and roving tab index: about 7.5 KiB of gzipped JavaScript on each page with tabs). The
 * selected tab is the list's one tab stop; ArrowLeft/ArrowRight (wrapping), Home and End move the focus, and
 * Enter, Space or a click select the focused tab. Each tab is MUI's ButtonBase, as in MUI's Tab, for the theme's
 * keyboard-focus ring. A list wider than the screen scrolls sideways.
 */
export function Tabs<T extends string>({ group, label, tabs, value, onChange, onPointerOver, onFocus }: TabsProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? []);
    const index = items.findIndex((item) => item === document.activeElement);
    if (index < 0) return;
    const next = { ArrowRight: (index + 1) % items.length, ArrowLeft: (index - 1 + items.length) % items.length, Home: 0, End: items.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    items[next]?.focus();
  };
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', overflowX: 'auto', overflowY: 'hidden', scrollbarWidth: 'thin' }}>
      <Box
        ref={listRef}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        {...(onPointerOver && { onPointerOver })}
        {...(onFocus && { onFocus })}
        sx={{ display: 'flex', minHeight: 48 }}
      >
        {tabs.map((tab) => {
          const selected = tab.value === value;
          const { id, 'aria-controls': controls } = tabProps(group, tab.value);
          return (
            <ButtonBase
              key={tab.value}
              id={id}
              role="tab"
              aria-selected={selected}
              aria-controls={controls}
              tabIndex={selected ? 0 : -1}
              onClick={() => {
                if (!selected) onChange(tab.value);
              }}
              sx={tabSx}
            >
              {tab.label}
            </ButtonBase>
          );
        })}
      </Box>
    </Box>
  );
}
