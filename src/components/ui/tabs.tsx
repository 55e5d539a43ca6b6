import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs as AriaTabs, type Key } from 'react-aria-components';

export type TabItem = { id: string; title: string; content: ReactNode };

type TabsProps = {
  /** Accessible name of the tab list. */
  label: string;
  items: readonly TabItem[];
  selectedKey: string;
  onSelectionChange: (id: string) => void;
  className?: string;
};

/**
 * Tabs with arrow-key navigation (react-aria). Every panel stays mounted and only the
 * chosen one is shown, so a half-filled form in another tab keeps what was typed.
 */
export function Tabs({ label, items, selectedKey, onSelectionChange, className }: TabsProps) {
  return (
    <AriaTabs
      className={['tabs', className].filter(Boolean).join(' ')}
      selectedKey={selectedKey}
      onSelectionChange={(key: Key) => onSelectionChange(String(key))}
    >
      <TabList className="tab-list" aria-label={label}>
        {items.map((item) => (
          <Tab key={item.id} id={item.id} className="tab">
            {item.title}
          </Tab>
        ))}
      </TabList>
      {items.map((item) => (
        <TabPanel key={item.id} id={item.id} className="tab-panel" shouldForceMount>
          {item.content}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
