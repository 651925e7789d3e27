import { z } from 'zod';

const idSchema = z.coerce.number().int().positive();

/** `params` of `/$tenant/admin/depo/$depoId/users`: a malformed depo id matches no page. */
export const usersDepoParams = {
  parse: (raw: { depoId: string }) => ({ depoId: idSchema.parse(raw.depoId) }),
  stringify: (params: { depoId: number }) => ({ depoId: String(params.depoId) }),
};
