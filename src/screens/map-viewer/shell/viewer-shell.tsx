import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { Drawer } from '@/components/ui/drawer';
import { IconLabel } from '@/components/ui/icon';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { useWideScreen } from './use-wide-screen';

type ViewerShellProps = {
  /** The title (a heading) and anything beside it, such as a map picker. */
  heading: ReactNode;
  /** The toolbar's buttons after the panel toggle (2D↔3D, print, export). */
  tools: ReactNode;
  tabs: readonly TabItem[];
  /** Open at first on wide screens; on phones the map always comes first. */
  panelOpenOnWide?: boolean;
  /** Whether the breadcrumbs belong in this bar (once per page). */
  breadcrumbs?: boolean;
  /** The map itself; it fills the shell, everything else floats over it. */
  canvas: ReactNode;
  /** The feature panel, or null when nothing is selected. */
  drawer: ReactNode | null;
  onCloseDrawer: () => void;
  className?: string;
};

/**
 * The map-first frame of every viewer: the map fills the shell; a compact bar (title,
 * breadcrumbs, toolbar), a collapsible tabbed side panel and the feature drawer float
 * over it. Below lg both panels are bottom sheets, the side one opened from the toolbar.
 */
export function ViewerShell({
  heading,
  tools,
  tabs,
  panelOpenOnWide = true,
  breadcrumbs = true,
  canvas,
  drawer,
  onCloseDrawer,
  className,
}: ViewerShellProps) {
  const { t } = useTranslation();
  const wide = useWideScreen();
  const panelId = useId();
  const [panelWanted, setPanelOpen] = useState(() => wide && panelOpenOnWide);
  const [tab, setTab] = useState(tabs[0]?.id ?? '');
  const drawerOpen = drawer !== null;
  // One sheet at a time on a phone: a tapped feature covers the panel sheet until it closes.
  const panelOpen = panelWanted && (wide || !drawerOpen);
  const shown = tabs.some((item) => item.id === tab) ? tab : (tabs[0]?.id ?? '');

  // Escape anywhere in the viewer (the map included) closes the topmost panel.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (drawerOpen) onCloseDrawer();
    else if (panelOpen && !wide) setPanelOpen(false);
    else return;
    event.preventDefault();
  };

  return (
    <div
      className={[
        'viewer-shell',
        panelOpen ? 'viewer-panel-open' : '',
        drawerOpen ? 'viewer-drawer-open' : '',
        className,
      ]
        .filter(Boolean)
        .join(' ')}
      onKeyDown={onKeyDown}
    >
      <div className="viewer-bar icon-only">
        <Button
          variant="secondary"
          className="viewer-panel-toggle icon-button-labelled"
          onPress={() => {
            // On a phone the panel sheet takes the place of the feature sheet.
            if (!panelOpen && drawerOpen && !wide) onCloseDrawer();
            setPanelOpen(!panelOpen);
          }}
          aria-controls={panelId}
          aria-expanded={panelOpen}
        >
          <IconLabel icon="panels" label={t('viewer.shell.panels')} />
        </Button>
        <div className="viewer-bar-heading">
          {heading}
          {breadcrumbs && <Breadcrumbs />}
        </div>
        <div className="viewer-toolbar" role="toolbar" aria-label={t('viewer.shell.toolbar')}>
          {tools}
        </div>
      </div>
      <Drawer
        id={panelId}
        side="start"
        isOpen={panelOpen}
        onClose={() => setPanelOpen(false)}
        keepMounted
        className="viewer-side-panel"
      >
        <Tabs label={t('viewer.shell.panels')} items={tabs} selectedKey={shown} onSelectionChange={setTab} />
      </Drawer>
      {/* After the bar and the panel, so the keyboard meets them first; the panels float above it. */}
      <div className="viewer-shell-canvas">{canvas}</div>
      <Drawer side="end" isOpen={drawerOpen} onClose={onCloseDrawer} className="viewer-feature-drawer">
        {drawer}
      </Drawer>
    </div>
  );
}
