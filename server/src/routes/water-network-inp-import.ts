import { readFile, rm } from 'node:fs/promises';
import { invalid } from '../http/http-error.ts';
import { localeOf, render, translator } from '../i18n/messages.ts';
import { readUpload, uploadsDir } from '../imports/upload.ts';
import { mapFor } from '../maps/access.ts';
import { toLayer } from '../maps/records.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';
import { crsOf, importInp } from '../water-network/inp-import.ts';
import { InpProblems, readInp } from '../water-network/inp-reader.ts';

/** An INP file larger than this is refused (413): about 15 times the demo town's model. */
export const INP_MAX_BYTES = 5 * 1024 * 1024;

/** POST /api/maps/{id}/water-network/import-inp: an EPANET model as the map's network. */
export const routeHandlers = typedHandlers({
  importWaterNetworkInp: async ({ services, request, auth, params }) => {
    const { db } = services;
    await mapFor(db, auth, params.id, 'update');
    const upload = await readUpload(request, {
      maxBytes: INP_MAX_BYTES,
      parentDir: uploadsDir(services.config.dataDir),
    });
    try {
      const crs = await crsOf(db, upload.fields.crs);
      let model;
      try {
        model = readInp(await readFile(upload.file, 'utf8'));
      } catch (error) {
        if (error instanceof InpProblems) throw invalid({ file: error.problems });
        throw error;
      }
      const userId = auth.user?.id as number;
      const result = await importInp(db, { mapId: params.id, userId, crs, model });
      const t = translator(localeOf(request));
      return {
        status: 201,
        body: {
          data: { layers: result.layers.map(toLayer), network: result.network },
          meta: { ...result.counts, warnings: result.warnings.map((warning) => render(t, warning)) },
        },
      };
    } finally {
      await rm(upload.dir, { recursive: true, force: true });
    }
  },
});
