import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * GDAL (ogrinfo / ogr2ogr) as an OGC API – Features client of a server in this process: run
 * asynchronously, so the server keeps answering while GDAL waits for it. `auth` is what GDAL
 * sends with every request: `-oo USERPWD=…` or a `--config GDAL_HTTP_COOKIE …` pair.
 */
export async function gdal(command: 'ogrinfo' | 'ogr2ogr', args: string[]): Promise<string> {
  const { stdout } = await run(command, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return stdout;
}

export interface OapifLayerSummary {
  name: string;
  title: string;
  featureCount: number;
}

/**
 * `ogrinfo -so` of an OAPIF source: each layer's name (collection id), title and count;
 * `options` go before the source (`-spat …`, `-where …`), `layers` after it (all when none).
 */
export async function oapifLayers(
  source: string,
  auth: string[],
  options: string[] = [],
  layers: string[] = [],
): Promise<OapifLayerSummary[]> {
  const all = layers.length === 0 ? ['-al'] : [];
  const text = await gdal('ogrinfo', ['-ro', '-so', ...all, ...auth, ...options, source, ...layers]);
  return text
    .split(/^Layer name: /m)
    .slice(1)
    .map((block) => ({
      name: block.split('\n')[0]?.trim() ?? '',
      title: /^\s*TITLE=(.+)$/m.exec(block)?.[1]?.trim() ?? '',
      featureCount: Number(/^Feature Count: (\d+)$/m.exec(block)?.[1] ?? NaN),
    }));
}
