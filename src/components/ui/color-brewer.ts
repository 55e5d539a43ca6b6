/** ColorBrewer's qualitative "Dark2": eight colours that stay apart on a map. */
export const DARK2 = [
  '#1b9e77',
  '#d95f02',
  '#7570b3',
  '#e7298a',
  '#66a61e',
  '#e6ab02',
  '#a6761d',
  '#666666',
] as const;
