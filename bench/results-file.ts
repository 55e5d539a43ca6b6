import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format } from 'prettier';

/**
 * Keeps `results` in bench/results.json under `key`, beside the other runs' entries, in the
 * repo's formatting (so the file is committed as written and `npm run check` passes).
 */
export async function saveResults(projectDir: string, key: string, results: unknown): Promise<void> {
  const file = path.join(projectDir, 'bench/results.json');
  const earlier = JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as Record<string, unknown>;
  const text = JSON.stringify({ ...earlier, [key]: results }, null, 2);
  await writeFile(file, await format(text, { filepath: file }));
}
