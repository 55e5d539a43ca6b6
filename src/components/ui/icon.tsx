/** Line icons for the app's icon buttons (20×20, drawn with the text colour). */
const PATHS = {
  panels: 'M3 4.5h14M3 10h14M3 15.5h14',
  globe:
    'M10 2.5a7.5 7.5 0 1 0 0 15 7.5 7.5 0 0 0 0-15zM2.5 10h15M10 2.5c2.2 2.2 2.2 12.8 0 15M10 2.5c-2.2 2.2-2.2 12.8 0 15',
  map: 'M2.5 5 7.5 3l5 2 5-2v12l-5 2-5-2-5 2zM7.5 3v12M12.5 5v12',
  print: 'M5.5 7.5V3h9v4.5M5.5 14H3V8h14v6h-2.5M5.5 11.5h9V17h-9z',
  download: 'M10 3v9.5M6 8.5l4 4 4-4M3.5 14.5V17h13v-2.5',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg className="icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * An icon with its name: the name stays in the accessibility tree (the button's name) and
 * shows as a tooltip on hover and keyboard focus (`icon-label` in controls.css).
 */
export function IconLabel({ icon, label }: { icon: IconName; label: string }) {
  return (
    <>
      <Icon name={icon} />
      <span className="icon-label">{label}</span>
    </>
  );
}
