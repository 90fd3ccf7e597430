import { z } from 'zod';
import { idParamsSchema, timestampSchema } from './common.ts';

/**
 * A cluster's etcd backups: taken on its tier's schedule (`scheduled`) or when a person asks
 * (`manual`), each kept until `expiresAt`, the tier's retention after it was taken.
 */
export const backupKinds = ['scheduled', 'manual'] as const;
export const backupStatuses = ['running', 'completed', 'failed'] as const;
export type BackupStatus = (typeof backupStatuses)[number];

export const backupSchema = z.object({
  id: z.number().int(),
  clusterId: z.number().int(),
  kind: z.enum(backupKinds),
  status: z.enum(backupStatuses),
  /** When the snapshot was taken: the point a restore goes back to. */
  takenAt: timestampSchema,
  completedAt: timestampSchema.nullable(),
  /** The snapshot's size once it is complete. */
  sizeBytes: z.number().int().nullable(),
  expiresAt: timestampSchema,
  /** Why it failed, in words. */
  error: z.string().nullable(),
});
export type Backup = z.infer<typeof backupSchema>;

export const backupFrequencies = ['hourly', 'daily', 'weekly'] as const;
export type BackupFrequency = (typeof backupFrequencies)[number];

/** A tier's schedule: how often, and how long each backup is kept. */
export const backupPolicySchema = z.object({
  frequency: z.enum(backupFrequencies),
  retentionDays: z.number().int(),
  /** The tier's line, e.g. "Daily etcd backups, kept 7 days". */
  line: z.string(),
});
export type BackupPolicy = z.infer<typeof backupPolicySchema>;

/** `GET /api/clusters/:id/backups`: the tier's schedule (null: none) and the backups, newest first. */
export const clusterBackupsSchema = z.object({
  policy: backupPolicySchema.nullable(),
  /** The provider is the embedded simulation: the snapshots are modelled, not stored. */
  simulated: z.boolean(),
  backups: z.array(backupSchema),
});
export type ClusterBackups = z.infer<typeof clusterBackupsSchema>;

export const backupParamsSchema = idParamsSchema.extend({
  backupId: idParamsSchema.shape.id,
});
