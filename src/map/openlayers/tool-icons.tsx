/** Drawn icons for the map tools (system fonts lack the arrow and ruler glyphs). */
const PATHS = {
  zoomIn: 'M10 4v12M4 10h12',
  zoomOut: 'M4 10h12',
  home: 'M3 9.5 10 3.5l7 6M5.5 8v8.5h3.5v-5h2v5h3.5V8',
  fullScreen: 'M3 7.5V3h4.5M12.5 3H17v4.5M17 12.5V17h-4.5M7.5 17H3v-4.5',
  exitFullScreen: 'M7.5 3v4.5H3M17 7.5h-4.5V3M12.5 17v-4.5H17M3 12.5h4.5V17',
  measureLength: 'M3 14.5 14.5 3 17 5.5 5.5 17zM6 11.5l1.5 1.5M8.5 9l1.5 1.5M11 6.5l1.5 1.5',
  measureArea: 'M4 5.5 13 3l3.5 8-5 6-8-3.5z',
  basemap: 'M10 3 17.5 7 10 11 2.5 7zM2.5 10.5 10 14.5l7.5-4M2.5 14 10 18l7.5-4',
  north: 'M10 2.5 14 16 10 13 6 16z',
  close: 'M5 5l10 10M15 5 5 15',
  check: 'M4 10.5 8 14.5 16 5.5',
  undo: 'M7 4.5 3.5 8 7 11.5M3.5 8H12a4.5 4.5 0 0 1 0 9H8',
  redo: 'M13 4.5 16.5 8 13 11.5M16.5 8H8a4.5 4.5 0 0 0 0 9h4',
  deleteVertex: 'M3 15 10 5l7 10M7.5 9.5l5 5M12.5 9.5l-5 5',
} as const;

export type ToolIconName = keyof typeof PATHS;

export function ToolIcon({ name }: { name: ToolIconName }) {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
