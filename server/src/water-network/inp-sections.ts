import { msg, type Message } from '../i18n/messages.ts';

/** At most this many lines are read: about 20 times the demo town's model. */
export const INP_MAX_LINES = 100_000;
/**
 * At most this many nodes plus links (each becomes a feature, written in one transaction that
 * holds the embedded database): the demo town's 5,655 took about 1.5 s here, so about 5 s.
 */
export const INP_MAX_ITEMS = 20_000;
/** A 422 names at most this many problems: enough to find them, not a wall of text. */
export const NAMED = 20;

/** The file's faults, each naming its line and section (a 422). */
export class InpProblems extends Error {
  constructor(readonly problems: Message[]) {
    super('unreadable INP file');
  }
}

/** One data line of a section: its number in the file and its whitespace-separated fields. */
export interface Row {
  line: number;
  section: string;
  fields: string[];
}

export type Fault = (key: string, params: Record<string, string | number>) => void;

/** Faults gathered up to a few, each a message of the `water_network_inp` block. */
export function faults(): { problems: Message[]; fault: Fault } {
  const problems: Message[] = [];
  return {
    problems,
    fault: (key, params) => {
      if (problems.length < NAMED) problems.push(msg(`water_network_inp.${key}`, params));
    },
  };
}

/**
 * The file's data lines by section, comments and blank lines dropped, and its title. Refuses
 * (InpProblems) a binary file and files past the line or item caps before anything else.
 */
export function sectionsOf(text: string, fault: Fault): { sections: Map<string, Row[]>; title: string } {
  if (text.includes('\u0000')) throw new InpProblems([msg('water_network_inp.not_text')]);
  const lines = text.split(/\r\n|\n|\r/);
  if (lines.length > INP_MAX_LINES)
    throw new InpProblems([msg('water_network_inp.too_many_lines', { limit: INP_MAX_LINES })]);
  const sections = new Map<string, Row[]>();
  let section = '';
  let title = '';
  let items = 0;
  lines.forEach((raw, index) => {
    const line = index + 1;
    const content = (raw.split(';')[0] ?? '').trim();
    if (content === '') return;
    const header = /^\[([A-Za-z_]+)\]$/.exec(content);
    if (header) {
      section = (header[1] as string).toUpperCase();
      return;
    }
    if (section === '') return fault('outside_section', { line });
    if (section === 'TITLE') {
      if (title === '') title = content.slice(0, 255);
      return;
    }
    const rows = sections.get(section) ?? [];
    sections.set(section, rows);
    rows.push({ line, section, fields: content.split(/\s+/) });
    if (['JUNCTIONS', 'RESERVOIRS', 'TANKS', 'PIPES', 'VALVES'].includes(section)) items += 1;
  });
  if (items > INP_MAX_ITEMS)
    throw new InpProblems([msg('water_network_inp.too_many_items', { limit: INP_MAX_ITEMS })]);
  return { sections, title };
}
