import { z } from 'zod';
import { Text } from './common.ts';

export const HealthResponse = z.object({ status: z.literal('ok') });
export const ReadyResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['up', 'down']),
});
export type ReadyResponse = z.infer<typeof ReadyResponse>;

export const HeartbeatQuery = z.object({ v: Text.max(40).optional() });
export const HeartbeatResponse = z.object({
  results: z.object({ refresh: z.boolean(), version: z.string() }),
});
