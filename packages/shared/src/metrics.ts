import { z } from 'zod'

/** `GET /api/metrics`: Prometheus's text format (version 0.0.4), not JSON. */
export const MetricsText = z.string()
export type MetricsText = z.infer<typeof MetricsText>
