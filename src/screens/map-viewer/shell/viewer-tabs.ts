import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { TabItem } from '@/components/ui/tabs';

/** The side panel's tabs in their order, each with its title's message key. */
const VIEWER_TABS = [
  ['layers', 'viewer.shell.tabs.layers'],
  ['search', 'viewer.shell.tabs.search'],
  ['filters', 'viewer.shell.tabs.filters'],
  ['dashboard', 'dashboard.tab'],
  ['bookmarks', 'viewer.shell.tabs.bookmarks'],
  ['network', 'viewer.shell.tabs.network'],
] as const;

export type ViewerTabId = (typeof VIEWER_TABS)[number][0];

/**
 * The tabs of a viewer's side panel from the panels it offers, in the one order both viewers
 * share; a tab whose panel is absent is not shown.
 */
export function viewerTabs(t: TFunction, panels: Partial<Record<ViewerTabId, ReactNode>>): TabItem[] {
  return VIEWER_TABS.filter(([id]) => id in panels).map(([id, title]) => ({
    id,
    title: t(title),
    content: panels[id],
  }));
}
