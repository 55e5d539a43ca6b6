import { randomUUID } from 'node:crypto';
import { firstRow, returnedRow, type Queryable } from '../db/database.ts';

/** A row of `jobs` (migration 007), as a runner sees it. */
export interface JobRow {
  id: string;
  kind: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  payload: Record<string, unknown>;
  result: Record<string, unknown> | null;
  error: string | null;
  user_id: number | null;
  map_id: number | null;
  attempts: number;
  expires_at: Date | null;
}

const JOB_COLUMNS = `id, kind, status, progress, payload, result, error, user_id, map_id, attempts, expires_at`;

/** A job that failed this many times stays failed instead of being claimed again. */
export const MAX_ATTEMPTS = 3;

export async function enqueueJob(
  db: Queryable,
  job: {
    kind: string;
    payload: Record<string, unknown>;
    userId: number | null;
    mapId: number | null;
    expiresAt: Date | null;
  },
  /**
   * Inserted already claimed by this worker (running, leased), for a job its caller runs at once:
   * no polling worker can take it in between. If the caller dies, the lease runs out and the
   * job is claimable like any other.
   */
  claimedBy?: { workerId: string; leaseMs: number },
): Promise<JobRow> {
  return returnedRow<JobRow>(
    db,
    `INSERT INTO jobs (id, kind, payload, user_id, map_id, expires_at, status, locked_by, locked_until, attempts)
     VALUES ($1, $2, $3, $4, $5, $6,
       CASE WHEN $7::text IS NULL THEN 'queued' ELSE 'running' END, $7::text,
       CASE WHEN $7::text IS NULL THEN NULL ELSE now() + ($8 || ' milliseconds')::interval END,
       CASE WHEN $7::text IS NULL THEN 0 ELSE 1 END)
     RETURNING ${JOB_COLUMNS}`,
    [
      randomUUID(),
      job.kind,
      JSON.stringify(job.payload),
      job.userId,
      job.mapId,
      job.expiresAt,
      claimedBy?.workerId ?? null,
      String(claimedBy?.leaseMs ?? 0),
    ],
  );
}

/**
 * Claims the oldest claimable job (or the one named by `onlyId`): queued, or running under a
 * lease that ran out because its worker died. SKIP LOCKED lets several instances claim at
 * once without waiting on each other or taking the same row.
 */
export function claimJob(db: Queryable, workerId: string, leaseMs: number, onlyId?: string) {
  return firstRow<JobRow>(
    db,
    `UPDATE jobs SET status = 'running', locked_by = $1, locked_until = now() + ($2 || ' milliseconds')::interval,
       attempts = attempts + 1, updated_at = now()
     WHERE id = (
       SELECT id FROM jobs
       WHERE (status = 'queued' OR (status = 'running' AND locked_until < now()))
         AND attempts < $3 AND ($4::uuid IS NULL OR id = $4::uuid)
       ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED
     )
     RETURNING ${JOB_COLUMNS}`,
    [workerId, String(leaseMs), MAX_ATTEMPTS, onlyId ?? null],
  );
}

/** Why a job whose every attempt died is failed: stored as its error. */
export const ABANDONED_ERROR = `The job stopped without finishing ${MAX_ATTEMPTS} times (the server working on it went away).`;

/**
 * Fails the jobs whose last attempt died: running, lease run out, no attempt left. The claim
 * skips them (attempts < MAX_ATTEMPTS), so without this they stayed `running` for ever and
 * whoever waited on them (the export dialog) polled for ever. Answers how many were failed.
 */
export async function failAbandonedJobs(db: Queryable): Promise<number> {
  const rows = await db.query(
    `UPDATE jobs SET status = 'failed', error = $2::text, locked_by = NULL, locked_until = NULL, updated_at = now()
     WHERE status = 'running' AND locked_until < now() AND attempts >= $1::int
     RETURNING id`,
    [MAX_ATTEMPTS, ABANDONED_ERROR],
  );
  return rows.length;
}

/** Progress and a longer lease; false when the job is no longer this worker's (lease lost). */
export async function reportProgress(
  db: Queryable,
  jobId: string,
  workerId: string,
  progress: number,
  leaseMs: number,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE jobs SET progress = $3, locked_until = now() + ($4 || ' milliseconds')::interval, updated_at = now()
     WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING id`,
    [jobId, workerId, Math.min(1, Math.max(0, progress)), String(leaseMs)],
  );
  return rows.length > 0;
}

export async function completeJob(
  db: Queryable,
  jobId: string,
  workerId: string,
  result: Record<string, unknown>,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE jobs SET status = 'done', progress = 1, result = $3, locked_by = NULL, locked_until = NULL,
       updated_at = now()
     WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING id`,
    [jobId, workerId, JSON.stringify(result)],
  );
  return rows.length > 0;
}

/** Back to the queue for another attempt, or failed for good after MAX_ATTEMPTS (or when `final`). */
export async function failJob(
  db: Queryable,
  jobId: string,
  workerId: string,
  error: string,
  final = false,
): Promise<void> {
  await db.query(
    `UPDATE jobs SET status = CASE WHEN attempts >= $3 OR $5 THEN 'failed' ELSE 'queued' END, error = $4,
       locked_by = NULL, locked_until = NULL, updated_at = now()
     WHERE id = $1 AND locked_by = $2`,
    [jobId, workerId, MAX_ATTEMPTS, error.slice(0, 2000), final],
  );
}

/** A job with when it was queued, as the pages that follow it read it. */
export interface JobRecord extends JobRow {
  created_at: Date | string;
}

/** The job, when it is of `kind` (any kind without one); undefined when there is none. */
export async function jobRecord(
  db: Queryable,
  id: JobRow['id'],
  kind?: string,
): Promise<JobRecord | undefined> {
  const rows =
    kind === undefined
      ? await db.query<JobRecord>('SELECT * FROM jobs WHERE id = $1', [id])
      : await db.query<JobRecord>('SELECT * FROM jobs WHERE id = $1 AND kind = $2', [id, kind]);
  return rows[0];
}
