import { z } from 'zod';

export const adminDashboardResponse = z.object({
  data: z.object({ users: z.object({ total: z.number().int(), admins: z.number().int() }) }),
});
export type AdminDashboardResponse = z.infer<typeof adminDashboardResponse>;
